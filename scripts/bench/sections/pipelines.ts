// The `pipelines` section of `npm run bench` (`npm run bench:pipelines`): the pipelines engine on its job queue, timers, webhooks, QUERY stages.
/**
 * `npm run bench:pipelines` (also a section of `npm run bench` with BENCH_ROUTES including `pipelines`): what the
 * pipelines engine does with its job queue (docs/pipelines.md "Durability"; issue 18's targets). Not a test; prints a
 * table.
 *
 * Runs on a platform of its own (an OwnSection: platform.ts starts `dist/scripts/start.js`, one process,
 * PIPELINE_WORKERS=off: it takes no steps) on the embedded PostgreSQL, or on DATABASE_URL when set, and worker
 * processes (`dist/subgraphs/pipelines/worker.js`) started and stopped here. Then, with 1 and with 2 worker processes:
 *
 * - the job queue alone: BENCH_PIPELINES_JOBS jobs on a queue of their own (`bench-empty`), taken by the same number of
 *   processes running pg-boss with an empty handler (this file with `--empty-worker`, the engine's work options):
 *   jobs per second from the first taken to the last completed;
 * - the engine: BENCH_PIPELINES_EXECUTIONS executions of a pipeline of BENCH_PIPELINES_STAGES `WAIT 0` stages, all
 *   accepted (PENDING, their first step queued) before the workers start: executions and stage transitions (stage
 *   runs) per second from the first execution taken to the last SUCCESS (neither counts a process's start-up);
 * each BENCH_PIPELINES_RUNS times, the two in turn (so that both meet the same moments of a shared machine), and the
 * medians compared.
 *
 * Then, with 2 workers, at each rate of BENCH_PIPELINES_RATES (executions started a second, at even gaps; 10 and 50):
 * WAIT timer lateness (BENCH_PIPELINES_TIMERS executions of one `WAIT 1000 ms` stage: the stage's end − its start −
 * 1,000 ms) and webhook dispatch (as many executions of one WEBHOOK stage to
 * a receiver in this process that answers 204 at once: the request's arrival − the stage's start).
 *
 * Then QUERY stages (docs/pipelines.md "QUERY"): BENCH_PIPELINES_QUERIES executions of one QUERY stage (a ROUTE of
 * the workspace's one LSP, RANDOM), queued before 2 workers start: executions per second, as for the engine. A QUERY
 * calls the queries family's `selectResource` through the graph (docs/architecture.md): here from a worker process,
 * over HTTP to the platform's gateway, as in the split platform.
 *
 * Targets on PostgreSQL (issue 18): stage transitions/s with 2 workers ≥ 0.5 × the queue's own jobs/s with 2 workers;
 * WAIT p99 ≤ 100 ms after due; webhook dispatch p95 ≤ 50 ms after the stage starts.
 *
 * Environment: DATABASE_URL, BENCH_PIPELINES_JOBS (10000), BENCH_PIPELINES_EXECUTIONS (800), BENCH_PIPELINES_STAGES (5),
 * BENCH_PIPELINES_TIMERS (200), BENCH_PIPELINES_RATES (10,50), BENCH_PIPELINES_QUERIES (400),
 * BENCH_PIPELINES_RUNS (3), BENCH_OUT (also write the markdown there).
 */
// first: the stores whose SQL the bench runs load type-graphql's decorators (domain/transport.ts imports
// kernel/graphql-types.ts), which need the metadata polyfill before they evaluate
import 'reflect-metadata';
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { BATCH, POLLING_MS, workOptions } from '../../../subgraphs/pipelines/common/jobs.js';
import { activeArea, createApiKey, createProvider, createWorkspace, register, rest, setA, sleep, waitFor } from '../fixtures.js';
import { BENCH_ENV, databaseName, setting, settingList, spawnReady, stopGroup, type OwnSection, type Running } from '../platform.js';
import { ascending, fmt, pct, table, type Block } from '../report.js';

const JOBS = setting('BENCH_PIPELINES_JOBS', 10000, 1);
const EXECUTIONS = setting('BENCH_PIPELINES_EXECUTIONS', 800, 1);
const STAGES = setting('BENCH_PIPELINES_STAGES', 5, 1);
const TIMERS = setting('BENCH_PIPELINES_TIMERS', 200, 1);
const RUNS = setting('BENCH_PIPELINES_RUNS', 3, 1);
const QUERIES = setting('BENCH_PIPELINES_QUERIES', 400, 1);
const WAIT_MS = 1000;
/** The arrival rates of the latency phases: executions started a second, one after the other at even gaps. */
const RATES = settingList('BENCH_PIPELINES_RATES', '10,50').map(Number);
const CONCURRENCY = 8;
const EMPTY_QUEUE = 'bench-empty';
/** What the platform and the workers run with (beyond BENCH_ENV): webhooks to this process allowed. */
const PLATFORM_ENV = { PIPELINE_WEBHOOK_ALLOW: '127.0.0.1' };

// ───────────────────────────── --empty-worker: pg-boss with an empty handler ─────────────────────────────

async function emptyWorker(): Promise<void> {
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, schema: 'pgboss', max: 4 });
  await boss.start();
  await boss.work(EMPTY_QUEUE, workOptions(CONCURRENCY), async (batch) => Promise.all(batch.map(async (j) => ({ id: j.id, status: 'completed' as const }))));
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => void boss.stop({ graceful: false }).finally(() => process.exit(0)));
}

// ───────────────────────────── the bench ─────────────────────────────

/** The median of the runs (the lower middle one of an even number: the nearest rank, as every percentile here). */
const middle = (xs: number[]) => pct(ascending(xs), 0.5);

/** The fields of the answers this bench reads. */
interface Answer {
  accessToken?: string;
  data: { id: string; key: string; workspace: { id: string } };
}

interface Caller {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  /** The workspace's owner (header set A) and its id, to set up the LSP side. */
  owner: Record<string, string>;
  workspaceId: string;
}

/** A user of its own, a workspace and an API key with the pipelines scope (a key's limits are per key). */
async function setUp(base: string): Promise<Caller> {
  const { accessToken } = await register(base, { deviceId: 'bench' });
  const owner = setA(accessToken, 'bench');
  const workspaceId = await createWorkspace(base, owner, 'Pipelines bench');
  const { key } = await createApiKey(base, owner, workspaceId, 'bench', ['pipelines']);
  const auth = { authorization: `Bearer ${key}` };
  return { call: (method, path, body) => rest<Answer>(base, method, `/v1/pipelines${path}`, auth, body), owner, workspaceId };
}

/** An LSP of the workspace with one ACTIVE coverage area (a ROUTE a QUERY stage finds), waited for in the registry. */
async function coverageRoute(base: string, c: Caller): Promise<void> {
  const lsp = await createProvider(base, c.owner, c.workspaceId, 'lsp', {
    type: 'CARRIER',
    name: 'Pipelines bench carrier',
    contacts: { emails: ['carrier@bench.example'], phones: ['+31101234568'] },
    address: { city: 'Rotterdam', country: 'NL', coordinates: [51.9225, 4.47917] },
  });
  await activeArea(base, setA(lsp.contextToken, 'bench'), 'Rotterdam', 'AREA-1', 'Rotterdam');
  await waitFor(async () => {
    const r = (await c.call('POST', '/queries/execute', { resource: 'ROUTE', strategy: 'RANDOM', filters: {} })) as unknown as { status: string };
    return r.status === 'SUCCESS';
  }, 'the coverage route in the registry');
}

/** QUERY executions per second with 2 workers: QUERIES executions of one QUERY stage, queued before the workers start. */
async function queryStages(base: string, c: Caller, databaseUrl: string, workerEnv: NodeJS.ProcessEnv): Promise<number> {
  const stages = [{ name: 'route', action: 'QUERY', query: { resource: 'ROUTE', strategy: 'RANDOM', filters: { city: 'Rotterdam' } } }];
  const { seconds, succeeded } = await queuedExecutions(c, stages, QUERIES, 2, databaseUrl, workerEnv, 'the QUERY executions');
  if (succeeded !== QUERIES) throw new Error(`QUERY executions: ${succeeded} of ${QUERIES} succeeded`);
  return QUERIES / seconds;
}

/**
 * `count` executions of a new pipeline of `stages`, all accepted (PENDING, their first step queued) before `workers`
 * worker processes start: the seconds from the first execution taken (PENDING → RUNNING) to the last ended, by the
 * database's clock, as for the queue (a process's start-up is not counted), and how many succeeded.
 */
async function queuedExecutions(
  c: Caller,
  stages: unknown[],
  count: number,
  workers: number,
  databaseUrl: string,
  workerEnv: NodeJS.ProcessEnv,
  what: string,
): Promise<{ seconds: number; succeeded: number }> {
  const pipelineId = await deploy(c, stages);
  for (let i = 0; i < count; i += 20) await Promise.all(Array.from({ length: Math.min(20, count - i) }, () => c.call('POST', `/${pipelineId}/execute`, { metadata: {} })));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await settle(db, ['pgboss.job', 'pipelines.execution', 'pipelines.execution_log', 'events.log']);
  const procs = await startWorkers(workers, workerScript(), [], workerEnv);
  await waitFor(async () => (await ended(db, pipelineId)) >= count, what);
  const { rows } = await db.query<{ s: number; ok: string }>(
    `select extract(epoch from max(completed_at) - min(started_at))::float8 as s, count(*) filter (where status = 'SUCCESS') as ok from pipelines.execution where pipeline_id = $1`,
    [pipelineId],
  );
  for (const p of procs) await stopGroup(p, 10_000);
  await db.end();
  return { seconds: rows[0].s, succeeded: Number(rows[0].ok) };
}

async function deploy(c: Caller, stages: unknown[]): Promise<string> {
  const t = await c.call('POST', '/templates', { name: `bench ${Math.random().toString(36).slice(2)}`, version: '1.0.0', stages });
  await c.call('POST', `/templates/${t.data.id}/publish`);
  // a fresh pipeline per phase; deployments are limited to 10 a minute per key
  return (await c.call('POST', '/deploy', { templateId: t.data.id, name: 'bench' })).data.id;
}

async function ended(db: pg.Client, pipelineId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*) as n from pipelines.execution where pipeline_id = $1 and status in ('SUCCESS', 'FAILED', 'TIMEOUT')`, [pipelineId]);
  return Number(rows[0].n);
}

/**
 * Vacuums and analyzes the tables a timed run works on, before it starts: each run deletes or ends thousands of rows,
 * and a run that begins among the dead rows of the one before (autovacuum not yet by) fetches slower, which made the
 * queue's rate vary up to 2.5× between runs of the same work.
 */
async function settle(db: pg.Client, tables: string[]): Promise<void> {
  for (const t of tables) await db.query(`vacuum analyze ${t}`);
}

/** `n` worker processes of `script`, each once it prints `ready`. */
async function startWorkers(n: number, script: string, args: string[], env: NodeJS.ProcessEnv): Promise<ChildProcess[]> {
  // PIPELINE_WORKER_PORT 0: each worker's /metrics on a port from the system (several on one machine)
  return (await Promise.all(Array.from({ length: n }, () => spawnReady('worker', script, args, { ...env, PIPELINE_WORKER_PORT: '0' }, /ready/)))).map((w) => w.proc);
}

interface Throughput {
  workers: number;
  queueJobsPerSecond: number;
  /** Every run of the queue alone, in order (the median is `queueJobsPerSecond`). */
  queueRuns: number[];
  /** Every run of the engine: executions per second, in order (the median is `executionsPerSecond`). */
  engineRuns: number[];
  executionsPerSecond: number;
  transitionsPerSecond: number;
}

async function queueAlone(databaseUrl: string, workers: number): Promise<number> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 2 });
  await boss.start();
  await boss.createQueue(EMPTY_QUEUE, { notify: true }).catch(() => undefined);
  await boss.deleteAllJobs(EMPTY_QUEUE).catch(() => undefined);
  for (let i = 0; i < JOBS; i += 500)
    await boss.insert(
      EMPTY_QUEUE,
      Array.from({ length: Math.min(500, JOBS - i) }, () => ({ data: {} })),
    );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await settle(db, ['pgboss.job']);
  const procs = await startWorkers(workers, fileURLToPath(import.meta.url), ['--empty-worker'], { ...process.env, DATABASE_URL: databaseUrl });
  await waitFor(async () => {
    const { rows } = await db.query<{ n: string }>(`select count(*) as n from pgboss.job where name = $1 and state = 'completed'`, [EMPTY_QUEUE]);
    return Number(rows[0].n) >= JOBS;
  }, 'the empty jobs');
  // from the first job taken to the last completed, by the database's clock (a process's start-up is not counted)
  const { rows } = await db.query<{ s: number }>(`select extract(epoch from max(completed_on) - min(started_on))::float8 as s from pgboss.job where name = $1 and state = 'completed'`, [EMPTY_QUEUE]);
  const seconds = rows[0].s;
  for (const p of procs) await stopGroup(p, 5000);
  await db.query(`delete from pgboss.job where name = $1`, [EMPTY_QUEUE]);
  await db.end();
  await boss.stop({ graceful: false });
  return JOBS / seconds;
}

async function engine(base: string, databaseUrl: string, workerEnv: NodeJS.ProcessEnv, workers: number): Promise<{ executions: number; transitions: number }> {
  // a key of its own per phase: executions are limited to 1,000 a minute per key
  const c = await setUp(base);
  const stages = Array.from({ length: STAGES }, (_, i) => ({ name: `s${i}`, action: 'WAIT', wait: { type: 'DURATION', duration: 0 } }));
  const { seconds } = await queuedExecutions(c, stages, EXECUTIONS, workers, databaseUrl, workerEnv, 'the executions');
  return { executions: EXECUTIONS / seconds, transitions: (EXECUTIONS * STAGES) / seconds };
}

const workerScript = () => fileURLToPath(new URL('../../../subgraphs/pipelines/worker.js', import.meta.url));

async function latencies(c: Caller, databaseUrl: string, workerEnv: NodeJS.ProcessEnv, rate: number): Promise<Latencies> {
  const gapMs = 1000 / rate;
  const procs = await startWorkers(2, workerScript(), [], workerEnv);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // WAIT timers
  const waitPipeline = await deploy(c, [{ name: 'wait', action: 'WAIT', wait: { type: 'DURATION', duration: WAIT_MS } }]);
  for (let i = 0; i < TIMERS; i++) {
    await c.call('POST', `/${waitPipeline}/execute`, { metadata: {} });
    await sleep(gapMs);
  }
  await waitFor(async () => (await ended(db, waitPipeline)) >= TIMERS, 'the timers');
  const { rows } = await db.query<{ stages: { startedAt: number; completedAt: number }[] }>(`select stages from pipelines.execution where pipeline_id = $1`, [waitPipeline]);
  const lateness = rows.map((r) => r.stages[0].completedAt - r.stages[0].startedAt - WAIT_MS);
  // webhook dispatch
  const arrivals = new Map<string, number>();
  const receiver = createServer((req, res) => {
    arrivals.set(String(req.headers['webhook-id']), Date.now());
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const hookPipeline = await deploy(c, [{ name: 'hook', action: 'WEBHOOK', webhook: { url, method: 'POST' } }]);
  for (let i = 0; i < TIMERS; i++) {
    await c.call('POST', `/${hookPipeline}/execute`, { metadata: { i } });
    await sleep(gapMs);
  }
  await waitFor(async () => (await ended(db, hookPipeline)) >= TIMERS, 'the webhooks');
  const hooks = await db.query<{ id: string; stages: { startedAt: number }[] }>(`select id, stages from pipelines.execution where pipeline_id = $1`, [hookPipeline]);
  const dispatch = hooks.rows.map((r) => (arrivals.get(`${r.id}:hook:1`) ?? NaN) - r.stages[0].startedAt).filter(Number.isFinite);
  await new Promise((r) => receiver.close(r));
  for (const p of procs) await stopGroup(p, 10_000);
  await db.end();
  return { rate, lateness, dispatch };
}

interface Latencies {
  /** Executions started a second. */
  rate: number;
  lateness: number[];
  dispatch: number[];
}

export interface PipelinesResult {
  database: string;
  throughput: Throughput[];
  latencies: Latencies[];
  /** QUERY executions per second, 2 workers. */
  queryExecutionsPerSecond: number;
}

async function runPipelines(r: Running, log: (m: string) => void): Promise<PipelinesResult> {
  const { databaseUrl, bridge: base } = r;
  // the platform's DATA_DIR (its secrets: a QUERY's call to the gateway is signed with INTERNAL_SECRET) and gateway
  const workerEnv = {
    ...process.env,
    ...BENCH_ENV,
    ...PLATFORM_ENV,
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    DATA_DIR: r.dataDir,
    GATEWAY_URL: r.gateway,
    PIPELINE_WORKER_CONCURRENCY: String(CONCURRENCY),
  };
  const throughput: Throughput[] = [];
  for (const workers of [1, 2]) {
    // a shared 2-core machine makes single runs of either vary: RUNS of each, in turn, and their medians
    const queueRuns: number[] = [];
    const engineRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      log(`pipelines bench: the queue alone, ${workers} worker(s), ${JOBS} jobs (run ${i + 1} of ${RUNS})`);
      queueRuns.push(await queueAlone(databaseUrl, workers));
      log(`pipelines bench: the engine, ${workers} worker(s), ${EXECUTIONS} executions of ${STAGES} stages (run ${i + 1} of ${RUNS})`);
      engineRuns.push((await engine(base, databaseUrl, workerEnv, workers)).executions);
    }
    const executionsPerSecond = middle(engineRuns);
    throughput.push({ workers, queueJobsPerSecond: middle(queueRuns), queueRuns, engineRuns, executionsPerSecond, transitionsPerSecond: executionsPerSecond * STAGES });
  }
  const measured: Latencies[] = [];
  for (const rate of RATES) {
    log(`pipelines bench: ${TIMERS} WAIT timers of ${WAIT_MS} ms and ${TIMERS} webhooks at ${rate} a second, 2 workers`);
    measured.push(await latencies(await setUp(base), databaseUrl, workerEnv, rate));
  }
  log(`pipelines bench: ${QUERIES} executions of one QUERY stage, 2 workers`);
  const q = await setUp(base);
  await coverageRoute(base, q);
  const queryExecutionsPerSecond = await queryStages(base, q, databaseUrl, workerEnv);
  return { database: databaseName(), throughput, latencies: measured, queryExecutionsPerSecond };
}

function pipelinesReport(r: PipelinesResult): Block[] {
  const f = fmt.fixed;
  const p = (xs: number[], q: number) => f(pct(ascending(xs), q));
  const two = r.throughput.find((t) => t.workers === 2)!;
  const ratio = two.transitionsPerSecond / two.queueJobsPerSecond;
  return [
    '### Pipelines: the engine on its job queue (`pipelines`)',
    `${r.database}; ${cpus().length} cores. ${EXECUTIONS} executions of ${STAGES} WAIT-0 stages each, queued before the workers start; the queue alone: ${JOBS} jobs with an empty handler, the same pg-boss work options (${CONCURRENCY} at once per process in batches of ${BATCH}, fetching again at once while a batch comes back full, else a poll every ${POLLING_MS} ms).`,
    `Each figure is the median of ${RUNS} runs, the queue's and the engine's in turn (every run in brackets).`,
    table(
      ['worker processes', 'queue alone, jobs/s (runs)', 'executions/s (runs)', 'stage transitions/s', 'transitions ÷ queue'],
      r.throughput.map((t) => [
        String(t.workers),
        `${f(t.queueJobsPerSecond)} (${t.queueRuns.map((q) => f(q)).join(', ')})`,
        `${f(t.executionsPerSecond, 1)} (${t.engineRuns.map((q) => f(q)).join(', ')})`,
        f(t.transitionsPerSecond),
        f(t.transitionsPerSecond / t.queueJobsPerSecond, 2),
      ]),
      'rrrrr',
    ),
    table(
      ['2 workers, executions started a second', 'p50 ms', 'p95 ms', 'p99 ms', 'samples'],
      r.latencies.flatMap((l) => [
        [`WAIT ${WAIT_MS} ms at ${l.rate}/s: end − start − ${WAIT_MS}`, p(l.lateness, 0.5), p(l.lateness, 0.95), p(l.lateness, 0.99), String(l.lateness.length)],
        [`webhook dispatch at ${l.rate}/s: arrival − stage start`, p(l.dispatch, 0.5), p(l.dispatch, 0.95), p(l.dispatch, 0.99), String(l.dispatch.length)],
      ]),
      'lrrrr',
    ),
    `QUERY stages (a ROUTE picked through the queries family's \`selectResource\`, from 2 worker processes over HTTP to the gateway): ${f(r.queryExecutionsPerSecond, 1)} executions/s (${QUERIES} executions of one QUERY stage, queued before the workers start).`,
    `Targets (issue 18, on PostgreSQL): transitions ÷ queue with 2 workers ≥ 0.5 (here ${f(ratio, 2)}); WAIT p99 ≤ 100 ms (here ${r.latencies.map((l) => `${p(l.lateness, 0.99)} at ${l.rate}/s`).join(', ')}); webhook dispatch p95 ≤ 50 ms (here ${r.latencies.map((l) => `${p(l.dispatch, 0.95)} at ${l.rate}/s`).join(', ')}).`,
  ];
}

export const pipelinesSection: OwnSection<PipelinesResult> = {
  name: 'pipelines',
  platform: { topology: 'single', env: { ...PLATFORM_ENV, PIPELINE_WORKERS: 'off' }, note: 'that takes no steps' },
  run: runPipelines,
  report: pipelinesReport,
};

// the empty-handler workers of the queue-alone phase are this file, started by queueAlone with `--empty-worker`
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--empty-worker')) await emptyWorker();
