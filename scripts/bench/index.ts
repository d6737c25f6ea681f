// The entry of `npm run bench` (and of `--section <name>`): settings, the harness's topologies and platform, every section in turn, the report.
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
 * - bare: scripts/bench/bare.ts, a `node:http` server with a `pg` Pool of DB_POOL_SIZE running the same SQL and
 *   answering the same JSON (no credential check: the ids are in its path);
 * - subgraph alone: the subgraph's own /graphql with a principal signed as the gateway signs it;
 * - gateway: POST /graphql with the route's own operation (from rest-bridge/routes) and the route's credential;
 * - bridge: the REST route.
 *
 * Routes: GET /v1/users/me; GET /v1/lsp/fleets (the LSP's fleets with their vehicle counts: the subgraph counts the
 * vehicles of the page's fleets in one grouped count); POST /realm/utilities/nearby/search (radius search over BENCH_POSITIONS positions);
 * GET /v1/order/operators (`operators`, the commerce family: a client's intent with two stops in Rotterdam and one
 * package, offered by the 20 LSPs of the workspace whose ACTIVE coverage serves both stops, out of 200 areas; half of
 * them price by a hub's PER_KM rule, the other half by the utilities' delivery fare; every request signs its 20
 * quotes). The operators route is measured at the gateway and bridge layers only: it has no bare handler and no
 * subgraph-alone scenario. The notes report its bridge p95 against GET /v1/users/me's in the same run (target ≤ 3× on
 * PostgreSQL), from dedicated runs of the two bridge routes in each round (routes.ts; the tables keep p50 and p99 only).
 * GET /v1/lsps/:icode/faqs/search (`faqs`, the DEV family, header set B with the LSP's context token): two scenarios,
 * the FAQ search of an LSP with 1,000 FAQs and of one with 100,000, the same generator behind both (sections/faqs.ts: the
 * small base is the first 1,000 FAQs of the large one), four support queries in turn ("where is my parcell", "refund
 * for a damaged package", "customs fees for international shipping", "how do I change the delivery address"); the
 * first 20 FAQs of each LSP are made through POST /v1/lsps/:icode/faqs, the rest inserted with SQL on the platform's
 * database (DATABASE_URL, or the embedded one on EMBEDDED_DB_PORT) in batches with their versions and vocabulary, then
 * VACUUM ANALYZE. Gateway and bridge layers only, like `operators`. The notes report the bridge p95 at 100,000 FAQs
 * against 1,000 (target ≤ 2× on PostgreSQL: the search is index-backed), from dedicated runs as for `operators`; the
 * share of each base every query matches; and EXPLAIN (ANALYZE, BUFFERS) of the search's statements at 100,000 FAQs
 * (the correction's GiST index on `dev.faq_term`, the candidates' GIN index on `dev.faq.search`).
 *
 * `iot` (the IoT family's device reports, sections/iot.ts): not a route of autocannon runs but a section of its own,
 * run once in the first topology after its route runs: reports parsed per second in process, reports stored per
 * second over HTTP batches and over MQTT (QoS 1, to the embedded broker on a free MQTT_PORT given to the platform)
 * against a bare batched INSERT of the same rows, and the lag from an MQTT publish to the nearby index.
 *
 * `queries` (the queries family's discovery and matching, sections/queries.ts): a section of its own too, run once
 * in the first topology after `iot`: the service registry seeded by SQL to 10,000, 100,000 and 1,000,000 entries (on
 * PGlite in statements of 5,000 rows), `POST /v1/queries/discovery/discover` p50/p95/p99 at each size at 50 km and at
 * a radius keeping the result size constant (target: p95 at 1,000,000 at most 2× p95 at 10,000 on PostgreSQL), the
 * plan of the discovery statement at the largest size, and `POST /v1/queries/matching/match` over 10,000 candidates.
 *
 * `events` (event fan-out to webhook endpoints, sections/events.ts): a platform of its own after the others, 100
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
 * DATA_DIR), DATABASE_URL; for `iot`, BENCH_IOT_SECONDS, BENCH_IOT_BATCH, BENCH_IOT_LAG_SAMPLES (sections/iot.ts); for
 * `queries`, BENCH_QUERIES_SIZES, BENCH_QUERIES_REQUESTS, BENCH_QUERIES_WARMUP, BENCH_QUERIES_CONNECTIONS,
 * BENCH_QUERIES_LOAD_REQUESTS, BENCH_QUERIES_MATCHING, BENCH_QUERIES_MATCH_REQUESTS (sections/queries.ts).
 *
 * One section alone: `node dist/scripts/bench/index.js --section <name>` (`--help` lists them): `pipelines`, `events`
 * and `utilities` (`npm run bench:pipelines`, `bench:events`, `bench:utilities`) on a platform of their own, printing
 * their own tables only; any other BENCH_ROUTES name as BENCH_ROUTES=<name>.
 */
// first: the stores whose SQL the bench runs load type-graphql's decorators (domain/transport.ts imports
// kernel/graphql-types.ts), which need the metadata polyfill before they evaluate
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startBare } from './bare.js';
import { removePositions, seed, type Fixtures } from './fixtures.js';
import { stopCurrentRun } from './load.js';
import {
  BENCH_ENV,
  EXTERNAL_DB,
  Platform,
  databaseUrlOf,
  internalSecret,
  killAllGroupsNow,
  log,
  platformPorts,
  running,
  setting,
  settingList,
  stopAllGroups,
  waitPortsFree,
  withPlatform,
  type OwnSection,
  type Ports,
  type SharedSection,
  type Topology,
  type TreeMemory,
} from './platform.js';
import { fmt, list, machine, pkgVersion, publish, render, table, type Block } from './report.js';
import { ALL_LAYERS, ROUNDS, RouteRuns, SECONDS, TOPOLOGIES, WARMUP, layersOf, type RouteCtx } from './routes.js';
import { CORE_DATA, CORE_FIXTURES, CORE_P95, CORE_ROUTES, OPERATORS_DATA, coreFixtureNotes, radiusPlanNote } from './sections/core.js';
import { eventsSection } from './sections/events.js';
import { FAQ_DATA, FAQ_P95, FAQ_ROUTES, FAQ_SIZES, faqFixtureNote, faqNotes, removeFaqs, seedFaqs } from './sections/faqs.js';
import { iotSection } from './sections/iot.js';
import { pipelinesSection } from './sections/pipelines.js';
import { queriesSection } from './sections/queries.js';
import { utilitiesSection } from './sections/utilities.js';

// ───────────────────────────── settings ─────────────────────────────

/**
 * The names BENCH_ROUTES takes: each selects a route, `faqs` the two scenarios of the FAQ search, `iot` the IoT section,
 * `queries` the queries family's section, `pipelines` and `events` the sections of their own platform.
 */
const ROUTE_OPTIONS = ['users', 'fleets', 'nearby', 'operators', 'faqs', 'iot', 'queries', 'pipelines', 'events'];
const POOL_SIZE = Math.max(1, setting('DB_POOL_SIZE', 10));

/** The sections on a platform of their own (which `--section` runs alone): each run on its platform, to its report. */
const OWN: Record<string, () => Promise<Block[]>> = {
  pipelines: () => runOwn(pipelinesSection),
  events: () => runOwn(eventsSection),
  utilities: () => runOwn(utilitiesSection),
};
const isOwn = (name: string) => Object.hasOwn(OWN, name);

const USAGE = `usage: node dist/scripts/bench/index.js [--section NAME]

  (no option)     npm run bench: every section BENCH_ROUTES names (default ${ROUTE_OPTIONS.join(',')}), in BENCH_TOPOLOGIES
  --section NAME  one section alone:
                    ${Object.keys(OWN).join(', ')}: on a platform of its own, only its own tables (npm run bench:NAME)
                    ${ROUTE_OPTIONS.filter((o) => !isOwn(o)).join(', ')}: the whole harness with BENCH_ROUTES=NAME
  --help          this text

Environment: BENCH_ROUTES, BENCH_TOPOLOGIES, BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_OUT, DATABASE_URL …
(the header comments of scripts/bench/index.ts and of each section list them all).`;

// ───────────────────────────── the run's state ─────────────────────────────

let aborted = false;
const isAborted = () => aborted;
/** The harness's DATA_DIR (the route runs, `iot`, `queries`), kept with BENCH_KEEP_DATA. */
let dataDir: string | undefined;

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

/** What a run of the whole harness measured and noted, for its report. */
class Harness {
  readonly loadBefore = loadavg()[0];
  readonly starts: StartRecord[] = [];
  readonly memories: MemoryRecord[] = [];
  /** Notes left while it ran (database, checks, FAQ plans …). */
  readonly notes: string[] = [];
  /** The reports of the sections other than the route runs, in the order they ran. */
  readonly sections: Block[] = [];
  databaseLabel = EXTERNAL_DB ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
  fx: Fixtures | undefined;
  readonly runs: RouteRuns;

  constructor(readonly selected: string[]) {
    this.runs = new RouteRuns([...CORE_ROUTES, ...FAQ_ROUTES], [...CORE_P95, ...FAQ_P95], selected, this.notes, log, isAborted);
  }
}

// ───────────────────────────── the harness's platform ─────────────────────────────

/** The platform of the route runs, `iot` and `queries` (BENCH_ENV, and tokens that outlive a long run). */
const platformEnv = {
  ...BENCH_ENV,
  // a long run must not outlive its tokens (the lifetime does not change what a request costs)
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  CONTEXT_TOKEN_TTL_SECONDS: '86400',
  DB_POOL_SIZE: String(POOL_SIZE),
};

async function startPlatform(h: Harness, topology: Topology, p: Ports, mqttPort: number, which: string): Promise<Platform> {
  log(`starting the platform (${topology} topology, ${which}) ...`);
  await waitPortsFree([...Object.values(p), mqttPort]);
  const platform = await Platform.start({ topology, dataDir: dataDir!, ports: p, env: { ...platformEnv, MQTT_PORT: String(mqttPort) } });
  h.starts.push({ topology, which, ms: platform.readyMs });
  const idle = platform.memory();
  h.memories.push({ topology, when: `idle, after ${which.split(' ')[0]} start`, memory: idle });
  log(`  ready in ${Math.round(platform.readyMs)} ms; ${idle.processes.length} processes, ${fmt.mb(idle.totalBytes)} resident`);
  if (topology === 'single' && idle.processes.length > 2) {
    const note = `PLATFORM_TOPOLOGY=single was requested but the platform ran ${idle.processes.length} processes (the launcher does not know the single topology yet?)`;
    if (!h.notes.includes(note)) h.notes.push(note);
  }
  return platform;
}

/** The database's version for the settings table, and the note on the radius search's plan. */
async function describeDatabase(h: Harness, url: string, fx: Fixtures): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('select version() as v');
    const version = String(rows[0].v).split(/,| on /)[0];
    h.databaseLabel = EXTERNAL_DB ? `${version} (DATABASE_URL)` : `PGlite ${pkgVersion('@electric-sql/pglite')} (embedded, ${version}), over pglite-socket`;
    h.notes.push(await radiusPlanNote(client, fx));
  } finally {
    await client.end();
  }
}

/** On DATABASE_URL, the rows the fixtures left: the positions and the FAQs. */
async function cleanUp(databaseUrl: string, fx: Fixtures | undefined) {
  if (!EXTERNAL_DB || !fx) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    log(`removed the benchmark's ${await removePositions(client, fx.workspaceId)} positions from DATABASE_URL`);
    if (fx.faqs) log(`removed the benchmark's ${await removeFaqs(client, fx.workspaceId)} FAQs from DATABASE_URL`);
  } finally {
    await client.end();
  }
}

/** A section on the harness's platform: run, and its report kept. */
async function runShared<R>(h: Harness, s: SharedSection<R>, r: Parameters<SharedSection<R>['run']>[0]): Promise<void> {
  log(`measuring ${s.what} ...`);
  h.sections.push(...s.report(await s.run(r, log, isAborted), h.databaseLabel));
}

/** A section on a platform of its own: the platform it declares started, the section run on it, its report. */
async function runOwn<R>(s: OwnSection<R>): Promise<Block[]> {
  log(`${s.name} bench: starting a platform (${EXTERNAL_DB ? 'PostgreSQL server' : 'embedded PostgreSQL'})${s.platform.note ? ` ${s.platform.note}` : ''}`);
  return s.report(await withPlatform(s.name, s.platform, (r) => s.run(r, log, isAborted)));
}

/** The route runs, `iot` and `queries`, in every topology of BENCH_TOPOLOGIES on one DATA_DIR; then restart to ready. */
async function measure(h: Harness): Promise<void> {
  const { selected, runs } = h;
  const portBase = setting('BENCH_PORT_BASE', 0);
  const { ports: p, mqttPort } = await platformPorts(portBase || undefined);
  const databaseUrl = databaseUrlOf(p);
  log(`bench: ${runs.totalRuns()} runs of ${SECONDS} s (${ROUNDS} rounds), topologies ${TOPOLOGIES.join(', ')}, database ${EXTERNAL_DB ? 'DATABASE_URL' : 'embedded PGlite'}, DATA_DIR ${dataDir}`);
  if (h.loadBefore > 0.5) log(`warning: load average ${h.loadBefore.toFixed(2)} before the run: other processes are busy, the numbers will be less reliable`);
  try {
    for (const [phase, topology] of TOPOLOGIES.entries()) {
      const layers = layersOf(topology);
      const first = phase === 0;
      const which = first ? (EXTERNAL_DB ? '1st (fresh DATA_DIR, DATABASE_URL)' : '1st (fresh DATA_DIR: new database, migrations)') : '1st (DATA_DIR of the previous topology)';
      const platform = await startPlatform(h, topology, p, mqttPort, which);
      const r = running(platform, p, mqttPort, dataDir!);
      let bare: Awaited<ReturnType<typeof startBare>> | undefined;
      try {
        if (!h.fx) {
          log('making fixtures through the bridge ...');
          h.fx = await seed({ bridge: r.bridge, gateway: r.gateway }, { ...CORE_FIXTURES, commerce: selected.includes('operators') }, log);
          await describeDatabase(h, databaseUrl, h.fx);
          if (selected.includes('faqs')) {
            log(`making the FAQ knowledge bases (${FAQ_SIZES.map((n) => n.toLocaleString('en-US')).join(' and ')} FAQs) ...`);
            h.fx.faqs = await seedFaqs(r.bridge, databaseUrl, h.fx.user.accessToken, h.fx.workspaceId, Date.now().toString(36), log);
            h.notes.push(...(await faqNotes(databaseUrl, h.fx)));
          }
        }
        const fx = h.fx;
        if (!layers.length) {
          log(`  no layer to measure in the ${topology} topology`);
        } else {
          if (layers.includes('bare')) bare = await startBare(databaseUrl, POOL_SIZE);
          const ctx: RouteCtx = { ports: p, fx, secret: internalSecret(dataDir!), bareUrl: bare?.url ?? 'http://127.0.0.1:1' };
          await runs.measure(topology, platform, ctx);
          h.memories.push({ topology, when: 'after the load', memory: platform.memory() });
        }
        if (first && selected.includes('iot')) await runShared(h, iotSection, { ...r, fx, rounds: ROUNDS });
        if (first && selected.includes('queries')) await runShared(h, queriesSection, { ...r, fx, rounds: ROUNDS });
      } catch (err) {
        log(`last lines of the platform:\n${platform.tail()}`);
        throw err;
      } finally {
        await bare?.stop();
        await platform.stop();
      }
      if (first) {
        const again = await startPlatform(h, topology, p, mqttPort, '2nd (restart on the same DATA_DIR)');
        await again.stop();
      }
    }
  } finally {
    await cleanUp(databaseUrl, h.fx).catch((err) => log(`clean-up failed: ${(err as Error).message}`));
  }
}

// ───────────────────────────── the report ─────────────────────────────

function report(h: Harness): string {
  const { runs, selected } = h;
  const blocks: Block[] = [
    '## Benchmark',
    table(
      ['setting', 'value'],
      [
        ['machine', machine()],
        ['node', process.version],
        [
          'machine load',
          `load average (1 min) ${h.loadBefore.toFixed(2)} before the run, ${loadavg()[0].toFixed(2)} at its end${h.loadBefore > 0.5 ? ' (**other processes were busy before the run started: numbers are less reliable**)' : ''}`,
        ],
        ['database', h.databaseLabel],
        ['load generator', `autocannon ${pkgVersion('autocannon')}, in the bench process on the same machine`],
        ['runs', `${ROUNDS} interleaved rounds × ${SECONDS} s per scenario (median over rounds), after ${WARMUP} s of warm-up per scenario`],
        [
          'layers',
          TOPOLOGIES.map((t) => `${t} topology: ${layersOf(t).join(', ') || '(none)'}`).join('; ') +
            // (one mention per route: the two scenarios of `faqs` share theirs)
            [...new Set(runs.routes.filter((r) => r.layers).map((r) => ` (${r.title.split(',')[0]}: ${r.layers!.join(' and ')} only)`))].join(''),
        ],
        ['data', [`${CORE_DATA}; DB_POOL_SIZE ${POOL_SIZE}`, ...(selected.includes('operators') ? [OPERATORS_DATA] : []), ...(selected.includes('faqs') ? [FAQ_DATA] : [])].join('; ')],
      ],
      'll',
    ),
    'req/s counts successful responses only (2xx with a body free of errors); p50/p99 cover every response; each is the median ' +
      "over the rounds of that round's value (every round is listed in the last column). The bare layer reads the rows by the ids in its " +
      'path (no credential check); every other layer checks the credential of the route. A ratio compares two layers where each was ' +
      `measured${TOPOLOGIES.length > 1 && !ALL_LAYERS ? ' (so gateway / subgraph compares two topologies)' : ''}.` +
      (EXTERNAL_DB
        ? ''
        : " On PGlite every layer, bare included, queries the one embedded database through pglite-socket (one session, one query at a time), which runs inside the platform's process in the single topology."),
    ...runs.tables(),
    ...h.sections,
  ];
  if (h.memories.length) {
    blocks.push(
      '### Resident memory of the platform',
      `Sum of VmRSS over the launcher and all its descendants (/proc; pages shared between processes count once per process)${EXTERNAL_DB ? '; the PostgreSQL server at DATABASE_URL is not included' : ''}.`,
      table(
        ['topology', 'when', 'processes', 'resident', 'by process'],
        h.memories.map((m) => [
          m.topology,
          m.when,
          String(m.memory.processes.length),
          fmt.mb(m.memory.totalBytes),
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
        'llrrl',
      ),
    );
  }
  if (h.starts.length) {
    blocks.push(
      '### Start to ready',
      'From spawning `node dist/scripts/start.js` to its `platform | ready:` line.',
      table(
        ['topology', 'start', 'ms'],
        h.starts.map((s) => [s.topology, s.which, Math.round(s.ms).toLocaleString('en-US')]),
        'llr',
      ),
    );
  }
  const failed = runs.failedScenarios();
  const notes = [
    ...(failed ? [`**${failed} scenario(s) had failed responses** (see errors/non-2xx): their req/s counts successes only`] : []),
    ...runs.p95Notes(),
    ...h.notes,
    ...runs.failureNotes(),
    ...(h.fx ? coreFixtureNotes(h.fx) : []),
    ...(h.fx?.faqs ? [faqFixtureNote(h.fx.faqs)] : []),
  ];
  if (notes.length) blocks.push('### Notes', list(notes));
  return render(blocks);
}

// ───────────────────────────── the run ─────────────────────────────

/** `npm run bench`: the harness's platform (route runs, `iot`, `queries`), then the sections of their own platform. */
async function runBench(selected: string[]): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < 24) {
    throw new Error(`the platform needs Node 24 (this is ${process.version}): run \`npm run bench\`, whose scripts run on the pinned Node`);
  }
  for (const r of selected) if (!ROUTE_OPTIONS.includes(r)) throw new Error(`BENCH_ROUTES: unknown route ${r} (${ROUTE_OPTIONS.join(', ')})`);
  const h = new Harness(selected);
  dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  try {
    await measure(h);
    // the pipelines section starts a platform of its own (one that takes no steps) and its worker processes;
    // so does the events section (event fan-out to webhook endpoints)
    for (const name of ['pipelines', 'events']) if (selected.includes(name) && !aborted) h.sections.push(...(await OWN[name]()));
    publish(report(h), log);
  } catch (err) {
    log(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    if (h.runs.any) process.stdout.write(`\n(partial results)\n${report(h)}\n`);
    process.exitCode = 1;
  }
}

/** One section of its own platform alone (`npm run bench:<name>`): its tables only. */
async function runAlone(name: string): Promise<void> {
  try {
    publish(render(await OWN[name]()), log);
  } catch (err) {
    log(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
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
    void stopAllGroups().finally(() => {
      if (dataDir && !process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

const { values: args } = parseArgs({ options: { section: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
const section = args.section;
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
} else if (section !== undefined && !isOwn(section) && !ROUTE_OPTIONS.includes(section)) {
  process.stderr.write(`unknown section ${section}\n\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  try {
    if (section !== undefined && isOwn(section)) await runAlone(section);
    else await runBench(section !== undefined ? [section] : settingList('BENCH_ROUTES', ROUTE_OPTIONS.join(',')));
  } finally {
    await stopAllGroups();
    if (dataDir && !process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
}
