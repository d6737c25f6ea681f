import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { TenantEntity } from '../../../kernel/tenancy.js';

/** Who made a tracking link: the client's integration (its connector) or a member at the CSP's desk (their user). */
export interface TrackingLinkCreator {
  type: 'CLIENT' | 'CSP';
  id: string;
}

/**
 * A tracking link of an order (docs/orders.md "Tracking links"): the sha256 of its `otl_…` token (the token itself is
 * shown once, in the creation's answer), who made it and its revocation. `reference`, `token`, `url` and
 * `expiresAt` are not stored: the service sets them on the answer.
 */
@ObjectType({ description: 'A tracking link of an order: lets its end customer (the receiver) follow the order without signing in (docs/orders.md "Tracking links").' })
@Entity({ tableName: 'order_tracking_link' })
export class OrderTrackingLink extends TenantEntity {
  [OptionalProps]?: 'id' | 'workspaceId' | 'createdAt' | 'revokedAt';

  @Field(() => ID, { description: "The link's identifier (`:id` of the revoking routes)." }) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  /** The order it follows. */
  @Index() @Property({ type: 'uuid' }) orderId!: string;
  @Field({ description: 'The reference of the order it follows (`ORD-…`).' }) @Property({ persist: false }) reference!: string;
  /** sha256 of the link's token (kernel/tokens.ts). */
  @Property({ hidden: true }) tokenHash!: string;
  @Property({ type: 'json', hidden: true }) createdBy!: TrackingLinkCreator;
  @Field(() => String, {
    nullable: true,
    description: 'The tracking page of the link, `<public URL>/track/<token>`, to give the receiver: only in the answer that creates the link; null everywhere else.',
  })
  @Property({ persist: false })
  url?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The link token (`otl_…`, opaque: its content is not a contract): only in the answer that creates the link (it is stored hashed); null everywhere else.',
  })
  @Property({ persist: false })
  token?: string | null;
  @Field(() => Date, { description: 'When the link was made.' }) @Property({ type: 'datetime' }) createdAt: Date = nowDate();
  @Field(() => Date, { nullable: true, description: "When the link stops working: 7 days after the order's final move; null while the order is not final (it works until then)." })
  @Property({ persist: false })
  expiresAt?: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the link was revoked (by a caller, or by the cancellation of its order); null while it is not.' })
  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}
