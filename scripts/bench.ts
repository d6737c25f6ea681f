/**
 * `npm run bench`: what each layer of the platform costs, on five routes (not a test; prints tables).
 *
 * Starts the platform itself (`node dist/scripts/start.js`, own process group, fresh temporary DATA_DIR, free ports,
 * rate limits raised to 1e9, LOG_LEVEL=warn) on the embedded PostgreSQL, or on DATABASE_URL when set; makes its
 * fixtures through the REST bridge (a user, a workspace with an LSP, fleets with vehicles, an API key, BENCH_POSITIONS
 * vehicle positions; for `operators`, a CSP with a connector, 20 LSPs with coverage and an intent; for `faqs`, two
 * LSPs with 1,000 and 100,000 FAQs, the first 20 of each through the bridge and the rest by SQL), then measures with
 * autocannon, at 1 and at 32 connections, up to four layers of each route:
 *
 * - bare: scripts/bench-bare.ts, a `node:http` server with a `pg` Pool of DB_POOL_SIZE running the same SQL and
 *   answering the same JSON (no credential check: the ids are in its path);
 * - subgraph alone: the subgraph's own /graphql with a principal signed as the gateway signs it;
 * - gateway: POST /graphql with the route's own operation (from rest-bridge/routes) and the route's credential;
 * - bridge: the REST route.
 *
 * Routes: GET /v1/users/me; GET /v1/lsp/fleets (the LSP's fleets with their vehicle counts: the subgraph loads the
 * vehicles of the page's fleets); POST /realm/utilities/nearby/search (radius search over BENCH_POSITIONS positions);
 * GET /v1/order/operators (`operators`, the commerce family: a client's intent with two stops in Rotterdam and one
 * package, offered by the 20 LSPs of the workspace whose ACTIVE coverage serves both stops, out of 200 areas; half of
 * them price by a hub's PER_KM rule, the other half by the utilities' delivery fare; every request signs its 20
 * quotes). The operators route is measured at the gateway and bridge layers only: it has no bare handler and no
 * subgraph-alone scenario. The notes report its bridge p95 against GET /v1/users/me's in the same run (target ≤ 3× on
 * PostgreSQL), from dedicated runs of the two bridge routes in each round (bench-load.ts keeps p50 and p99 only).
 * GET /v1/lsps/:icode/faqs/search (`faqs`, the DEV family, header set B with the LSP's context token): two scenarios,
 * the FAQ search of an LSP with 1,000 FAQs and of one with 100,000, the same generator behind both (bench-faqs.ts: the
 * small base is the first 1,000 FAQs of the large one), four support queries in turn ("where is my parcell", "refund
 * for a damaged package", "customs fees for international shipping", "how do I change the delivery address"); the
 * first 20 FAQs of each LSP are made through POST /v1/lsps/:icode/faqs, the rest inserted with SQL on the platform's
 * database (DATABASE_URL, or the embedded one on EMBEDDED_DB_PORT) in batches with their versions and vocabulary, then
 * VACUUM ANALYZE. Gateway and bridge layers only, like `operators`. The notes report the bridge p95 at 100,000 FAQs
 * against 1,000 (target ≤ 2× on PostgreSQL: the search is index-backed), from dedicated runs as for `operators`; the
 * share of each base every query matches; and EXPLAIN (ANALYZE, BUFFERS) of the search's statements at 100,000 FAQs
 * (the correction's GiST index on `dev.faq_term`, the candidates' GIN index on `dev.faq.search`).
 *
 * `iot` (the IoT family's device reports, scripts/bench-iot.ts): not a route of autocannon runs but a section of its own,
 * run once in the first topology after its route runs: reports parsed per second in process, reports stored per
 * second over HTTP batches and over MQTT (QoS 1, to the embedded broker on a free MQTT_PORT given to the platform)
 * against a bare batched INSERT of the same rows, and the lag from an MQTT publish to the nearby index.
 *
 * `queries` (the queries family's discovery and matching, scripts/bench-queries.ts): a section of its own too, run once
 * in the first topology after `iot`: the service registry seeded by SQL to 10,000, 100,000 and 1,000,000 entries (on
 * PGlite in statements of 5,000 rows), `POST /v1/queries/discovery/discover` p50/p95/p99 at each size at 50 km and at
 * a radius keeping the result size constant (target: p95 at 1,000,000 at most 2× p95 at 10,000 on PostgreSQL), the
 * plan of the discovery statement at the largest size, and `POST /v1/queries/matching/match` over 10,000 candidates.
 *
 * `events` (event fan-out to webhook endpoints, scripts/bench-events.ts): a platform of its own after the others, 100
 * subscriptions, events committed at 100 and 500 a second, commit → delivered (target p95 ≤ 1 s at 500/s on PostgreSQL).
 *
 * Topologies (BENCH_TOPOLOGIES, default `single,split`, run in that order on the same DATA_DIR): the bare, gateway and
 * bridge layers are measured in the single topology, the subgraph alone in the split one (a layer whose topology is
 * not in the list is measured in the first one listed); BENCH_ALL_LAYERS=1 measures every layer in every topology.
 * Rounds are interleaved (each round runs every scenario of the topology once, in turn) and the median over rounds is
 * reported; every run is followed by one more request of its target, so that the next run does not start while the
 * platform still answers the requests this one left in flight. Then: resident memory of the platform's process tree
 * (idle after start, and after the load) and start to ready (first start on a fresh DATA_DIR, restart on the same one).
 *
 * Environment: BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1), BENCH_CONNECTIONS (`1,32`),
 * BENCH_TOPOLOGIES (`single,split`), BENCH_ALL_LAYERS, BENCH_ROUTES (`users,fleets,nearby,operators,faqs,iot,queries,pipelines,events`),
 * BENCH_POSITIONS (100000), BENCH_FLEETS (3), BENCH_VEHICLES_PER_FLEET (10), DB_POOL_SIZE (10), BENCH_OUT (also write
 * the markdown there), BENCH_PORT_BASE (fixed ports instead of free ones), BENCH_KEEP_DATA (keep the temporary
 * DATA_DIR), DATABASE_URL; for `iot`, BENCH_IOT_SECONDS, BENCH_IOT_BATCH, BENCH_IOT_LAG_SAMPLES (bench-iot.ts); for
 * `queries`, BENCH_QUERIES_SIZES, BENCH_QUERIES_REQUESTS, BENCH_QUERIES_WARMUP, BENCH_QUERIES_CONNECTIONS,
 * BENCH_QUERIES_LOAD_REQUESTS, BENCH_QUERIES_MATCHING, BENCH_QUERIES_MATCH_REQUESTS (bench-queries.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { signPrincipal, type Principal } from '../kernel/principal.js';
import { routes as restRoutes } from '../rest-bridge/routes/index.js';
import { radiusQuery } from '../subgraphs/utilities/nearby/store.js';
import { seed, setA, rng, pointFrom, intentHeaders, AREAS_PER_LSP, COMMERCE_LSPS, type Fixtures } from './bench-fixtures.js';
import { iotSection, runIot, type IotResult } from './bench-iot.js';
import { queriesSection, runQueries, type QueriesResult } from './bench-queries.js';
import { pipelinesSection, runPipelines, type PipelinesResult } from './bench-pipelines.js';
import { eventsSection, runEvents, type EventsResult } from './bench-events.js';
import { FAQ_QUERIES, FAQ_SIZES, FAQS_BY_API, indexesOf, querySharesOf, removeFaqs, searchPlansOf, seedFaqs, setB } from './bench-faqs.js';
import { median, rotation, runLoad, stopCurrentRun, type Sample, type Target } from './bench-load.js';
import { PORT_NAMES, Platform, freePorts, killAllGroupsNow, spawnGroup, stopAllGroups, stopGroup, waitPortsFree, type Ports, type Topology, type TreeMemory } from './bench-platform.js';

// ───────────────────────────── settings ─────────────────────────────

const env = process.env;
const list = (v: string | undefined, def: string) =>
  (v ?? def)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const int = (name: string, def: number) => {
  const v = Number(env[name] ?? def);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
  return v;
};

const ROUNDS = Math.max(1, int('BENCH_ROUNDS', 3));
const SECONDS = Math.max(1, int('BENCH_SECONDS', 5));
const WARMUP = int('BENCH_WARMUP_SECONDS', 1);
const CONNECTIONS = list(env.BENCH_CONNECTIONS, '1,32').map(Number);
const isTopology = (t: string): t is Topology => t === 'single' || t === 'split';
const TOPOLOGY_NAMES = list(env.BENCH_TOPOLOGIES, 'single,split');
const TOPOLOGIES = TOPOLOGY_NAMES.filter(isTopology);
const ALL_LAYERS = /^(1|true|yes)$/i.test(env.BENCH_ALL_LAYERS ?? '');
/**
 * The names BENCH_ROUTES takes: each selects a route, `faqs` the two scenarios of the FAQ search, `iot` the IoT section,
 * `queries` the queries family's section.
 */
const ROUTE_OPTIONS = ['users', 'fleets', 'nearby', 'operators', 'faqs', 'iot', 'queries', 'pipelines', 'events'];
const ROUTE_IDS = list(env.BENCH_ROUTES, 'users,fleets,nearby,operators,faqs,iot,queries,pipelines,events');
const POSITIONS = int('BENCH_POSITIONS', 100_000);
const FLEETS = Math.max(1, int('BENCH_FLEETS', 3));
const VEHICLES_PER_FLEET = int('BENCH_VEHICLES_PER_FLEET', 10);
const POOL_SIZE = Math.max(1, int('DB_POOL_SIZE', 10));
const RADIUS_M = 2000;
const EXTERNAL_DB = env.DATABASE_URL;

if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(`the platform needs Node 24 (this is ${process.version}): run \`npm run bench\`, whose scripts run on the pinned Node`);
}
for (const t of TOPOLOGY_NAMES) if (!isTopology(t)) throw new Error(`BENCH_TOPOLOGIES: unknown topology ${t} (single, split)`);
if (!TOPOLOGIES.length) throw new Error('BENCH_TOPOLOGIES is empty');
for (const c of CONNECTIONS) if (!Number.isInteger(c) || c < 1) throw new Error('BENCH_CONNECTIONS: positive integers, e.g. 1,32');
for (const r of ROUTE_IDS) if (!ROUTE_OPTIONS.includes(r)) throw new Error(`BENCH_ROUTES: unknown route ${r} (${ROUTE_OPTIONS.join(', ')})`);
if (SECONDS > 50) throw new Error('BENCH_SECONDS: at most 50 (a subgraph principal is valid for 60 s and is signed once per run)');

type Layer = 'bare' | 'subgraph' | 'gateway' | 'bridge';
const LAYERS: Layer[] = ['bare', 'subgraph', 'gateway', 'bridge'];
const PREFERRED: Record<Layer, Topology> = { bare: 'single', subgraph: 'split', gateway: 'single', bridge: 'single' };

/** Where each layer is measured. */
function layersOf(topology: Topology): Layer[] {
  if (ALL_LAYERS) return LAYERS;
  return LAYERS.filter((l) => (TOPOLOGIES.includes(PREFERRED[l]) ? PREFERRED[l] : TOPOLOGIES[0]) === topology);
}

const log = (msg: string) => process.stderr.write(`${msg}\n`);

// ───────────────────────────── routes and their layers ─────────────────────────────

interface Ctx {
  ports: Ports;
  fx: Fixtures;
  secret: string;
  bareUrl: string;
}
type RouteId = 'users' | 'fleets' | 'nearby' | 'operators' | 'faqs-1k' | 'faqs-100k';
interface RouteDef {
  id: RouteId;
  /** The BENCH_ROUTES name that selects it (default: its id). */
  option?: string;
  title: string;
  subgraph: string;
  /** The layers the route has (default: all four). */
  layers?: Layer[];
  targets(ctx: Ctx): Partial<Record<Layer, Target>>;
}

/** The layers of `route` measured in `topology`. */
const routeLayers = (route: RouteDef, topology: Topology) => layersOf(topology).filter((l) => !route.layers || route.layers.includes(l));

/** The GraphQL operation the bridge sends for a route (rest-bridge/routes), so every layer asks for the same fields. */
function operationOf(method: string, path: string): string {
  const spec = restRoutes.find((r) => r.method === method && r.path === path);
  if (!spec?.operation) throw new Error(`no bridge route ${method} ${path} (rest-bridge/routes)`);
  return spec.operation;
}

const graphqlOk = (_s: number, body: string) => body.startsWith('{') && !body.includes('"errors":') && body.includes('"data":{');
const userEnvelopeOk = (_s: number, body: string) => body.includes('"success":true');
const genericEnvelopeOk = (_s: number, body: string) => body.includes('"error":false');
const local = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;

/** A principal header as the gateway makes it (kernel/principal.ts), signed now: valid 60 s. */
const principalHeader = async (p: Principal, secret: string) => ({ 'x-platform-principal': await signPrincipal(p, secret) });

const ROUTES: RouteDef[] = [
  {
    id: 'users',
    title: 'GET /v1/users/me',
    subgraph: 'users',
    targets({ ports, fx, secret, bareUrl }) {
      const body = JSON.stringify({ query: operationOf('GET', '/v1/users/me') });
      const bearer = { authorization: `Bearer ${fx.user.accessToken}` };
      const principal: Principal = { kind: 'user', userId: fx.user.userId, sessionId: fx.user.sessionId, client: {} };
      return {
        bare: { url: `${bareUrl}/users/${fx.user.userId}`, method: 'GET', headers: () => ({}), ok: userEnvelopeOk },
        subgraph: { url: local(ports.USERS_PORT, '/graphql'), method: 'POST', headers: () => principalHeader(principal, secret), bodies: [body], ok: graphqlOk },
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => bearer, bodies: [body], ok: graphqlOk },
        bridge: { url: local(ports.BRIDGE_PORT, '/v1/users/me'), method: 'GET', headers: () => bearer, ok: userEnvelopeOk },
      };
    },
  },
  {
    id: 'fleets',
    title: 'GET /v1/lsp/fleets',
    subgraph: 'lsp',
    targets({ ports, fx, secret, bareUrl }) {
      const body = JSON.stringify({ query: operationOf('GET', '/v1/lsp/fleets'), variables: {} });
      const l = fx.lsp;
      const principal: Principal = {
        kind: 'provider',
        userId: l.userId,
        sessionId: l.sessionId,
        workspaceId: fx.workspaceId,
        providerKind: 'lsp',
        providerId: l.providerId,
        providerCode: l.code,
        role: l.role as never,
        client: {},
      };
      return {
        bare: { url: `${bareUrl}/lsp/${fx.workspaceId}/${encodeURIComponent(l.code)}/fleets`, method: 'GET', headers: () => ({}), ok: genericEnvelopeOk },
        subgraph: { url: local(ports.LSP_PORT, '/graphql'), method: 'POST', headers: () => principalHeader(principal, secret), bodies: [body], ok: graphqlOk },
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => setA(l.contextToken), bodies: [body], ok: graphqlOk },
        bridge: { url: local(ports.BRIDGE_PORT, '/v1/lsp/fleets'), method: 'GET', headers: () => setA(l.contextToken), ok: genericEnvelopeOk },
      };
    },
  },
  {
    id: 'nearby',
    title: 'POST /realm/utilities/nearby/search',
    subgraph: 'utilities',
    targets({ ports, fx, secret, bareUrl }) {
      // the same 1,000 searches, in the same order, for every layer
      const random = rng(1234);
      // centres to 6 decimals (0.1 m), so that no layer's rounding of the input shows in the answers being compared
      const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
      const inputs = Array.from({ length: 1000 }, () => {
        const c = pointFrom(random);
        return { location: { lat: round6(c.lat), lng: round6(c.lng) }, radius: RADIUS_M, status: 'AVAILABLE', limit: 20 };
      });
      const rest = inputs.map((i) => JSON.stringify(i));
      const query = operationOf('POST', '/realm/utilities/nearby/search');
      // the graph takes the centre as a GeoPointInput (REST's `{lat, lng}` is mapped by the bridge)
      const gql = inputs.map(({ location, ...input }) => JSON.stringify({ query, variables: { input: { ...input, location: { latitude: location.lat, longitude: location.lng } } } }));
      const bearer = { authorization: `Bearer ${fx.apiKey.key}` };
      const principal: Principal = { kind: 'apiKey', workspaceId: fx.workspaceId, keyId: fx.apiKey.keyId, scopes: fx.apiKey.scopes, client: {} };
      return {
        bare: { url: `${bareUrl}/utilities/${fx.workspaceId}/nearby/search`, method: 'POST', headers: () => ({}), bodies: rest, ok: genericEnvelopeOk },
        subgraph: { url: local(ports.UTILITIES_PORT, '/graphql'), method: 'POST', headers: () => principalHeader(principal, secret), bodies: gql, ok: graphqlOk },
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => bearer, bodies: gql, ok: graphqlOk },
        bridge: { url: local(ports.BRIDGE_PORT, '/realm/utilities/nearby/search'), method: 'POST', headers: () => bearer, bodies: rest, ok: genericEnvelopeOk },
      };
    },
  },
  {
    id: 'operators',
    title: 'GET /v1/order/operators',
    subgraph: 'commerce',
    // no bare handler (matching and pricing happen in Node, in the commerce family) and no subgraph-alone scenario
    layers: ['gateway', 'bridge'],
    targets({ ports, fx }) {
      if (!fx.commerce) throw new Error('the operators route has no fixtures (seed without commerce)');
      const headers = intentHeaders(fx.commerce);
      const body = JSON.stringify({ query: operationOf('GET', '/v1/order/operators'), variables: {} });
      return {
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => headers, bodies: [body], ok: graphqlOk },
        bridge: { url: local(ports.BRIDGE_PORT, '/v1/order/operators'), method: 'GET', headers: () => headers, ok: genericEnvelopeOk },
      };
    },
  },
  faqRoute('faqs-1k', 0),
  faqRoute('faqs-100k', 1),
];
const routes = ROUTES.filter((r) => ROUTE_IDS.includes(r.option ?? r.id));

/**
 * One scenario of the `faqs` route: the FAQ search of the LSP whose knowledge base is FAQ_SIZES[base] (bench-faqs.ts),
 * with FAQ_QUERIES in turn. Like `operators`, gateway and bridge only: the search is several statements and the
 * reading of the query (corrections, synonyms) in Node, which a bare handler would have to copy.
 */
function faqRoute(id: RouteId, base: number): RouteDef {
  return {
    id,
    option: 'faqs',
    title: `GET /v1/lsps/:icode/faqs/search, ${FAQ_SIZES[base].toLocaleString('en-US')} FAQs`,
    subgraph: 'dev',
    layers: ['gateway', 'bridge'],
    targets({ ports, fx }) {
      const lsp = fx.faqs?.bases[base];
      if (!lsp) throw new Error('the faqs route has no fixtures (seed without FAQs)');
      const headers = setB(lsp.contextToken);
      const operation = operationOf('GET', '/v1/lsps/:icode/faqs/search');
      const paths = FAQ_QUERIES.map((q) => `/v1/lsps/${encodeURIComponent(lsp.code)}/faqs/search?query=${encodeURIComponent(q)}`);
      const bodies = FAQ_QUERIES.map((q) => JSON.stringify({ query: operation, variables: { icode: lsp.code, query: q } }));
      return {
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => headers, bodies, ok: graphqlOk },
        bridge: { url: local(ports.BRIDGE_PORT, paths[0]), method: 'GET', headers: () => headers, paths, ok: genericEnvelopeOk },
      };
    },
  };
}

// ───────────────────────────── checks before measuring ─────────────────────────────

/**
 * Waits until the platform has answered the requests a run left in flight (autocannon stops sending when its time is up,
 * the platform does not stop working on what it received: at 32 connections of a slow route that is seconds of work,
 * which would land in the next run): one more request of the same target queues behind them.
 */
async function settle(t: Target): Promise<void> {
  try {
    await once(t);
  } catch {
    /* the next run reports a platform that does not answer */
  }
}

async function once(t: Target): Promise<{ status: number; text: string }> {
  const headers = await t.headers();
  const res = await fetch(t.url, {
    method: t.method,
    headers: { ...(t.bodies ? { 'content-type': 'application/json' } : {}), ...headers },
    body: t.bodies?.[0],
  });
  return { status: res.status, text: await res.text() };
}

/** First difference between two JSON values (ignoring `trace`, a per-request id), or undefined. */
function difference(a: unknown, b: unknown, path = ''): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return `${path || '.'}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array ≠ object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
  keys.delete('trace');
  for (const k of keys) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/**
 * One request per layer: every layer answers with success, and bare answers exactly what the bridge answers.
 * A subgraph that does not listen on its own port (the single topology may not expose it) is left out, with a note;
 * any other failure stops the bench.
 */
async function check(route: RouteDef, targets: Partial<Record<Layer, Target>>, layers: Layer[], topology: Topology): Promise<Layer[]> {
  const answers: Partial<Record<Layer, unknown>> = {};
  const unreachable: Layer[] = [];
  for (const layer of layers) {
    const target = targets[layer];
    if (!target) throw new Error(`${route.title}: no ${layer} target`);
    let answer: { status: number; text: string };
    try {
      answer = await once(target);
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (layer === 'subgraph' && code === 'ECONNREFUSED') {
        unreachable.push(layer);
        notes.push(`${route.title}: the ${route.subgraph} subgraph does not listen on its own port in the ${topology} topology; not measured there`);
        continue;
      }
      throw err;
    }
    const { status, text } = answer;
    if (status < 200 || status > 299 || !target.ok(status, text)) {
      throw new Error(`${route.title} (${layer}, ${target.method} ${target.url}) failed its check request: ${status} ${text.slice(0, 600)}`);
    }
    answers[layer] = JSON.parse(text);
  }
  if (route.id === 'nearby') {
    const r = answers.bridge ?? answers.bare;
    const count = (r as { result?: { count?: number } } | undefined)?.result?.count;
    if (count === 0) notes.push(`${route.title}: the check search found no vehicle (BENCH_POSITIONS=${POSITIONS})`);
  }
  if (route.id === 'operators' && answers.bridge !== undefined) {
    const quotes = (answers.bridge as { data?: { source?: string }[] }).data ?? [];
    const by = (source: string) => quotes.filter((q) => q.source === source).length;
    const note = `${route.title}: the check request offered ${quotes.length} operators (${by('LSP')} priced by their own rules, ${by('FALLBACK')} by the utilities' delivery fare)`;
    notes.push(quotes.length === COMMERCE_LSPS ? note : `**${note}, not the ${COMMERCE_LSPS} of the fixtures**`);
  }
  if (route.option === 'faqs' && answers.bridge !== undefined) {
    const a = answers.bridge as { data?: unknown[]; pagination?: { total?: number }; interpretedAs?: string };
    const note = `${route.title}: the check request ("${FAQ_QUERIES[0]}", read as "${a.interpretedAs}") answered ${a.data?.length ?? 0} FAQs of ${(a.pagination?.total ?? 0).toLocaleString('en-US')} ranked candidates`;
    notes.push(a.data?.length ? note : `**${note}**`);
  }
  if (answers.bare !== undefined && answers.bridge !== undefined) {
    const d = difference(answers.bare, answers.bridge);
    notes.push(d ? `${route.title}: the bare answer differs from the bridge's at ${d}` : `${route.title}: the bare answer equals the bridge's (trace ids aside)`);
  }
  return unreachable;
}

// ───────────────────────────── results ─────────────────────────────

interface Measured {
  topology: Topology;
  route: RouteId;
  layer: Layer;
  connections: number;
  samples: Sample[];
}
const measured: Measured[] = [];
const record = (m: Omit<Measured, 'samples'>, s: Sample) => {
  let entry = measured.find((e) => e.topology === m.topology && e.route === m.route && e.layer === m.layer && e.connections === m.connections);
  if (!entry) measured.push((entry = { ...m, samples: [] }));
  entry.samples.push(s);
};

/**
 * Bridge p95 ratios the notes report against their target (on PostgreSQL): `of` ÷ `base`, from runs of their own after
 * every round (see p95Run). Reported when `of` is measured.
 */
interface P95Ratio {
  of: RouteId;
  base: RouteId;
  label: string;
  target: number;
}
const P95_RATIOS: P95Ratio[] = [
  // issue 14: what a shop's client waits for, against the cheapest authenticated read
  { of: 'operators', base: 'users', label: 'GET /v1/order/operators ÷ GET /v1/users/me', target: 3 },
  // issue 15: an index-backed search costs about the same at 100 times the FAQs
  { of: 'faqs-100k', base: 'faqs-1k', label: 'GET /v1/lsps/:icode/faqs/search, 100,000 ÷ 1,000 FAQs', target: 2 },
];
const selected = (id: RouteId) => ROUTE_IDS.includes(ROUTES.find((r) => r.id === id)?.option ?? id);
const p95Ratios = P95_RATIOS.filter((r) => selected(r.of));

/** p95 of the bridge layer of the routes of p95Ratios (dedicated runs, see p95Run), by connections, one per round. */
const bridgeP95: { route: RouteId; connections: number; p95: number[]; failures: number }[] = [];

/** The bridge routes run again for their p95 in `topology`: both routes of a ratio, when both are measured at the bridge there. */
const p95RoutesOf = (topology: Topology): RouteId[] => {
  const atBridge = (id: RouteId) => routes.some((r) => r.id === id && routeLayers(r, topology).includes('bridge'));
  return [...new Set(p95Ratios.filter((r) => atBridge(r.of) && atBridge(r.base)).flatMap((r) => [r.base, r.of]))];
};

/** The notes comparing two routes' bridge p95 (P95_RATIOS). */
function p95Notes(): string[] {
  const db = EXTERNAL_DB ? '' : '; this run is on PGlite';
  return p95Ratios.map((r) => {
    const head = `${r.label}, bridge p95 (target ≤ ${r.target}× on PostgreSQL${db})`;
    if (!selected(r.base)) return `${head}: not measured (BENCH_ROUTES must include ${r.base} too)`;
    const cells = CONNECTIONS.map((c) => {
      const entry = (route: RouteId) => bridgeP95.find((e) => e.route === route && e.connections === c);
      const b = entry(r.base);
      const o = entry(r.of);
      if (!b || !o) return `${c} conn. not measured`;
      const failures = b.failures + o.failures;
      const pb = median(b.p95);
      const po = median(o.p95);
      return `${c} conn. ${fmtMs(po)} ms ÷ ${fmtMs(pb)} ms = **${fmtX(po / pb)}**${failures ? ` (${failures} non-2xx or unanswered)` : ''}`;
    });
    return `${head}: ${cells.join('; ')} (every response's latency, from a run of each of the two bridge routes after every round, ${SECONDS} s each, median over rounds)`;
  });
}

interface Summary {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  detail: string;
  firstFailure?: string;
}
function summarize(samples: Sample[]): Summary {
  const non2xx = samples.reduce((a, s) => a + s.non2xx, 0);
  const bad = samples.reduce((a, s) => a + s.bad2xx, 0);
  const sockets = samples.reduce((a, s) => a + s.socketErrors, 0);
  const codes: Record<string, number> = {};
  for (const s of samples) for (const [k, v] of Object.entries(s.statusCodes)) if (!/^2/.test(k)) codes[k] = (codes[k] ?? 0) + v;
  const parts = [...Object.entries(codes).map(([k, v]) => `${v}×${k}`), ...(bad ? [`${bad}×2xx with errors`] : []), ...(sockets ? [`${sockets}×no response`] : [])];
  return {
    rps: median(samples.map((s) => s.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    failures: non2xx + bad + sockets,
    detail: parts.join(', '),
    firstFailure: samples.find((s) => s.firstFailure)?.firstFailure,
  };
}

const LAYER_LABEL: Record<Layer, (r: RouteDef) => string> = {
  bare: () => 'bare (node:http + pg)',
  subgraph: (r) => `${r.subgraph} subgraph alone`,
  gateway: () => 'gateway',
  bridge: () => 'bridge',
};

const fmtRps = (n: number) => (Number.isFinite(n) ? (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1)) : '–');
const fmtMs = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US')) : '–');
const fmtX = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)}×` : '–');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;

function table(header: string[], rows: string[][], align: ('l' | 'r')[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`)).join('|')}|`, ...rows.map(line)];
}

interface StartRecord {
  topology: Topology;
  which: string;
  ms: number;
}
interface MemoryRecord {
  topology: Topology;
  when: string;
  memory: TreeMemory;
}
const starts: StartRecord[] = [];
const memories: MemoryRecord[] = [];
const notes: string[] = [];
let databaseLabel = EXTERNAL_DB ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
let positionsLoad: Fixtures['positions'] | undefined;
let commerceLoad: Fixtures['commerce'];
let faqLoad: Fixtures['faqs'];
let iotResult: IotResult | undefined;
let queriesResult: QueriesResult | undefined;
let pipelinesResult: PipelinesResult | undefined;
let eventsResult: EventsResult | undefined;

function report(): string {
  const md: string[] = [];
  const cpu = /model name\s*:\s*(.+)/.exec(safeRead('/proc/cpuinfo'))?.[1] ?? cpus()[0]?.model ?? '?';
  const acVersion = pkgVersion('autocannon');
  const multi = TOPOLOGIES.length > 1 || ALL_LAYERS;
  md.push('## Benchmark', '');
  md.push(
    ...table(
      ['setting', 'value'],
      [
        ['machine', `${cpu}, ${cpus().length} cores, ${mb(totalmem())} RAM`],
        ['node', process.version],
        [
          'machine load',
          `load average (1 min) ${loadBefore.toFixed(2)} before the run, ${loadavg()[0].toFixed(2)} at its end${loadBefore > 0.5 ? ' (**other processes were busy before the run started: numbers are less reliable**)' : ''}`,
        ],
        ['database', databaseLabel],
        ['load generator', `autocannon ${acVersion}, in the bench process on the same machine`],
        ['runs', `${ROUNDS} interleaved rounds × ${SECONDS} s per scenario (median over rounds), after ${WARMUP} s of warm-up per scenario`],
        [
          'layers',
          TOPOLOGIES.map((t) => `${t} topology: ${layersOf(t).join(', ') || '(none)'}`).join('; ') +
            // (one mention per route: the two scenarios of `faqs` share theirs)
            [...new Set(routes.filter((r) => r.layers).map((r) => ` (${r.title.split(',')[0]}: ${r.layers!.join(' and ')} only)`))].join(''),
        ],
        [
          'data',
          `${POSITIONS.toLocaleString('en-US')} vehicle positions (radius ${RADIUS_M} m, status AVAILABLE, limit 20, 1,000 different centres); ${FLEETS} fleets × ${VEHICLES_PER_FLEET} vehicles; DB_POOL_SIZE ${POOL_SIZE}` +
            (ROUTE_IDS.includes('operators')
              ? `; operators: ${COMMERCE_LSPS} LSPs × ${AREAS_PER_LSP} ACTIVE areas (${COMMERCE_LSPS / 2} with a hub's PER_KM rule), an intent with 2 stops and 1 package, ${COMMERCE_LSPS} quotes signed per request`
              : '') +
            (ROUTE_IDS.includes('faqs')
              ? `; faqs: 2 LSPs with ${FAQ_SIZES.map((n) => n.toLocaleString('en-US')).join(' and ')} FAQs of one generator, the queries ${FAQ_QUERIES.map((q) => `"${q}"`).join(', ')} in turn (the first page: 20 FAQs)`
              : ''),
        ],
      ],
      ['l', 'l'],
    ),
  );
  md.push('');
  md.push(
    'req/s counts successful responses only (2xx with a body free of errors); p50/p99 cover every response; each is the median ' +
      "over the rounds of that round's value (every round is listed in the last column). The bare layer reads the rows by the ids in its " +
      'path (no credential check); every other layer checks the credential of the route. A ratio compares two layers where each was ' +
      `measured${TOPOLOGIES.length > 1 && !ALL_LAYERS ? ' (so gateway / subgraph compares two topologies)' : ''}.` +
      (EXTERNAL_DB
        ? ''
        : " On PGlite every layer, bare included, queries the one embedded database through pglite-socket (one session, one query at a time), which runs inside the platform's process in the single topology."),
    '',
  );

  for (const route of routes) {
    for (const connections of CONNECTIONS) {
      const rows: string[][] = [];
      const primary: Partial<Record<Layer, Summary>> = {};
      for (const layer of LAYERS) {
        for (const topology of TOPOLOGIES) {
          const m = measured.find((e) => e.route === route.id && e.layer === layer && e.connections === connections && e.topology === topology);
          if (!m) continue;
          const s = summarize(m.samples);
          if (!primary[layer] || topology === PREFERRED[layer]) primary[layer] = s;
          const label = `${LAYER_LABEL[layer](route)}${multi && layer !== 'bare' ? ` [${topology}]` : ''}${multi && layer === 'bare' && ALL_LAYERS ? ` [during ${topology}]` : ''}`;
          rows.push([label, fmtRps(s.rps), fmtMs(s.p50), fmtMs(s.p99), s.failures ? `${s.failures} (${s.detail})` : '0', m.samples.map((x) => fmtRps(x.rps)).join(' · ')]);
          if (s.firstFailure) notes.push(`${route.title}, ${layer} [${topology}], ${connections} conn.: first failure: ${s.firstFailure}`);
        }
      }
      if (!rows.length) continue;
      md.push(`### ${route.title}, ${connections} connection${connections > 1 ? 's' : ''}`, '');
      md.push(...table(['layer', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'req/s by round'], rows, ['l', 'r', 'r', 'r', 'r', 'r']));
      const ratios: string[][] = [];
      for (const [a, b] of [
        ['bridge', 'bare'],
        ['bridge', 'gateway'],
        ['gateway', 'subgraph'],
        ['subgraph', 'bare'],
      ] as [Layer, Layer][]) {
        const x = primary[a];
        const y = primary[b];
        if (!x || !y) continue;
        ratios.push([`${a} / ${b}`, fmtX(x.rps / y.rps), fmtX(x.p50 / y.p50), fmtX(x.p99 / y.p99)]);
      }
      if (ratios.length) {
        md.push('');
        md.push(...table(['ratio', 'req/s', 'p50', 'p99'], ratios, ['l', 'r', 'r', 'r']));
      }
      md.push('');
    }
  }

  if (iotResult) md.push(...iotSection(iotResult, databaseLabel, table));
  if (queriesResult) md.push(...queriesSection(queriesResult, databaseLabel, cpus().length, table));
  if (pipelinesResult) md.push(...pipelinesSection(pipelinesResult));
  if (eventsResult) md.push(...eventsSection(eventsResult));

  if (memories.length) {
    md.push('### Resident memory of the platform', '');
    md.push(
      `Sum of VmRSS over the launcher and all its descendants (/proc; pages shared between processes count once per process)${EXTERNAL_DB ? '; the PostgreSQL server at DATABASE_URL is not included' : ''}.`,
      '',
    );
    md.push(
      ...table(
        ['topology', 'when', 'processes', 'resident', 'by process'],
        memories.map((m) => [
          m.topology,
          m.when,
          String(m.memory.processes.length),
          mb(m.memory.totalBytes),
          m.memory.processes
            .map(
              (p) =>
                `${p.name
                  .replace(/\/main\.js$/, '')
                  .replace(/^(scripts|subgraphs|rest-bridge)\//, '')
                  .replace(/\.js$/, '')} ${Math.round(p.rssBytes / 1024 / 1024)}`,
            )
            .join(', '),
        ]),
        ['l', 'l', 'r', 'r', 'l'],
      ),
    );
    md.push('');
  }
  if (starts.length) {
    md.push('### Start to ready', '');
    md.push('From spawning `node dist/scripts/start.js` to its `platform | ready:` line.', '');
    md.push(
      ...table(
        ['topology', 'start', 'ms'],
        starts.map((s) => [s.topology, s.which, Math.round(s.ms).toLocaleString('en-US')]),
        ['l', 'l', 'r'],
      ),
    );
    md.push('');
  }
  notes.unshift(...p95Notes());
  if (positionsLoad)
    notes.push(`fixtures: ${positionsLoad.count.toLocaleString('en-US')} positions loaded in ${positionsLoad.seconds.toFixed(1)} s through reportVehiclePositions (batches of 500), then ANALYZE`);
  if (commerceLoad) {
    notes.push(
      `fixtures: the operators route's CSP, ${commerceLoad.lsps.length} LSPs with ${AREAS_PER_LSP} areas each and the intent (${commerceLoad.reference}) made in ${commerceLoad.seconds.toFixed(1)} s; ` +
        `the commerce family offered every LSP ${commerceLoad.syncSeconds.toFixed(1)} s later (its quotes are signed, not stored)`,
    );
  }
  if (faqLoad) {
    const f = faqLoad;
    const sql = f.bases.reduce((a, b) => a + b.size - FAQS_BY_API, 0);
    notes.push(
      `fixtures: the FAQ search's ${f.bases.length} LSPs with ${f.bases.map((b) => `${b.size.toLocaleString('en-US')} FAQs (${b.terms.toLocaleString('en-US')} vocabulary words)`).join(' and ')}: ` +
        `${FAQS_BY_API} each through POST /v1/lsps/:icode/faqs in ${f.apiSeconds.toFixed(1)} s, the other ${sql.toLocaleString('en-US')} by SQL in ${f.sqlSeconds.toFixed(1)} s ` +
        `(${Math.round(sql / f.sqlSeconds).toLocaleString('en-US')} FAQs/s, with their versions and vocabulary), then VACUUM ANALYZE in ${f.analyzeSeconds.toFixed(1)} s`,
    );
  }
  const failed = measured.filter((m) => summarize(m.samples).failures > 0).length;
  if (failed) notes.unshift(`**${failed} scenario(s) had failed responses** (see errors/non-2xx): their req/s counts successes only`);
  if (notes.length) md.push('### Notes', '', ...notes.map((n) => `- ${n}`), '');
  return md.join('\n');
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
function pkgVersion(name: string): string {
  const file = fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url));
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

// ───────────────────────────── p95 of two bridge routes ─────────────────────────────

let probing: autocannon.Instance | undefined;

/**
 * The p95 latency (ms, every response, at full resolution) of one autocannon run against `t`, and how many responses
 * were not 2xx or never came. A run of its own: bench-load.ts, which the tables' runs use, keeps p50 and p99 only.
 */
async function p95Run(t: Target, connections: number, seconds: number): Promise<{ p95: number; failures: number }> {
  const headers = await t.headers();
  let latencies: number[] = [];
  let failures = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: t.url,
        method: t.method,
        connections,
        duration: seconds,
        timeout: 30,
        headers: { ...(t.bodies ? { 'content-type': 'application/json' } : {}), ...headers },
        body: t.bodies?.[0],
        requests: [rotation(t)],
      },
      (err, res) => {
        if (err) return reject(err as Error);
        failures += res.errors;
        resolve();
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      if (status < 200 || status > 299) failures++;
    });
    probing = instance;
  }).finally(() => {
    probing = undefined;
  });
  latencies = latencies.sort((a, b) => a - b);
  const p95 = latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(0.95 * latencies.length) - 1)] : NaN;
  return { p95, failures };
}

// ───────────────────────────── the run ─────────────────────────────

let aborted = false;
const loadBefore = loadavg()[0];
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));

/** The embedded MQTT broker's port (not a launcher port of bench-platform.ts: given in the platform's environment). */
let mqttPort = 0;

async function ports(): Promise<Ports> {
  const base = env.BENCH_PORT_BASE ? Number(env.BENCH_PORT_BASE) : undefined;
  if (base) {
    mqttPort = base + 83;
    return {
      BRIDGE_PORT: base + 80,
      GATEWAY_PORT: base + 40,
      EMBEDDED_DB_PORT: base + 32,
      ...Object.fromEntries(PORT_NAMES.slice(3).map((n, i) => [n, base + 41 + i])),
    };
  }
  const free = await freePorts(PORT_NAMES.length + 1);
  mqttPort = free[PORT_NAMES.length];
  return Object.fromEntries(PORT_NAMES.map((n, i) => [n, free[i]]));
}

const platformEnv = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  RATE_LIMIT_PER_HOUR: '1000000000',
  // a long run must not outlive its tokens (the lifetime does not change what a request costs)
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  CONTEXT_TOKEN_TTL_SECONDS: '86400',
  DB_POOL_SIZE: String(POOL_SIZE),
};

async function startPlatform(topology: Topology, p: Ports, which: string): Promise<Platform> {
  log(`starting the platform (${topology} topology, ${which}) ...`);
  await waitPortsFree([...Object.values(p), mqttPort]);
  const platform = await Platform.start({ topology, dataDir, ports: p, env: { ...platformEnv, MQTT_PORT: String(mqttPort) } });
  starts.push({ topology, which, ms: platform.readyMs });
  const idle = platform.memory();
  memories.push({ topology, when: `idle, after ${which.split(' ')[0]} start`, memory: idle });
  log(`  ready in ${Math.round(platform.readyMs)} ms; ${idle.processes.length} processes, ${mb(idle.totalBytes)} resident`);
  if (topology === 'single' && idle.processes.length > 2) {
    const note = `PLATFORM_TOPOLOGY=single was requested but the platform ran ${idle.processes.length} processes (the launcher does not know the single topology yet?)`;
    if (!notes.includes(note)) notes.push(note);
  }
  return platform;
}

async function startBare(databaseUrl: string) {
  const [port] = await freePorts(1);
  const script = fileURLToPath(new URL('./bench-bare.js', import.meta.url));
  const proc = spawnGroup(script, [], { ...process.env, DATABASE_URL: databaseUrl, DB_POOL_SIZE: String(POOL_SIZE), BARE_PORT: String(port) });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bare server not listening in 30 s:\n${output.join('\n')}`)), 30_000);
    createInterface({ input: proc.stdout! }).on('line', (l) => {
      output.push(l);
      if (/^bare listening on/.test(l)) {
        clearTimeout(timer);
        resolve();
      }
    });
    createInterface({ input: proc.stderr! }).on('line', (l) => output.push(l));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bare server exited (${code}):\n${output.join('\n')}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopGroup(proc, 5000) };
}

function internalSecret(): string {
  if (env.INTERNAL_SECRET) return env.INTERNAL_SECRET;
  return (JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { internalSecret: string }).internalSecret;
}

async function describeDatabase(url: string, fx: Fixtures): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('select version() as v');
    const version = String(rows[0].v).split(/,| on /)[0];
    databaseLabel = EXTERNAL_DB ? `${version} (DATABASE_URL)` : `PGlite ${pkgVersion('@electric-sql/pglite')} (embedded, ${version}), over pglite-socket`;
    // as autovacuum would after a bulk load (PGlite runs none); the plan then uses the GiST index
    await client.query('analyze utilities.live_vehicle_position');
    const q = radiusQuery(fx.workspaceId, -1.2864, 36.8172, RADIUS_M, { status: 'AVAILABLE' }, 20);
    let n = 0;
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${q.sql.replace(/\?/g, () => `$${++n}`)}`, q.params);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    notes.push(
      /live_vehicle_position_earth_gist/.test(text)
        ? "the radius search's plan uses the GiST index live_vehicle_position_earth_gist"
        : `the radius search's plan does not use the GiST index:\n\n\`\`\`\n${text}\n\`\`\``,
    );
  } finally {
    await client.end();
  }
}

/**
 * Notes on the FAQ knowledge bases: how much of each the queries match (the search's own reading of them), and the
 * plans of one search at the largest: the correction reads the GiST index of the vocabulary, the candidates the GIN
 * index of the FAQs' search vectors (or, for a query the planner knows to match much of the base, a scan that stops at
 * the candidates' limit).
 */
async function describeFaqs(url: string, fx: Fixtures): Promise<void> {
  const f = fx.faqs!;
  const sizes = f.bases.map((b) => b.size.toLocaleString('en-US')).join(' / ');
  const pct = (xs: number[]) => xs.map((x) => `${(100 * x).toFixed(1)}%`).join(' / ');
  const shares = await querySharesOf(url, fx.workspaceId, f);
  notes.push(
    `FAQ search: the share of the ${sizes} FAQs each query matches, with every word (or a synonym) / with any: ` +
      shares.map((s) => `"${s.query}"${s.interpretedAs !== s.query.toLowerCase() ? ` (read as "${s.interpretedAs}")` : ''} ${pct(s.all)} every, ${pct(s.any)} any`).join('; '),
  );
  const plans = await searchPlansOf(url, fx.workspaceId, f);
  const correction = indexesOf(plans.correction);
  const search = indexesOf(plans.search);
  // the correction must read the GiST index; the candidates may do without the GIN index when the planner knows the
  // query matches much of the base (a scan that stops at the candidates' limit is then cheaper)
  const gist = correction.includes('faq_term_trgm_index') ? '' : ' (**not the GiST index faq_term_trgm_index**)';
  const gin = search.includes('faq_search_index')
    ? ''
    : " (not the GIN index faq_search_index: the query matches so much of the base that reading the LSP's rows until the candidates are found is cheaper; a rarer word takes the GIN index)";
  const by = (cell: (b: (typeof plans.bases)[number]) => string) => plans.bases.map(cell).join(' / ');
  notes.push(
    `FAQ search plans at ${plans.size.toLocaleString('en-US')} FAQs ("${plans.query}", first page; EXPLAIN (ANALYZE, BUFFERS) of the statements of search.ts, after one run): ` +
      `the correction reads ${correction.join(', ') || 'no index'}${gist}, the search statement ${search.join(', ') || 'no index'}${gin}. At ${sizes} FAQs the search statement ran in ${by((b) => `${b.searchMs.toFixed(1)} ms`)}, ` +
      `ranked ${by((b) => b.candidates.toLocaleString('en-US'))} candidates` +
      (plans.bases.some((b) => b.ginRows > 0)
        ? `, and its bitmap scans of faq_search_index found ${by((b) => b.ginRows.toLocaleString('en-US'))} FAQs (of every LSP in the table: the GIN index is not scoped by LSP)`
        : '') +
      ':' +
      `\n\n\`\`\`\n${plans.correction}\n\`\`\`\n\n\`\`\`\n${plans.search}\n\`\`\``,
  );
}

async function cleanUp(databaseUrl: string, fx: Fixtures | undefined) {
  if (!EXTERNAL_DB || !fx) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('delete from utilities.live_vehicle_position where workspace_id = $1', [fx.workspaceId]);
    log(`removed the benchmark's ${rowCount} positions from DATABASE_URL`);
    if (fx.faqs) log(`removed the benchmark's ${await removeFaqs(client, fx.workspaceId)} FAQs from DATABASE_URL`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const p = await ports();
  const databaseUrl = EXTERNAL_DB ?? `postgres://postgres:postgres@127.0.0.1:${p.EMBEDDED_DB_PORT}/postgres`;
  const totalRuns = TOPOLOGIES.reduce((a, t) => a + (routes.reduce((n, r) => n + routeLayers(r, t).length, 0) + p95RoutesOf(t).length) * CONNECTIONS.length * ROUNDS, 0);
  log(`bench: ${totalRuns} runs of ${SECONDS} s (${ROUNDS} rounds), topologies ${TOPOLOGIES.join(', ')}, database ${EXTERNAL_DB ? 'DATABASE_URL' : 'embedded PGlite'}, DATA_DIR ${dataDir}`);
  if (loadBefore > 0.5) log(`warning: load average ${loadBefore.toFixed(2)} before the run: other processes are busy, the numbers will be less reliable`);
  let fx: Fixtures | undefined;
  try {
    for (const [phase, topology] of TOPOLOGIES.entries()) {
      const layers = layersOf(topology);
      const first = phase === 0;
      const which = first ? (EXTERNAL_DB ? '1st (fresh DATA_DIR, DATABASE_URL)' : '1st (fresh DATA_DIR: new database, migrations)') : '1st (DATA_DIR of the previous topology)';
      const platform = await startPlatform(topology, p, which);
      let bare: Awaited<ReturnType<typeof startBare>> | undefined;
      try {
        if (!fx) {
          log('making fixtures through the bridge ...');
          fx = await seed(
            { bridge: local(p.BRIDGE_PORT, ''), gateway: local(p.GATEWAY_PORT, '/graphql') },
            { positions: POSITIONS, fleets: FLEETS, vehiclesPerFleet: VEHICLES_PER_FLEET, commerce: ROUTE_IDS.includes('operators') },
            log,
          );
          positionsLoad = fx.positions;
          commerceLoad = fx.commerce;
          await describeDatabase(databaseUrl, fx);
          if (ROUTE_IDS.includes('faqs')) {
            log(`making the FAQ knowledge bases (${FAQ_SIZES.map((n) => n.toLocaleString('en-US')).join(' and ')} FAQs) ...`);
            fx.faqs = faqLoad = await seedFaqs(local(p.BRIDGE_PORT, ''), databaseUrl, fx.user.accessToken, fx.workspaceId, Date.now().toString(36), log);
            await describeFaqs(databaseUrl, fx);
          }
        }
        if (!layers.length) {
          log(`  no layer to measure in the ${topology} topology`);
        } else {
          if (layers.includes('bare')) bare = await startBare(databaseUrl);
          const ctx: Ctx = { ports: p, fx, secret: internalSecret(), bareUrl: bare?.url ?? 'http://127.0.0.1:1' };
          const targets = new Map(routes.map((r) => [r.id, r.targets(ctx)]));
          const skip = new Set<string>();
          for (const route of routes) for (const layer of await check(route, targets.get(route.id)!, routeLayers(route, topology), topology)) skip.add(`${route.id}/${layer}`);
          const layersFor = (route: RouteDef) => routeLayers(route, topology).filter((l) => !skip.has(`${route.id}/${l}`));
          const target = (route: RouteDef, layer: Layer) => targets.get(route.id)![layer]!;
          // the bridge p95 of the routes of each ratio (when both are measured at the bridge here)
          const p95Targets = p95RoutesOf(topology).map((id) => ({ id, target: targets.get(id)!.bridge! }));
          if (WARMUP > 0) {
            log(`warming up (${WARMUP} s per scenario) ...`);
            for (const route of routes) {
              for (const layer of layersFor(route)) {
                await runLoad(target(route, layer), Math.max(...CONNECTIONS), WARMUP);
                await settle(target(route, layer));
              }
            }
          }
          for (let round = 1; round <= ROUNDS; round++) {
            for (const route of routes) {
              for (const connections of CONNECTIONS) {
                for (const layer of layersFor(route)) {
                  if (aborted) throw new Error('interrupted');
                  if (!platform.running) throw new Error(`the platform stopped during the run:\n${platform.tail()}`);
                  const s = await runLoad(target(route, layer), connections, SECONDS);
                  await settle(target(route, layer));
                  record({ topology, route: route.id, layer, connections }, s);
                  const failures = s.non2xx + s.bad2xx + s.socketErrors;
                  log(
                    `[${topology}] round ${round}/${ROUNDS}  ${route.title.padEnd(36)} c=${String(connections).padEnd(3)} ${layer.padEnd(8)} ` +
                      `${fmtRps(s.rps).padStart(7)} req/s  p50 ${fmtMs(s.p50).padStart(6)} ms  p99 ${fmtMs(s.p99).padStart(6)} ms` +
                      `${failures ? `  FAILURES ${failures}: ${s.firstFailure ?? ''}` : ''}`,
                  );
                }
              }
            }
            for (const connections of CONNECTIONS) {
              for (const { id, target: t } of p95Targets) {
                if (aborted) throw new Error('interrupted');
                if (!platform.running) throw new Error(`the platform stopped during the run:\n${platform.tail()}`);
                const { p95, failures } = await p95Run(t, connections, SECONDS);
                await settle(t);
                let entry = bridgeP95.find((e) => e.route === id && e.connections === connections);
                if (!entry) bridgeP95.push((entry = { route: id, connections, p95: [], failures: 0 }));
                entry.p95.push(p95);
                entry.failures += failures;
                log(
                  `[${topology}] round ${round}/${ROUNDS}  p95 run: ${ROUTES.find((r) => r.id === id)!.title.padEnd(36)} c=${String(connections).padEnd(3)} bridge   p95 ${fmtMs(p95).padStart(6)} ms${failures ? `  FAILURES ${failures}` : ''}`,
                );
              }
            }
          }
          memories.push({ topology, when: 'after the load', memory: platform.memory() });
        }
        if (first && ROUTE_IDS.includes('iot')) {
          log('measuring IoT device reports ...');
          iotResult = await runIot({
            bridge: local(p.BRIDGE_PORT, ''),
            databaseUrl,
            mqttPort,
            fx,
            platformPid: platform.pid,
            rounds: ROUNDS,
            external: !!EXTERNAL_DB,
            log,
            aborted: () => aborted,
            platformTail: () => platform.tail(20),
          });
        }
        if (first && ROUTE_IDS.includes('queries')) {
          log('measuring the queries family (discovery over a growing registry, matching) ...');
          queriesResult = await runQueries({
            bridge: local(p.BRIDGE_PORT, ''),
            databaseUrl,
            fx,
            external: !!EXTERNAL_DB,
            log,
            aborted: () => aborted,
          });
        }
      } catch (err) {
        log(`last lines of the platform:\n${platform.tail()}`);
        throw err;
      } finally {
        await bare?.stop();
        await platform.stop();
      }
      if (first) {
        const again = await startPlatform(topology, p, '2nd (restart on the same DATA_DIR)');
        await again.stop();
      }
    }
  } finally {
    await cleanUp(databaseUrl, fx).catch((err) => log(`clean-up failed: ${(err as Error).message}`));
  }
}

process.on('exit', killAllGroupsNow);
let interrupts = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (++interrupts > 1) {
      killAllGroupsNow();
      process.exit(130);
    }
    log(`\n${signal}: stopping the platform ...`);
    aborted = true;
    stopCurrentRun();
    probing?.stop();
    void stopAllGroups().finally(() => {
      if (!env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

try {
  await main();
  // the pipelines section starts a platform of its own (one that takes no steps) and its worker processes
  if (ROUTE_IDS.includes('pipelines') && !aborted) pipelinesResult = await runPipelines(log);
  // so does the events section (event fan-out to webhook endpoints)
  if (ROUTE_IDS.includes('events') && !aborted) eventsResult = await runEvents(log);
  const md = report();
  process.stdout.write(`\n${md}\n`);
  if (env.BENCH_OUT) {
    writeFileSync(env.BENCH_OUT, `${md}\n`);
    log(`markdown written to ${env.BENCH_OUT}`);
  }
} catch (err) {
  log(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  if (measured.length) process.stdout.write(`\n(partial results)\n${report()}\n`);
  process.exitCode = 1;
} finally {
  await stopAllGroups();
  if (!env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
}
