import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { Address, Contacts } from '../../../kernel/graphql-types.js';
import { PROVIDER_KINDS } from '../../../kernel/principal.js';
import { TenantEntity } from '../../../kernel/tenancy.js';
import type { PathKind } from '../common/vocabulary.js';
import { ENTITY_DOCS } from '../../../kernel/references.js';

/**
 * A provider of a workspace. Other families name it by its second key (`workspaceId kind code`, kernel/references.ts
 * ProviderReference), so their records reference it without a lookup. The kind is stored as REST paths write it
 * (`lsp`); the graph answers `ProviderKind` (providers/resolvers.ts).
 */
@ObjectType({ description: ENTITY_DOCS.provider })
@Directive('@key(fields: "id")')
@Directive('@key(fields: "workspaceId kind code")')
@Entity({ tableName: 'provider' })
export class Provider extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'workspaceId' | 'description' | 'logo';

  @Field(() => ID, { description: "The provider's identifier." })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => ID, { description: ENTITY_DOCS.providerWorkspaceId })
  override workspaceId!: string;

  @Field({ description: ENTITY_DOCS.providerCode })
  @Property({ unique: true })
  code!: string;

  /** Lower-case, as in REST paths; the graph's `kind` is its `ProviderKind`. */
  @Enum({ items: [...PROVIDER_KINDS] })
  kind!: PathKind;

  @Field({ description: 'What the provider is within its kind: an upper-case identifier the workspace chooses (CARRIER, VENDOR, ENTERPRISE, FLEET_TRACKING …); an open list, not an enum.' })
  @Property()
  type!: string;

  // @shareable: commerce answers an LSP's name from its copy where its `Quote.lsp` @provides it (kernel/references.ts)
  @Field({ description: ENTITY_DOCS.providerName })
  @Directive('@shareable')
  @Property()
  name!: string;

  @Field(() => String, { nullable: true, description: 'What the provider does, at most 2,000 characters; null when not given.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: "URL (http or https) of the provider's logo; null when not given." })
  @Property({ type: 'text', nullable: true })
  logo?: string | null;

  @Field(() => Contacts, { description: 'How to reach the provider.' })
  @Property({ type: 'json' })
  contacts!: Contacts;

  @Field(() => Address, { nullable: true, description: 'Where the provider is; null when not given.' })
  @Property({ type: 'json', nullable: true })
  address?: Address | null;

  @Field(() => ID, { description: 'The user who set the provider up (see `createdByUser`).' })
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Field({ description: 'When the provider was set up.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'When the provider was last updated.' })
  @Property({ type: 'datetime' })
  updatedAt: Date = nowDate();
}
