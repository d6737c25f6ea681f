import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { PROVIDER_KINDS } from '../../../kernel/principal.js';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { ConnectorAuthMode, ConnectorType, type PathKind } from '../common/vocabulary.js';
import { ConnectorStatus } from '../../../domain/vocabulary.js';

@ObjectType({ description: 'How a connector talks to the platform.' })
export class ConnectorConfig {
  @Field({ description: 'Lower-case name of the wire protocol, at most 20 characters (http1, http2, grpc, mqtt …); an open list.' }) protocol!: string;
  @Field({ description: 'Version of the integration contract, such as v1 or 1.0.0.' }) version!: string;
  @Field(() => [String], { description: 'The scopes its access tokens carry (such as orders:read), at most 32.' }) scope!: string[];
  @Field(() => ConnectorAuthMode, { nullable: true, description: 'How the users it acts for are authenticated; null when not set.' }) auth?: ConnectorAuthMode | null;
}

/**
 * A connector of one provider. Its provider's kind and code are kept beside the provider's id: the connector's access
 * tokens resolve to them at the gateway without a join. The kind is stored as REST paths write it (`lsp`).
 */
@ObjectType({ description: 'A connector: an integration of a provider with an outside system, which exchanges its secret for access tokens.' })
@Entity({ tableName: 'connector' })
export class Connector extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'workspaceId' | 'status' | 'origins' | 'description' | 'secretRotatedAt' | 'sandbox';

  @Field(() => ID, { description: "The connector's identifier (`connectorId`)." })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => ID, { description: 'The provider the connector belongs to (see `provider`).' })
  @Index()
  @Property({ type: 'uuid' })
  providerId!: string;

  /** Lower-case, as in REST paths; the graph's `providerKind` is its `ProviderKind`. */
  @Enum({ items: [...PROVIDER_KINDS] })
  providerKind!: PathKind;

  @Field({ description: 'The code of the provider the connector belongs to.' })
  @Property()
  providerCode!: string;

  @Field(() => ConnectorType, { description: 'What the connector integrates.' })
  @Enum({ items: () => ConnectorType })
  type!: ConnectorType;

  @Field({ description: 'Display name, 1–120 characters.' })
  @Property()
  name!: string;

  @Field(() => String, { nullable: true, description: 'What the connector is for, at most 2,000 characters; null when not given.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => ConnectorConfig, { description: 'Protocol, version, scopes and authentication mode.' })
  @Property({ type: 'json' })
  config!: ConnectorConfig;

  @Field(() => [String], { description: 'The origins (`scheme://host[:port]`) allowed to request access tokens, at most 50; none: every request is refused.' })
  @Property({ type: 'json' })
  origins: string[] = [];

  @Field({
    description:
      'Whether the connector works in the sandbox (spec "Versioning": all transactions simulated), like a test-mode key: what is made through it is marked sandbox and never mixes with live records. Set at creation, never changed.',
  })
  @Property({ default: false })
  sandbox: boolean = false;

  @Property({ hidden: true })
  secretHash!: string;

  @Field(() => Date, { nullable: true, description: 'When the secret was last rotated; null when never.' })
  @Property({ type: 'datetime', nullable: true })
  secretRotatedAt?: Date | null;

  @Field(() => ConnectorStatus, { description: 'Whether the connector may be used.' })
  @Enum({ items: () => ConnectorStatus })
  status: ConnectorStatus = ConnectorStatus.ENABLED;

  @Field({ description: 'When the connector was created.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'When the connector was last changed.' })
  @Property({ type: 'datetime' })
  updatedAt: Date = nowDate();
}
