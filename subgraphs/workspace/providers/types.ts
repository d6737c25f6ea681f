import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsOptional, IsUrl, Length, Matches, ValidateNested } from 'class-validator';
import { AddressInput, ContactsInput, PageOf } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { WorkspaceRole } from '../common/vocabulary.js';
import { Provider } from './entities.js';

const TYPE = /^[A-Z][A-Z0-9_]{1,39}$/;
const TYPE_HINT = { message: 'must be an upper-case identifier such as CARRIER' };
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };
const URL_HINT = { message: 'must be an http(s) URL' };

export const ProviderPage = PageOf(Provider, 'Provider');

@InputType({ description: 'What a new provider is.' })
export class ProviderSetupInput {
  @Field({ description: 'What the provider is within its kind: an upper-case identifier of 2–40 characters (CARRIER, VENDOR, ENTERPRISE, FLEET_TRACKING …); an open list.' })
  @Matches(TYPE, TYPE_HINT)
  type!: string;
  @Field({ description: 'Display name, 1–120 characters (surrounding spaces are trimmed).' }) @Length(1, 120) name!: string;
  @Field({ nullable: true, description: 'What the provider does, at most 2,000 characters.' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
  @Field({ nullable: true, description: "URL (http or https) of the provider's logo." }) @IsOptional() @IsUrl(URL_OPTIONS, URL_HINT) @Nullable() logo?: string;
  @Field(() => ContactsInput, { nullable: true, description: 'How to reach the provider (none: empty lists).' }) @IsOptional() @ValidateNested() @Nullable() contacts?: ContactsInput;
  @Field(() => AddressInput, { nullable: true, description: 'Where the provider is.' }) @IsOptional() @ValidateNested() @Nullable() address?: AddressInput;
}

@InputType({ description: 'Changes to a provider: an omitted field keeps its value, contacts and address are replaced whole, null clears description, logo and address.' })
export class ProviderUpdateInput {
  @Field({ nullable: true, description: 'What the provider is within its kind: an upper-case identifier of 2–40 characters; an open list.' })
  @IsOptional()
  @Matches(TYPE, TYPE_HINT)
  type?: string;
  @Field({ nullable: true, description: 'Display name, 1–120 characters.' }) @IsOptional() @Length(1, 120) name?: string;
  @Field({ nullable: true, description: 'What the provider does, at most 2,000 characters.' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
  @Field({ nullable: true, description: "URL (http or https) of the provider's logo." }) @IsOptional() @IsUrl(URL_OPTIONS, URL_HINT) @Nullable() logo?: string;
  @Field(() => ContactsInput, { nullable: true, description: 'How to reach the provider (replaces the contacts whole).' }) @IsOptional() @ValidateNested() contacts?: ContactsInput;
  @Field(() => AddressInput, { nullable: true, description: 'Where the provider is (replaces the address whole).' }) @IsOptional() @ValidateNested() @Nullable() address?: AddressInput;
}

@ObjectType({ description: 'A provider-context token: lets a member act as one provider of the workspace (header svc-auth-token or X-Auth-Token).' })
export class ProviderContext {
  @Field({ description: 'The token (a JWT), bound to the user and their session, the workspace, the provider and the device it was issued to.' }) token!: string;
  @Field(() => Int, { description: 'Lifetime of the token in seconds.' }) expiresIn!: number;
  @Field(() => Provider, { description: 'The provider the token acts as.' }) provider!: Provider;
  @Field(() => ID, { description: 'The workspace the token acts in.' }) workspaceId!: string;
  @Field(() => WorkspaceRole, { description: "The user's role in the workspace (the token grants the member's current role)." }) role!: WorkspaceRole;
  @Field(() => ID, { description: 'The device the token is bound to (header svc-auth-device at issue).' }) deviceId!: string;
}
