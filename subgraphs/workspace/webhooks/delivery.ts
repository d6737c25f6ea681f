import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Job } from 'pg-boss';
import { now, nowDate } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { followBatches, type PlatformEvent } from '../../../kernel/events.js';
import { closeJobs, enqueueIn, ensureQueue, jobs, openJobs, pollingOptions, wake } from '../../../kernel/jobs.js';
import type { Logger } from '../../../kernel/logger.js';
import { countsWebhooks, webhookDeliveries } from '../../../kernel/metrics.js';
import { attempt } from '../../../kernel/webhooks/send.js';
import { matchesFilter, PUBLIC_TOPICS } from '../events/catalogue.js';
import { eventOf } from '../events/service.js';
import type { DeliveryAttempt } from './entities.js';
import { afterFailure, disablesEndpoint } from './rules.js';
import { secretsInUse } from '../../../kernel/webhooks/signature.js';
import { DELIVERY_QUEUE, deliveryBody, endpointDisabled, makeDeliveries, webhookSettings, type DeliveryJob } from './service.js';

/**
 * Pushing events to webhook endpoints (docs/events.md "Webhooks"): the fan-out consumer turns each public event of
 * the log into deliveries, one per ENABLED endpoint of its workspace whose filters match, with their first attempts'
 * jobs, in the transaction that moves its cursor; the delivery worker makes each attempt, records it, and enqueues
 * the next (by the retry schedule) in the transaction that records it. Both run in every process of the workspace
 * subgraph: the cursor's row lock and the job queue share the work between replicas.
 */

/** The fan-out consumer's name (its cursor in events.cursor). */
export const FANOUT_CONSUMER = 'workspace.webhooks';
/** Attempts kept on a delivery (the latest). */
const ATTEMPT_LOG = 50;
/** The attempt log with one attempt (`?`, a JSON array of one) appended, the latest ATTEMPT_LOG kept. */
const APPEND = `(select coalesce(jsonb_agg(x order by n), '[]'::jsonb) from (select x, n from jsonb_array_elements(attempt_log || ?::jsonb) with ordinality as a(x, n) order by n desc limit ${ATTEMPT_LOG}) t)`;
/** How much of an answer the delivery log keeps. */
const EXCERPT = 500;
/** An attempt held by a worker that died is handed to another after this (plus the supervisor's interval). */
const HEARTBEAT_SECONDS = 10;
/** How often an idle delivery worker looks for due attempts; attempts this process enqueues wake it at once. */
const POLLING_SECONDS = 0.5;

let workerId: string | undefined;

/** The fan-out of one batch of log rows: deliveries for the endpoints that want them. */
async function fanOut(events: PlatformEvent[], tx: EntityManager): Promise<void> {
  const workspaces = [...new Set(events.map((e) => e.workspaceId).filter((w): w is string => !!w))];
  if (!workspaces.length) return;
  const endpoints = await tx.execute<{ id: string; workspace_id: string; types: string[] | string; starts_after: string }[]>(
    `select id, workspace_id, types, starts_after::text as starts_after from workspace.webhook_endpoint where status = 'ENABLED' and workspace_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
    [JSON.stringify(workspaces)],
  );
  if (!endpoints.length) return;
  const byWorkspace = new Map<string, { id: string; types: string[]; after: number }[]>();
  for (const e of endpoints) {
    const types = (typeof e.types === 'string' ? JSON.parse(e.types) : e.types) as string[];
    byWorkspace.set(e.workspace_id, [...(byWorkspace.get(e.workspace_id) ?? []), { id: e.id, types, after: Number(e.starts_after) }]);
  }
  const items: Parameters<typeof makeDeliveries>[1][number][] = [];
  for (const e of events) {
    const candidates = e.workspaceId ? byWorkspace.get(e.workspaceId) : undefined;
    if (!candidates) continue;
    const event = eventOf({ id: String(e.id), tx: e.tx, topic: e.topic, workspace_id: e.workspaceId!, payload: e.payload, created_at: e.createdAt });
    if (!event) continue;
    let body: string | undefined;
    for (const endpoint of candidates) {
      // an endpoint receives the events recorded after its creation (older ones: replay since a time)
      if (e.id <= endpoint.after || !endpoint.types.some((f) => matchesFilter(event.type, f))) continue;
      // a disabled endpoint is not told about itself (it is not ENABLED); another is
      body ??= deliveryBody(event);
      items.push({ workspaceId: e.workspaceId!, endpointId: endpoint.id, eventId: event.id, eventType: event.type, body });
    }
  }
  if (await makeDeliveries(tx, items)) wake(workerId);
}

interface DeliveryRow {
  id: string;
  workspace_id: string;
  endpoint_id: string;
  event_id: string;
  body: string;
  status: string;
  run: number;
  url: string;
  endpoint_status: string;
  secrets: { secret: string; createdAt: string }[] | string;
}

/** The secrets an attempt is signed with now (kernel/webhooks/signature.ts `secretsInUse`). */
function secretsOf(row: DeliveryRow): string[] {
  const rows = (typeof row.secrets === 'string' ? JSON.parse(row.secrets) : row.secrets) as { secret: string; createdAt: string }[];
  return secretsInUse(
    rows.map((r) => ({ secret: r.secret, createdAt: new Date(r.createdAt) })),
    nowDate(),
  );
}

/** One attempt of one delivery, then its record (and the next attempt's job, or the endpoint's disabling) in one transaction. */
export async function deliver(em: EntityManager, job: DeliveryJob, signal?: AbortSignal): Promise<void> {
  // the delivery, its endpoint and the endpoint's secrets, in one statement
  const [row] = await em.execute<DeliveryRow[]>(
    `select d.id, d.workspace_id, d.endpoint_id, d.event_id, d.body, d.status, d.run, e.url, e.status as endpoint_status,
            (select coalesce(json_agg(json_build_object('secret', s.secret, 'createdAt', s.created_at)), '[]'::json)
               from (select secret, created_at from workspace.webhook_endpoint_secret s
                      where s.endpoint_id = d.endpoint_id and s.workspace_id = d.workspace_id order by s.created_at desc limit 20) s) as secrets
       from workspace.event_delivery d join workspace.webhook_endpoint e on e.id = d.endpoint_id
      where d.id = ? and d.workspace_id = ?`,
    [job.deliveryId, job.workspaceId],
  );
  // deleted with its endpoint, delivered already, or replayed since (a job of an earlier run)
  if (!row || row.status !== 'PENDING' || Number(row.run) !== job.run) return;
  if (row.endpoint_status !== 'ENABLED') {
    await em.execute(`update workspace.event_delivery set status = 'FAILED', next_attempt_at = null, updated_at = ? where id = ? and workspace_id = ? and run = ? and status = 'PENDING'`, [
      nowDate(),
      row.id,
      row.workspace_id,
      job.run,
    ]);
    return;
  }
  const settings = webhookSettings();
  const result = await attempt({
    url: row.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: row.body,
    timeoutMs: settings.timeoutMs,
    messageId: row.event_id,
    secrets: Promise.resolve(secretsOf(row)),
    allow: settings.allow,
    signal,
  });
  const at = nowDate();
  // the run's first attempt is recorded at this instant (the endpoint's run of failures starts no later)
  const firstAttemptAt = new Date(job.firstAttemptAt ?? at.getTime());
  const entry: DeliveryAttempt = {
    at,
    statusCode: result.statusCode ?? null,
    latencyMs: result.durationMs,
    responseExcerpt: result.response ? result.response.body.slice(0, EXCERPT) : null,
    error: result.ok ? null : (result.error ?? 'failed'),
  };
  const next = afterFailure(settings.schedule, job.attempt);
  const status = next && 'retryInMs' in next ? 'PENDING' : 'FAILED';
  const nextAt = next && 'retryInMs' in next ? new Date(at.getTime() + next.retryInMs) : null;
  webhookDeliveries.inc({ kind: 'event', outcome: result.ok ? 'delivered' : nextAt ? 'retrying' : 'failed' });
  if (result.ok) {
    // success: one statement (its own transaction): the delivery, and the endpoint's run of failures ended
    await em.execute(
      `with d as (
         update workspace.event_delivery set status = 'DELIVERED', attempts = attempts + 1, next_attempt_at = null, updated_at = ?, attempt_log = ${APPEND}
          where id = ? and workspace_id = ? and run = ? and status = 'PENDING' returning endpoint_id)
       update workspace.webhook_endpoint set failing_since = null where id in (select endpoint_id from d) and workspace_id = ? and failing_since is not null`,
      [at, JSON.stringify([entry]), row.id, row.workspace_id, job.run, row.workspace_id],
    );
    return;
  }
  await em.transactional(async (tx) => {
    const updated = await tx.execute<{ id: string }[]>(
      `update workspace.event_delivery set status = ?, attempts = attempts + 1, next_attempt_at = ?, updated_at = ?, attempt_log = ${APPEND}
        where id = ? and workspace_id = ? and run = ? and status = 'PENDING' returning id`,
      [status, nextAt, at, JSON.stringify([entry]), row.id, row.workspace_id, job.run],
    );
    if (!updated.length) return; // replayed or deleted meanwhile: that run records its own attempts
    const [endpoint] = await tx.execute<{ failing_since: Date | null; url: string; status: string }[]>(
      `update workspace.webhook_endpoint set failing_since = coalesce(failing_since, ?) where id = ? and workspace_id = ? returning failing_since, url, status`,
      [at, row.endpoint_id, row.workspace_id],
    );
    if (nextAt) {
      const data: DeliveryJob = { ...job, attempt: job.attempt + 1, firstAttemptAt: firstAttemptAt.getTime() };
      const delayMs = nextAt.getTime() - now();
      await enqueueIn(tx, DELIVERY_QUEUE, data, { startAfter: new Date(Date.now() + delayMs) });
      wake(workerId, delayMs);
      return;
    }
    if (endpoint && endpoint.status === 'ENABLED' && disablesEndpoint(endpoint.failing_since ? new Date(endpoint.failing_since) : null, firstAttemptAt)) {
      await tx.execute(`update workspace.webhook_endpoint set status = 'DISABLED', disabled_reason = 'FAILING', updated_at = ? where id = ? and workspace_id = ?`, [
        at,
        row.endpoint_id,
        row.workspace_id,
      ]);
      await endpointDisabled(tx, { id: row.endpoint_id, workspaceId: row.workspace_id, url: endpoint.url }, 'FAILING');
    }
  });
}

/** Starts the fan-out consumer and the delivery worker of this process; returns how to stop them. */
export async function startWebhooks(orm: MikroORM, config: Config, log: Logger): Promise<() => Promise<void>> {
  countsWebhooks('event');
  await openJobs(config.databaseUrl, log);
  await ensureQueue(DELIVERY_QUEUE, { heartbeatSeconds: HEARTBEAT_SECONDS, retryLimit: 5, retryDelay: 5, retryBackoff: true, notify: true });
  const concurrency = config.EVENT_WEBHOOK_CONCURRENCY;
  // fewer, larger fetches: each of the `localConcurrency` loops polls while idle (kernel/jobs.ts `pollingOptions`)
  const batchSize = Math.min(concurrency, 16);
  workerId = await jobs().work<DeliveryJob>(
    DELIVERY_QUEUE,
    {
      localConcurrency: Math.max(1, Math.ceil(concurrency / batchSize)),
      batchSize,
      // a full batch is followed by the next fetch at once, not by a poll interval
      burstWhenBatchFull: true,
      ...pollingOptions(POLLING_SECONDS * 1000),
      perJobResults: true as const,
    },
    async (batch: Job<DeliveryJob>[]) =>
      Promise.all(
        batch.map(async (j) => {
          try {
            await deliver(orm.em.fork(), j.data, j.signal);
            return { id: j.id, status: 'completed' as const };
          } catch (err) {
            log.warn({ err, deliveryId: j.data.deliveryId }, 'event delivery attempt not recorded; retried');
            return { id: j.id, status: 'failed' as const, output: { message: (err as Error).message } };
          }
        }),
      ),
  );
  const stopFanOut = followBatches(orm, log, FANOUT_CONSUMER, PUBLIC_TOPICS, fanOut, 100);
  return async () => {
    await stopFanOut();
    const id = workerId;
    workerId = undefined;
    if (id) await jobs().offWork(DELIVERY_QUEUE, { wait: true });
    await closeJobs();
  };
}
