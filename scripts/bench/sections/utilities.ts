// The `utilities` section (`npm run bench:utilities`): the utilities family's fares and nearby search, through the bridge and the gateway.
/**
 * `npm run bench:utilities`: a benchmark of the utilities family (not a test).
 *
 * Runs on a platform of its own (an OwnSection: platform.ts starts the whole platform on its own ports, from
 * BENCH_PORT_BASE, and data directory; embedded PostgreSQL, or DATABASE_URL when set), loads BENCH_POSITIONS (default
 * 100,000) vehicle positions into one workspace through the `reportVehiclePositions` mutation (fixtures.ts
 * `loadPositions`), then measures requests per second and p50/p99 latency of `/fares/ride` and `/nearby/search`
 * through the REST bridge and of the same operations sent straight to the gateway (load.ts: BENCH_REQUESTS requests at
 * BENCH_CONCURRENCY connections, after 50 others), and prints the query plan of the radius search to show it is
 * answered by the GiST index (the run fails when it is not). The platform runs with rate limits raised (they would
 * otherwise stop the benchmark after 100 requests); everything else is as in production.
 *
 * Environment: BENCH_POSITIONS, BENCH_REQUESTS (per scenario, default 1000), BENCH_CONCURRENCY (default 8),
 * BENCH_PORT_BASE (default 27000), DATABASE_URL (optional).
 */
import pg from 'pg';
import { SPREAD_KM, createApiKey, createWorkspace, loadPositions, pointFrom, radiusPlan, register, removePositions, rng, setA } from '../fixtures.js';
import { answers, runLoad, type Target } from '../load.js';
import { EXTERNAL_DB, setting, type OwnSection, type Running } from '../platform.js';
import { code, fmt, table, type Block } from '../report.js';

const POSITIONS = setting('BENCH_POSITIONS', 100_000);
const REQUESTS = setting('BENCH_REQUESTS', 1000, 1);
const CONCURRENCY = setting('BENCH_CONCURRENCY', 8, 1);
const WARMUP = Math.min(50, REQUESTS);
const RADIUS_M = 2000;

/** A point as the graph writes it (GeoPointInput); the REST bodies keep `[lat, lng]` and `{lat, lng}`. */
const geoPoint = (p: { lat: number; lng: number }) => ({ latitude: p.lat, longitude: p.lng });

const RIDE_Q =
  'query R($input: RideFareInput!) { rideFare(input: $input) { estimatedFare { totalAfterSurge currency } surgeInfo { multiplier } tripEstimate { distance { kilometer } } pickupEstimate { nearbyDrivers eta { minute } } } }';
const SEARCH_Q = 'query S($input: NearbySearchInput!) { nearbyVehicles(input: $input) { count vehicles { id distance } } }';

interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
}

interface UtilitiesResult {
  results: Result[];
  plan: string;
}

async function runUtilities(r: Running, log: (m: string) => void): Promise<UtilitiesResult> {
  // a user, a workspace and an API key with the utilities scope
  const owner = setA((await register(r.bridge)).accessToken);
  const wid = await createWorkspace(r.bridge, owner, 'Benchmark');
  const { key } = await createApiKey(r.bridge, owner, wid, 'bench', ['utilities']);
  const client = new pg.Client({ connectionString: r.databaseUrl });
  await client.connect();
  try {
    // one deterministic sequence (so two runs load the same fleet): the positions, then the plan's point and the requests
    const random = rng(42);
    const randomPoint = () => pointFrom(random);
    log(`loading ${POSITIONS.toLocaleString('en-US')} vehicle positions (batches of 500 through reportVehiclePositions) ...`);
    const loadSeconds = await loadPositions(r.gateway, key, POSITIONS, log, random);
    log(`loaded in ${loadSeconds.toFixed(1)} s (${(POSITIONS / loadSeconds).toFixed(0)} positions/s)`);
    const plan = await radiusPlan(client, wid, randomPoint(), RADIUS_M, 'analyze, costs off, timing on, summary on');

    const headers = () => ({ authorization: `Bearer ${key}` });
    const bridgeCall = (path: string): Omit<Target, 'bodies'> => ({ url: `${r.bridge}/realm/utilities${path}`, method: 'POST', headers, ok: answers.envelope });
    const gatewayCall: Omit<Target, 'bodies'> = { url: r.gateway, method: 'POST', headers, ok: answers.graphql };
    const gatewayBody = (query: string) => (input: unknown) => JSON.stringify({ query, variables: { input } });
    const scenarios: { name: string; target: Omit<Target, 'bodies'>; body: () => string }[] = [
      {
        name: 'bridge  POST /realm/utilities/fares/ride',
        target: bridgeCall('/fares/ride'),
        body: () => {
          const pickup = randomPoint();
          const dropoff = randomPoint();
          return JSON.stringify({ pickup: { coordinates: [pickup.lat, pickup.lng], country: 'KE' }, dropoff: { coordinates: [dropoff.lat, dropoff.lng], country: 'KE' } });
        },
      },
      {
        name: 'gateway query rideFare',
        target: gatewayCall,
        body: () => gatewayBody(RIDE_Q)({ pickup: { coordinates: geoPoint(randomPoint()), country: 'KE' }, dropoff: { coordinates: geoPoint(randomPoint()), country: 'KE' } }),
      },
      {
        name: 'bridge  POST /realm/utilities/nearby/search',
        target: bridgeCall('/nearby/search'),
        body: () => JSON.stringify({ location: randomPoint(), radius: RADIUS_M, status: 'AVAILABLE', limit: 20 }),
      },
      {
        name: 'gateway query nearbyVehicles',
        target: gatewayCall,
        body: () => gatewayBody(SEARCH_Q)({ location: geoPoint(randomPoint()), radius: RADIUS_M, status: 'AVAILABLE', limit: 20 }),
      },
    ];
    const results: Result[] = [];
    for (const s of scenarios) {
      // every request a body of its own, drawn in turn from the one sequence: WARMUP of them one at a time, then the measured ones
      const warm = Array.from({ length: WARMUP }, s.body);
      const bodies = Array.from({ length: REQUESTS }, s.body);
      await runLoad({ ...s.target, bodies: warm }, { connections: 1, amount: WARMUP });
      const m = await runLoad({ ...s.target, bodies }, { connections: CONCURRENCY, amount: REQUESTS });
      results.push({ name: s.name, requests: m.responses, errors: m.non2xx + m.bad2xx + m.socketErrors, seconds: m.wallSeconds, p50: m.p50, p99: m.p99 });
      log(`  ${s.name}: ${fmt.fixed(m.responses / m.wallSeconds, 1)} req/s`);
    }
    if (!/live_vehicle_position_earth_gist/.test(plan)) {
      log('the radius search did not use the GiST index');
      process.exitCode = 1;
    }
    return { results, plan };
  } finally {
    // on a database the caller gave (DATABASE_URL), the benchmark's vehicle positions are removed again
    if (EXTERNAL_DB) log(`removed the benchmark's ${await removePositions(client, wid)} positions from DATABASE_URL`);
    await client.end();
  }
}

function utilitiesReport(r: UtilitiesResult): Block[] {
  const one = (n: number) => fmt.fixed(n, 1);
  return [
    `${POSITIONS.toLocaleString('en-US')} positions within ${SPREAD_KM} km of Nairobi; ${REQUESTS} requests per scenario, ${CONCURRENCY} concurrent; radius ${RADIUS_M} m, limit 20`,
    table(
      ['scenario', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms'],
      r.results.map((x) => [x.name, String(x.requests), String(x.errors), one(x.requests / x.seconds), one(x.p50), one(x.p99)]),
      'lrrrrr',
    ),
    'query plan of the radius search (EXPLAIN ANALYZE):',
    code(r.plan),
  ];
}

export const utilitiesSection: OwnSection<UtilitiesResult> = {
  name: 'utilities',
  platform: { topology: 'single', env: {}, portBase: setting('BENCH_PORT_BASE', 27000, 1) },
  run: runUtilities,
  report: utilitiesReport,
};
