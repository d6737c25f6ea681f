import type { Express, Request, Response } from 'express';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (`GET /metrics` on every listener, docs/operations.md). One registry per process:
 * in the one-process topology every listener answers the same numbers, labelled by `service`.
 *
 * Labels never carry user data: a REST route is its path template, a GraphQL request its operation name when that is
 * a plain name among the first OPERATION_NAMES seen (else `other`), an unknown path `unmatched`.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

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
