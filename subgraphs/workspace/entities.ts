import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { Address, Contacts } from '../../kernel/graphql-types.js';
import { TenantEntity } from '../../kernel/tenancy.js';
import { ConnectorStatus, ConnectorType, InvitationStatus, ProviderKindEnum, RoleEnum } from './enums.js';
import { nowDate } from '../../kernel/clock.js';

/** A user of the users subgraph, referenced by id (federation). */
@ObjectType({ description: 'A platform account (resolved by the users subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class User {
  @Field(() => ID, { description: 'User identifier.' }) id!: string;
}

/** A tenant: everything providers, connectors and keys own lives in one workspace. */
@ObjectType({ description: 'A workspace: the tenant that owns providers, connectors, API keys and members.' })
@Entity({ tableName: 'workspace' })
export class Workspace {
  [OptionalProps]?: 'id' | 'description' | 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'Workspace identifier (`:wid` in paths).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Display name.' })
  @Property()
  name!: string;

  @Field(() => String, { nullable: true, description: 'Description.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => ID, { description: 'User who created the workspace (its OWNER).' })
  @Index()
  @Property({ type: 'uuid' })
  ownerId!: string;

  @Field({ description: 'Creation time.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'Last update time.' })
  @Property({ type: 'datetime' })
  updatedAt: Date = nowDate();
}

@ObjectType({ description: 'A member of a workspace and their role.' })
@Entity({ tableName: 'member' })
@Unique({ properties: ['workspaceId', 'userId'] })
export class Member extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'workspaceId' | 'name';

  @Field(() => ID, { description: 'Membership identifier.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => ID, { description: 'The member\'s user identifier.' })
  @Index()
  @Property({ type: 'uuid' })
  userId!: string;

  @Field(() => String, { nullable: true, description: 'Name given at invitation.' })
  @Property({ type: 'string', nullable: true })
  name?: string | null;

  @Field(() => RoleEnum, { description: 'Role in the workspace.' })
  @Enum({ items: () => RoleEnum })
  role!: RoleEnum;

  @Field({ description: 'When the member joined.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();
}

@ObjectType({ description: 'A provider (LSP, CSP, DEV or IoTSP) set up in a workspace.' })
@Entity({ tableName: 'provider' })
export class Provider extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'workspaceId' | 'description' | 'logo';

  @Field(() => ID, { description: 'Provider identifier.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Stable provider code (`:xcode` in paths, `icode` on the records of its family), e.g. LSP-7F3K9Q2M.' })
  @Property({ unique: true })
  code!: string;

  @Field(() => ProviderKindEnum, { description: 'Kind of provider.' })
  @Enum({ items: () => ProviderKindEnum })
  kind!: ProviderKindEnum;

  @Field({ description: 'Provider type (e.g. CARRIER for LSP, VENDOR for CSP, ENTERPRISE for DEV, FLEET_TRACKING for IoTSP).' })
  @Property()
  type!: string;

  @Field({ description: 'Display name.' })
  @Property()
  name!: string;

  @Field(() => String, { nullable: true, description: 'Description.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Logo URL.' })
  @Property({ type: 'text', nullable: true })
  logo?: string | null;

  @Field(() => Contacts, { description: 'Contact channels.' })
  @Property({ type: 'json' })
  contacts!: Contacts;

  @Field(() => Address, { nullable: true, description: 'Address; coordinates are [lat, lng].' })
  @Property({ type: 'json', nullable: true })
  address?: Address | null;

  @Field(() => ID, { description: 'User who set the provider up.' })
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Field({ description: 'Creation time.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'Last update time.' })
  @Property({ type: 'datetime' })
  updatedAt: Date = nowDate();
}

@ObjectType({ description: 'A workspace API key (the secret itself is shown once, at creation).' })
@Entity({ tableName: 'api_key' })
export class ApiKey extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'workspaceId' | 'lastUsedAt' | 'revokedAt' | 'expiresAt';

  @Field(() => ID, { description: 'Key identifier.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Name given by its creator.' })
  @Property()
  name!: string;

  @Field({ description: 'First characters of the key, to recognise it (`lpk_…`).' })
  @Property({ unique: true })
  prefix!: string;

  @Property({ hidden: true })
  hash!: string;

  @Field(() => [String], { description: 'Families the key may call: utilities, pipelines, queries (or `*`).' })
  @Property({ type: 'json' })
  scopes!: string[];

  @Field(() => ID, { description: 'User who created the key.' })
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Field({ description: 'Creation time.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field(() => Date, { nullable: true, description: 'Last time the key was used (minute precision).' })
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Expiry, if any.' })
  @Property({ type: 'datetime', nullable: true })
  expiresAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the key was revoked.' })
  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}

@ObjectType({ description: 'How a connector talks to the platform.' })
export class ConnectorConfig {
  @Field({ description: 'Protocol (e.g. http1, http2, mqtt).' }) protocol!: string;
  @Field({ description: 'Version of the integration contract.' }) version!: string;
  @Field(() => [String], { description: 'Scopes its access tokens carry.' }) scope!: string[];
  @Field(() => String, { nullable: true, description: 'Authentication mode (e.g. external, internal).' }) auth?: string | null;
}

@ObjectType({ description: 'A connector: an integration of a provider with an outside system.' })
@Entity({ tableName: 'connector' })
export class Connector extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'workspaceId' | 'status' | 'origins' | 'description' | 'secretRotatedAt';

  @Field(() => ID, { description: 'Connector identifier (`connectorId`).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  providerId!: string;

  @Field(() => ProviderKindEnum, { description: 'Kind of the owning provider (`:ctype`).' })
  @Enum({ items: () => ProviderKindEnum })
  providerKind!: ProviderKindEnum;

  @Field({ description: 'Code of the owning provider (`:xcode`).' })
  @Property()
  providerCode!: string;

  @Field(() => ConnectorType, { description: 'Connector kind.' })
  @Enum({ items: () => ConnectorType })
  type!: ConnectorType;

  @Field({ description: 'Display name.' })
  @Property()
  name!: string;

  @Field(() => String, { nullable: true, description: 'Description.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => ConnectorConfig, { description: 'Protocol, version, scopes and auth mode.' })
  @Property({ type: 'json' })
  config!: ConnectorConfig;

  @Field(() => [String], { description: 'Origins allowed to request access tokens (none: every request is refused).' })
  @Property({ type: 'json' })
  origins: string[] = [];

  @Property({ hidden: true })
  secretHash!: string;

  @Field(() => Date, { nullable: true, description: 'When the secret was last rotated.' })
  @Property({ type: 'datetime', nullable: true })
  secretRotatedAt?: Date | null;

  @Field(() => ConnectorStatus, { description: 'ENABLED or DISABLED.' })
  @Enum({ items: () => ConnectorStatus })
  status: ConnectorStatus = ConnectorStatus.ENABLED;

  @Field({ description: 'Creation time.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'Last update time.' })
  @Property({ type: 'datetime' })
  updatedAt: Date = nowDate();
}

/** An issued connector access token (the JWT's `jti`), so it can be rotated and revoked. */
@Entity({ tableName: 'access_token' })
export class AccessToken extends TenantEntity {
  [OptionalProps]?: 'id' | 'issuedAt' | 'workspaceId' | 'revokedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  connectorId!: string;

  @Property()
  origin!: string;

  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;

  @Property({ type: 'datetime' })
  issuedAt: Date = nowDate();

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}

@ObjectType({ description: 'Who the invited operator is.' })
export class InvitedOperator {
  @Field(() => RoleEnum, { description: 'Role the invitee will have.' }) role!: RoleEnum;
  @Field({ description: 'Operator status on joining (e.g. ACTIVE).' }) status!: string;
  @Field(() => String, { nullable: true, description: 'Short description.' }) bio?: string | null;
  @Field(() => Contacts, { nullable: true, description: 'Contact channels.' }) contacts?: Contacts | null;
}

@ObjectType({ description: 'An invitation of an operator into a CSP\'s workspace.' })
@Entity({ tableName: 'invitation' })
export class Invitation extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'workspaceId' | 'status' | 'acceptedBy' | 'acceptedAt';

  @Field(() => ID, { description: 'Invitation identifier.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Code of the inviting CSP.' })
  @Property()
  providerCode!: string;

  @Field({ description: 'Invitee\'s phone number.' })
  @Property()
  phone!: string;

  @Field({ description: 'Invitee\'s name.' })
  @Property()
  name!: string;

  @Field(() => InvitedOperator, { description: 'Role and operator details.' })
  @Property({ type: 'json' })
  operator!: InvitedOperator;

  @Index()
  @Property({ hidden: true, unique: true })
  tokenHash!: string;

  @Field(() => InvitationStatus, { description: 'PENDING, ACCEPTED or CANCELLED.' })
  @Enum({ items: () => InvitationStatus })
  status: InvitationStatus = InvitationStatus.PENDING;

  @Field(() => ID, { description: 'User who invited.' })
  @Property({ type: 'uuid' })
  invitedBy!: string;

  @Field({ description: 'Creation time.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'After this time the invitation can no longer be accepted.' })
  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Field(() => ID, { nullable: true, description: 'User who accepted.' })
  @Property({ type: 'uuid', nullable: true })
  acceptedBy?: string | null;

  @Field(() => Date, { nullable: true, description: 'When it was accepted.' })
  @Property({ type: 'datetime', nullable: true })
  acceptedAt?: Date | null;
}
