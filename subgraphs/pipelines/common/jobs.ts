import type { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'pg-boss';
import type { Logger } from '../../../kernel/logger.js';
import { now } from '../../../kernel/clock.js';
import { closeJobs as leaveJobs, enqueueIn, ensureQueue, jobs, openJobs as joinJobs, pollingOptions, wake } from '../../../kernel/jobs.js';

/**
 * The pipelines' durable jobs (docs/pipelines.md "Durability"), on the platform's job queue (kernel/jobs.ts: pg-boss,
 * one per process). A step is enqueued in the same transaction as the state change that calls for it (`enqueue` with
 * the transaction's entity manager): both commit or neither. A worker that dies holding a job stops sending its
 * heartbeat; pg-boss's supervisor hands the job to another worker within HEARTBEAT_SECONDS + kernel SUPERVISE_SECONDS.
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

/**
 * How often an idle worker looks for due jobs on the embedded database (ms); the steps this process enqueues wake it at
 * once (`wake`), and on a PostgreSQL server so do the others' (kernel/jobs.ts `pollingOptions`).
 */
export const POLLING_MS = 500;
export const HEARTBEAT_SECONDS = 10;
const PRIORITY = { LOW: 0, NORMAL: 5, HIGH: 10 } as const;

/** This process's step worker, when it takes steps: woken at the due time of the deferred steps it enqueues. */
let workerId: string | undefined;

/** Opens the job queue of this process and the steps' queue (created on first use). */
export async function openJobs(databaseUrl: string, log: Logger): Promise<void> {
  await joinJobs(databaseUrl, log);
  await ensureQueue(STEP_QUEUE, { heartbeatSeconds: HEARTBEAT_SECONDS, retryLimit: 20, retryDelay: 1, notify: true });
}

export async function closeJobs(): Promise<void> {
  await leaveJobs();
}

/** Enqueues a step inside the transaction of `tx` (due at `dueAt`, epoch ms, or now). */
export async function enqueue(tx: EntityManager, job: StepJob, options: { dueAt?: number; priority?: keyof typeof PRIORITY } = {}): Promise<void> {
  // due times are on the platform's clock (kernel/clock.ts, which tests may move); pg-boss compares with the database's
  const delayMs = options.dueAt === undefined ? 0 : Math.max(0, options.dueAt - now());
  await enqueueIn(tx, STEP_QUEUE, job, { priority: PRIORITY[options.priority ?? 'NORMAL'], ...(delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {}) });
  // a step this process enqueues is fetched when it is due, not at the next poll; steps enqueued by a process that
  // takes no steps (the split platform's subgraph) wake the workers through NOTIFY on a PostgreSQL server, or are found
  // by their poll (POLLING_MS) on the embedded one
  wake(workerId, delayMs);
}

/** Steps one worker fetches at once; it fetches again at once while a fetch comes back full (pg-boss `burstWhenBatchFull`). */
export const BATCH = 4;

/** The pg-boss work options of the step workers (the bench's empty-handler baseline uses the same). */
export const workOptions = (concurrency: number) => ({
  localConcurrency: Math.max(1, Math.ceil(concurrency / BATCH)),
  batchSize: BATCH,
  burstWhenBatchFull: true,
  ...pollingOptions(POLLING_MS),
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
  const id = workerId;
  workerId = undefined;
  if (id) await jobs().offWork(STEP_QUEUE, { wait: true });
}
