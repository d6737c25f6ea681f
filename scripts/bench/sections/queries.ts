// The `queries` section of `npm run bench`: the queries family's discovery over a growing registry, and matching.
/**
 * `npm run bench`, the `queries` section (BENCH_ROUTES `queries`): what the queries family's discovery and matching
 * cost as the service registry grows (docs/queries.md "Discovery"; docs/performance.md "Queries: discovery and
 * matching"). Run once, in the first topology of the bench, after that topology's route runs (and after `iot`), on the
 * bench's platform and database (a SharedSection: index.ts runs it and renders its report).
 *
 * Fixtures:
 * - API keys with the `queries` scope in the bench's workspace, made through the bridge (header set A, the bench
 *   user's token): a fresh one for every measured phase, because the route's per-key limit (`queries-discovery`, 500
 *   requests a minute; `queries-matching`, 200) is not raised by the bench's RATE_LIMIT_* settings;
 * - the registry, seeded straight into `queries.service_entry` with SQL on the platform's database (DATABASE_URL, or
 *   the embedded PostgreSQL on EMBEDDED_DB_PORT), ONE `insert … select … from generate_series` statement per step on
 *   PostgreSQL (10,000, then +90,000, then +900,000 entries: QUERIES_SIZES; on PGlite the same statement over
 *   PGLITE_BATCH rows at a time, see there), as registry/sync.ts's `upsertEntry` writes a row
 *   (`earth` = ll_to_earth(lat, lng), `composite_id` = lsp || ':' || service_id, `event_id` 0 so that a real event
 *   would overwrite it), then `ANALYZE queries.service_entry` (what autovacuum would do after a bulk load; PGlite runs
 *   none). Entry n is deterministic: its id is md5(workspace || ':' || n), its point uniform over the sphere's area in
 *   latitude −35..60, longitude −20..50 (Europe and Africa, sea included) from hashint8extended(n, seed), its type
 *   WAREHOUSE / CARRIER / HUB / TERMINAL by n mod 4, one of 1,000 provider codes by n mod 1,000, ACTIVE, every one
 *   with a PALLET_POSITIONS capacity (100 total, 40 used) and a PER_KG pricing rule (1.5 USD), so matching has
 *   something to price. The workspace's own few entries (the bench LSP's fleets, from the event log) stay beside them.
 *
 * What it measures, after every step:
 * 1. `POST /v1/queries/discovery/discover` through the bridge (`Authorization: Bearer <key>`, `X-Workspace-ID`), body
 *    `{serviceType: WAREHOUSE, location: {coordinates: [lat, lng], maxDistance: r}, limit: 20}` (r: SCENARIOS) at DISCOVERY_REQUESTS
 *    points of the region (the same points, in the same order, at every size: a fixed seed), one request at a time,
 *    after DISCOVERY_WARMUP others: p50 / p95 / p99, and the mean `total`, services returned and `executionTimeMs`
 *    (the subgraph's own time for the statements), and the Execution Time of EXPLAIN ANALYZE of the page statement
 *    (registry/store.ts `explainableSearch`) at the same points;
 * 2. the 50 km requests at LOAD_CONNECTIONS concurrent connections (load.ts, LOAD_REQUESTS requests): req/s (every
 *    response ÷ the run's wall time), p50 / p95.
 * Then, at the largest size, EXPLAIN (ANALYZE, BUFFERS) of the discovery statement (registry/store.ts
 * `explainableSearch`, after one run of it) at the first request point; it must read the GiST index
 * `service_entry_earth_gist`.
 *
 * Matching: a second workspace of the bench user (made through the bridge, with its own key) holding a dense cluster of
 * MATCH_CANDIDATES WAREHOUSE entries within MATCH_RADIUS_KM of Nairobi, seeded the same way; `POST
 * /v1/queries/matching/match` `{serviceTypes: [WAREHOUSE], delivery: {coordinates: [the centre]}, items: [{sku A,
 * quantity 2, weight 5}], strategy: BALANCED}`, MATCH_REQUESTS requests one at a time after MATCH_WARMUP: p50 / p95, and
 * the answer's `totalCandidates` (it should be MATCH_CANDIDATES). A route that answers anything but 200 with
 * `error: false` stops the bench (BENCH_QUERIES_MATCHING=0 leaves matching out, said in the section).
 *
 * Target (issue 17): discovery p95 at 1,000,000 entries at most 2× its p95 at 10,000, on PostgreSQL (the index),
 * reported for the issue's 50 km request and for a radius that keeps the result size constant (SCENARIOS), through the
 * bridge and for the page statement alone. On DATABASE_URL the seeded entries are deleted at the end.
 *
 * Environment: BENCH_QUERIES_SIZES (`10000,100000,1000000`), BENCH_QUERIES_REQUESTS (300), BENCH_QUERIES_WARMUP (30),
 * BENCH_QUERIES_CONNECTIONS (4), BENCH_QUERIES_LOAD_REQUESTS (400), BENCH_QUERIES_MATCHING (1; 0 leaves matching out),
 * BENCH_QUERIES_MATCH_REQUESTS (30).
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { earthPointSql } from '../../../kernel/db.js';
import { explainableSearch } from '../../../subgraphs/queries/registry/store.js';
import { CENTRE, createApiKey, createWorkspace, numbered, rng, setA } from '../fixtures.js';
import { runLoad } from '../load.js';
import { EXTERNAL_DB, setting, settingList, type SharedSection } from '../platform.js';
import { code, fmt, list, mean, pct, table, type Block } from '../report.js';

// ───────────────────────────── settings ─────────────────────────────

const num = (name: string, def: number, min = 1) => Math.round(setting(name, def, min));
export const QUERIES_SIZES = settingList('BENCH_QUERIES_SIZES', '10000,100000,1000000')
  .map(Number)
  .filter((n) => n > 0);
for (const [i, n] of QUERIES_SIZES.entries()) {
  if (!Number.isInteger(n) || n % 4 !== 0 || (i > 0 && n <= QUERIES_SIZES[i - 1])) {
    throw new Error('BENCH_QUERIES_SIZES: increasing multiples of 4 (the four service types in turn), e.g. 10000,100000,1000000');
  }
}
if (!QUERIES_SIZES.length) throw new Error('BENCH_QUERIES_SIZES is empty');
const DISCOVERY_REQUESTS = num('BENCH_QUERIES_REQUESTS', 300);
const DISCOVERY_WARMUP = num('BENCH_QUERIES_WARMUP', 30, 0);
const LOAD_CONNECTIONS = num('BENCH_QUERIES_CONNECTIONS', 4);
const LOAD_REQUESTS = num('BENCH_QUERIES_LOAD_REQUESTS', 400);
const MATCHING = !/^(0|false|no)$/i.test(process.env.BENCH_QUERIES_MATCHING ?? '1');
const MATCH_REQUESTS = num('BENCH_QUERIES_MATCH_REQUESTS', 30);
const MATCH_WARMUP = 5;
/** Requests of each radius against the empty registry before the first size (each phase then warms up again). */
const ROUTE_WARMUP = 150;
// a fresh key per phase: the phase must stay under the route's per-key limit (kernel/ratelimit.ts ROUTE_LIMITS)
const DISCOVERY_PER_KEY = 500;
const MATCHING_PER_KEY = 200;
if (DISCOVERY_WARMUP + DISCOVERY_REQUESTS > DISCOVERY_PER_KEY - 10 || LOAD_REQUESTS + 10 > DISCOVERY_PER_KEY - 10) {
  throw new Error(
    `BENCH_QUERIES_WARMUP + BENCH_QUERIES_REQUESTS and BENCH_QUERIES_LOAD_REQUESTS: at most ${DISCOVERY_PER_KEY - 20} (one API key per phase; queries-discovery allows ${DISCOVERY_PER_KEY} a minute)`,
  );
}
if (MATCH_WARMUP + MATCH_REQUESTS > MATCHING_PER_KEY - 10) throw new Error(`BENCH_QUERIES_MATCH_REQUESTS: at most ${MATCHING_PER_KEY - 10 - MATCH_WARMUP}`);

/**
 * On PGlite, rows a seeding statement (each well under a second): one statement of 90,000 rows there left the embedded
 * database's socket queue waiting for ever (PGlite idle, every connection queued), reproduced twice; batches do not.
 */
export const PGLITE_BATCH = 5000;
/** The search: WAREHOUSE within RADIUS_KM of a point, a page of PAGE. */
export const RADIUS_KM = 50;
const PAGE = 20;
/** The region, degrees: entries and request points uniform over the sphere's area within it. */
export const REGION = { latMin: -35, latMax: 60, lngMin: -20, lngMax: 50 };
/** The matching cluster. */
export const MATCH_CANDIDATES = 10_000;
export const MATCH_RADIUS_KM = 30;
const TYPES = ['WAREHOUSE', 'CARRIER', 'HUB', 'TERMINAL'] as const;
const SOURCES: Record<(typeof TYPES)[number], string> = { WAREHOUSE: 'WAREHOUSE', CARRIER: 'FLEET', HUB: 'HUB', TERMINAL: 'PARKING' };
const LSP_CODES = 1000;
const CAPACITIES = [{ type: 'PALLET_POSITIONS', total: 100, used: 40, unit: 'pallets' }];
const PRICING = [{ id: 'r1', name: 'kg', basis: 'PER_KG', rate: { amount: 1.5, currency: 'USD' } }];
const CAPABILITIES = { features: [], facilityType: null, serviceLevel: null, operatingMode: null, digitalTwinSync: false };

// ───────────────────────────── seeding ─────────────────────────────

const rad = (d: number) => (d * Math.PI) / 180;
const SIN_MIN = Math.sin(rad(REGION.latMin));
const SIN_MAX = Math.sin(rad(REGION.latMax));

/** A point uniform over the sphere's area within REGION (sin(lat) uniform, lng uniform). */
export function regionPoint(random: () => number): [number, number] {
  const lat = (Math.asin(SIN_MIN + random() * (SIN_MAX - SIN_MIN)) * 180) / Math.PI;
  const lng = REGION.lngMin + random() * (REGION.lngMax - REGION.lngMin);
  return [Math.round(lat * 1e6) / 1e6, Math.round(lng * 1e6) / 1e6];
}

/** u_k(n), uniform in [0, 1), deterministic: 53 bits of hashint8extended(n, k). */
const u = (k: number) => `((hashint8extended(g.n, ${k}) & 9007199254740991)::float8 / 9007199254740992.0)`;

/** Where entry n is: uniform over REGION's area, or (cluster) uniform over a disc of `radiusKm` around `centre`. */
function placement(where: { region: true } | { centre: { lat: number; lng: number }; radiusKm: number }): { lat: string; lng: string } {
  if ('region' in where) {
    return {
      lat: `degrees(asin(${SIN_MIN} + ${u(1)} * (${SIN_MAX - SIN_MIN})))`,
      lng: `(${REGION.lngMin} + ${u(2)} * ${REGION.lngMax - REGION.lngMin})`,
    };
  }
  const { centre, radiusKm } = where;
  const r = `(${radiusKm} * sqrt(${u(1)}))`;
  const a = `(2 * pi() * ${u(2)})`;
  return {
    lat: `(${centre.lat} + ${r} / 111.2 * sin(${a}))`,
    lng: `(${centre.lng} + ${r} / (111.2 * cos(radians(${centre.lat}))) * cos(${a}))`,
  };
}

/**
 * Entries n = from..to of the workspace in one statement, as sync.ts's upsertEntry writes a row. `type`: every entry
 * of it, else the four types by n mod 4.
 */
export function seedStatement(where: Parameters<typeof placement>[0], type?: (typeof TYPES)[number]): string {
  const p = placement(where);
  const typeOf = type ? `'${type}'` : `(array[${TYPES.map((t) => `'${t}'`).join(', ')}])[1 + (g.n % 4)::int]`;
  const sourceOf = type ? `'${SOURCES[type]}'` : `(array[${TYPES.map((t) => `'${SOURCES[t]}'`).join(', ')}])[1 + (g.n % 4)::int]`;
  return `insert into "queries"."service_entry" (service_id, workspace_id, lsp, composite_id, service_type, source, name, description, lat, lng, earth,
      address, timezone, capabilities, capacities, computed_capacities, capacities_updated_at, pricing, tags, status, created_at, updated_at, last_synced, event_id)
    select s.id, $1::uuid, s.lsp, s.lsp || ':' || s.id::text, s.type, s.source, initcap(s.type) || ' ' || lpad(s.n::text, 7, '0'), null, s.lat, s.lng,
      ${earthPointSql('s.lat', 's.lng')},
      jsonb_build_object('street1', s.n::text || ' Bench Street', 'city', 'Bench', 'country', 'XX', 'coordinates', jsonb_build_array(s.lat, s.lng)),
      'UTC', $4::jsonb, $5::jsonb, '[]'::jsonb, now(), $6::jsonb, jsonb_build_array(s.type), 'ACTIVE', now(), now(), now(), 0
    from (select g.n, md5($1::uuid::text || ':' || g.n::text)::uuid as id, 'BQ' || lpad((g.n % ${LSP_CODES})::text, 4, '0') as lsp,
            ${typeOf} as type, ${sourceOf} as source, ${p.lat} as lat, ${p.lng} as lng
          from generate_series($2::int8, $3::int8) as g(n)) s`;
}

/**
 * Entries `from`..`to` by `sql` (seedStatement), seconds. One plain statement: the bench's own `pg` client has no
 * statement timeout, and on PGlite an explicit transaction of this client would hold the one shared session between
 * its statements (pglite-socket), which the platform's connections wait for.
 */
async function seedRows(db: pg.Client, sql: string, workspaceId: string, from: number, to: number, batch = Infinity): Promise<number> {
  const t0 = performance.now();
  for (let first = from; first <= to; first += batch) {
    const last = Math.min(to, first + batch - 1);
    await db.query(sql, [workspaceId, first, last, JSON.stringify(CAPABILITIES), JSON.stringify(CAPACITIES), JSON.stringify(PRICING)]);
  }
  return (performance.now() - t0) / 1000;
}

async function analyze(db: pg.Client): Promise<number> {
  const t0 = performance.now();
  await db.query('analyze "queries"."service_entry"');
  return (performance.now() - t0) / 1000;
}

// ───────────────────────────── requests ─────────────────────────────

interface Caller {
  bridge: string;
  workspaceId: string;
  ownerToken: string;
}

/** A new API key of the workspace with the `queries` scope. */
async function newKey(c: Caller, name: string): Promise<string> {
  return (await createApiKey(c.bridge, setA(c.ownerToken), c.workspaceId, name, ['queries'])).key;
}

const headersOf = (key: string, workspaceId: string) => ({ authorization: `Bearer ${key}`, 'x-workspace-id': workspaceId, 'content-type': 'application/json' });

interface Answer {
  ms: number;
  status: number;
  body: Record<string, unknown>;
  text: string;
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  const ms = performance.now() - t0;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON: fails the check below */
  }
  return { ms, status: res.status, body: parsed, text };
}

/** Throws unless the answer is 200 with `error: false`. */
function ensureOk(what: string, a: Answer): void {
  if (a.status !== 200 || a.body.error !== false) throw new Error(`${what} answered ${a.status}: ${a.text.slice(0, 600)}`);
}

interface LoadRun {
  connections: number;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  failures: number;
  firstFailure?: string;
}

/**
 * `amount` requests of `bodies` in turn at `connections` concurrent connections (load.ts); every latency kept; req/s:
 * every response ÷ the run's wall time; failures: no response (a timeout counted twice, as autocannon counts it among
 * its errors too), or a status outside 2xx.
 */
async function loadRun(url: string, headers: Record<string, string>, bodies: string[], connections: number, amount: number): Promise<LoadRun> {
  const s = await runLoad({ url, method: 'POST', headers: () => headers, bodies, ok: () => true }, { connections, amount, checkBodies: false });
  const failures = s.socketErrors + s.timeouts + s.non2xx;
  return { connections, requests: s.responses, seconds: s.wallSeconds, rps: s.responses / s.wallSeconds, p50: s.p50, p95: s.p95, failures, firstFailure: s.firstFailure };
}

// ───────────────────────────── results ─────────────────────────────

/**
 * The two request sets measured at every size: the issue's (`fixed`: 50 km wherever the registry stands, so the result
 * grows with the registry: ≈ 0.3 WAREHOUSE in range at 10,000 entries, ≈ 27 at 1,000,000) and one whose radius shrinks
 * as the registry grows (`scaled`: 50 km × √(1,000,000 ÷ size), 500 km at 10,000, so ≈ 27 in range at every size and
 * every request a full page): the cost of the index alone, with the same work around it.
 */
export type ScenarioId = 'fixed' | 'scaled';
export const SCENARIOS: { id: ScenarioId; label: string; radiusKm: (size: number) => number }[] = [
  { id: 'fixed', label: `${RADIUS_KM} km at every size (the issue's request)`, radiusKm: () => RADIUS_KM },
  { id: 'scaled', label: `${RADIUS_KM} km × √(1,000,000 ÷ entries): the same result size at every size`, radiusKm: (size) => Math.round(RADIUS_KM * Math.sqrt(1_000_000 / size) * 1000) / 1000 },
];

export interface ScenarioResult {
  id: ScenarioId;
  radiusKm: number;
  /** Sequential requests' latencies (ms, sorted). */
  latencies: number[];
  meanTotal: number;
  meanReturned: number;
  noResults: number;
  /** The answers' executionTimeMs (the subgraph's statements), mean and p95. */
  meanExecutionMs: number;
  p95ExecutionMs: number;
  /** Execution Time of EXPLAIN ANALYZE of the page statement (explainableSearch) at every request point (ms, sorted). */
  statementMs: number[];
}

export interface SizeResult {
  /** Entries seeded so far. */
  size: number;
  /** Entries of the workspace (seeded and the bench's own), and its ACTIVE WAREHOUSE ones. */
  entries: number;
  warehouses: number;
  /** This step's rows and seconds: the one INSERT, then ANALYZE. */
  inserted: number;
  insertSeconds: number;
  analyzeSeconds: number;
  scenarios: ScenarioResult[];
  /** The `fixed` requests at LOAD_CONNECTIONS connections. */
  load: LoadRun;
  /** The machine's 1-minute load average when the sequential requests ended. */
  loadAverage: number;
}

export interface PlanResult {
  size: number;
  point: [number, number];
  text: string;
  usesGist: boolean;
  executionMs: number;
}

export type MatchingResult =
  | { skipped: string }
  | {
      candidates: number;
      seedSeconds: number;
      latencies: number[];
      totalCandidates: number[];
      recommendations: number;
    };

export interface QueriesResult {
  sizes: SizeResult[];
  plan?: PlanResult;
  matching: MatchingResult;
  external: boolean;
  notes: string[];
}

type QueriesOptions = Parameters<SharedSection<QueriesResult>['run']>[0];

// ───────────────────────────── the run ─────────────────────────────

/** EXPLAIN ANALYZE of the page statement at every point: its Execution Time, ms, sorted. */
async function statementTimes(db: pg.Client, workspaceId: string, points: [number, number][], radiusKm: number): Promise<number[]> {
  const times: number[] = [];
  for (const [lat, lng] of points) {
    const q = explainableSearch(workspaceId, 'WAREHOUSE', lat, lng, radiusKm);
    const { rows } = await db.query<{ 'QUERY PLAN': { 'Execution Time': number }[] }>(`explain (analyze, format json) ${numbered(q.sql)}`, q.params);
    times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
  }
  return times.sort((a, b) => a - b);
}

async function runQueries(o: QueriesOptions, log: (msg: string) => void, aborted: () => boolean): Promise<QueriesResult> {
  const { fx } = o;
  const notes: string[] = [];
  const caller: Caller = { bridge: o.bridge, workspaceId: fx.workspaceId, ownerToken: fx.user.accessToken };
  const url = `${o.bridge}/v1/queries/discovery/discover`;
  const sizes = QUERIES_SIZES;

  // the same request points, in the same order, at every size
  const random = rng(1711);
  const points = Array.from({ length: DISCOVERY_WARMUP + DISCOVERY_REQUESTS }, () => regionPoint(random));
  const measured = points.slice(DISCOVERY_WARMUP);
  const bodiesOf = (radiusKm: number) => points.map((p) => JSON.stringify({ serviceType: 'WAREHOUSE', location: { coordinates: p, maxDistance: radiusKm }, limit: PAGE }));

  const db = new pg.Client({ connectionString: o.databaseUrl });
  await db.connect();
  const workspaces = [fx.workspaceId];
  const result: QueriesResult = { sizes: [], matching: { skipped: 'not run' }, external: !!EXTERNAL_DB, notes };
  try {
    let phase = 0;
    const keyOf = async () => newKey(caller, `bench-queries-${++phase}`);
    // the route answers before anything is seeded (the workspace's own entries only)
    // and warms the route up (the platform's first queries requests are slower: compiled code, caches, connections),
    // so that the first size is not measured cold
    const warm = headersOf(await keyOf(), fx.workspaceId);
    for (const radiusKm of [RADIUS_KM, 500]) {
      for (const body of bodiesOf(radiusKm).slice(0, ROUTE_WARMUP)) ensureOk('POST /v1/queries/discovery/discover (before seeding)', await post(url, warm, body));
    }

    const seed = seedStatement({ region: true });
    let seeded = 0;
    for (const size of sizes) {
      if (aborted()) throw new Error('interrupted');
      log(
        `  queries: seeding entries ${(seeded + 1).toLocaleString('en-US')}–${size.toLocaleString('en-US')} (${EXTERNAL_DB ? 'one INSERT … SELECT' : `INSERT … SELECT, ${PGLITE_BATCH.toLocaleString('en-US')} rows a statement`}) ...`,
      );
      const insertSeconds = await seedRows(db, seed, fx.workspaceId, seeded + 1, size, EXTERNAL_DB ? Infinity : PGLITE_BATCH);
      const analyzeSeconds = await analyze(db);
      const inserted = size - seeded;
      seeded = size;
      const { rows: counts } = await db.query<{ n: string; w: string }>(
        `select count(*) as n, count(*) filter (where service_type = 'WAREHOUSE' and status = 'ACTIVE') as w from "queries"."service_entry" where workspace_id = $1`,
        [fx.workspaceId],
      );
      log(
        `  queries: ${inserted.toLocaleString('en-US')} rows in ${insertSeconds.toFixed(1)} s (${Math.round(inserted / insertSeconds).toLocaleString('en-US')} rows/s), ANALYZE ${analyzeSeconds.toFixed(1)} s; ` +
          `${Number(counts[0].n).toLocaleString('en-US')} entries in the workspace`,
      );

      const scenarios: ScenarioResult[] = [];
      for (const scenario of SCENARIOS) {
        const radiusKm = scenario.radiusKm(size);
        const bodies = bodiesOf(radiusKm);
        // sequential requests, after a warm-up, with a key of their own
        const headers = headersOf(await keyOf(), fx.workspaceId);
        for (let i = 0; i < DISCOVERY_WARMUP; i++) ensureOk('POST /v1/queries/discovery/discover (warm-up)', await post(url, headers, bodies[i]));
        const answers: Answer[] = [];
        for (let i = DISCOVERY_WARMUP; i < bodies.length; i++) {
          if (aborted()) throw new Error('interrupted');
          const a = await post(url, headers, bodies[i]);
          ensureOk(`POST /v1/queries/discovery/discover at ${size.toLocaleString('en-US')} entries`, a);
          answers.push(a);
        }
        const executions = answers.map((a) => Number(a.body.executionTimeMs)).sort((a, b) => a - b);
        const s: ScenarioResult = {
          id: scenario.id,
          radiusKm,
          latencies: answers.map((a) => a.ms).sort((a, b) => a - b),
          meanTotal: mean(answers.map((a) => Number(a.body.total))),
          meanReturned: mean(answers.map((a) => (Array.isArray(a.body.services) ? a.body.services.length : 0))),
          noResults: answers.filter((a) => a.body.status === 'NO_RESULTS').length,
          meanExecutionMs: mean(executions),
          p95ExecutionMs: pct(executions, 0.95),
          statementMs: await statementTimes(db, fx.workspaceId, measured, radiusKm),
        };
        scenarios.push(s);
        log(
          `  queries: discovery at ${size.toLocaleString('en-US')} entries, ${radiusKm} km: p50 ${fmt.ms(pct(s.latencies, 0.5))} ms, p95 ${fmt.ms(pct(s.latencies, 0.95))} ms, ` +
            `p99 ${fmt.ms(pct(s.latencies, 0.99))} ms; mean total ${s.meanTotal.toFixed(2)}, returned ${s.meanReturned.toFixed(2)}; executionTimeMs mean ${fmt.ms(s.meanExecutionMs)}; ` +
            `statement p50 / p95 ${fmt.ms(pct(s.statementMs, 0.5))} / ${fmt.ms(pct(s.statementMs, 0.95))} ms`,
        );
      }
      const loadAverage = loadavg()[0];

      // the issue's requests at LOAD_CONNECTIONS connections, with another key
      const loadHeaders = headersOf(await keyOf(), fx.workspaceId);
      const fixed = bodiesOf(RADIUS_KM);
      for (let i = 0; i < 10; i++) ensureOk('POST /v1/queries/discovery/discover (warm-up)', await post(url, loadHeaders, fixed[i]));
      const load = await loadRun(url, loadHeaders, fixed.slice(DISCOVERY_WARMUP), LOAD_CONNECTIONS, LOAD_REQUESTS);
      if (load.failures)
        notes.push(`discovery at ${size.toLocaleString('en-US')} entries, ${LOAD_CONNECTIONS} connections: ${load.failures} failed requests (first: ${load.firstFailure ?? 'no response'})`);
      log(`  queries: ${LOAD_CONNECTIONS} connections, ${RADIUS_KM} km: ${Math.round(load.rps)} req/s, p50 ${fmt.ms(load.p50)} ms, p95 ${fmt.ms(load.p95)} ms`);

      result.sizes.push({
        size,
        entries: Number(counts[0].n),
        warehouses: Number(counts[0].w),
        inserted,
        insertSeconds,
        analyzeSeconds,
        scenarios,
        load,
        loadAverage,
      });
    }

    // the plan at the largest size, of the issue's request at the first measured point
    const last = sizes[sizes.length - 1];
    const point = measured[0];
    const q = explainableSearch(fx.workspaceId, 'WAREHOUSE', point[0], point[1], RADIUS_KM);
    await db.query(numbered(q.sql), q.params);
    const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${numbered(q.sql)}`, q.params);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    result.plan = { size: last, point, text, usesGist: /service_entry_earth_gist/.test(text), executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN) };
    log(`  queries: EXPLAIN (ANALYZE, BUFFERS) at ${last.toLocaleString('en-US')} entries:\n${text}`);
    if (!result.plan.usesGist) notes.push(`**the discovery statement's plan at ${last.toLocaleString('en-US')} entries does not read service_entry_earth_gist**`);

    // matching, in a workspace of its own holding only the cluster
    if (!MATCHING) {
      result.matching = { skipped: 'not measured (BENCH_QUERIES_MATCHING=0)' };
      log('  queries: matching not measured (BENCH_QUERIES_MATCHING=0)');
    } else {
      result.matching = await runMatching(o, db, workspaces, log, aborted);
    }
  } finally {
    if (EXTERNAL_DB) {
      const { rowCount } = await db.query('delete from "queries"."service_entry" where workspace_id = any($1::uuid[]) and event_id = 0', [workspaces]);
      log(`  queries: removed the benchmark's ${rowCount} registry entries from DATABASE_URL`);
    }
    await db.end();
  }
  return result;
}

async function runMatching(o: QueriesOptions, db: pg.Client, workspaces: string[], log: (msg: string) => void, aborted: () => boolean): Promise<MatchingResult> {
  const { fx } = o;
  const stamp = Date.now().toString(36);
  const workspaceId = await createWorkspace(o.bridge, setA(fx.user.accessToken), `Bench matching ${stamp}`);
  workspaces.push(workspaceId);
  log(`  queries: seeding ${MATCH_CANDIDATES.toLocaleString('en-US')} WAREHOUSE entries within ${MATCH_RADIUS_KM} km of (${CENTRE.lat}, ${CENTRE.lng}) in a workspace of their own ...`);
  const seedSeconds =
    (await seedRows(db, seedStatement({ centre: CENTRE, radiusKm: MATCH_RADIUS_KM }, 'WAREHOUSE'), workspaceId, 1, MATCH_CANDIDATES, EXTERNAL_DB ? Infinity : PGLITE_BATCH)) + (await analyze(db));
  const key = await newKey({ bridge: o.bridge, workspaceId, ownerToken: fx.user.accessToken }, 'bench-queries-matching');
  const headers = headersOf(key, workspaceId);
  const url = `${o.bridge}/v1/queries/matching/match`;
  const body = JSON.stringify({
    serviceTypes: ['WAREHOUSE'],
    delivery: { coordinates: [CENTRE.lat, CENTRE.lng] },
    items: [{ sku: 'A', quantity: 2, weight: 5 }],
    strategy: 'BALANCED',
  });
  const first = await post(url, headers, body);
  if (first.status === 404 && first.body.error !== false) {
    throw new Error(`matching route not served: POST /v1/queries/matching/match answered 404: ${first.text.slice(0, 300)} (BENCH_QUERIES_MATCHING=0 leaves matching out)`);
  }
  ensureOk('POST /v1/queries/matching/match', first);
  for (let i = 1; i < MATCH_WARMUP; i++) ensureOk('POST /v1/queries/matching/match (warm-up)', await post(url, headers, body));
  const answers: Answer[] = [];
  for (let i = 0; i < MATCH_REQUESTS; i++) {
    if (aborted()) throw new Error('interrupted');
    const a = await post(url, headers, body);
    ensureOk('POST /v1/queries/matching/match', a);
    answers.push(a);
  }
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const totalCandidates = [...new Set(answers.map((a) => Number(a.body.totalCandidates)))];
  const recommendations = Array.isArray(first.body.recommendations) ? first.body.recommendations.length : 0;
  log(
    `  queries: matching at ${MATCH_CANDIDATES.toLocaleString('en-US')} candidates: p50 ${fmt.ms(pct(latencies, 0.5))} ms, p95 ${fmt.ms(pct(latencies, 0.95))} ms; ` +
      `totalCandidates ${totalCandidates.join(', ')}, ${recommendations} recommendations`,
  );
  return { candidates: MATCH_CANDIDATES, seedSeconds, latencies, totalCandidates, recommendations };
}

// ───────────────────────────── report ─────────────────────────────

/** p95 at the largest size ÷ p95 at the smallest, of `pick`, with the verdict against the 2× target. */
function ratioLine(r: QueriesResult, what: string, pick: (s: SizeResult) => number[]): string | undefined {
  const small = r.sizes[0];
  const large = r.sizes[r.sizes.length - 1];
  if (!small || !large || large === small) return undefined;
  const a = pct(pick(large), 0.95);
  const b = pct(pick(small), 0.95);
  const ratio = a / b;
  const verdict = ratio <= 2 ? 'PASS' : 'FAIL';
  return `${what}: p95 at ${fmt.int(large.size)} ÷ p95 at ${fmt.int(small.size)} entries = ${fmt.ms(a)} ÷ ${fmt.ms(b)} ms = **${ratio.toFixed(2)}× → ${large.size === 1_000_000 ? verdict : `${verdict} at ${fmt.int(large.size)}`}**`;
}

function queriesReport(r: QueriesResult, database: string): Block[] {
  const scenario = (s: SizeResult, id: ScenarioId) => s.scenarios.find((x) => x.id === id)!;
  const blocks: Block[] = [
    '### Queries: discovery and matching (`queries`)',
    `${database}; ${cpus().length} cores. The registry seeded by SQL (${r.external ? 'one INSERT … SELECT from generate_series per step' : `INSERT … SELECT from generate_series, ${PGLITE_BATCH.toLocaleString('en-US')} rows a statement`}), entries uniform over latitude ${REGION.latMin}..${REGION.latMax}, ` +
      `longitude ${REGION.lngMin}..${REGION.lngMax} (sea included), the four service types in turn, every one ACTIVE with a capacity and a PER_KG rule; then ANALYZE. ` +
      `\`POST /v1/queries/discovery/discover\` through the bridge, WAREHOUSE, limit ${PAGE}, at ${DISCOVERY_REQUESTS} points of the region (a fixed seed: the same points at every size), ` +
      `one request at a time after ${DISCOVERY_WARMUP} others, with two radii (below); then the ${RADIUS_KM} km requests, ${LOAD_REQUESTS} of them, at ${LOAD_CONNECTIONS} connections (autocannon). ` +
      "A fresh API key per phase (the per-key limit of 500 discovery requests a minute). `exec ms`: the answer's executionTimeMs (the subgraph's statements); " +
      '`statement ms`: Execution Time of EXPLAIN ANALYZE of the page statement (registry/store.ts `explainableSearch`) at the same points; ' +
      "`load avg`: the machine's 1-minute load average after the sequential requests (other processes make the latencies less reliable).",
    table(
      ['entries seeded', 'in the workspace (WAREHOUSE)', 'seeding: rows, INSERT s, ANALYZE s', `${RADIUS_KM} km at ${LOAD_CONNECTIONS} conn.: req/s, p50 / p95 ms`, 'load avg'],
      r.sizes.map((s) => [
        fmt.int(s.size),
        `${fmt.int(s.entries)} (${fmt.int(s.warehouses)})`,
        `${fmt.int(s.inserted)}, ${s.insertSeconds.toFixed(1)}, ${s.analyzeSeconds.toFixed(1)}`,
        `${fmt.int(s.load.rps)}, ${fmt.ms(s.load.p50)} / ${fmt.ms(s.load.p95)}${s.load.failures ? ` (${s.load.failures} failed)` : ''}`,
        s.loadAverage.toFixed(2),
      ]),
      'rrrrr',
    ),
  ];
  for (const sc of SCENARIOS) {
    blocks.push(
      `**Discovery, ${sc.label}**, one request at a time:`,
      table(
        ['entries', 'radius km', 'p50 ms', 'p95 ms', 'p99 ms', 'mean total', 'mean returned', 'NO_RESULTS', 'exec ms mean / p95', 'statement ms p50 / p95'],
        r.sizes.map((size) => {
          const s = scenario(size, sc.id);
          return [
            fmt.int(size.size),
            String(s.radiusKm),
            fmt.ms(pct(s.latencies, 0.5)),
            `**${fmt.ms(pct(s.latencies, 0.95))}**`,
            fmt.ms(pct(s.latencies, 0.99)),
            s.meanTotal.toFixed(2),
            s.meanReturned.toFixed(2),
            `${s.noResults} / ${s.latencies.length}`,
            `${fmt.ms(s.meanExecutionMs)} / ${fmt.ms(s.p95ExecutionMs)}`,
            `${fmt.ms(pct(s.statementMs, 0.5))} / ${fmt.ms(pct(s.statementMs, 0.95))}`,
          ];
        }),
        'rrrrrrrrrr',
      ),
    );
  }
  const where = r.external ? '' : "; this run is on PGlite, the target is PostgreSQL's";
  const lines = [
    ratioLine(r, `the issue's request (${RADIUS_KM} km), through the bridge`, (s) => scenario(s, 'fixed').latencies),
    ratioLine(r, 'the same result size (scaled radius), through the bridge', (s) => scenario(s, 'scaled').latencies),
    ratioLine(r, `the page statement alone (EXPLAIN ANALYZE), ${RADIUS_KM} km`, (s) => scenario(s, 'fixed').statementMs),
    ratioLine(r, 'the page statement alone, the same result size', (s) => scenario(s, 'scaled').statementMs),
  ].filter((l): l is string => !!l);
  if (lines.length) blocks.push(`**Target: p95 at 1,000,000 entries ≤ 2× p95 at 10,000, on PostgreSQL${where}:**`, list(lines));
  const m = r.matching;
  if ('skipped' in m) {
    blocks.push(`**Matching**: ${m.skipped}.`);
  } else {
    const ok = m.totalCandidates.length === 1 && m.totalCandidates[0] === m.candidates;
    blocks.push(
      `**Matching** (\`POST /v1/queries/matching/match\`, WAREHOUSE, delivery at the cluster's centre, one item of 2 × 5 kg, BALANCED; a workspace of its own holding ` +
        `${fmt.int(m.candidates)} WAREHOUSE entries within ${MATCH_RADIUS_KM} km, seeded and analyzed in ${m.seedSeconds.toFixed(1)} s; ${m.latencies.length} requests one at a time after ${MATCH_WARMUP}):`,
      table(
        ['candidates seeded', 'totalCandidates answered', 'recommendations', 'p50 ms', 'p95 ms', 'max ms'],
        [
          [
            fmt.int(m.candidates),
            ok ? fmt.int(m.totalCandidates[0]) : `**${m.totalCandidates.map(fmt.int).join(', ')}** (not ${fmt.int(m.candidates)})`,
            String(m.recommendations),
            fmt.ms(pct(m.latencies, 0.5)),
            `**${fmt.ms(pct(m.latencies, 0.95))}**`,
            fmt.ms(m.latencies[m.latencies.length - 1]),
          ],
        ],
        'rrrrrr',
      ),
    );
  }
  if (r.plan) {
    blocks.push(
      `**The discovery statement's plan at ${fmt.int(r.plan.size)} entries** (registry/store.ts \`explainableSearch\` at (${r.plan.point.join(', ')}), ${RADIUS_KM} km; EXPLAIN (ANALYZE, BUFFERS) after one run; ` +
        `${r.plan.usesGist ? 'reads the GiST index service_entry_earth_gist' : '**does not read service_entry_earth_gist**'}; ${fmt.ms(r.plan.executionMs)} ms):`,
      code(r.plan.text),
    );
  }
  if (r.notes.length) blocks.push(list(r.notes));
  return blocks;
}

export const queriesSection: SharedSection<QueriesResult> = {
  name: 'queries',
  what: 'the queries family (discovery over a growing registry, matching)',
  run: runQueries,
  report: queriesReport,
};
