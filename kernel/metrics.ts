import type { Express, Request, Response } from 'express';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (`GET /metrics` on every listener, docs/operations.md). One registry per process:
 * in the one-process topology every listener answers the same numbers, labelled by `service`.
 *
 * Labels never carry user data: a REST route is its path template, a GraphQL request its operation name when that is
 * a plain name among the first OPERATION_NAMES seen (else `other`), a page or asset its express template, an unknown
 * path `unmatched`.
 */
export const registry = new Registry();
/**
 * Node's own metrics. The event loop's lag (`nodejs_eventloop_lag_*`) is sampled by a timer every
 * EVENT_LOOP_SAMPLE_MS: prom-client's 10 ms cost an idle process 0.6 % of a core (a replicated platform runs 26 of
 * them), 100 ms costs a fifth of that and still catches any stall longer than a sample apart.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by service, method, route template (or GraphQL operation name) and status: latency in seconds; _count is the request count.',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const subgraphFetchDuration = new Histogram({
  name: 'gateway_subgraph_fetch_duration_seconds',
  help: "The gateway's fetches from each subgraph (in-process or over HTTP): latency in seconds.",
  labelNames: ['subgraph', 'transport'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: 'db_query_duration_seconds',
  help: "SQL statements run by a subgraph's ORM: latency in seconds, by database schema.",
  labelNames: ['schema'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 RATE_LIMIT_EXCEEDED.',
  registers: [registry],
});

export const eventConsumerLag = new Gauge({
  name: 'event_consumer_lag_seconds',
  help: 'Age of the oldest event a consumer of the event log handled in its last poll (0 when it found nothing new).',
  labelNames: ['consumer', 'topic'] as const,
  registers: [registry],
});

export const eventsConsumed = new Counter({
  name: 'event_consumer_events_total',
  help: 'Events of the event log handled by a consumer.',
  labelNames: ['consumer', 'topic'] as const,
  registers: [registry],
});

export const iotReports = new Counter({
  name: 'iot_reports_total',
  help: 'Device reports the IoT family handled, by outcome (STORED as telemetry, FAILED kept with its error) and source (HTTP, MQTT).',
  labelNames: ['outcome', 'source'] as const,
  registers: [registry],
});

export const iotIngestQueue = new Gauge({
  name: 'iot_ingest_queue_reports',
  help: 'Device reports parsed and waiting to be stored (INGEST_QUEUE_MAX bounds it: back-pressure beyond).',
  registers: [registry],
});

/** The pg pools of this process, by name (a subgraph's schema, or `ratelimit`). */
const pools = new Map<string, pg.Pool>();
export const watchPool = (name: string, pool: pg.Pool) => void pools.set(name, pool);

new Gauge({
  name: 'db_pool_connections',
  help: 'Connections of each database pool of the process, by state: total, idle, and waiting (requests queued for one).',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, pool] of pools) {
      this.set({ pool: name, state: 'total' }, pool.totalCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/**
 * Whether the database answers this process: `select 1` on each of its pools (those of `db_pool_connections`), made when
 * /metrics is read and at most every PROBE_MS (a scrape in between answers the last probe), PROBE_TIMEOUT_MS to answer
 * (a pool too busy to hand out a connection that long counts as down for its callers too).
 */
const PROBE_MS = 15_000;
const PROBE_TIMEOUT_MS = 5_000;

/**
 * `read()` at most once every `ms`, counted from the end of the last read: a call in between answers the last value,
 * calls during a read share it; `forget()` makes the next call read. What a scrape-time collector reads from the
 * database, so that scrapes cost it at most one query set per `ms`.
 */
function sampledEvery<T>(ms: number, read: () => Promise<T>): { get(): Promise<T>; forget(): void } {
  let last: { at: number; value: T } | undefined;
  let reading: Promise<T> | undefined;
  return {
    async get() {
      if (!last || Date.now() - last.at >= ms) {
        reading ??= read().finally(() => (reading = undefined));
        last = { at: Date.now(), value: await reading };
      }
      return last.value;
    },
    forget() {
      last = undefined;
    },
  };
}

/** What `work` gives, or `fallback` when it fails or has not answered within `ms`: a scrape never hangs on the database. */
async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([work.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One pool's answer: true when `select 1` came back within PROBE_TIMEOUT_MS. */
const probe = (pool: pg.Pool) =>
  within(
    pool.query('select 1').then(() => true),
    PROBE_TIMEOUT_MS,
    false,
  );

/** Each pool's last answer, by pool name. */
const databaseUp = sampledEvery(PROBE_MS, async () => {
  const names = [...pools.keys()];
  const answers = await Promise.all(names.map((n) => probe(pools.get(n)!)));
  return new Map(names.map((n, i) => [n, answers[i]]));
});

new Gauge({
  name: 'database_up',
  help: "Whether the database answered this process's last probe (select 1 on each of its pools, at most every 15 s, 5 s to answer): 1 or 0, by pool.",
  labelNames: ['pool'] as const,
  registers: [registry],
  async collect() {
    const up = await databaseUp.get();
    this.reset();
    for (const [pool, answered] of up) this.set({ pool }, answered ? 1 : 0);
  },
});

/** Credential caches' counters (kernel/credential-cache.ts), read when scraped: nothing is added on the request path. */
const caches = new Set<{ stats(): { hits: number; misses: number } }>();
export const watchCredentialCache = (cache: { stats(): { hits: number; misses: number } }) => void caches.add(cache);

new Counter({
  name: 'credential_cache_lookups_total',
  help: "The gateway's credential cache: lookups by result (hit, miss).",
  labelNames: ['result'] as const,
  registers: [registry],
  collect() {
    let hits = 0;
    let misses = 0;
    for (const c of caches) {
      const s = c.stats();
      hits += s.hits;
      misses += s.misses;
    }
    this.reset();
    this.inc({ result: 'hit' }, hits);
    this.inc({ result: 'miss' }, misses);
  },
});

/** Webhook attempts by kind: `event` (event subscriptions, docs/events.md) and `pipeline` (WEBHOOK stages, docs/pipelines.md). */
export type WebhookKind = 'event' | 'pipeline';
/** What became of an attempt: delivered (a 2xx), retrying (failed, another attempt scheduled), failed (failed, the last one). */
export type WebhookOutcome = 'delivered' | 'retrying' | 'failed';
const WEBHOOK_OUTCOMES: readonly WebhookOutcome[] = ['delivered', 'retrying', 'failed'];

export const webhookDeliveries = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts by kind (event: event subscriptions; pipeline: WEBHOOK stages) and outcome: delivered (a 2xx), retrying (failed, another attempt scheduled), failed (failed, no attempt left).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

/** Makes the kind's series exist at 0 in a process that delivers its webhooks (called when its worker starts). */
export function countsWebhooks(kind: WebhookKind): void {
  for (const outcome of WEBHOOK_OUTCOMES) webhookDeliveries.inc({ kind, outcome }, 0);
}

/** The final statuses of a pipeline execution (docs/pipelines.md "Executions"). */
export type PipelineEnd = 'SUCCESS' | 'FAILED' | 'TIMEOUT';
const PIPELINE_ENDS: readonly PipelineEnd[] = ['SUCCESS', 'FAILED', 'TIMEOUT'];

export const pipelineExecutions = new Counter({
  name: 'pipeline_executions_total',
  help: 'Pipeline executions (not simulations) ended, by final status (SUCCESS, FAILED: cancelled ones too, TIMEOUT), counted when the ending commits; a retried execution counts each time it ends.',
  labelNames: ['status'] as const,
  registers: [registry],
});

/** Makes the statuses' series exist at 0 in a process that runs or cancels executions (the engine's start). */
export function countsPipelineExecutions(): void {
  for (const status of PIPELINE_ENDS) pipelineExecutions.inc({ status }, 0);
}

/** The job queue's counts per queue (kernel/jobs.ts: pg-boss's own, refreshed by its monitor every few seconds). */
export interface QueueCounts {
  name: string;
  readyCount: number;
  deferredCount: number;
  activeCount: number;
}
/** Reads them: set by kernel/jobs.ts while this process has the job queue open. */
let queueCounts: (() => Promise<QueueCounts[]>) | undefined;
const JOBS_SAMPLE_MS = 15_000;
// unreadable (the database down): no numbers rather than old ones (database_up says why)
const jobCounts = sampledEvery(JOBS_SAMPLE_MS, () => (queueCounts ? within(queueCounts(), PROBE_TIMEOUT_MS, []) : Promise.resolve([])));
export const watchJobQueue = (read: (() => Promise<QueueCounts[]>) | undefined) => {
  queueCounts = read;
  jobCounts.forget();
};

new Gauge({
  name: 'job_queue_jobs',
  help: 'Jobs of the job queue (pg-boss) by queue and state: ready (due, waiting for a worker), deferred (due later), active (a worker has it). Read at most every 15 s, in processes that opened the queue.',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!queueCounts) return;
    for (const q of await jobCounts.get()) {
      this.set({ queue: q.name, state: 'ready' }, Number(q.readyCount));
      this.set({ queue: q.name, state: 'deferred' }, Number(q.deferredCount));
      this.set({ queue: q.name, state: 'active' }, Number(q.activeCount));
    }
  },
});

/**
 * Distinct operation names labelled per process. The bridge alone sends about 240 (one per REST route, the queries
 * family's included), so the bound leaves room for as many front-end operations; beyond it, `other`.
 */
const OPERATION_NAMES = 500;
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const operationNames = new Set<string>();

/** A GraphQL operation name as a label: plain names only, and at most OPERATION_NAMES distinct ones per process. */
export function operationLabel(name: unknown): string {
  if (typeof name !== 'string' || !PLAIN_NAME.test(name)) return 'anonymous';
  if (operationNames.has(name)) return name;
  if (operationNames.size >= OPERATION_NAMES) return 'other';
  operationNames.add(name);
  return name;
}

/**
 * `GET /metrics`: the Prometheus text format. With METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>`
 * reads it (401 otherwise); unset, it is open (keep the port off the internet, or put it behind the proxy).
 */
export function metricsRoute(app: Express, token: string | undefined): void {
  app.get('/metrics', async (req: Request, res: Response) => {
    if (token && req.header('authorization') !== `Bearer ${token}`) return void res.status(401).type('text/plain').send('metrics: Authorization: Bearer <METRICS_TOKEN> required\n');
    res.type(registry.contentType).send(await registry.metrics());
  });
}
