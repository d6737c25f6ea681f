import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, conflict, notFound, validationError } from '../../../kernel/errors.js';
import { nowDate } from '../../../kernel/clock.js';
import { lockOne } from '../../../kernel/db.js';
import { pageWindow, pagination } from '../../../kernel/graphql-types.js';
import { DEFAULT_HEALTH, type HealthConfig } from '../common/definition.js';
import type { QueryResource } from '../common/enums.js';
import type { PipelinesScope } from '../common/scope.js';
import { stampOf } from '../common/types.js';
import { selectableResources } from '../executions/query.js';
import { parseAllowList } from '../../../kernel/webhooks/guard.js';
import { TemplateRecord } from './entities.js';
import { compareSemver, duplicateStageName, validateDefinition, type DefinitionValidation } from './rules.js';
import type { CreateTemplateInput, HealthSettings, PipelineTemplate, TemplateListArgs, UpdateTemplateInput } from './types.js';

/** The templates area's operations (docs/pipelines.md "Templates", "Validation"). */

/** 409 CONFLICT: the record's state (or a unique name) forbids the change. */

export function toTemplate(r: TemplateRecord): PipelineTemplate {
  return {
    id: r.id,
    name: r.name,
    description: r.description ?? null,
    version: r.version,
    status: r.status,
    stages: r.stages,
    config: r.config ?? {},
    health: r.health,
    metadata: r.metadata ?? null,
    created: stampOf(r.createdAt, r.createdBy),
    updated: stampOf(r.updatedAt, r.updatedBy),
    publishedAt: r.publishedAt ?? null,
    deprecatedAt: r.deprecatedAt ?? null,
  };
}

/** `health` settings over a base (the defaults on create): given fields replace, thresholds one by one. */
export function mergeHealth(base: HealthConfig, given: HealthSettings | null | undefined): HealthConfig {
  if (!given) return base;
  const out: HealthConfig = { ...base, alertThresholds: { ...base.alertThresholds } };
  if (given.simulationEnabled != null) out.simulationEnabled = given.simulationEnabled;
  if (given.simulationInterval != null) out.simulationInterval = given.simulationInterval;
  if (given.testData !== undefined) out.testData = given.testData ?? undefined;
  for (const k of ['healthScore', 'errorRate', 'avgDuration'] as const) {
    const v = given.alertThresholds?.[k];
    if (v != null) out.alertThresholds[k] = v;
  }
  return out;
}

/** Plain JSON of a validated input (class instances and undefined fields dropped) for the json columns. */
export const json = <T>(v: T): T => (v === undefined || v === null ? v : (JSON.parse(JSON.stringify(v)) as T));

function checkStageNames(stages: readonly { name: string }[]): void {
  const dup = duplicateStageName(stages);
  if (dup) throw validationError(`stages.${dup.index}.name`, `must be unique within the template ("${stages[dup.index].name}" is already stage ${dup.first}'s)`);
}

const TAKEN = (name: string, version: string) => conflict(`A template named "${name}" with version ${version} already exists in this workspace`);

async function flushUnique(em: EntityManager, name: string, version: string): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw TAKEN(name, version);
    throw err;
  }
}

export async function templateOf(em: EntityManager, id: string): Promise<TemplateRecord> {
  const r = await em.findOne(TemplateRecord, { id });
  if (!r) throw notFound('Template');
  return r;
}

/**
 * The template locked and read afresh in the write's transaction (kernel/db.ts `lockOne`, docs/contract.md
 * "Concurrency"): of two publications (or deletions) at once, the second finds it PUBLISHED (or gone).
 */
const lockTemplate = (tx: EntityManager, id: string): Promise<TemplateRecord> => lockOne(tx, TemplateRecord, { id }, 'Template');

const draftOnly = (r: TemplateRecord, doing: string) => {
  if (r.status !== 'DRAFT') throw conflict(`only a DRAFT template can be ${doing} (this one is ${r.status}): publish a new version instead`);
};

export async function createTemplate(s: PipelinesScope, input: CreateTemplateInput): Promise<PipelineTemplate> {
  checkStageNames(input.stages);
  return s.em.transactional(async (tx) => {
    if (await tx.count(TemplateRecord, { name: input.name, version: input.version })) throw TAKEN(input.name, input.version);
    const at = nowDate();
    const r = tx.create(TemplateRecord, {
      workspaceId: s.workspaceId,
      name: input.name,
      description: input.description ?? null,
      version: input.version,
      status: 'DRAFT',
      stages: json(input.stages),
      config: json(input.config) ?? {},
      health: mergeHealth(DEFAULT_HEALTH, json(input.health)),
      metadata: json(input.metadata) ?? null,
      createdAt: at,
      createdBy: s.keyId,
      updatedAt: at,
      updatedBy: s.keyId,
    });
    await flushUnique(tx, input.name, input.version);
    return toTemplate(r);
  });
}

const SORTS: Record<string, string> = { 'created.at.timestamp': 'createdAt', 'updated.at.timestamp': 'updatedAt', name: 'name' };

/** The sort of a list of templates or pipelines (default `created.at.timestamp` DESC; id breaks ties). */
export function sortOf(args: { sortBy?: string; sortOrder?: 'ASC' | 'DESC' }): Record<string, 'asc' | 'desc'> {
  const by = args.sortBy ?? 'created.at.timestamp';
  const column = SORTS[by];
  if (!column) throw validationError('sortBy', 'must be one of created.at.timestamp, updated.at.timestamp, name');
  const dir = args.sortOrder === 'ASC' ? 'asc' : 'desc';
  return { [column]: dir, id: dir };
}

export async function listTemplates(s: PipelinesScope, args: TemplateListArgs) {
  const { page, limit, offset } = pageWindow(args);
  const where: Record<string, unknown> = {};
  if (args.status) where.status = args.status;
  if (args.version) where.version = args.version;
  const [rows, total] = await s.em.findAndCount(TemplateRecord, where, { orderBy: sortOf(args), limit, offset });
  return { items: rows.map(toTemplate), pagination: pagination(page, limit, total) };
}

export async function getTemplate(s: PipelinesScope, id: string): Promise<PipelineTemplate> {
  return toTemplate(await templateOf(s.em, id));
}

export async function updateTemplate(s: PipelinesScope, id: string, input: UpdateTemplateInput): Promise<PipelineTemplate> {
  if (input.stages) checkStageNames(input.stages);
  return s.em.transactional(async (tx) => {
    const r = await lockTemplate(tx, id);
    draftOnly(r, 'changed');
    const name = input.name ?? r.name;
    const version = input.version ?? r.version;
    if ((name !== r.name || version !== r.version) && (await tx.count(TemplateRecord, { name, version, id: { $ne: r.id } }))) throw TAKEN(name, version);
    if (input.name != null) r.name = input.name;
    if (input.version != null) r.version = input.version;
    if (input.description !== undefined) r.description = input.description ?? null;
    if (input.stages) r.stages = json(input.stages);
    if (input.config !== undefined) r.config = json(input.config) ?? {};
    if (input.health !== undefined) r.health = mergeHealth(DEFAULT_HEALTH, json(input.health));
    if (input.metadata !== undefined) r.metadata = json(input.metadata) ?? null;
    r.updatedAt = nowDate();
    r.updatedBy = s.keyId;
    await flushUnique(tx, name, version);
    return toTemplate(r);
  });
}

export async function deleteTemplate(s: PipelinesScope, id: string): Promise<{ success: boolean }> {
  return s.em.transactional(async (tx) => {
    const r = await lockTemplate(tx, id);
    draftOnly(r, 'deleted');
    tx.remove(r);
    await tx.flush();
    return { success: true };
  });
}

/**
 * A template's validation (docs/pipelines.md "Validation"). `available`: the QUERY resources the workspace has now
 * (the queries family's `selectableResources`, asked through the graph, so never inside a transaction).
 */
export function validationOf(s: PipelinesScope, r: TemplateRecord, available: ReadonlySet<QueryResource>): DefinitionValidation {
  return validateDefinition({ stages: r.stages, config: r.config }, { allow: parseAllowList(s.ctx.config.PIPELINE_WEBHOOK_ALLOW), available });
}

/** Whether a template has a QUERY stage (its validation then needs the workspace's selectable resources). */
const queries = (r: TemplateRecord) => r.stages.some((st) => st.action === 'QUERY');

export async function validateTemplate(s: PipelinesScope, id: string): Promise<DefinitionValidation> {
  const r = await templateOf(s.em, id);
  return validationOf(s, r, queries(r) ? await selectableResources(s.workspaceId) : new Set());
}

/**
 * Publishes a DRAFT whose validation has no error; every PUBLISHED template of the same name with a lower semantic
 * version becomes DEPRECATED (the only way into DEPRECATED).
 */
export async function publishTemplate(s: PipelinesScope, id: string): Promise<PipelineTemplate> {
  const available = await selectableResources(s.workspaceId);
  return s.em.transactional(async (tx) => {
    const r = await lockTemplate(tx, id);
    if (r.status !== 'DRAFT') throw conflict(`only a DRAFT template can be published (this one is ${r.status})`);
    const v = validationOf({ ...s, em: tx }, r, available);
    if (!v.valid) throw new AppError('TEMPLATE_INVALID', `The template cannot be published: ${v.errors.join('; ')}`);
    const at = nowDate();
    r.status = 'PUBLISHED';
    r.publishedAt = at;
    r.updatedAt = at;
    r.updatedBy = s.keyId;
    const older = await tx.find(TemplateRecord, { name: r.name, status: 'PUBLISHED', id: { $ne: r.id } });
    for (const o of older) {
      if (compareSemver(o.version, r.version) >= 0) continue;
      o.status = 'DEPRECATED';
      o.deprecatedAt = at;
      o.updatedAt = at;
      o.updatedBy = s.keyId;
    }
    await tx.flush();
    return toTemplate(r);
  });
}
