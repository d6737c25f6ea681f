import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, conflict, notFound, validationError } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { nowDate } from '../../../kernel/clock.js';
import { lockOneOrNull, uuidPlaceholders } from '../../../kernel/db.js';
import { pageWindow, pagination } from '../../../kernel/graphql-types.js';
import type { PipelineConfig } from '../common/definition.js';
import type { PipelinesScope } from '../common/scope.js';
import { stampOf } from '../common/types.js';
import { stopExecutions } from '../executions/engine.js';
import { TemplateRecord } from '../templates/entities.js';
import { json, mergeHealth, sortOf } from '../templates/service.js';
import { PipelineRecord } from './entities.js';
import type { DeployPipelineInput, Pipeline, PipelineListArgs, PipelineMetrics, UpdatePipelineInput } from './types.js';

/** The pipelines area's operations (docs/pipelines.md "Pipelines"). */

export const pipelineNotFound = () => new AppError('PIPELINE_NOT_FOUND', 'Pipeline not found');

export function toPipeline(r: PipelineRecord): Pipeline {
  return {
    id: r.id,
    templateId: r.templateId,
    templateVersion: r.templateVersion,
    name: r.name,
    description: r.description ?? null,
    status: { current: r.status, lastChanged: r.statusChangedAt, reason: r.statusReason ?? null },
    stages: r.stages,
    config: r.config ?? {},
    health: r.health,
    healthScore: r.healthScore,
    baseline: r.baseline,
    created: stampOf(r.createdAt, r.createdBy),
    updated: stampOf(r.updatedAt, r.updatedBy),
  };
}

/** A config with the given fields of `over` replaced (`retryPolicy` whole); null fields are left as they were. */
export function mergeConfig(base: PipelineConfig, over: PipelineConfig | null | undefined): PipelineConfig {
  const out: PipelineConfig = { ...(base ?? {}) };
  for (const [k, v] of Object.entries(json(over) ?? {})) if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  return out;
}

/**
 * The caller's pipeline `id` (a scoped entity manager), else PIPELINE_NOT_FOUND (an id that is not a UUID too).
 * `lock`: in a write's transaction, locked and read afresh (kernel/db.ts `lockOneOrNull`, docs/contract.md "Concurrency").
 */
export async function pipelineOf(em: EntityManager, id: string, lock = false): Promise<PipelineRecord> {
  const where = { id: id.toLowerCase() };
  const r = isUuid(id) ? await (lock ? lockOneOrNull(em, PipelineRecord, where) : em.findOne(PipelineRecord, where)) : null;
  if (!r) throw pipelineNotFound();
  return r;
}

export async function deployPipeline(s: PipelinesScope, input: DeployPipelineInput): Promise<Pipeline> {
  return s.em.transactional(async (tx) => {
    const t = await tx.findOne(TemplateRecord, { id: input.templateId });
    if (!t) throw notFound('Template');
    if (t.status !== 'PUBLISHED') {
      throw conflict(
        t.status === 'DRAFT'
          ? `the template ${t.name} ${t.version} is a DRAFT: publish it before deploying`
          : `the template ${t.name} ${t.version} is DEPRECATED (a higher version was published): deploy the newest version instead`,
      );
    }
    const at = nowDate();
    const r = tx.create(PipelineRecord, {
      workspaceId: s.workspaceId,
      templateId: t.id,
      templateVersion: t.version,
      name: input.name,
      description: input.description ?? null,
      status: 'ACTIVE',
      statusChangedAt: at,
      statusReason: `deployed from ${t.name} ${t.version}`,
      stages: json(t.stages),
      config: mergeConfig(t.config, input.config),
      health: json(t.health),
      healthScore: 100,
      healthStatus: 'UNKNOWN',
      alerts: [],
      baseline: { duration: 0, successRate: 0 },
      createdAt: at,
      createdBy: s.keyId,
      updatedAt: at,
      updatedBy: s.keyId,
    });
    await tx.flush();
    return toPipeline(r);
  });
}

export async function listPipelines(s: PipelinesScope, args: PipelineListArgs) {
  const { page, limit, offset } = pageWindow(args);
  const where: Record<string, unknown> = {};
  if (args.status) where.status = args.status;
  if (args.templateId) where.templateId = args.templateId.toLowerCase();
  const range = args.healthScore;
  if (range?.min != null && range?.max != null && range.min > range.max) throw validationError('healthScore.min', 'must not be above healthScore.max');
  if (range?.min != null || range?.max != null) where.healthScore = { ...(range.min != null ? { $gte: range.min } : {}), ...(range.max != null ? { $lte: range.max } : {}) };
  const [rows, total] = await s.em.findAndCount(PipelineRecord, where, { orderBy: sortOf(args), limit, offset });
  return { items: rows.map(toPipeline), pagination: pagination(page, limit, total) };
}

export async function getPipeline(s: PipelinesScope, id: string): Promise<Pipeline> {
  return toPipeline(await pipelineOf(s.em, id));
}

export async function updatePipeline(s: PipelinesScope, id: string, input: UpdatePipelineInput): Promise<Pipeline> {
  if (input.status != null && input.status !== 'ACTIVE' && input.status !== 'DISABLED') throw validationError('status', 'must be ACTIVE or DISABLED');
  return s.em.transactional(async (tx) => {
    const r = await pipelineOf(tx, id, true);
    const at = nowDate();
    if (input.name != null) r.name = input.name;
    if (input.description !== undefined) r.description = input.description ?? null;
    if (input.status != null && input.status !== r.status) {
      r.status = input.status;
      r.statusChangedAt = at;
      r.statusReason = `set to ${input.status} by API key`;
    }
    if (input.config) r.config = mergeConfig(r.config, input.config);
    if (input.health) r.health = mergeHealth(r.health, json(input.health));
    r.updatedAt = at;
    r.updatedBy = s.keyId;
    await tx.flush();
    return toPipeline(r);
  });
}

export async function deletePipeline(s: PipelinesScope, id: string): Promise<{ success: boolean }> {
  return s.em.transactional(async (tx) => {
    const r = await pipelineOf(tx, id, true);
    await stopExecutions(tx, s.workspaceId, r.id, 'pipeline deleted');
    tx.remove(r);
    await tx.flush();
    return { success: true };
  });
}

const ENDED = `status in ('SUCCESS', 'FAILED', 'TIMEOUT')`;

/**
 * The metrics of several pipelines in one statement over `pipelines.execution` (simulations not counted):
 * successRate = SUCCESS ÷ ended, avgDuration = mean duration of the ended ones (ms), active = PENDING or RUNNING.
 */
export async function metricsOf(em: EntityManager, workspaceId: string, ids: readonly string[]): Promise<PipelineMetrics[]> {
  const rows: { pipeline_id: string; total: number; succeeded: number; ended: number; avg_duration: number | null; active: number }[] = await em.execute(
    `select pipeline_id, count(*)::int as total, (count(*) filter (where status = 'SUCCESS'))::int as succeeded, (count(*) filter (where ${ENDED}))::int as ended,
       (avg(duration) filter (where ${ENDED} and duration is not null))::float8 as avg_duration, (count(*) filter (where status in ('PENDING', 'RUNNING')))::int as active
     from "pipelines"."execution" where workspace_id = ?::uuid and simulation = false and pipeline_id in (${uuidPlaceholders(ids.length)}) group by pipeline_id`,
    [workspaceId, ...ids],
  );
  const by = new Map(rows.map((r) => [r.pipeline_id, r]));
  return ids.map((id) => {
    const r = by.get(id);
    if (!r) return { totalExecutions: 0, successRate: 0, avgDuration: 0, activeExecutions: 0 };
    return { totalExecutions: r.total, successRate: r.ended ? r.succeeded / r.ended : 0, avgDuration: r.avg_duration ?? 0, activeExecutions: r.active };
  });
}
