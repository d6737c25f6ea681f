import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { ProviderReference, UserReference, providerRef, userRef } from '../../../kernel/references.js';
import { ProviderOwnedEntity } from '../../../kernel/tenancy.js';
import { DeveloperRole, DeveloperStatus } from './enums.js';

/**
 * A developer of a DEV provider (docs/dev.md "Developers"): a user who accepted the provider's invitation (the
 * workspace's invitation and membership machinery; this family records it from `workspace.invitation.accepted`).
 * `icode` is the DEV provider's code. One record per person and provider while not REMOVED.
 */
@ObjectType({ description: 'A developer of a DEV provider: a platform user who joined it through its invitation.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'developer' })
@Index({ properties: ['workspaceId', 'icode', 'userId'] })
export class Developer extends ProviderOwnedEntity {
  [OptionalProps]?: 'id' | 'workspaceId' | 'icode' | 'joinedAt' | 'updatedAt' | 'updatedBy' | 'removedAt' | 'removedBy' | 'user' | 'provider';

  @Field(() => ID, { description: "The developer's identifier (REST: `:id`)." }) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ID, { description: "The developer's user account (see `user`)." }) @Property({ type: 'uuid' }) userId!: string;
  @Field({ description: 'The name the developer was invited under, 1–100 characters.' }) @Property() name!: string;
  @Field(() => DeveloperRole, { description: "The developer's role in the provider." }) @Property({ type: 'string' }) role!: DeveloperRole;
  @Field(() => DeveloperStatus, { description: 'Where the developer stands.' }) @Property({ type: 'string' }) status!: DeveloperStatus;
  @Field(() => ID, { description: 'The invitation the developer accepted.' }) @Property({ type: 'uuid', unique: true }) invitationId!: string;
  @Field(() => ID, { description: 'The user who invited the developer.' }) @Property({ type: 'uuid' }) invitedBy!: string;
  @Field({ description: 'When the developer accepted the invitation.' }) @Property({ type: 'datetime' }) joinedAt: Date = nowDate();
  @Field({ description: "When the developer's role or status last changed (the join, at first)." }) @Property({ type: 'datetime' }) updatedAt: Date = nowDate();
  @Field(() => ID, { nullable: true, description: "The provider admin who last changed the developer's role or status; null until then." })
  @Property({ type: 'uuid', nullable: true })
  updatedBy?: string | null;
  @Field(() => Date, { nullable: true, description: 'When the developer was removed; null unless REMOVED.' }) @Property({ type: 'datetime', nullable: true }) removedAt?: Date | null;
  @Field(() => ID, { nullable: true, description: 'Who removed the developer; null unless REMOVED.' }) @Property({ type: 'uuid', nullable: true }) removedBy?: string | null;

  @Field(() => UserReference, { nullable: true, description: "The developer's user account (resolved by the users subgraph)." })
  get user(): UserReference {
    return userRef(this.userId);
  }

  @Field(() => ProviderReference, { nullable: true, description: 'The DEV provider (its workspace, kind DEV and code: the key, so no lookup).' })
  get provider(): ProviderReference {
    return providerRef(this.workspaceId, 'DEV', this.icode);
  }
}
