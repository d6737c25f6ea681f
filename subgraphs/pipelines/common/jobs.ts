import type { EntityManager } from '@mikro-orm/postgresql';
import { PgBoss, fromKysely, type Job } from 'pg-boss';
import type { Logger } from '../../../kernel/logger.js';
import { now } from '../../../kernel/clock.js';

/**
 * The pipelines' durable jobs (docs/pipelines.md "Durability"), on pg-boss in its own schema (`pgboss`) of the
 * platform's database. A job is enqueued in the same transaction as the state change that calls for it (`enqueue`
 * with the transaction's entity manager): both commit or neither. A worker that dies holding a job stops sending its
 * heartbeat; pg-boss's supervisor hands the job to another worker within HEARTBEAT_SECONDS + SUPERVISE_SECONDS.
 */

/** One queue: a step of an execution (`step` is the execution's step the job was enqueued for). */
export const STEP_QUEUE = 'pipeline-step';

export interface StepJob {
  executionId: string;
  workspaceId: string;
  step: number;
  /** `run`: take the execution's current stage; `deadline`: the pipeline's timeout is due. */
  kind: 'run' | 'deadline';
}

/** How often an idle worker looks for due jobs (ms); new jobs wake it at once (LISTEN/NOTIFY). */
export const POLLING_MS = 500;
export const HEARTBEAT_SECONDS = 10;
export const SUPERVISE_SECONDS = 2;
const PRIORITY = { LOW: 0, NORMAL: 5, HIGH: 10 } as const;

let boss: PgBoss | undefined;
/** This process's step worker, when it takes steps: woken at the due time of the deferred steps it enqueues. */
let workerId: string | undefined;

/** Opens the job queue of this process (creating pg-boss's schema and the queue on first use). */
export async function openJobs(databaseUrl: string, log: Logger): Promise<PgBoss> {
  const b = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    // LISTEN/NOTIFY stays off: through the embedded database's shared session it stalled the workers; a worker wakes
    // itself for the steps it enqueues (wakeAfter), other steps are found by the poll (POLLING_MS)
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    max: 4,
    application_name: 'pipelines-jobs',
  });
  b.on('error', (err: Error) => log.warn({ err: err.message }, 'job queue error'));
  await b.start();
  await b.createQueue(STEP_QUEUE, { heartbeatSeconds: HEARTBEAT_SECONDS, retryLimit: 20, retryDelay: 1, notify: true }).catch(async (err: Error) => {
    // another process created it first
    if (!(await b.getQueue(STEP_QUEUE))) throw err;
  });
  boss = b;
  return b;
}

export async function closeJobs(): Promise<void> {
  const b = boss;
  boss = undefined;
  await b?.stop({ graceful: true, timeout: 5000 });
}

function jobs(): PgBoss {
  if (!boss) throw new Error('the pipelines job queue is not open');
  return boss;
}

/** Enqueues a step inside the transaction of `tx` (due at `dueAt`, epoch ms, or now). */
export async function enqueue(tx: EntityManager, job: StepJob, options: { dueAt?: number; priority?: keyof typeof PRIORITY } = {}): Promise<void> {
  const trx: unknown = tx.getTransactionContext();
  if (!trx) throw new Error('enqueue runs inside a transaction');
  // due times are on the platform's clock (kernel/clock.ts, which tests may move); pg-boss compares with the database's
  const delayMs = options.dueAt === undefined ? 0 : Math.max(0, options.dueAt - now());
  await jobs().send(STEP_QUEUE, job as unknown as object, {
    db: fromKysely(trx as never),
    priority: PRIORITY[options.priority ?? 'NORMAL'],
    ...(delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {}),
  });
  wakeAfter(delayMs);
}

/**
 * A step this process enqueues is fetched when it is due (now, or a WAIT timer's or a retry's time), not at the next
 * poll: this process's worker is woken then, just after the enqueuing transaction commits (a wake for a transaction
 * that rolled back, or for a step another worker took, fetches nothing). Steps enqueued by a process that takes no
 * steps (the split platform's subgraph) are found by the workers' poll (POLLING_MS).
 */
function wakeAfter(delayMs: number): void {
  if (!workerId) return;
  const id = workerId;
  setTimeout(() => boss?.notifyWorker(id), delayMs + WAKE_SLACK_MS).unref();
}
/** A wake a little after the due time, so the job is due by the database's clock too. */
const WAKE_SLACK_MS = 5;

/** Steps one worker fetches at once; it fetches again at once while a fetch comes back full (pg-boss `burstWhenBatchFull`). */
export const BATCH = 4;

/** The pg-boss work options of the step workers (the bench's empty-handler baseline uses the same). */
export const workOptions = (concurrency: number) => ({
  localConcurrency: Math.max(1, Math.ceil(concurrency / BATCH)),
  batchSize: BATCH,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: POLLING_MS / 1000,
  perJobResults: true as const,
});

/**
 * Starts taking steps in this process: up to `concurrency` at once (batches of BATCH, taken side by side). A step that
 * throws fails alone (pg-boss retries it); the others of its batch complete.
 */
export async function workSteps(handle: (job: StepJob, signal: AbortSignal) => Promise<void>, concurrency: number): Promise<void> {
  workerId = await jobs().work<StepJob>(STEP_QUEUE, workOptions(concurrency), async (batch: Job<StepJob>[]) =>
    Promise.all(
      batch.map(async (j) => {
        try {
          await handle(j.data, j.signal);
          return { id: j.id, status: 'completed' as const };
        } catch (err) {
          return { id: j.id, status: 'failed' as const, output: { message: (err as Error).message } };
        }
      }),
    ),
  );
}

export async function stopWorking(): Promise<void> {
  workerId = undefined;
  await boss?.offWork(STEP_QUEUE, { wait: true });
}
