/** How an execution is read, locked and saved: its row, and what a change writes besides it (log lines, statements). */

import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import type { Statement } from '../../../kernel/statement.js';
import { isUuid } from '../../../kernel/ids.js';
import type { LogLevel } from '../common/enums.js';
import { enqueue, type StepJob } from '../common/jobs.js';
import { switchId, type WorkerName } from '../workers/service.js';
import type { DeliveryRecord } from '../webhooks/entities.js';
import { ExecutionRecord, type StageRun } from './entities.js';

/** A log line waiting for its execution's `save` (or `writeLogs`). */
interface LogLine {
  level: LogLevel;
  message: string;
  stage: string | null;
  data: Record<string, unknown> | null;
  at: Date;
}
/** What a change of an execution writes besides its row: log lines, and statements (the event of its end, escalations resolved). */
interface PendingWrites {
  lines: LogLine[];
  statements: Statement[];
}
export const pending = new WeakMap<ExecutionRecord, PendingWrites>();
export const pendingOf = (e: ExecutionRecord): PendingWrites => {
  let p = pending.get(e);
  if (!p) pending.set(e, (p = { lines: [], statements: [] }));
  return p;
};

/** Adds a log line to the execution (DEBUG only when it runs with `debug`); written by its `save` or `writeLogs`. */
export function log(e: ExecutionRecord, level: LogLevel, message: string, stage?: string, data?: Record<string, unknown>): void {
  if (level === 'DEBUG' && !e.debug) return;
  pendingOf(e).lines.push({ level, message, stage: stage ?? null, data: data ?? null, at: nowDate() });
}

/** The INSERT of the pending log lines of `e` (none when there are none). */
export function logStatement(e: ExecutionRecord, lines: LogLine[]): Statement | undefined {
  if (!lines.length) return undefined;
  const params: unknown[] = [];
  for (const l of lines) params.push(e.workspaceId, e.id, l.at, l.level, l.stage, l.message, l.data === null ? null : JSON.stringify(l.data));
  return {
    sql: `insert into pipelines.execution_log (workspace_id, execution_id, at, level, stage, message, data) values ${lines.map(() => '(?, ?, ?, ?, ?, ?, ?::jsonb)').join(', ')}`,
    params,
  };
}

/** The INSERT of a new webhook delivery (the row the attempts are recorded on). */
export const delivering = (d: DeliveryRecord): Statement => ({
  sql: `insert into pipelines.webhook_delivery (id, workspace_id, execution_id, pipeline_id, stage, url, method, request, status, attempts, max_attempts,
          message_id, step, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?)`,
  params: [d.id, d.workspaceId, d.executionId, d.pipelineId, d.stage, d.url, d.method, JSON.stringify(d.request), d.status, d.attempts, d.maxAttempts, d.messageId, d.step, d.createdAt, d.updatedAt],
});

/** Writes the pending log lines of an execution the ORM writes itself (a new one: `executePipeline`). */
export async function writeLogs(tx: EntityManager, e: ExecutionRecord): Promise<void> {
  const statement = logStatement(e, pending.get(e)?.lines ?? []);
  pending.delete(e);
  if (statement) await tx.execute(statement.sql, statement.params);
}

/** Enqueues the execution's next step (its current `step`), due at `dueAt` (epoch ms) or now. */
export async function schedule(tx: EntityManager, e: ExecutionRecord, dueAt?: number): Promise<void> {
  await enqueue(tx, { executionId: e.id, workspaceId: e.workspaceId, step: e.step, kind: 'run' }, { dueAt, priority: e.priority });
}

/** Enqueues the pipeline's timeout of the execution (its `deadlineAt`). */
export async function scheduleDeadline(tx: EntityManager, e: ExecutionRecord): Promise<void> {
  if (!e.deadlineAt) return;
  await enqueue(tx, { executionId: e.id, workspaceId: e.workspaceId, step: e.deadlineAt.getTime(), kind: 'deadline' }, { dueAt: e.deadlineAt.getTime(), priority: 'HIGH' });
}

/** A row of `pipelines.execution` as the driver returns it. */
interface ExecutionRow {
  id: string;
  workspace_id: string;
  pipeline_id: string;
  status: ExecutionRecord['status'];
  current_stage_index: number;
  stages: StageRun[];
  context: Record<string, unknown>;
  metadata: Record<string, unknown>;
  results: Record<string, unknown>;
  error: ExecutionRecord['error'];
  priority: ExecutionRecord['priority'];
  tags: string[];
  debug: boolean;
  simulation: boolean;
  created_at: string;
  started_at: string;
  completed_at: string | null;
  duration: number | null;
  retry_attempts: number;
  step: number;
  stage_runs: number;
  deadline_at: string | null;
}

/** A timestamptz as the platform's driver returns it (text): a Date. */
export const dateOf = (v: string | null): Date | null => (v === null ? null : new Date(v));

export const fromRow = (r: ExecutionRow): ExecutionRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  pipelineId: r.pipeline_id,
  status: r.status,
  currentStageIndex: r.current_stage_index,
  stages: r.stages,
  context: r.context,
  metadata: r.metadata,
  results: r.results,
  error: r.error,
  priority: r.priority,
  tags: r.tags,
  debug: r.debug,
  simulation: r.simulation,
  createdAt: dateOf(r.created_at)!,
  startedAt: dateOf(r.started_at)!,
  completedAt: dateOf(r.completed_at),
  duration: r.duration,
  retryAttempts: r.retry_attempts,
  step: r.step,
  stageRuns: r.stage_runs,
  deadlineAt: dateOf(r.deadline_at),
});

/**
 * The executions a change holds, read under their row locks with one plain statement (`{id}`: that one;
 * `{pipelineId}`: every PENDING or RUNNING one of the pipeline). They are plain objects, not ORM entities: a change
 * writes each back with `save`, one statement with everything else it writes. (A step is the engine's hot path, and
 * its cost is mostly its round trips: docs/performance.md "A step in four statements".)
 */
export async function lockRows(tx: EntityManager, workspaceId: string, where: { id: string } | { pipelineId: string }): Promise<ExecutionRecord[]> {
  const rows =
    'id' in where
      ? await tx.execute<ExecutionRow[]>('select * from pipelines.execution where id = ? and workspace_id = ? for update', [where.id, workspaceId])
      : await tx.execute<ExecutionRow[]>("select * from pipelines.execution where pipeline_id = ? and workspace_id = ? and status in ('PENDING', 'RUNNING') for update", [
          where.pipelineId,
          workspaceId,
        ]);
  return rows.map(fromRow);
}

/** The execution `id` of `workspaceId` as it is now, without a lock (what a step reads before its transaction). */
export async function readExecution(em: EntityManager, workspaceId: string, id: string): Promise<ExecutionRecord | null> {
  const [row] = await em.execute<ExecutionRow[]>('select * from pipelines.execution where id = ? and workspace_id = ?', [id, workspaceId]);
  return row ? fromRow(row) : null;
}

/** The execution `id` of `workspaceId`, locked for the transaction of `tx` (null: none, or another workspace's). */
export const lockExecution = async (tx: EntityManager, workspaceId: string, id: string): Promise<ExecutionRecord | null> =>
  isUuid(id) ? ((await lockRows(tx, workspaceId, { id }))[0] ?? null) : null;

/** A job's execution under its row lock, with the workspace's workers that are switched off (read in the same statement). */
export async function lockForWorkers(tx: EntityManager, job: StepJob): Promise<{ e: ExecutionRecord; off: WorkerName[] } | null> {
  const [row] = await tx.execute<(ExecutionRow & { off: WorkerName[] })[]>(
    `select e.*, array(select s.name from pipelines.worker_switch s where s.id in (?, ?) and not s.enabled) as off
       from pipelines.execution e where e.id = ? and e.workspace_id = ? for update of e`,
    [switchId(job.workspaceId, 'execution'), switchId(job.workspaceId, 'webhook'), job.executionId, job.workspaceId],
  );
  return row ? { e: fromRow(row), off: row.off } : null;
}

/** Writes a locked execution back (every column a change may touch) with its pending writes (log lines, statements): one statement. */
export async function save(tx: EntityManager, e: ExecutionRecord): Promise<void> {
  const update = `update pipelines.execution set status = ?, current_stage_index = ?, stages = ?::jsonb, results = ?::jsonb, error = ?::jsonb, started_at = ?,
      completed_at = ?, duration = ?, retry_attempts = ?, step = ?, stage_runs = ?, deadline_at = ? where id = ? and workspace_id = ?`;
  const params = [
    e.status,
    e.currentStageIndex,
    JSON.stringify(e.stages),
    JSON.stringify(e.results),
    e.error ? JSON.stringify(e.error) : null,
    e.startedAt,
    e.completedAt ?? null,
    e.duration ?? null,
    e.retryAttempts,
    e.step,
    e.stageRuns,
    e.deadlineAt ?? null,
    e.id,
    e.workspaceId,
  ];
  const writes = pending.get(e);
  pending.delete(e);
  // the log lines and the other pending writes ride on the update as data-modifying WITHs: one statement, one round
  // trip (the step's cost is mostly its round trips to the database)
  const others = [writes && logStatement(e, writes.lines), ...(writes?.statements ?? [])].filter((w): w is Statement => w !== undefined);
  if (!others.length) return void (await tx.execute(update, params));
  await tx.execute(`with ${others.map((w, i) => `w${i} as (${w.sql})`).join(', ')} ${update}`, [...others.flatMap((w) => w.params), ...params]);
}
