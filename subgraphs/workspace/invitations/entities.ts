import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { Contacts } from '../../../kernel/graphql-types.js';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { InvitationStatus, WorkspaceRole, type PathKind } from '../common/vocabulary.js';

@ObjectType({ description: 'Who an invited operator will be in the workspace.' })
export class InvitedOperator {
  @Field(() => WorkspaceRole, { description: 'The role the invitee will have.' }) role!: WorkspaceRole;
  @Field({ description: "The operator's status on joining: an upper-case identifier (ACTIVE by default); an open list." }) status!: string;
  @Field(() => String, { nullable: true, description: 'A short description of the operator, at most 500 characters; null when not given.' }) bio?: string | null;
  @Field(() => Contacts, { nullable: true, description: 'How to reach the operator; null when not given.' }) contacts?: Contacts | null;
}

@ObjectType({ description: "An invitation into a provider's workspace: of an operator by a CSP, or of a developer by a DEV provider." })
@Entity({ tableName: 'invitation' })
export class Invitation extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'workspaceId' | 'status' | 'acceptedBy' | 'acceptedAt' | 'providerKind';

  @Field(() => ID, { description: "The invitation's identifier." })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Lower-case, as in REST paths: `csp` (operators) or `dev` (developers); the graph's `providerKind` is its `ProviderKind`. */
  @Property({ type: 'string', default: 'csp' })
  providerKind: PathKind = 'csp';

  @Field({ description: 'The code of the inviting provider.' })
  @Property()
  providerCode!: string;

  @Field({ description: "The invitee's phone number (E.164)." })
  @Property()
  phone!: string;

  @Field({ description: "The invitee's name, 1–100 characters (the member's name once accepted)." })
  @Property()
  name!: string;

  @Field(() => InvitedOperator, { description: 'The role and details of the operator.' })
  @Property({ type: 'json' })
  operator!: InvitedOperator;

  @Index()
  @Property({ hidden: true, unique: true })
  tokenHash!: string;

  @Field(() => InvitationStatus, { description: 'Where the invitation stands.' })
  @Enum({ items: () => InvitationStatus })
  status: InvitationStatus = InvitationStatus.PENDING;

  @Field(() => ID, { description: 'The user who sent the invitation (see `invitedByUser`).' })
  @Property({ type: 'uuid' })
  invitedBy!: string;

  @Field({ description: 'When the invitation was sent.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'After this instant the invitation can no longer be accepted.' })
  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Field(() => ID, { nullable: true, description: 'The user who accepted it (see `acceptedByUser`); null until accepted.' })
  @Property({ type: 'uuid', nullable: true })
  acceptedBy?: string | null;

  @Field(() => Date, { nullable: true, description: 'When it was accepted; null until then.' })
  @Property({ type: 'datetime', nullable: true })
  acceptedAt?: Date | null;
}
