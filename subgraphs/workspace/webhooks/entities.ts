import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { closedList } from '../../../kernel/graphql-types.js';
import { nowDate } from '../../../kernel/clock.js';
import { TenantEntity } from '../../../kernel/tenancy.js';

export const WebhookEndpointStatus = closedList('WebhookEndpointStatus', 'Whether a webhook endpoint receives events.', {
  ENABLED: 'Every new event its filters match is delivered to it.',
  DISABLED: 'It receives nothing (disabled by an admin, or by the platform after repeated failure); deliveries already made can still be replayed once it is enabled again.',
});
export type WebhookEndpointStatus = keyof typeof WebhookEndpointStatus;

export const EventDeliveryStatus = closedList('EventDeliveryStatus', 'Where the delivery of one event to one endpoint stands.', {
  PENDING: 'Not delivered yet: an attempt is due now or at `nextAttemptAt`.',
  DELIVERED: 'The endpoint answered 2xx.',
  FAILED: 'Every attempt of the retry schedule failed, or the endpoint was disabled or deleted first; replay sends it again.',
});
export type EventDeliveryStatus = keyof typeof EventDeliveryStatus;

/**
 * A workspace's webhook endpoint: the URL events are pushed to, the event types it wants (names or wildcards), and
 * its signing secrets (kept in `webhook_endpoint_secret`, never answered after they are made).
 */
@ObjectType({ description: 'A webhook endpoint of a workspace: where the events its filters match are pushed, signed (docs/events.md "Webhooks").' })
@Entity({ tableName: 'webhook_endpoint' })
export class WebhookEndpoint extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'workspaceId' | 'status' | 'description' | 'disabledReason' | 'failingSince' | 'secretRotatedAt' | 'startsAfter';

  @Field(() => ID, { description: "The endpoint's identifier." })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Where events are POSTed: an http(s) URL of a public address (checked again, resolved, at every attempt).' })
  @Property({ type: 'text' })
  url!: string;

  @Field(() => [String], { description: 'The event types it receives: names of docs/events.md or wildcards (`order.*`, `*`), 1–20.' })
  @Property({ type: 'json' })
  types!: string[];

  @Field(() => String, { nullable: true, description: 'What the endpoint is for, at most 500 characters; null when not given.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => WebhookEndpointStatus, { description: 'Whether it receives events.' })
  @Enum({ items: () => WebhookEndpointStatus })
  status: WebhookEndpointStatus = 'ENABLED';

  @Field(() => String, {
    nullable: true,
    description: 'Why it is disabled: `DISABLED_BY_ADMIN`, or `FAILING` when the platform disabled it after repeated failure (an open list); null while enabled.',
  })
  @Property({ type: 'text', nullable: true })
  disabledReason?: string | null;

  @Field(() => Date, { nullable: true, description: 'Since when every attempt to it has failed (null after any 2xx): the run of failures that disables it.' })
  @Property({ type: 'datetime', nullable: true })
  failingSince?: Date | null;

  @Field(() => Date, { description: 'When its newest signing secret was made (at creation, then at each rotation).' })
  @Property({ type: 'datetime' })
  secretRotatedAt: Date = nowDate();

  /** The event log's newest id when it was created: it receives the events after it. */
  @Property({ type: 'bigint', hidden: true })
  startsAfter: string = '0';

  @Field(() => ID, { description: 'The user who created it.' })
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Field({ description: 'When it was created.' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'When it last changed.' })
  @Property({ type: 'datetime' })
  updatedAt: Date = nowDate();
}

/** A signing secret of an endpoint (`whsec_…`, kernel/webhooks/signature.ts): shown once, when made. */
@Entity({ tableName: 'webhook_endpoint_secret' })
@Index({ properties: ['endpointId', 'createdAt'] })
export class WebhookEndpointSecret extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Property({ type: 'uuid' }) endpointId!: string;
  @Property({ type: 'text' }) secret!: string;
  @Property({ type: 'datetime' }) createdAt: Date = nowDate();
}

@ObjectType({ description: 'One attempt to deliver an event to an endpoint.' })
export class DeliveryAttempt {
  @Field({ description: 'When it was made.' }) at!: Date;
  @Field(() => Int, { nullable: true, description: "The endpoint's HTTP status; null when no answer came (refused, unreachable, timed out)." }) statusCode?: number | null;
  @Field(() => Int, { description: 'From the start of the attempt to its outcome, in milliseconds.' }) latencyMs!: number;
  @Field(() => String, { nullable: true, description: "The first 500 characters of the endpoint's answer; null when none." }) responseExcerpt?: string | null;
  @Field(() => String, { nullable: true, description: 'Why it failed; null when the endpoint answered 2xx.' }) error?: string | null;
}

/**
 * The delivery of one event to one endpoint: the body sent (kept as sent, so every retry and replay sends the same
 * bytes with the same `webhook-id`), where it stands and its attempts. One per (endpoint, event).
 */
@ObjectType({ description: 'The delivery of one event to one endpoint, with its attempts (docs/events.md "Delivery").' })
@Entity({ tableName: 'event_delivery' })
@Unique({ properties: ['endpointId', 'eventId'] })
@Index({ properties: ['workspaceId', 'endpointId', 'createdAt'] })
export class EventDelivery extends TenantEntity {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'workspaceId' | 'status' | 'attempts' | 'attemptLog' | 'nextAttemptAt' | 'run';

  @Field(() => ID, { description: "The delivery's identifier." })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => ID, { description: 'The endpoint it is for.' })
  @Property({ type: 'uuid' })
  endpointId!: string;

  @Field(() => ID, { description: 'The event delivered (`evt_<sequence>`; `evt_test_…` for a test event): also its `webhook-id`.' })
  @Property({ type: 'text' })
  eventId!: string;

  @Field({ description: "The event's type (docs/events.md), or `webhook.test`: an open list." })
  @Property({ type: 'text' })
  eventType!: string;

  /** The body, exactly as sent. */
  @Property({ type: 'text', lazy: false })
  body!: string;

  @Field(() => EventDeliveryStatus, { description: 'Where it stands.' })
  @Enum({ items: () => EventDeliveryStatus })
  status: EventDeliveryStatus = 'PENDING';

  @Field(() => Int, { description: 'Attempts made so far, replays included.' })
  @Property({ type: 'integer' })
  attempts: number = 0;

  @Field(() => Date, { nullable: true, description: 'When the next attempt is due; null unless PENDING.' })
  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt?: Date | null = null;

  /** Bumped by a replay: jobs of an earlier run are ignored. */
  @Property({ type: 'integer' })
  run: number = 1;

  @Field(() => [DeliveryAttempt], { description: 'Its attempts, oldest first (the latest 50).' })
  @Property({ type: 'json' })
  attemptLog: DeliveryAttempt[] = [];

  @Field({ description: 'When it was made (when the event was fanned out to the endpoint).' })
  @Property({ type: 'datetime' })
  createdAt: Date = nowDate();

  @Field({ description: 'When it last changed.' })
  @Property({ type: 'datetime' })
  updatedAt: Date = nowDate();
}
