/**
 * `npm run bench:events` (also the `events` section of `npm run bench` with BENCH_ROUTES including `events`): event
 * fan-out to webhook endpoints (docs/events.md "Webhooks"; issue 19's target). Not a test; prints a table.
 *
 * Starts a platform of its own (`dist/scripts/start.js`, one process) on the embedded PostgreSQL, or on DATABASE_URL
 * when set, and a receiver in this process that answers 204 at once. BENCH_EVENTS_SUBSCRIPTIONS workspaces (100) each
 * subscribe one endpoint to `webhook.*`. Then, at each rate of BENCH_EVENTS_RATES (events a second: 100, 500), for
 * BENCH_EVENTS_SECONDS (10), this script commits events to the event log the way the families publish them (one
 * statement of several rows every 20 ms, each row a `webhook.endpoint.disabled` of a made-up endpoint, round-robin
 * over the workspaces: only the fan-out consumer reads that topic, so nothing else of the platform works on them) and
 * measures, per event, from its statement's commit (as this process sees it return) to its arrival at the receiver:
 * the fan-out consumer's poll, the delivery and its job, the signed POST.
 *
 * Target on PostgreSQL (issue 19): p95 ≤ 1 s from commit to delivery at 500 events/s with 100 subscriptions.
 *
 * Environment: DATABASE_URL, BENCH_EVENTS_SUBSCRIPTIONS (100), BENCH_EVENTS_RATES (100,500), BENCH_EVENTS_SECONDS (10),
 * BENCH_OUT (also write the markdown there).
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PORT_NAMES, Platform, freePorts, runSection, type Ports } from './bench-platform.js';
import { sequenceOf } from '../kernel/events.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_EVENTS_SUBSCRIPTIONS ?? 100);
const RATES = (process.env.BENCH_EVENTS_RATES ?? '100,500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 10);
const TICK_MS = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/** The fields of the answers this bench reads. */
interface Answer {
  accessToken?: string;
  data: { workspace: { id: string } };
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

interface Phase {
  rate: number;
  committed: number;
  delivered: number;
  /** Commit → arrival, ms. */
  latencies: number[];
  /** Deliveries a second over the phase (first commit → last arrival). */
  throughput: number;
}

export interface EventsResult {
  database: string;
  subscriptions: number;
  phases: Phase[];
}

export async function runEvents(log: (m: string) => void = (m) => console.error(m)): Promise<EventsResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  const portList = await freePorts(PORT_NAMES.length);
  const ports = {} as Ports;
  PORT_NAMES.forEach((n, i) => (ports[n] = portList[i]));
  const external = process.env.DATABASE_URL;
  const databaseUrl = external ?? `postgres://postgres:postgres@127.0.0.1:${ports.EMBEDDED_DB_PORT}/postgres`;
  // arrivals by event sequence
  const arrivals = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      try {
        const seq = String((JSON.parse(Buffer.concat(chunks).toString()) as { sequence: string }).sequence);
        if (!arrivals.has(seq)) arrivals.set(seq, at);
      } catch {
        /* not an event */
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/in`;
  log(`events bench: starting a platform (${external ? 'PostgreSQL server' : 'embedded PostgreSQL'})`);
  const platform = await Platform.start({
    topology: 'single',
    dataDir,
    ports,
    env: { PIPELINE_WEBHOOK_ALLOW: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_PER_HOUR: '1000000000' },
  });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const base = `http://127.0.0.1:${ports.BRIDGE_PORT}`;
    const reg = await rest(base, 'POST', '/v1/auth/register', {}, { email: `bench-${Date.now().toString(36)}@example.test`, password: 'correct horse battery', name: 'Bench', deviceId: 'bench' });
    const setA = { 'svc-auth-token': reg.accessToken!, 'svc-user-agent': 'bench/1.0', 'svc-auth-device': 'bench' };
    log(`events bench: ${SUBSCRIPTIONS} workspaces, one endpoint each`);
    const workspaces: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const ws = await rest(base, 'POST', '/v1/workspace', setA, { name: `Events bench ${i}` });
      workspaces.push(ws.data.workspace.id);
      await rest(base, 'POST', `/v1/workspace/${ws.data.workspace.id}/webhooks`, setA, { url: receiverUrl, types: ['webhook.*'] });
    }
    const phases: Phase[] = [];
    let next = 0;
    for (const rate of RATES) {
      log(`events bench: ${rate} events a second for ${SECONDS} s`);
      const commits = new Map<string, number>();
      const perTick = rate / (1000 / TICK_MS);
      let owed = 0;
      const started = Date.now();
      const statements: Promise<void>[] = [];
      for (let tick = 0; Date.now() - started < SECONDS * 1000; tick++) {
        const due = started + tick * TICK_MS;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        owed += perTick;
        const n = Math.floor(owed);
        owed -= n;
        if (!n) continue;
        const rows = Array.from({ length: n }, () => {
          const id = randomUUID();
          return { key: id, workspace_id: workspaces[next++ % workspaces.length], payload: { id, url: receiverUrl, reason: 'FAILING', change: 'disabled' } };
        });
        statements.push(
          db
            .query<{ id: string; tx: string }>(
              `insert into events.log (topic, key, workspace_id, payload)
               select 'workspace.webhook_endpoint', r.key, r.workspace_id, r.payload from jsonb_to_recordset($1::jsonb) as r(key text, workspace_id uuid, payload jsonb) returning id::text, tx::text`,
              [JSON.stringify(rows)],
            )
            .then(({ rows: positions }) => {
              const at = Date.now();
              // the delivered event's `sequence` is its log position (kernel/events.ts sequenceOf)
              for (const p of positions) commits.set(sequenceOf(p), at);
            }),
        );
      }
      await Promise.all(statements);
      const deadline = Date.now() + 120_000;
      while ([...commits.keys()].some((k) => !arrivals.has(k)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const latencies: number[] = [];
      let last = 0;
      for (const [seq, at] of commits) {
        const got = arrivals.get(seq);
        if (got === undefined) continue;
        latencies.push(got - at);
        last = Math.max(last, got);
      }
      const first = Math.min(...commits.values());
      phases.push({ rate, committed: commits.size, delivered: latencies.length, latencies, throughput: latencies.length / ((last - first) / 1000) });
    }
    return { database: external ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PostgreSQL (PGlite)', subscriptions: SUBSCRIPTIONS, phases };
  } finally {
    await db.end().catch(() => undefined);
    await platform.stop();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function eventsSection(r: EventsResult): string[] {
  const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  return [
    '### Events: fan-out to webhook endpoints (`events`)',
    '',
    `${r.database}; ${cpus().length} cores; one platform process; ${r.subscriptions} subscriptions (one endpoint in each of ${r.subscriptions} workspaces), each event delivered to one of them; ${SECONDS} s at each rate; the receiver answers 204 at once.`,
    '',
    '| events/s committed | events | delivered | deliveries/s | commit → delivered p50 ms | p95 ms | p99 ms | max ms |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.phases.map(
      (p) =>
        `| ${p.rate} | ${f(p.committed)} | ${f(p.delivered)} | ${f(p.throughput)} | ${f(pct(p.latencies, 50))} | ${f(pct(p.latencies, 95))} | ${f(pct(p.latencies, 99))} | ${f(Math.max(...p.latencies))} |`,
    ),
    '',
    `Target (issue 19, on PostgreSQL): p95 ≤ 1,000 ms at 500 events/s with 100 subscriptions.`,
    '',
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runSection(async () => eventsSection(await runEvents()));
}
