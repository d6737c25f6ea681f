import type { EntityManager } from '@mikro-orm/postgresql';
import type { Statement } from '../../../kernel/statement.js';
import { nowDate } from '../../../kernel/clock.js';
import type { EscalationSeverity, StageAction } from '../common/enums.js';
import { EscalationRecord } from './entities.js';

/**
 * Escalations (docs/pipelines.md "Escalations"): the engine opens one when an execution ends FAILED or TIMEOUT, or
 * when a stage timed out past its retries and the execution went on; a later successful execution of the pipeline
 * resolves the open ones.
 */

/** What went wrong, as the engine tells it. */
export interface EscalationCause {
  /** FAILED: the execution failed; TIMEOUT: the pipeline's timeout passed; STAGE_TIMEOUT: a stage timed out past its retries and the execution went on. */
  kind: 'FAILED' | 'TIMEOUT' | 'STAGE_TIMEOUT';
  /** The stage it happened in, if any. */
  stage?: string;
  /** That stage's action (a failed WEBHOOK stage is HIGH). */
  action?: StageAction;
  /** Human-readable reason (no secrets, no request bodies). */
  reason: string;
}

/** How many escalations of a pipeline (LOW ones not counted) within the last hour make a failure CRITICAL. */
export const CRITICAL_BURST = 3;
/** The window of CRITICAL_BURST, in milliseconds (one hour). */
export const CRITICAL_WINDOW_MS = 3_600_000;

/**
 * The severity of an escalation (pure; `recent` = escalations of the pipeline, LOW ones excluded, opened in the last
 * hour BEFORE this one): STAGE_TIMEOUT LOW; FAILED MEDIUM, HIGH on a WEBHOOK stage; TIMEOUT HIGH; a FAILED or TIMEOUT
 * that makes CRITICAL_BURST or more (itself included) is CRITICAL.
 */
export function severityOf(what: Pick<EscalationCause, 'kind' | 'action'>, recent: number): EscalationSeverity {
  if (what.kind === 'STAGE_TIMEOUT') return 'LOW';
  if (recent + 1 >= CRITICAL_BURST) return 'CRITICAL';
  if (what.kind === 'TIMEOUT') return 'HIGH';
  return what.action === 'WEBHOOK' ? 'HIGH' : 'MEDIUM';
}

/** Opens an escalation in the caller's transaction `tx` (an unscoped fork: write with workspaceId given). */
export async function escalate(
  tx: EntityManager,
  e: { workspaceId: string; executionId: string; pipelineId: string },
  what: { kind: 'FAILED' | 'TIMEOUT' | 'STAGE_TIMEOUT'; stage?: string; action?: StageAction; reason: string },
): Promise<void> {
  const at = nowDate();
  const recent =
    what.kind === 'STAGE_TIMEOUT'
      ? 0
      : await tx.count(
          EscalationRecord,
          { workspaceId: e.workspaceId, pipelineId: e.pipelineId, severity: { $ne: 'LOW' }, createdAt: { $gt: new Date(at.getTime() - CRITICAL_WINDOW_MS) } },
          { filters: false },
        );
  const record = new EscalationRecord();
  record.workspaceId = e.workspaceId;
  record.executionId = e.executionId;
  record.pipelineId = e.pipelineId;
  record.severity = severityOf(what, recent);
  record.reason = what.reason.slice(0, 2000);
  record.stage = what.stage ?? null;
  record.status = 'OPEN';
  record.createdAt = at;
  await tx.insert(record);
}

/**
 * The statement that resolves the OPEN and ACKNOWLEDGED escalations of a pipeline (an execution of it succeeded): one
 * plain UPDATE on the partial index of open escalations, which the engine runs inside the write of the successful step.
 */
export const resolvingEscalations = (workspaceId: string, pipelineId: string): Statement => ({
  sql: `update pipelines.escalation set status = 'RESOLVED', resolved_at = ? where workspace_id = ? and pipeline_id = ? and status in ('OPEN', 'ACKNOWLEDGED')`,
  params: [nowDate(), workspaceId, pipelineId],
});
