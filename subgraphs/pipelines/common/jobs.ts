import type { EntityManager } from '@mikro-orm/postgresql';
import { PgBoss, fromKysely, type Job } from 'pg-boss';
import type { Logger } from '../../../kernel/logger.js';

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

/** Opens the job queue of this process (creating pg-boss's schema and the queue on first use). */
export async function openJobs(databaseUrl: string, log: Logger): Promise<PgBoss> {
  const b = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
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
  await jobs().send(STEP_QUEUE, job as unknown as object, {
    db: fromKysely(trx as never),
    priority: PRIORITY[options.priority ?? 'NORMAL'],
    ...(options.dueAt !== undefined ? { startAfter: new Date(options.dueAt) } : {}),
  });
}

/** Starts taking steps in this process: `handle` runs each (a throw retries the job). */
export async function workSteps(handle: (job: StepJob, signal: AbortSignal) => Promise<void>, concurrency: number): Promise<void> {
  await jobs().work<StepJob>(STEP_QUEUE, { localConcurrency: concurrency, pollingIntervalSeconds: POLLING_MS / 1000, batchSize: 1 }, async (batch: Job<StepJob>[]) => {
    for (const j of batch) await handle(j.data, j.signal);
  });
}

export async function stopWorking(): Promise<void> {
  await boss?.offWork(STEP_QUEUE, { wait: true });
}
