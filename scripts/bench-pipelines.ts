/**
 * `npm run bench:pipelines` (also a section of `npm run bench` with BENCH_ROUTES including `pipelines`): what the
 * pipelines engine does with its job queue (docs/pipelines.md "Durability"; issue 18's targets). Not a test; prints a
 * table.
 *
 * Starts a platform of its own (`dist/scripts/start.js`, one process, PIPELINE_WORKERS=off: it takes no steps) on the
 * embedded PostgreSQL, or on DATABASE_URL when set, and worker processes (`dist/subgraphs/pipelines/worker.js`) started
 * and stopped here. Then, with 1 and with 2 worker processes:
 *
 * - the job queue alone: BENCH_PIPELINES_JOBS jobs on a queue of their own (`bench-empty`), taken by the same number of
 *   processes running pg-boss with an empty handler (this script with `--empty-worker`, the engine's work options):
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
 * Targets on PostgreSQL (issue 18): stage transitions/s with 2 workers ≥ 0.5 × the queue's own jobs/s with 2 workers;
 * WAIT p99 ≤ 100 ms after due; webhook dispatch p95 ≤ 50 ms after the stage starts.
 *
 * Environment: DATABASE_URL, BENCH_PIPELINES_JOBS (10000), BENCH_PIPELINES_EXECUTIONS (800), BENCH_PIPELINES_STAGES (5),
 * BENCH_PIPELINES_TIMERS (200), BENCH_PIPELINES_RATES (10,50),
 * BENCH_PIPELINES_RUNS (3), BENCH_OUT (also write the markdown there).
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { BATCH, POLLING_MS, workOptions } from '../subgraphs/pipelines/common/jobs.js';
import { PORT_NAMES, Platform, freePorts, runSection, spawnGroup, stopGroup, type Ports } from './bench-platform.js';

const JOBS = Number(process.env.BENCH_PIPELINES_JOBS ?? 10000);
const EXECUTIONS = Number(process.env.BENCH_PIPELINES_EXECUTIONS ?? 800);
const STAGES = Number(process.env.BENCH_PIPELINES_STAGES ?? 5);
const TIMERS = Number(process.env.BENCH_PIPELINES_TIMERS ?? 200);
const RUNS = Number(process.env.BENCH_PIPELINES_RUNS ?? 3);
const WAIT_MS = 1000;
/** The arrival rates of the latency phases: executions started a second, one after the other at even gaps. */
const RATES = (process.env.BENCH_PIPELINES_RATES ?? '10,50').split(',').map(Number);
const CONCURRENCY = 8;
const EMPTY_QUEUE = 'bench-empty';

// ───────────────────────────── --empty-worker: pg-boss with an empty handler ─────────────────────────────

async function emptyWorker(): Promise<void> {
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, schema: 'pgboss', max: 4 });
  await boss.start();
  await boss.work(EMPTY_QUEUE, workOptions(CONCURRENCY), async (batch) => Promise.all(batch.map(async (j) => ({ id: j.id, status: 'completed' as const }))));
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => void boss.stop({ graceful: false }).finally(() => process.exit(0)));
}

// ───────────────────────────── the bench ─────────────────────────────

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/** The fields of the answers this bench reads. */
interface Answer {
  accessToken?: string;
  data: { id: string; key: string; workspace: { id: string } };
}

interface Caller {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
}

async function rest(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Answer;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function setUp(base: string): Promise<Caller> {
  const email = `bench-${Date.now().toString(36)}@example.test`;
  const reg = await rest(base, 'POST', '/v1/auth/register', {}, { email, password: 'correct horse battery', name: 'Bench', deviceId: 'bench' });
  const setA = { 'svc-auth-token': reg.accessToken!, 'svc-user-agent': 'bench/1.0', 'svc-auth-device': 'bench' };
  const ws = await rest(base, 'POST', '/v1/workspace', setA, { name: 'Pipelines bench' });
  const key = await rest(base, 'POST', `/v1/workspace/${ws.data.workspace.id}/api-keys`, setA, { name: 'bench', scopes: ['pipelines'] });
  const auth = { authorization: `Bearer ${key.data.key}` };
  return { call: (method, path, body) => rest(base, method, `/v1/pipelines${path}`, auth, body) };
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

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not done in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startWorkers(n: number, script: string, args: string[], env: NodeJS.ProcessEnv): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const w = spawnGroup(script, args, env);
      await new Promise<void>((resolve, reject) => {
        let out = '';
        w.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          if (/ready/.test(out)) resolve();
        });
        w.stderr!.on('data', (c: Buffer) => (out += c.toString()));
        w.once('exit', (code) => reject(new Error(`worker exited (${code}): ${out.slice(-2000)}`)));
      });
      w.removeAllListeners('exit');
      return w;
    }),
  );
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
  const pipelineId = await deploy(
    c,
    Array.from({ length: STAGES }, (_, i) => ({ name: `s${i}`, action: 'WAIT', wait: { type: 'DURATION', duration: 0 } })),
  );
  for (let i = 0; i < EXECUTIONS; i += 20) await Promise.all(Array.from({ length: Math.min(20, EXECUTIONS - i) }, () => c.call('POST', `/${pipelineId}/execute`, { metadata: {} })));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await settle(db, ['pgboss.job', 'pipelines.execution', 'pipelines.execution_log', 'events.log']);
  const procs = await startWorkers(workers, workerScript(), [], workerEnv);
  await waitFor(async () => (await ended(db, pipelineId)) >= EXECUTIONS, 'the executions');
  // from the first execution taken (PENDING → RUNNING) to the last ended, by the database's clock, as for the queue
  const { rows } = await db.query<{ s: number }>(`select extract(epoch from max(completed_at) - min(started_at))::float8 as s from pipelines.execution where pipeline_id = $1`, [pipelineId]);
  const seconds = rows[0].s;
  for (const p of procs) await stopGroup(p, 10_000);
  await db.end();
  return { executions: EXECUTIONS / seconds, transitions: (EXECUTIONS * STAGES) / seconds };
}

const workerScript = () => fileURLToPath(new URL('../subgraphs/pipelines/worker.js', import.meta.url));

async function latencies(c: Caller, databaseUrl: string, workerEnv: NodeJS.ProcessEnv, rate: number): Promise<Latencies> {
  const gapMs = 1000 / rate;
  const procs = await startWorkers(2, workerScript(), [], workerEnv);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // WAIT timers
  const waitPipeline = await deploy(c, [{ name: 'wait', action: 'WAIT', wait: { type: 'DURATION', duration: WAIT_MS } }]);
  for (let i = 0; i < TIMERS; i++) {
    await c.call('POST', `/${waitPipeline}/execute`, { metadata: {} });
    await new Promise((r) => setTimeout(r, gapMs));
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
    await new Promise((r) => setTimeout(r, gapMs));
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
}

export async function runPipelines(log: (m: string) => void = (m) => console.error(m)): Promise<PipelinesResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pipelines-'));
  const portList = await freePorts(PORT_NAMES.length);
  const ports = {} as Ports;
  PORT_NAMES.forEach((n, i) => (ports[n] = portList[i]));
  const external = process.env.DATABASE_URL;
  const databaseUrl = external ?? `postgres://postgres:postgres@127.0.0.1:${ports.EMBEDDED_DB_PORT}/postgres`;
  const common = { PIPELINE_WEBHOOK_ALLOW: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_PER_HOUR: '1000000000' };
  log(`pipelines bench: starting a platform (${external ? 'PostgreSQL server' : 'embedded PostgreSQL'}) that takes no steps`);
  const platform = await Platform.start({ topology: 'single', dataDir, ports, env: { ...common, PIPELINE_WORKERS: 'off' } });
  try {
    const workerEnv = { ...process.env, ...common, LOG_LEVEL: 'info', DATABASE_URL: databaseUrl, PIPELINE_WORKER_CONCURRENCY: String(CONCURRENCY) };
    const base = `http://127.0.0.1:${ports.BRIDGE_PORT}`;
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
      const executionsPerSecond = pct(engineRuns, 50);
      throughput.push({ workers, queueJobsPerSecond: pct(queueRuns, 50), queueRuns, engineRuns, executionsPerSecond, transitionsPerSecond: executionsPerSecond * STAGES });
    }
    const measured: Latencies[] = [];
    for (const rate of RATES) {
      log(`pipelines bench: ${TIMERS} WAIT timers of ${WAIT_MS} ms and ${TIMERS} webhooks at ${rate} a second, 2 workers`);
      measured.push(await latencies(await setUp(base), databaseUrl, workerEnv, rate));
    }
    return { database: external ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PostgreSQL (PGlite)', throughput, latencies: measured };
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function pipelinesSection(r: PipelinesResult): string[] {
  const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const two = r.throughput.find((t) => t.workers === 2)!;
  const ratio = two.transitionsPerSecond / two.queueJobsPerSecond;
  return [
    '### Pipelines: the engine on its job queue (`pipelines`)',
    '',
    `${r.database}; ${cpus().length} cores. ${EXECUTIONS} executions of ${STAGES} WAIT-0 stages each, queued before the workers start; the queue alone: ${JOBS} jobs with an empty handler, the same pg-boss work options (${CONCURRENCY} at once per process in batches of ${BATCH}, fetching again at once while a batch comes back full, else a poll every ${POLLING_MS} ms).`,
    '',
    `Each figure is the median of ${RUNS} runs, the queue's and the engine's in turn (every run in brackets).`,
    '',
    '| worker processes | queue alone, jobs/s (runs) | executions/s (runs) | stage transitions/s | transitions ÷ queue |',
    '|---:|---:|---:|---:|---:|',
    ...r.throughput.map(
      (t) =>
        `| ${t.workers} | ${f(t.queueJobsPerSecond)} (${t.queueRuns.map((q) => f(q)).join(', ')}) | ${f(t.executionsPerSecond, 1)} (${t.engineRuns.map((q) => f(q)).join(', ')}) | ${f(t.transitionsPerSecond)} | ${f(t.transitionsPerSecond / t.queueJobsPerSecond, 2)} |`,
    ),
    '',
    `| 2 workers, executions started a second | p50 ms | p95 ms | p99 ms | samples |`,
    '|---|---:|---:|---:|---:|',
    ...r.latencies.flatMap((l) => [
      `| WAIT ${WAIT_MS} ms at ${l.rate}/s: end − start − ${WAIT_MS} | ${f(pct(l.lateness, 50))} | ${f(pct(l.lateness, 95))} | ${f(pct(l.lateness, 99))} | ${l.lateness.length} |`,
      `| webhook dispatch at ${l.rate}/s: arrival − stage start | ${f(pct(l.dispatch, 50))} | ${f(pct(l.dispatch, 95))} | ${f(pct(l.dispatch, 99))} | ${l.dispatch.length} |`,
    ]),
    '',
    `Targets (issue 18, on PostgreSQL): transitions ÷ queue with 2 workers ≥ 0.5 (here ${f(ratio, 2)}); WAIT p99 ≤ 100 ms (here ${r.latencies.map((l) => `${f(pct(l.lateness, 99))} at ${l.rate}/s`).join(', ')}); webhook dispatch p95 ≤ 50 ms (here ${r.latencies.map((l) => `${f(pct(l.dispatch, 95))} at ${l.rate}/s`).join(', ')}).`,
    '',
  ];
}

if (process.argv.includes('--empty-worker')) {
  await emptyWorker();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runSection(async () => pipelinesSection(await runPipelines()));
}
