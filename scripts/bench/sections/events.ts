// The `events` section of `npm run bench` (`npm run bench:events`): event fan-out to webhook endpoints, commit → delivered.
/**
 * `npm run bench:events` (also the `events` section of `npm run bench` with BENCH_ROUTES including `events`): event
 * fan-out to webhook endpoints (docs/events.md "Webhooks"; issue 19's target). Not a test; prints a table.
 *
 * Runs on a platform of its own (an OwnSection: platform.ts starts `dist/scripts/start.js`, one process) on the
 * embedded PostgreSQL, or on DATABASE_URL when set, and a receiver in this process that answers 204 at once. BENCH_EVENTS_SUBSCRIPTIONS workspaces (100) each
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
import { cpus } from 'node:os';
import pg from 'pg';
import { sequenceOf } from '../../../kernel/events.js';
import { createWorkspace, register, rest, setA, sleep, until } from '../fixtures.js';
import { databaseName, setting, settingList, type OwnSection, type Running } from '../platform.js';
import { ascending, fmt, pct, table, type Block } from '../report.js';

const SUBSCRIPTIONS = setting('BENCH_EVENTS_SUBSCRIPTIONS', 100, 1);
const RATES = settingList('BENCH_EVENTS_RATES', '100,500').map(Number);
const SECONDS = setting('BENCH_EVENTS_SECONDS', 10, 1);
const TICK_MS = 20;

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

async function runEvents(r: Running, log: (m: string) => void): Promise<EventsResult> {
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
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/in`;
  const db = new pg.Pool({ connectionString: r.databaseUrl, max: 4 });
  try {
    const base = r.bridge;
    const owner = setA((await register(base, { deviceId: 'bench' })).accessToken, 'bench');
    log(`events bench: ${SUBSCRIPTIONS} workspaces, one endpoint each`);
    const workspaces: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const workspaceId = await createWorkspace(base, owner, `Events bench ${i}`);
      workspaces.push(workspaceId);
      await rest(base, 'POST', `/v1/workspace/${workspaceId}/webhooks`, owner, { url: receiverUrl, types: ['webhook.*'] });
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
        if (due > Date.now()) await sleep(due - Date.now());
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
      // every delivery, or as many as came in 2 minutes
      await until(async () => [...commits.keys()].every((k) => arrivals.has(k)), 120_000, 200);
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
    return { database: databaseName(), subscriptions: SUBSCRIPTIONS, phases };
  } finally {
    await db.end().catch(() => undefined);
    receiver.close();
  }
}

function eventsReport(r: EventsResult): Block[] {
  const f = fmt.fixed;
  const p = (xs: number[], q: number) => f(pct(ascending(xs), q));
  return [
    '### Events: fan-out to webhook endpoints (`events`)',
    `${r.database}; ${cpus().length} cores; one platform process; ${r.subscriptions} subscriptions (one endpoint in each of ${r.subscriptions} workspaces), each event delivered to one of them; ${SECONDS} s at each rate; the receiver answers 204 at once.`,
    table(
      ['events/s committed', 'events', 'delivered', 'deliveries/s', 'commit → delivered p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      r.phases.map((ph) => [String(ph.rate), f(ph.committed), f(ph.delivered), f(ph.throughput), p(ph.latencies, 0.5), p(ph.latencies, 0.95), p(ph.latencies, 0.99), f(Math.max(...ph.latencies))]),
      'rrrrrrrr',
    ),
    `Target (issue 19, on PostgreSQL): p95 ≤ 1,000 ms at 500 events/s with 100 subscriptions.`,
  ];
}

export const eventsSection: OwnSection<EventsResult> = {
  name: 'events',
  platform: { topology: 'single', env: { PIPELINE_WEBHOOK_ALLOW: '127.0.0.1' } },
  run: runEvents,
  report: eventsReport,
};
