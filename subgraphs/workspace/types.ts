import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ArrayMaxSize, IsIn, IsOptional, IsUrl, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { AddressInput, ContactsInput, PageArgs, PageOf, WorkspaceRef } from '../../kernel/graphql-types.js';
import { ApiKey, Connector, Invitation, Member, Provider, Workspace } from './entities.js';
import { ConnectorType, RoleEnum } from './enums.js';
import { Nullable } from '../../kernel/validation.js';

const SCOPE = /^[a-z][a-z0-9_-]*(:[a-z*][a-z0-9_*-]*)*$|^\*$/;

@InputType({ description: 'A new workspace.' })
export class CreateWorkspaceInput {
  @Field({ description: 'Display name (1–100 characters).' }) @Length(1, 100) name!: string;
  @Field({ nullable: true, description: 'Description (at most 1000 characters).' }) @IsOptional() @Length(0, 1000) @Nullable() description?: string;
}

@InputType({ description: 'Workspace changes; omitted fields keep their value.' })
export class UpdateWorkspaceInput {
  @Field({ nullable: true, description: 'Display name (1–100 characters).' }) @IsOptional() @Length(1, 100) name?: string;
  @Field({ nullable: true, description: 'Description (at most 1000 characters).' }) @IsOptional() @Length(0, 1000) @Nullable() description?: string;
}

@ObjectType({ description: 'A workspace as one of its members sees it.' })
export class WorkspaceMembership {
  @Field(() => Workspace, { description: 'The workspace.' }) workspace!: Workspace;
  @Field(() => RoleEnum, { description: 'The caller\'s role in it.' }) role!: RoleEnum;
}

export const WorkspacePage = PageOf(WorkspaceMembership, 'WorkspaceMembership');
export const MemberPage = PageOf(Member, 'Member');
export const ProviderPage = PageOf(Provider, 'Provider');
export const ApiKeyPage = PageOf(ApiKey, 'ApiKey');
export const ConnectorPage = PageOf(Connector, 'Connector');

@ArgsType()
export class ListArgs extends PageArgs {}

@InputType({ description: 'The set-up body of a provider.' })
export class ProviderSetupInput {
  @Field({ description: 'Provider type, upper-case (e.g. CARRIER, VENDOR, ENTERPRISE, FLEET_TRACKING).' })
  @Matches(/^[A-Z][A-Z0-9_]{1,39}$/, { message: 'must be an upper-case identifier such as CARRIER' })
  type!: string;
  @Field({ description: 'Display name (1–120 characters).' }) @Length(1, 120) name!: string;
  @Field({ nullable: true, description: 'Description (at most 2000 characters).' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
  @Field({ nullable: true, description: 'Logo URL (http or https).' })
  @IsOptional() @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' })
  @Nullable() logo?: string;
  @Field(() => ContactsInput, { nullable: true, description: 'Contact channels.' }) @IsOptional() @ValidateNested() @Nullable() contacts?: ContactsInput;
  @Field(() => AddressInput, { nullable: true, description: 'Address; coordinates are [lat, lng].' }) @IsOptional() @ValidateNested() @Nullable() address?: AddressInput;
}

@InputType({ description: 'Provider changes; omitted fields keep their value (contacts and address are replaced whole).' })
export class ProviderUpdateInput {
  @Field({ nullable: true, description: 'Provider type.' })
  @IsOptional() @Matches(/^[A-Z][A-Z0-9_]{1,39}$/, { message: 'must be an upper-case identifier such as CARRIER' })
  type?: string;
  @Field({ nullable: true, description: 'Display name.' }) @IsOptional() @Length(1, 120) name?: string;
  @Field({ nullable: true, description: 'Description.' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
  @Field({ nullable: true, description: 'Logo URL.' })
  @IsOptional() @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' })
  @Nullable() logo?: string;
  @Field(() => ContactsInput, { nullable: true, description: 'Contact channels.' }) @IsOptional() @ValidateNested() contacts?: ContactsInput;
  @Field(() => AddressInput, { nullable: true, description: 'Address.' }) @IsOptional() @ValidateNested() @Nullable() address?: AddressInput;
}


@ObjectType({ description: 'A provider-context token: lets the user act as this provider (header svc-auth-token / X-Auth-Token).' })
export class ProviderContext {
  @Field({ description: 'The token (JWT); bound to the user, workspace, provider and the device it was issued to.' }) token!: string;
  @Field(() => Int, { description: 'Lifetime in seconds.' }) expiresIn!: number;
  @Field(() => Provider, { description: 'The provider.' }) provider!: Provider;
  @Field(() => WorkspaceRef, { description: 'Owner reference the family\'s records carry.' }) workspace!: WorkspaceRef;
  @Field(() => ID, { description: 'Workspace identifier.' }) workspaceId!: string;
  @Field(() => RoleEnum, { description: 'The user\'s role in the workspace.' }) role!: RoleEnum;
  @Field({ description: 'Device the token is bound to (svc-auth-device at issue).' }) deviceId!: string;
}

@InputType({ description: 'A new API key.' })
export class CreateApiKeyInput {
  @Field({ description: 'Name (1–100 characters).' }) @Length(1, 100) name!: string;
  @Field(() => [String], { nullable: true, description: 'Families it may call: utilities, pipelines, queries, or `*` (default `*`).' })
  @IsOptional() @ArrayMaxSize(10) @IsIn(['utilities', 'pipelines', 'queries', '*'], { each: true, message: 'must contain only utilities, pipelines, queries or *' })
  scopes?: string[];
  @Field(() => Int, { nullable: true, description: 'Days until it expires (1–3650); none: it does not expire.' })
  @IsOptional() @Min(1) @Max(3650)
  @Nullable() expiresInDays?: number;
}

@ObjectType({ description: 'A created API key: `key` is shown this once and stored only as a hash.' })
export class ApiKeyCreated {
  @Field(() => ApiKey, { description: 'The key\'s record.' }) apiKey!: ApiKey;
  @Field({ description: 'The secret key: `Authorization: Bearer <key>`. Not retrievable later.' }) key!: string;
}

@InputType({ description: 'Connector configuration.' })
export class ConnectorConfigInput {
  @Field({ description: 'Protocol (e.g. http1, http2, grpc, mqtt).' })
  @Matches(/^[a-z][a-z0-9._-]{0,19}$/, { message: 'must be a protocol name such as http1' })
  protocol!: string;
  @Field({ description: 'Version of the integration contract (e.g. v1 or 1.0.0).' })
  @Matches(/^v?\d+(\.\d+){0,2}$/, { message: 'must be a version such as v1 or 1.0.0' })
  version!: string;
  @Field(() => [String], { description: 'Scopes its tokens carry (e.g. orders:read); at most 32.' })
  @ArrayMaxSize(32) @Matches(SCOPE, { each: true, message: 'must contain scopes such as orders:read' })
  scope!: string[];
  @Field({ nullable: true, description: 'Authentication mode: external or internal.' })
  @IsOptional() @IsIn(['external', 'internal'], { message: 'must be external or internal' })
  @Nullable() auth?: string;
}

@InputType({ description: 'A subset of the connector configuration.' })
export class ConnectorConfigPatchInput {
  @Field({ nullable: true, description: 'Protocol.' })
  @IsOptional() @Matches(/^[a-z][a-z0-9._-]{0,19}$/, { message: 'must be a protocol name such as http1' })
  protocol?: string;
  @Field({ nullable: true, description: 'Version.' })
  @IsOptional() @Matches(/^v?\d+(\.\d+){0,2}$/, { message: 'must be a version such as v1 or 1.0.0' })
  version?: string;
  @Field(() => [String], { nullable: true, description: 'Scopes.' })
  @IsOptional() @ArrayMaxSize(32) @Matches(SCOPE, { each: true, message: 'must contain scopes such as orders:read' })
  scope?: string[];
  @Field({ nullable: true, description: 'Authentication mode: external or internal.' })
  @IsOptional() @IsIn(['external', 'internal'], { message: 'must be external or internal' })
  @Nullable() auth?: string;
}

@InputType({ description: 'A full connector configuration (PUT): every field is given.' })
export class ConnectorConfigReplaceInput extends ConnectorConfigInput {
  @Field({ description: 'Authentication mode: external or internal.' })
  @IsIn(['external', 'internal'], { message: 'must be external or internal' })
  declare auth: string;
}

@InputType({ description: 'A new connector.' })
export class CreateConnectorInput {
  @Field(() => ConnectorType, { description: 'Connector kind.' }) type!: ConnectorType;
  @Field({ description: 'Name (1–120 characters).' }) @Length(1, 120) name!: string;
  @Field({ nullable: true, description: 'Description.' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
  @Field(() => ConnectorConfigInput, { description: 'Protocol, version and scopes.' }) @ValidateNested() config!: ConnectorConfigInput;
}

@InputType({ description: 'Connector changes; omitted fields keep their value.' })
export class UpdateConnectorInput {
  @Field({ nullable: true, description: 'Name.' }) @IsOptional() @Length(1, 120) name?: string;
  @Field({ nullable: true, description: 'Description.' }) @IsOptional() @Length(0, 2000) @Nullable() description?: string;
}

@ObjectType({ description: 'A created connector: `secret` is shown this once.' })
export class ConnectorCreated {
  @Field(() => ID, { description: 'Connector identifier.' }) connectorId!: string;
  @Field({ description: 'Connector secret, exchanged for access tokens at POST /v1/access/token. Not retrievable later.' }) secret!: string;
  @Field(() => Connector, { description: 'The connector.' }) connector!: Connector;
}

@ObjectType({ description: 'A rotated connector secret: the old one no longer works.' })
export class ConnectorSecret {
  @Field(() => ID, { description: 'Connector identifier.' }) connectorId!: string;
  @Field({ description: 'The new secret, shown this once.' }) secret!: string;
}

@InputType({ description: 'Exchange a connector secret for an access token.' })
export class IssueAccessTokenInput {
  @Field(() => ID, { description: 'Connector identifier.' }) connectorId!: string;
  @Field({ description: 'Connector secret.' }) @Length(1, 200) secret!: string;
}

@InputType({ description: 'An access token to rotate or revoke.' })
export class AccessTokenInput {
  @Field({ description: 'The current access token.' }) @Length(1, 4096) accessToken!: string;
}

@ObjectType({ description: 'An access token for `Authorization: Bearer` in server-to-server calls.' })
export class AccessTokenIssued {
  @Field({ description: 'The token (JWT).' }) accessToken!: string;
  @Field({ description: 'Always Bearer.' }) tokenType!: string;
  @Field(() => Int, { description: 'Lifetime in seconds.' }) expiresIn!: number;
  @Field(() => [String], { description: 'Scopes it carries (the connector\'s).' }) scope!: string[];
  @Field(() => ID, { description: 'Connector identifier.' }) connectorId!: string;
}

@ObjectType({ description: 'A revoked access token.' })
export class AccessTokenRevoked {
  @Field({ description: 'Always true.' }) revoked!: boolean;
  @Field(() => ID, { description: 'Connector identifier.' }) connectorId!: string;
}

@ObjectType({ description: 'What an integrator needs to set up a connector of one type.' })
export class AccessConfig {
  @Field(() => ConnectorType, { description: 'Connector type asked about.' }) connectorType!: ConnectorType;
  @Field({ description: 'What this connector type is for.' }) description!: string;
  @Field({ description: 'Where to exchange the secret for a token.' }) tokenEndpoint!: string;
  @Field(() => [String], { description: 'Headers the token endpoint requires.' }) requiredHeaders!: string[];
  @Field(() => [String], { description: 'Protocols accepted in config.protocol.' }) protocols!: string[];
  @Field(() => [String], { description: 'Authentication modes accepted in config.auth.' }) authModes!: string[];
  @Field(() => Int, { description: 'Access token lifetime in seconds.' }) tokenLifetime!: number;
  @Field({ description: 'How the token is presented.' }) usage!: string;
}

@InputType({ description: 'Operator details of an invitation.' })
export class InvitedOperatorInput {
  @Field(() => RoleEnum, { nullable: true, description: 'Role (must agree with `:as`).' }) role?: RoleEnum;
  @Field({ nullable: true, description: 'Operator status on joining (default ACTIVE).' })
  @IsOptional() @Matches(/^[A-Z][A-Z_]{1,19}$/, { message: 'must be an upper-case status such as ACTIVE' })
  status?: string;
  @Field({ nullable: true, description: 'Short description.' }) @IsOptional() @Length(0, 500) @Nullable() bio?: string;
  @Field(() => ContactsInput, { nullable: true, description: 'Contact channels.' }) @IsOptional() @ValidateNested() @Nullable() contacts?: ContactsInput;
}

@InputType({ description: 'An invitation of an operator.' })
export class InviteInput {
  @Field({ description: 'Invitee\'s phone number (E.164).' })
  @Matches(/^\+[1-9]\d{6,14}$/, { message: 'must be in E.164 form, e.g. +254700000000' })
  phone!: string;
  @Field({ description: 'Invitee\'s name.' }) @Length(1, 100) name!: string;
  @Field(() => InvitedOperatorInput, { nullable: true, description: 'Role and details.' }) @IsOptional() @ValidateNested() operator?: InvitedOperatorInput;
}

@ObjectType({ description: 'A created invitation: `token` is shown this once, for the invitee to accept with.' })
export class InvitationCreated {
  @Field(() => Invitation, { description: 'The invitation.' }) invitation!: Invitation;
  @Field({ description: 'Acceptance token (send it to the invitee). Not retrievable later.' }) token!: string;
}

@ObjectType({ description: 'An accepted invitation.' })
export class InvitationAccepted {
  @Field(() => Invitation, { description: 'The invitation.' }) invitation!: Invitation;
  @Field(() => Member, { description: 'The new membership.' }) member!: Member;
}

@InputType({ description: 'A role change.' })
export class ChangeRoleInput {
  @Field(() => RoleEnum, { description: 'New role (OWNER cannot be given).' }) role!: RoleEnum;
}

@ObjectType({ description: 'Who the caller is, as the platform resolved their credential.' })
export class Viewer {
  @Field({ description: 'Principal kind: anonymous, user, provider, apiKey or connector.' }) kind!: string;
  @Field(() => ID, { nullable: true, description: 'User, if any.' }) userId?: string;
  @Field(() => ID, { nullable: true, description: 'Workspace, if the credential is bound to one.' }) workspaceId?: string;
  @Field(() => String, { nullable: true, description: 'Provider kind, for provider-context and connector credentials.' }) providerKind?: string;
  @Field(() => String, { nullable: true, description: 'Provider code.' }) providerCode?: string;
  @Field(() => RoleEnum, { nullable: true, description: 'Role, for provider-context credentials.' }) role?: RoleEnum;
  @Field(() => ID, { nullable: true, description: 'Connector, for connector tokens.' }) connectorId?: string;
  @Field(() => [String], { nullable: true, description: 'Scopes, for connector tokens and API keys.' }) scopes?: string[];
}

