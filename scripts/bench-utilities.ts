/**
 * `npm run bench:utilities`: a benchmark of the utilities family (not a test).
 *
 * Starts the whole platform on its own ports and data directory (embedded PostgreSQL, or DATABASE_URL when set),
 * loads BENCH_POSITIONS (default 100,000) vehicle positions into one workspace through the `reportVehiclePositions`
 * mutation, then measures requests per second and p50/p99 latency of `/fares/ride` and `/nearby/search` through the
 * REST bridge and of the same operations sent straight to the gateway, and prints the query plan of the radius
 * search to show it is answered by the GiST index. The platform runs with rate limits raised (they would otherwise
 * stop the benchmark after 100 requests); everything else is as in production.
 *
 * Environment: BENCH_POSITIONS, BENCH_REQUESTS (per scenario, default 1000), BENCH_CONCURRENCY (default 8),
 * BENCH_PORT_BASE (default 27000), DATABASE_URL (optional).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { radiusQuery } from '../subgraphs/utilities/nearby/store.js';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BASE = Number(process.env.BENCH_PORT_BASE ?? 27000);
const CENTRE = { lat: -1.2864, lng: 36.8172 }; // Nairobi
const SPREAD_KM = 30;
const RADIUS_M = 2000;

const ports = {
  BRIDGE_PORT: BASE + 80,
  GATEWAY_PORT: BASE + 40,
  EMBEDDED_DB_PORT: BASE + 32,
  ...Object.fromEntries(['USERS', 'WORKSPACE', 'UTILITIES', 'LSP', 'COMMERCE', 'DEV', 'IOT', 'PIPELINES', 'QUERIES'].map((n, i) => [`${n}_PORT`, BASE + 41 + i])),
};
const bridge = `http://127.0.0.1:${ports.BRIDGE_PORT}`;
const gateway = `http://127.0.0.1:${ports.GATEWAY_PORT}/graphql`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-utilities-'));
const databaseUrl = process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${ports.EMBEDDED_DB_PORT}/postgres`;

let platform: ChildProcess | undefined;
let benchWorkspace: string | undefined;

/** On a database the caller gave (DATABASE_URL), the benchmark's vehicle positions are removed again. */
async function cleanUp(): Promise<void> {
  if (!process.env.DATABASE_URL || !benchWorkspace) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('delete from utilities.live_vehicle_position where workspace_id = $1', [benchWorkspace]);
    console.log(`\nremoved the benchmark's ${rowCount} positions from DATABASE_URL`);
  } finally {
    await client.end();
  }
}

async function startPlatform(): Promise<void> {
  const launcher = fileURLToPath(new URL('./start.js', import.meta.url));
  platform = spawn(process.execPath, [launcher], {
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'pretty',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_HOUR: '100000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`platform not ready in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/platform\s+\| ready:/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    platform!.stdout!.on('data', onData);
    platform!.stderr!.on('data', onData);
    platform!.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`platform exited (${code}):\n${output}`));
    });
  });
}

async function stopPlatform(): Promise<void> {
  if (platform?.pid && platform.exitCode === null) {
    const exited = new Promise((r) => platform!.once('exit', r));
    try {
      process.kill(-platform.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    try {
      process.kill(-platform.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** One JSON call; throws on a failed status unless the answer still has `data`. `T`: the answer's shape. */
async function json<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as T & { data?: unknown };
  if (!res.ok && !body?.data) throw new Error(`${init.method} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A user, a workspace and an API key with the utilities scope. */
async function apiKey(): Promise<{ key: string; wid: string }> {
  const email = `bench-${Date.now()}@example.test`;
  const reg = await json<{ accessToken: string }>(`${bridge}/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', name: 'Bench' }),
  });
  const headers = { 'content-type': 'application/json', 'svc-auth-token': reg.accessToken, 'svc-user-agent': 'bench/1.0', 'svc-auth-device': 'bench' };
  const ws = await json<{ data: { workspace: { id: string } } }>(`${bridge}/v1/workspace`, { method: 'POST', headers, body: JSON.stringify({ name: 'Benchmark' }) });
  const key = await json<{ data: { key: string } }>(`${bridge}/v1/workspace/${ws.data.workspace.id}/api-keys`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bench', scopes: ['utilities'] }),
  });
  return { key: key.data.key, wid: ws.data.workspace.id };
}

/** A deterministic pseudo-random sequence (so two runs load the same fleet). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}
const random = rng(42);
function randomPoint(): { lat: number; lng: number } {
  const r = SPREAD_KM * Math.sqrt(random());
  const a = 2 * Math.PI * random();
  return { lat: CENTRE.lat + (r / 111.2) * Math.sin(a), lng: CENTRE.lng + (r / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180))) * Math.cos(a) };
}

/** A point as the graph writes it (GeoPointInput); the REST bodies keep `[lat, lng]` and `{lat, lng}`. */
const geoPoint = (p: { lat: number; lng: number }) => ({ latitude: p.lat, longitude: p.lng });

const TYPES = ['CAR', 'CAR', 'CAR', 'MOTORBIKE', 'VAN', 'TRUCK'];
const STATUSES = ['AVAILABLE', 'AVAILABLE', 'BUSY', 'OFFLINE'];

async function loadPositions(key: string): Promise<number> {
  const started = performance.now();
  const mutation = 'mutation Load($p: [VehiclePositionInput!]!) { reportVehiclePositions(positions: $p) { stored ignored } }';
  const batch = 500;
  for (let i = 0; i < POSITIONS; i += batch) {
    const p = Array.from({ length: Math.min(batch, POSITIONS - i) }, (_, j) => ({
      vehicleId: `veh-${i + j}`,
      type: TYPES[(i + j) % TYPES.length],
      status: STATUSES[(i + j) % STATUSES.length],
      location: geoPoint(randomPoint()),
    }));
    const res = await json<{ errors?: unknown[] }>(gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: mutation, variables: { p } }),
    });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
  }
  return (performance.now() - started) / 1000;
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
}

async function run(name: string, request: () => Promise<Response>): Promise<Result> {
  for (let i = 0; i < Math.min(50, REQUESTS); i++) await (await request()).arrayBuffer(); // warm-up
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t = performance.now();
        const res = await request();
        const body = (await res.json()) as { error?: boolean; errors?: unknown };
        latencies.push(performance.now() - t);
        if (!res.ok || body.error || body.errors) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { name, requests: latencies.length, errors, seconds, p50: q(0.5), p99: q(0.99) };
}

function rideBody() {
  const pickup = randomPoint();
  const dropoff = randomPoint();
  return { pickup: { coordinates: [pickup.lat, pickup.lng], country: 'KE' }, dropoff: { coordinates: [dropoff.lat, dropoff.lng], country: 'KE' } };
}
function rideInput() {
  return { pickup: { coordinates: geoPoint(randomPoint()), country: 'KE' }, dropoff: { coordinates: geoPoint(randomPoint()), country: 'KE' } };
}
const searchBody = () => ({ location: randomPoint(), radius: RADIUS_M, status: 'AVAILABLE', limit: 20 });
const searchInput = () => ({ location: geoPoint(randomPoint()), radius: RADIUS_M, status: 'AVAILABLE', limit: 20 });
const RIDE_Q =
  'query R($input: RideFareInput!) { rideFare(input: $input) { estimatedFare { totalAfterSurge currency } surgeInfo { multiplier } tripEstimate { distance { kilometer } } pickupEstimate { nearbyDrivers eta { minute } } } }';
const SEARCH_Q = 'query S($input: NearbySearchInput!) { nearbyVehicles(input: $input) { count vehicles { id distance } } }';

async function explainRadius(wid: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('analyze utilities.live_vehicle_position');
    const p = randomPoint();
    const q = radiusQuery(wid, p.lat, p.lng, RADIUS_M, { status: 'AVAILABLE' }, 20);
    let n = 0;
    const sql = q.sql.replace(/\?/g, () => `$${++n}`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing on, summary on) ${sql}`, q.params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

const fmt = (n: number, d = 1) => n.toFixed(d);

try {
  console.log(`starting the platform (${process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'embedded PostgreSQL'}) ...`);
  await startPlatform();
  const { key, wid } = await apiKey();
  benchWorkspace = wid;
  console.log(`loading ${POSITIONS.toLocaleString('en-US')} vehicle positions (batches of 500 through reportVehiclePositions) ...`);
  const loadSeconds = await loadPositions(key);
  console.log(`loaded in ${fmt(loadSeconds)} s (${fmt(POSITIONS / loadSeconds, 0)} positions/s)\n`);
  const plan = await explainRadius(wid);

  const bridgeCall = (path: string, body: unknown) =>
    fetch(`${bridge}/realm/utilities${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  const gatewayCall = (query: string, input: unknown) =>
    fetch(gateway, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ query, variables: { input } }) });
  const results = [
    await run('bridge  POST /realm/utilities/fares/ride', () => bridgeCall('/fares/ride', rideBody())),
    await run('gateway query rideFare', () => gatewayCall(RIDE_Q, rideInput())),
    await run('bridge  POST /realm/utilities/nearby/search', () => bridgeCall('/nearby/search', searchBody())),
    await run('gateway query nearbyVehicles', () => gatewayCall(SEARCH_Q, searchInput())),
  ];

  console.log(`${POSITIONS.toLocaleString('en-US')} positions within ${SPREAD_KM} km of Nairobi; ${REQUESTS} requests per scenario, ${CONCURRENCY} concurrent; radius ${RADIUS_M} m, limit 20\n`);
  const header = ['scenario', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms'];
  const rows = results.map((r) => [r.name, String(r.requests), String(r.errors), fmt(r.requests / r.seconds), fmt(r.p50), fmt(r.p99)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(`\nquery plan of the radius search (EXPLAIN ANALYZE):\n${plan}`);
  if (!/live_vehicle_position_earth_gist/.test(plan)) {
    console.error('\nthe radius search did not use the GiST index');
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp().catch((err) => console.error('clean-up failed:', err));
  await stopPlatform();
}
