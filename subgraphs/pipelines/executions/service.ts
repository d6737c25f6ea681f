import { lockOneOrNull } from '../../../kernel/db.js';
import { AppError, conflict, notFound, validationError } from '../../../kernel/errors.js';
import { pageWindow, pagination } from '../../../kernel/graphql-types.js';
import { now, nowDate } from '../../../kernel/clock.js';
import type { PipelinesScope } from '../common/scope.js';
import { PipelineRecord } from '../pipelines/entities.js';
import { pipelineNotFound, pipelineOf } from '../pipelines/service.js';
import { dryRun } from './dry-run.js';
import { ExecutionLogRecord, ExecutionRecord } from './entities.js';
import { finish } from './engine.js';
import { lockExecution, log, save, schedule, scheduleDeadline, writeLogs } from './store.js';
import { runQuery } from './query.js';
import type { ExecutePipelineInput, ExecutionListArgs, PipelineExecution, PipelineQueryInput, PipelineQueryResult } from './types.js';

/** Executions of spec group 16 (docs/pipelines.md "Executions"): start, read, list, cancel, retry, logs, a query alone. */

const METADATA_MAX_BYTES = 65_536;
const LOG_LINES_MAX = 5000;

export function toExecution(e: ExecutionRecord): PipelineExecution {
  const d = (ms?: number | null) => (ms === undefined || ms === null ? null : new Date(ms));
  return {
    id: e.id,
    pipelineId: e.pipelineId,
    status: e.status,
    currentStageIndex: e.currentStageIndex,
    stages: e.stages.map((r) => ({
      name: r.name,
      status: r.status,
      attempts: r.attempts,
      startedAt: d(r.startedAt),
      completedAt: d(r.completedAt),
      duration: r.duration ?? null,
      error: r.error ?? null,
    })),
    context: e.context,
    metadata: e.metadata,
    results: e.results,
    error: e.error ? { code: e.error.code, message: e.error.message, stage: e.error.stage } : null,
    startedAt: e.startedAt,
    completedAt: e.completedAt ?? null,
    duration: e.duration ?? null,
    retryAttempts: e.retryAttempts,
    tags: e.tags,
  };
}

/**
 * Starts an execution (PENDING; its first step is enqueued in the same transaction). The pipeline row is locked so
 * that `concurrency` (PENDING + RUNNING) and `maxExecutionsPerHour` (started in the last 60 minutes) are counted
 * exactly under concurrent calls. A DISABLED pipeline runs nothing (409 CONFLICT).
 */
export async function executePipeline(s: PipelinesScope, pipelineId: string, input: ExecutePipelineInput): Promise<PipelineExecution> {
  if (Buffer.byteLength(JSON.stringify(input.metadata)) > METADATA_MAX_BYTES) throw validationError('metadata', `must be at most ${METADATA_MAX_BYTES} bytes of JSON`);
  return s.em.transactional(async (tx) => {
    const p = await lockOneOrNull(tx, PipelineRecord, { id: pipelineId });
    if (!p) throw pipelineNotFound();
    if (p.status === 'DISABLED') throw conflict('The pipeline is DISABLED: set it ACTIVE (PATCH) to run it');
    if (p.config.concurrency !== undefined && p.config.concurrency !== null) {
      const active = await tx.count(ExecutionRecord, { pipelineId, status: { $in: ['PENDING', 'RUNNING'] }, simulation: false });
      if (active >= p.config.concurrency) throw new AppError('CONCURRENCY_LIMIT', `The pipeline already runs ${active} executions (concurrency ${p.config.concurrency})`);
    }
    if (p.config.maxExecutionsPerHour !== undefined && p.config.maxExecutionsPerHour !== null) {
      const lastHour = await tx.count(ExecutionRecord, { pipelineId, simulation: false, createdAt: { $gt: new Date(now() - 3_600_000) } });
      if (lastHour >= p.config.maxExecutionsPerHour)
        throw new AppError('RATE_LIMIT_EXCEEDED', `The pipeline started ${lastHour} executions in the last hour (maxExecutionsPerHour ${p.config.maxExecutionsPerHour})`);
    }
    const timeout = input.config?.timeout ?? p.config.timeout ?? null;
    const at = nowDate();
    const e = tx.create(ExecutionRecord, {
      workspaceId: s.workspaceId,
      pipelineId,
      status: 'PENDING',
      currentStageIndex: 0,
      stages: p.stages.map((st) => ({ name: st.name, status: 'PENDING' as const, attempts: 0 })),
      context: { priority: input.config?.priority ?? 'NORMAL', debug: input.debug ?? false, timeout, simulation: false },
      metadata: input.metadata,
      results: {},
      priority: input.config?.priority ?? 'NORMAL',
      tags: [...new Set(input.tags ?? [])],
      debug: input.debug ?? false,
      simulation: false,
      createdAt: at,
      startedAt: at,
      retryAttempts: 0,
      step: 0,
      stageRuns: 0,
      deadlineAt: timeout ? new Date(at.getTime() + timeout) : null,
    });
    log(e, 'INFO', 'execution accepted');
    await tx.flush();
    await writeLogs(tx, e);
    await schedule(tx, e);
    await scheduleDeadline(tx, e);
    return toExecution(e);
  });
}

export async function getExecution(s: PipelinesScope, id: string): Promise<PipelineExecution> {
  const e = await s.em.findOne(ExecutionRecord, { id });
  if (!e) throw notFound('Execution');
  return toExecution(e);
}

export async function listExecutions(s: PipelinesScope, pipelineId: string, args: ExecutionListArgs) {
  const p = await s.em.findOne(PipelineRecord, { id: pipelineId }, { fields: ['id'] as never });
  if (!p) throw pipelineNotFound();
  const { page, limit, offset } = pageWindow(args);
  const where: Record<string, unknown> = { pipelineId, simulation: false };
  if (args.status) where.status = args.status;
  if (args.tags?.length) where.tags = { $contains: args.tags };
  if (args.startDate || args.endDate) where.startedAt = { ...(args.startDate ? { $gte: args.startDate } : {}), ...(args.endDate ? { $lt: args.endDate } : {}) };
  const [rows, total] = await s.em.findAndCount(ExecutionRecord, where, { orderBy: { startedAt: 'DESC', id: 'DESC' }, limit, offset });
  return { items: rows.map(toExecution), pagination: pagination(page, limit, total) };
}

/** Cancel: a PENDING or RUNNING execution ends FAILED ("cancelled"); one that already ended is 409 CONFLICT (the first terminal write wins). */
export async function cancelExecution(s: PipelinesScope, id: string): Promise<PipelineExecution> {
  return s.em.transactional(async (tx) => {
    const e = await lockExecution(tx, s.workspaceId, id);
    if (!e) throw notFound('Execution');
    if (!['PENDING', 'RUNNING'].includes(e.status)) throw conflict(`The execution already ended ${e.status}`);
    await finish(tx, e, 'FAILED', { code: 'EXECUTION_FAILED', message: 'cancelled', stage: e.stages[e.currentStageIndex]?.name }, false);
    await save(tx, e);
    return toExecution(e);
  });
}

/**
 * Retry: a FAILED or TIMEOUT execution runs again from `fromStage` (default: the stage it ended at); that stage and
 * the ones after it start over (PENDING, no runs), the earlier ones keep their results. RUNNING again, with a new
 * pipeline timeout window. Anything else is 409 CONFLICT.
 */
export async function retryExecution(s: PipelinesScope, id: string, fromStage?: string): Promise<PipelineExecution> {
  return s.em.transactional(async (tx) => {
    const e = await lockExecution(tx, s.workspaceId, id);
    if (!e) throw notFound('Execution');
    if (!['FAILED', 'TIMEOUT'].includes(e.status)) throw conflict(`Only a FAILED or TIMEOUT execution can be retried (this one is ${e.status})`);
    const p = await tx.findOne(PipelineRecord, { id: e.pipelineId });
    if (!p) throw pipelineNotFound();
    const from = fromStage !== undefined && fromStage !== null ? e.stages.findIndex((r) => r.name === fromStage) : e.currentStageIndex;
    if (from < 0) throw validationError('fromStage', `names no stage of the pipeline (${e.stages.map((r) => r.name).join(', ')})`);
    e.stages = e.stages.map((r, i) => (i >= from ? { name: r.name, status: 'PENDING' as const, attempts: 0 } : r));
    for (const name of p.stages.slice(from).map((st) => st.name)) delete e.results[name];
    e.status = 'RUNNING';
    e.currentStageIndex = from;
    e.error = null;
    e.completedAt = null;
    e.duration = null;
    e.retryAttempts += 1;
    e.step += 1;
    e.stageRuns = 0;
    const timeout = (e.context.timeout as number | null | undefined) ?? null;
    e.deadlineAt = timeout ? new Date(now() + timeout) : null;
    log(e, 'INFO', `retried from stage ${e.stages[from].name}`, e.stages[from].name);
    await save(tx, e);
    await schedule(tx, e);
    await scheduleDeadline(tx, e);
    return toExecution(e);
  });
}

export async function executionLogs(s: PipelinesScope, id: string) {
  const e = await s.em.findOne(ExecutionRecord, { id }, { fields: ['id'] as never });
  if (!e) throw notFound('Execution');
  const lines = await s.em.find(ExecutionLogRecord, { executionId: id }, { orderBy: { id: 'DESC' }, limit: LOG_LINES_MAX });
  return {
    executionId: e.id,
    logs: lines.reverse().map((l) => ({ timestamp: l.at, level: l.level, stage: l.stage ?? undefined, message: l.message, data: l.data ?? undefined })),
  };
}

/**
 * `POST /queries/execute`: one query alone. Nothing matched is an answer, not a failure (as the queries family's
 * NO_RESULTS): HTTP 200 with `status: "QUERY_NO_RESULTS"` and no resource.
 */
export async function executeQuery(s: PipelinesScope, input: PipelineQueryInput): Promise<PipelineQueryResult> {
  const data = { metadata: {}, results: {}, context: {}, ...(input.context ?? {}) };
  const a = await runQuery(s.workspaceId, input, data, `${s.keyId}:${JSON.stringify(input.filters)}`);
  if (!a) return { status: 'QUERY_NO_RESULTS', resource: null, score: null, strategy: input.strategy, alternatives: [] };
  return { status: 'SUCCESS', resource: a.resource, score: a.score, strategy: a.strategy, alternatives: a.alternatives };
}

/** `POST /:pipelineId/dry-run`: the path an execution with `metadata` would take (executions/dry-run.ts). */
export async function dryRunPipeline(s: PipelinesScope, pipelineId: string, metadata: Record<string, unknown>) {
  const r = await dryRun(s.em, await pipelineOf(s.em, pipelineId), metadata);
  return { stages: r.stages, estimatedDuration: r.estimatedDuration, warnings: r.warnings };
}
