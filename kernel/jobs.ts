import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { PgBoss, fromKysely, type Queue } from 'pg-boss';
import type { Logger } from './logger.js';
import { deliversNotifications } from './events.js';
import { watchJobQueue } from './metrics.js';

/**
 * The platform's durable jobs: one pg-boss per process, in its own schema (`pgboss`) of the platform's database, shared
 * by every family of the process that needs work to survive a crash (the pipelines' steps, docs/pipelines.md
 * "Durability"; the event subscriptions' deliveries, docs/events.md "Delivery"). A job is enqueued in the same
 * transaction as the state change that calls for it (`enqueueIn` with the transaction's entity manager): both commit
 * or neither. A worker that dies holding a job stops sending its heartbeat; pg-boss's supervisor hands the job to
 * another worker within the queue's heartbeat + SUPERVISE_SECONDS.
 *
 * How a worker learns of a job: a job its own process enqueues wakes it (`wake`, at the job's due time); on a
 * PostgreSQL server, a job another process enqueues wakes it through LISTEN/NOTIFY (the queue's `notify`), and it
 * looks anyway every NOTIFY_BACKSTOP_SECONDS (a job another process deferred, a job retried after a crash). On the
 * embedded PGlite, whose one shared session does not deliver notifications reliably, it looks every
 * `pollingIntervalSeconds` instead (`pollingOptions`). An idle replicated platform polled 25 times a second before.
 */

export const SUPERVISE_SECONDS = 2;
/** How often a worker looks for due jobs while notifications wake it (a PostgreSQL server). */
export const NOTIFY_BACKSTOP_SECONDS = 2;

let boss: PgBoss | undefined;
let opening: Promise<PgBoss> | undefined;
let users = 0;

/** Opens (or joins) this process's job queue, creating pg-boss's schema on first use. Each open has its `closeJobs`. */
export async function openJobs(databaseUrl: string, log: Logger): Promise<PgBoss> {
  users++;
  opening ??= (async () => {
    const b = new PgBoss({
      connectionString: databaseUrl,
      schema: 'pgboss',
      // LISTEN/NOTIFY only on a PostgreSQL server: through the embedded database's shared session it stalled the
      // workers, which poll there instead
      useListenNotify: await notifies(databaseUrl),
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      max: 4,
      application_name: 'platform-jobs',
    });
    b.on('error', (err: Error) => log.warn({ err: err.message }, 'job queue error'));
    await b.start();
    boss = b;
    // job_queue_jobs (kernel/metrics.ts): the counts pg-boss's monitor keeps on its queue table, read when scraped
    watchJobQueue(() => b.getQueues());
    return b;
  })();
  try {
    return await opening;
  } catch (err) {
    users--;
    opening = undefined;
    throw err;
  }
}

/** Leaves the job queue; the last to leave stops it (waiting up to 5 s for the jobs in hand). */
export async function closeJobs(): Promise<void> {
  if (--users > 0) return;
  const b = boss;
  boss = undefined;
  opening = undefined;
  watchJobQueue(undefined);
  await b?.stop({ graceful: true, timeout: 5000 });
}

/** This process's job queue (opened by `openJobs`). */
export function jobs(): PgBoss {
  if (!boss) throw new Error('the job queue is not open');
  return boss;
}

/** Whether the database at `databaseUrl` delivers notifications (a PostgreSQL server, not the embedded PGlite). */
async function notifies(databaseUrl: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: databaseUrl, application_name: 'platform-jobs' });
  await c.connect();
  try {
    const { rows } = await c.query<{ version: string }>('select version() as version');
    return deliversNotifications(rows[0].version);
  } finally {
    await c.end();
  }
}

/**
 * Creates a queue unless another process (or an earlier start) did; a queue made before its `notify` was chosen gets
 * it now.
 */
export async function ensureQueue(name: string, options: Omit<Queue, 'name'>): Promise<void> {
  const b = jobs();
  const existing = await b.getQueue(name);
  if (existing) {
    if (options.notify !== undefined && existing.notify !== options.notify) await b.updateQueue(name, { notify: options.notify });
    return;
  }
  await b.createQueue(name, options).catch(async (err: Error) => {
    if (!(await b.getQueue(name))) throw err;
  });
}

/**
 * A worker's polling options: every `pollingMs` where nothing notifies it (the embedded PGlite), every
 * NOTIFY_BACKSTOP_SECONDS where notifications wake it.
 */
export const pollingOptions = (pollingMs: number) => ({
  pollingIntervalSeconds: pollingMs / 1000,
  notifyPollingIntervalSeconds: Math.max(NOTIFY_BACKSTOP_SECONDS, pollingMs / 1000),
});

/** Enqueues a job inside the transaction of `tx`: it exists if and only if the transaction commits. */
export async function enqueueIn(tx: EntityManager, queue: string, data: object, options: { startAfter?: Date; priority?: number } = {}): Promise<void> {
  const trx: unknown = tx.getTransactionContext();
  if (!trx) throw new Error('enqueueIn runs inside a transaction');
  await jobs().send(queue, data, {
    db: fromKysely(trx as never),
    ...(options.priority !== undefined ? { priority: options.priority } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
}

/**
 * Wakes this process's worker `workerId` after `delayMs` (plus a little, so the job is due by the database's clock
 * too): a job this process enqueued is fetched when it is due, not at the next poll. A wake for a transaction that
 * rolled back, or for a job another worker took, fetches nothing.
 */
export function wake(workerId: string | undefined, delayMs = 0): void {
  if (!workerId) return;
  setTimeout(() => boss?.notifyWorker(workerId), delayMs + WAKE_SLACK_MS).unref();
}
const WAKE_SLACK_MS = 5;

/** Enqueues many jobs of one queue inside the transaction of `tx`, in one statement. */
export async function enqueueManyIn(tx: EntityManager, queue: string, items: readonly { data: object; startAfter?: Date }[]): Promise<void> {
  if (!items.length) return;
  const trx: unknown = tx.getTransactionContext();
  if (!trx) throw new Error('enqueueManyIn runs inside a transaction');
  await jobs().insert(
    queue,
    items.map((i) => ({ data: i.data, ...(i.startAfter ? { startAfter: i.startAfter } : {}) })),
    { db: fromKysely(trx as never) },
  );
}
