import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { now, nowDate } from '../../../kernel/clock.js';
import { loadConfig } from '../../../kernel/config.js';
import { conflict, notFound, validationError } from '../../../kernel/errors.js';
import { publish } from '../../../kernel/events.js';
import { pageWindow, pagination, type PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { lockOne } from '../../../kernel/db.js';
import { enqueueManyIn } from '../../../kernel/jobs.js';
import { parseAllowList, staticUrlProblem, type AllowList } from '../../../kernel/webhooks/guard.js';
import { newSecret } from '../../../kernel/webhooks/signature.js';
import type { WorkspaceScope } from '../common/scope.js';
import { knownFilter, matchesFilter, PUBLIC_TOPICS, WEBHOOK_ENDPOINT_TOPIC } from '../events/catalogue.js';
import { eventOf } from '../events/service.js';
import type { WorkspaceEvent } from '../events/types.js';
import { EventDelivery, WebhookEndpoint, WebhookEndpointSecret } from './entities.js';
import { parseRetrySchedule } from './rules.js';
import type { CreateWebhookEndpointInput, EventDeliveryArgs, UpdateWebhookEndpointInput } from './types.js';

/**
 * Webhook endpoints of a workspace and the deliveries of its events to them (docs/events.md "Webhooks"). Deliveries
 * are durable jobs of the platform's job queue (kernel/jobs.ts), made in the transaction that makes or resets the
 * delivery row; the delivery worker (delivery.ts) sends them with the platform's one webhook call
 * (kernel/webhooks/send.ts `attempt`: SSRF guard, no redirects, Standard Webhooks signature).
 */

/** The queue of delivery attempts. */
export const DELIVERY_QUEUE = 'event-delivery';

/** One attempt of one delivery: `run` is the delivery's run it was made for (a replay starts a new run). */
export interface DeliveryJob {
  deliveryId: string;
  workspaceId: string;
  run: number;
  /** 1 for the first attempt of the run. */
  attempt: number;
  /** When the run's first attempt was made (epoch ms; from the second attempt on). */
  firstAttemptAt?: number;
}

/** Most events one "replay since" schedules. */
export const REPLAY_LIMIT = 10_000;

export interface WebhookSettings {
  allow: AllowList;
  /** Waits before the second, third … attempts, in ms. */
  schedule: number[];
  timeoutMs: number;
}
let cachedSettings: WebhookSettings | undefined;
/** The settings of this process (kernel/config.ts: PIPELINE_WEBHOOK_ALLOW, EVENT_WEBHOOK_*). */
export function webhookSettings(): WebhookSettings {
  if (!cachedSettings) {
    const c = loadConfig();
    cachedSettings = { allow: parseAllowList(c.PIPELINE_WEBHOOK_ALLOW), schedule: parseRetrySchedule(c.EVENT_WEBHOOK_RETRY_SCHEDULE) ?? [], timeoutMs: c.EVENT_WEBHOOK_TIMEOUT_MS };
  }
  return cachedSettings;
}

function checkUrl(url: string): string {
  const problem = staticUrlProblem(url, webhookSettings().allow);
  if (problem) throw validationError('url', `the URL ${problem}`);
  return url;
}

function checkTypes(types: readonly string[]): string[] {
  const unique = [...new Set(types.map((t) => t.trim()))];
  for (const t of unique) if (!knownFilter(t)) throw validationError('types', `${JSON.stringify(t).slice(0, 60)} is not an event name or a wildcard of docs/events.md`);
  return unique;
}

async function endpointOf(s: WorkspaceScope, id: string): Promise<WebhookEndpoint> {
  const endpoint = isUuid(id) ? await s.em.findOne(WebhookEndpoint, { id }) : null;
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}

/** The endpoint locked and read afresh in the write's transaction (kernel/db.ts `lockOne`, docs/contract.md "Concurrency"). */
async function lockEndpoint(tx: EntityManager, id: string): Promise<WebhookEndpoint> {
  if (!isUuid(id)) throw notFound('Webhook endpoint');
  return lockOne(tx, WebhookEndpoint, { id }, 'Webhook endpoint');
}

/** A new signing secret row for the endpoint, strictly after its newest (so "newest" is never a tie). */
async function addSecret(tx: EntityManager, endpoint: WebhookEndpoint): Promise<WebhookEndpointSecret> {
  const newest = await tx.findOne(WebhookEndpointSecret, { endpointId: endpoint.id }, { orderBy: { createdAt: 'desc' }, filters: false });
  const at = nowDate();
  const createdAt = newest && newest.createdAt.getTime() >= at.getTime() ? new Date(newest.createdAt.getTime() + 1) : at;
  const row = tx.create(WebhookEndpointSecret, { workspaceId: endpoint.workspaceId, endpointId: endpoint.id, secret: newSecret(), createdAt });
  endpoint.secretRotatedAt = createdAt;
  return row;
}

export async function createEndpoint(s: WorkspaceScope, input: CreateWebhookEndpointInput) {
  const url = checkUrl(input.url.trim());
  const types = checkTypes(input.types);
  return s.em.transactional(async (tx) => {
    const [head] = await tx.execute<{ id: string }[]>('select coalesce(max(id), 0)::text as id from events.log');
    const endpoint = tx.create(WebhookEndpoint, { workspaceId: s.workspaceId, url, types, description: input.description ?? null, createdBy: s.userId, startsAfter: head.id });
    const secret = await addSecret(tx, endpoint);
    await tx.flush();
    return { secret: secret.secret, endpoint };
  });
}

export async function listEndpoints(s: WorkspaceScope, args: PageArgs) {
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await s.em.findAndCount(WebhookEndpoint, {}, { orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

export const getEndpoint = endpointOf;

export async function updateEndpoint(s: WorkspaceScope, id: string, input: UpdateWebhookEndpointInput) {
  await endpointOf(s, id);
  const url = input.url !== undefined && input.url !== null ? checkUrl(input.url.trim()) : undefined;
  const types = input.types !== undefined && input.types !== null ? checkTypes(input.types) : undefined;
  return s.em.transactional(async (tx) => {
    const endpoint = await lockEndpoint(tx, id);
    if (url !== undefined) endpoint.url = url;
    if (types !== undefined) endpoint.types = types;
    if (input.description !== undefined) endpoint.description = input.description;
    endpoint.updatedAt = nowDate();
    return endpoint;
  });
}

/** Publishes `webhook.endpoint.disabled` (docs/events.md) in the transaction that disabled the endpoint. */
export const endpointDisabled = (tx: EntityManager, e: { id: string; workspaceId: string; url: string }, reason: 'DISABLED_BY_ADMIN' | 'FAILING') =>
  publish(tx, WEBHOOK_ENDPOINT_TOPIC, e.id, e.workspaceId, { id: e.id, url: e.url, reason, change: 'disabled' });

/**
 * Enables or disables. An endpoint already in that state is answered as it is, unchanged and with no event
 * (docs/contract.md "Concurrency"); judged on the locked read, so of K disables at once one disables and publishes.
 */
export async function setEndpointEnabled(s: WorkspaceScope, id: string, enabled: boolean) {
  const status = enabled ? 'ENABLED' : 'DISABLED';
  return s.em.transactional(async (tx) => {
    const endpoint = await lockEndpoint(tx, id);
    if (endpoint.status === status) return endpoint;
    endpoint.status = status;
    endpoint.disabledReason = enabled ? null : 'DISABLED_BY_ADMIN';
    // enabled again: a fresh start (its past failures no longer count toward disabling it)
    if (enabled) endpoint.failingSince = null;
    endpoint.updatedAt = nowDate();
    await tx.flush();
    if (!enabled) await endpointDisabled(tx, endpoint, 'DISABLED_BY_ADMIN');
    return endpoint;
  });
}

/**
 * Deletes the endpoint, its secrets and its deliveries (attempts still queued find nothing and stop). Of two deletions
 * at once, the second finds it gone (NOT_FOUND), as it would after the first.
 */
export async function deleteEndpoint(s: WorkspaceScope, id: string) {
  return s.em.transactional(async (tx) => {
    const endpoint = await lockEndpoint(tx, id);
    await tx.nativeDelete(EventDelivery, { endpointId: endpoint.id });
    await tx.nativeDelete(WebhookEndpointSecret, { endpointId: endpoint.id });
    await tx.nativeDelete(WebhookEndpoint, { id: endpoint.id });
    return endpoint;
  });
}

/** A new signing secret, shown once; the one it replaces keeps signing for 24 hours beside it (rotations of one endpoint queue up on its lock). */
export async function rotateSecret(s: WorkspaceScope, id: string) {
  return s.em.transactional(async (tx) => {
    const endpoint = await lockEndpoint(tx, id);
    const secret = await addSecret(tx, endpoint);
    endpoint.updatedAt = nowDate();
    await tx.flush();
    return { secret: secret.secret, endpoint };
  });
}

/** The body of a delivery: the public event as the feed shows it, serialized once (every attempt sends these bytes). */
export const deliveryBody = (event: WorkspaceEvent): string => JSON.stringify({ ...event, createdAt: event.createdAt.toISOString() });

interface NewDelivery {
  workspaceId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  body: string;
}

/**
 * Makes deliveries (one per endpoint and event; one that exists already is left as it is) and their first attempts'
 * jobs, in the transaction of `tx`. Returns how many were made.
 */
export async function makeDeliveries(tx: EntityManager, items: readonly NewDelivery[]): Promise<number> {
  if (!items.length) return 0;
  const at = nowDate();
  const rows = await tx.execute<{ id: string; workspace_id: string }[]>(
    `insert into workspace.event_delivery (id, workspace_id, endpoint_id, event_id, event_type, body, status, attempts, next_attempt_at, run, attempt_log, created_at, updated_at)
     select gen_random_uuid(), d.workspace_id, d.endpoint_id, d.event_id, d.event_type, d.body, 'PENDING', 0, ?, 1, '[]'::jsonb, ?, ?
       from jsonb_to_recordset(?::jsonb) as d(workspace_id uuid, endpoint_id uuid, event_id text, event_type text, body text)
     on conflict (endpoint_id, event_id) do nothing
     returning id, workspace_id`,
    [at, at, at, JSON.stringify(items.map((i) => ({ workspace_id: i.workspaceId, endpoint_id: i.endpointId, event_id: i.eventId, event_type: i.eventType, body: i.body })))],
  );
  await enqueueManyIn(
    tx,
    DELIVERY_QUEUE,
    rows.map((r) => ({ data: { deliveryId: r.id, workspaceId: r.workspace_id, run: 1, attempt: 1 } satisfies DeliveryJob })),
  );
  return rows.length;
}

/** Sends the endpoint a `webhook.test` event now (whatever its filters): the delivery is listed like any other. */
export async function sendTestEvent(s: WorkspaceScope, id: string) {
  const endpoint = await endpointOf(s, id);
  if (endpoint.status !== 'ENABLED') throw conflict('The webhook endpoint is disabled: enable it first');
  const eventId = `evt_test_${randomUUID().replace(/-/g, '')}`;
  const body = JSON.stringify({
    id: eventId,
    type: 'webhook.test',
    version: 1,
    sequence: null,
    createdAt: nowDate().toISOString(),
    workspaceId: s.workspaceId,
    data: { endpointId: endpoint.id },
  });
  // the delivery as scheduled, read before its job can run (202 answers PENDING, however fast the receiver)
  return s.em.transactional(async (tx) => {
    await makeDeliveries(tx, [{ workspaceId: s.workspaceId, endpointId: endpoint.id, eventId, eventType: 'webhook.test', body }]);
    return tx.findOneOrFail(EventDelivery, { endpointId: endpoint.id, eventId }, { refresh: true });
  });
}

export async function listDeliveries(s: WorkspaceScope, endpointId: string, args: EventDeliveryArgs) {
  const endpoint = await endpointOf(s, endpointId);
  const { page, limit, offset } = pageWindow(args);
  if (args.eventType && args.eventType !== 'webhook.test' && !knownFilter(args.eventType)) throw validationError('eventType', 'is not an event name or a wildcard of docs/events.md');
  const where: Record<string, unknown> = { endpointId: endpoint.id };
  if (args.status) where.status = args.status;
  if (args.eventType) where.eventType = args.eventType === '*' ? { $ne: null } : args.eventType.endsWith('.*') ? { $like: `${args.eventType.slice(0, -1)}%` } : args.eventType;
  if (args.since || args.until) where.createdAt = { ...(args.since ? { $gte: args.since } : {}), ...(args.until ? { $lt: args.until } : {}) };
  const [items, total] = await s.em.findAndCount(EventDelivery, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/** Starts a new run of deliveries (rows already made): PENDING, attempt 1 due now, jobs of earlier runs ignored. */
async function rerun(tx: EntityManager, workspaceId: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const at = nowDate();
  const rows = await tx.execute<{ id: string; run: number }[]>(
    `update workspace.event_delivery set status = 'PENDING', run = run + 1, next_attempt_at = ?, updated_at = ?
      where workspace_id = ? and id in (select jsonb_array_elements_text(?::jsonb)::uuid) returning id, run`,
    [at, at, workspaceId, JSON.stringify(ids)],
  );
  await enqueueManyIn(
    tx,
    DELIVERY_QUEUE,
    rows.map((r) => ({ data: { deliveryId: r.id, workspaceId, run: Number(r.run), attempt: 1 } satisfies DeliveryJob })),
  );
  return rows.length;
}

function requireEnabled(endpoint: WebhookEndpoint) {
  if (endpoint.status !== 'ENABLED') throw conflict('The webhook endpoint is disabled: enable it before replaying');
}

/** Sends one delivery again (whatever its status), from the first attempt of the schedule, with the same `webhook-id`. */
export async function replayDelivery(s: WorkspaceScope, endpointId: string, deliveryId: string) {
  const endpoint = await endpointOf(s, endpointId);
  const delivery = isUuid(deliveryId) ? await s.em.findOne(EventDelivery, { id: deliveryId, endpointId: endpoint.id }) : null;
  if (!delivery) throw notFound('Delivery');
  requireEnabled(endpoint);
  // the delivery as scheduled, read before its job can run (202 answers PENDING, however fast the receiver)
  return s.em.transactional(async (tx) => {
    await rerun(tx, s.workspaceId, [delivery.id]);
    return tx.findOneOrFail(EventDelivery, { id: delivery.id }, { refresh: true });
  });
}

/**
 * Sends the endpoint every event of the workspace its filters match, recorded at or after `since` (at most
 * REPLAY_LIMIT, oldest first): a delivery already made starts a new run, an event it never had (it was disabled, or
 * made later) gets its first. Returns how many.
 */
export async function replaySince(s: WorkspaceScope, endpointId: string, since: Date) {
  const endpoint = await endpointOf(s, endpointId);
  requireEnabled(endpoint);
  if (since.getTime() > now()) throw validationError('since', 'must not be in the future');
  const rows = await s.em.execute<{ id: string; tx: string; topic: string; workspace_id: string; payload: unknown; created_at: Date }[]>(
    `select l.id::text as id, l.tx::text as tx, l.topic, l.workspace_id, l.payload, l.created_at from events.log l
      where l.workspace_id = ? and l.created_at >= ? and l.topic in (select jsonb_array_elements_text(?::jsonb)) order by l.tx, l.id limit ?`,
    [s.workspaceId, since, JSON.stringify(PUBLIC_TOPICS), REPLAY_LIMIT],
  );
  const events = rows.map(eventOf).filter((e): e is WorkspaceEvent => !!e && endpoint.types.some((f) => matchesFilter(e.type, f)));
  if (!events.length) return { replayed: 0 };
  return s.em.transactional(async (tx) => {
    const existing = await tx.execute<{ id: string; event_id: string }[]>(
      `select id, event_id from workspace.event_delivery where workspace_id = ? and endpoint_id = ? and event_id in (select jsonb_array_elements_text(?::jsonb))`,
      [s.workspaceId, endpoint.id, JSON.stringify(events.map((e) => e.id))],
    );
    const had = new Set(existing.map((r) => r.event_id));
    const again = await rerun(
      tx,
      s.workspaceId,
      existing.map((r) => r.id),
    );
    const made = await makeDeliveries(
      tx,
      events.filter((e) => !had.has(e.id)).map((e) => ({ workspaceId: s.workspaceId, endpointId: endpoint.id, eventId: e.id, eventType: e.type, body: deliveryBody(e) })),
    );
    return { replayed: again + made };
  });
}
