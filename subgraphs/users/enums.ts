import { registerEnumType } from 'type-graphql';

export enum UserType {
  client = 'client',
  agent = 'agent',
  lsp = 'lsp',
  csp = 'csp',
  dev = 'dev',
}
registerEnumType(UserType, { name: 'UserType', description: 'Kind of user (lower-case, as in the REST contract).' });

export enum ProfileVisibility {
  public = 'public',
  friends = 'friends',
  private = 'private',
}
registerEnumType(ProfileVisibility, {
  name: 'ProfileVisibility',
  description: 'Who may see the public profile: everyone, connections only (no connection graph yet: treated as private), or nobody.',
});

export enum DocumentType {
  passport = 'passport',
  drivers_license = 'drivers_license',
  national_id = 'national_id',
}
registerEnumType(DocumentType, { name: 'DocumentType', description: 'Identity document kind.' });
