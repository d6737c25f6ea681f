import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { closeJobs, ensureQueue, jobs, openJobs } from '../kernel/jobs.js';
import { createLogger } from '../kernel/logger.js';

/**
 * How a job queue worker learns of a job another process enqueued (kernel/jobs.ts): on a PostgreSQL server a NOTIFY
 * wakes it at once, so it need not poll often (every NOTIFY_BACKSTOP_SECONDS); on the embedded PGlite, which does not
 * deliver notifications reliably, it polls. Run on the suite's database: PGlite in the first phase, a PostgreSQL
 * server in the second (docs/testing.md).
 */
const databaseUrl = inject('databaseUrl');
const queue = `test-notify-${randomBytes(4).toString('hex')}`;
/** The worker's own poll in this test: far longer than the test waits, so only a notification can explain a fetch. */
const POLL_SECONDS = 120;

async function onServer(): Promise<boolean> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ version: string }>('select version() as version');
    return !/PGlite/.test(rows[0].version);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await jobs()
    .deleteQueue(queue)
    .catch(() => undefined);
  await closeJobs();
});

describe('the job queue wakes its workers', () => {
  it('a job enqueued by another process: on a PostgreSQL server its NOTIFY wakes a worker that would not poll for minutes; on PGlite the worker polls', async () => {
    const server = await onServer();
    await openJobs(databaseUrl, createLogger('jobs-notify-test', 'warn'));
    await ensureQueue(queue, { notify: true });
    const handled: string[] = [];
    let fetched!: () => void;
    const firstFetchDone = new Promise<void>((r) => (fetched = r));
    await jobs().work<{ n: string }>(queue, server ? { pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: POLL_SECONDS } : { pollingIntervalSeconds: 0.5 }, async (batch) => {
      for (const j of batch) handled.push(j.data.n);
    });
    // the worker's first fetch happens at once and finds nothing; give it that moment, then it sleeps its poll
    setTimeout(fetched, 1500);
    await firstFetchDone;
    // another process: its own pg-boss on the same database, no worker
    const other = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    other.on('error', () => undefined);
    await other.start();
    try {
      const sentAt = Date.now();
      await other.send(queue, { n: 'one' });
      const deadline = sentAt + 20_000;
      while (!handled.includes('one') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(handled, server ? 'the NOTIFY did not wake the worker (its next poll is minutes away)' : 'the poll did not find the job').toEqual(['one']);
    } finally {
      await other.stop({ graceful: false, timeout: 2000 });
    }
  }, 60_000);
});
