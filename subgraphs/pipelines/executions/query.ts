import { createHash } from 'node:crypto';
import { validationError } from '../../../kernel/errors.js';
import { callGraph } from '../../../kernel/graph-client.js';
import { storedPoint } from '../../../kernel/graphql-types.js';
import type { FallbackOption, QueryConfig } from '../common/definition.js';
import type { QueryResource, QueryStrategy } from '../common/enums.js';
import { render, type ExecutionData } from './rules.js';

/**
 * QUERY stages and `POST /queries/execute` (docs/pipelines.md "QUERY"): the stage's filters filled from the execution
 * data and checked here, then a resource picked by the queries family's public `selectResource`, called through the
 * graph as the workspace's pipelines (kernel/graph-client.ts): the pipelines family reads none of its tables.
 */

/** What a query answers: the selected resource, its score, the strategy that picked it, up to 4 runners-up. */
export interface QueryAnswer {
  resource: Record<string, unknown>;
  score: number;
  strategy: QueryStrategy;
  alternatives: Record<string, unknown>[];
}

const str = (v: unknown, field: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw validationError(field, 'must be a string');
  return v;
};
const num = (v: unknown, field: string, min: number, max: number): number | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) throw validationError(field, `must be a number from ${min} to ${max}`);
  return n;
};

/** The filters of a query with its templates filled, checked. */
function filtersOf(raw: Record<string, unknown>, data: ExecutionData) {
  const f = render(raw, data) as Record<string, unknown>;
  const loc = f.location as { lat?: unknown; lng?: unknown } | unknown[] | undefined | null;
  let point: [number, number] | undefined;
  if (loc !== undefined && loc !== null) {
    const pair = Array.isArray(loc) ? loc : [(loc as { lat?: unknown }).lat, (loc as { lng?: unknown }).lng];
    point = storedPoint(pair as number[], 'filters.location');
  }
  const tags = f.tags;
  if (tags !== undefined && tags !== null && (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string'))) throw validationError('filters.tags', 'must be a list of strings');
  const caps = f.capabilities;
  if (caps !== undefined && caps !== null && (typeof caps !== 'object' || Array.isArray(caps))) throw validationError('filters.capabilities', 'must be an object');
  const requirements = f.requirements;
  if (requirements !== undefined && requirements !== null && (!Array.isArray(requirements) || requirements.some((t) => typeof t !== 'string'))) {
    throw validationError('filters.requirements', 'must be a list of strings');
  }
  return {
    point,
    maxDistance: num(f.maxDistance, 'filters.maxDistance', 0, 20_000),
    country: str(f.country, 'filters.country'),
    city: str(f.city, 'filters.city'),
    lsp: str(f.lsp, 'filters.lsp'),
    tags: (tags as string[] | undefined) ?? undefined,
    capabilities: (caps as Record<string, unknown> | undefined) ?? undefined,
    requirements: (requirements as string[] | undefined) ?? undefined,
    capacityType: str(f.capacityType, 'filters.capacityType'),
    minCapacity: num(f.minCapacity, 'filters.minCapacity', 0, 1e9),
    fleetId: str(f.fleetId, 'filters.fleetId'),
  };
}
/** The queries family's selection (docs/queries.md "Selection"), called through the graph. */
const SELECT = `query PipelineQueryStage($input: ResourceSelectionInput!) {
  selectResource(input: $input) { resource score strategy alternatives }
}`;

/** What the pipelines family may do in the queries family when it acts for a workspace: its read operations. */
const AS_PIPELINES = (workspaceId: string) => ({ family: 'pipelines', workspaceId, scopes: ['queries'] });

async function once(workspaceId: string, resource: QueryResource, strategy: QueryStrategy, filters: Record<string, unknown>, data: ExecutionData, seed: string): Promise<QueryAnswer | undefined> {
  const { point, ...f } = filtersOf(filters, data);
  const input = {
    resource,
    strategy,
    filters: { ...Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)), ...(point ? { location: { latitude: point[0], longitude: point[1] } } : {}) },
    seed,
  };
  const { selectResource } = await callGraph<{ selectResource: QueryAnswer | null }>(AS_PIPELINES(workspaceId), SELECT, { input });
  return selectResource ?? undefined;
}

/** The QUERY resources with at least one ACTIVE match in the workspace (docs/pipelines.md "Validation"). */
export async function selectableResources(workspaceId: string): Promise<Set<QueryResource>> {
  const { selectableResources: kinds } = await callGraph<{ selectableResources: QueryResource[] }>(AS_PIPELINES(workspaceId), '{ selectableResources }', {});
  return new Set(kinds);
}

/**
 * Runs a query: its own filters and strategy, then each fallback option in order (an option's missing parts are the
 * query's) until one matches; undefined when none does. `seed` makes RANDOM repeatable.
 */
export async function runQuery(
  workspaceId: string,
  q: Pick<QueryConfig, 'resource' | 'filters' | 'strategy'> & { fallbackOptions?: FallbackOption[] | null },
  data: ExecutionData,
  seed: string,
): Promise<(QueryAnswer & { fallback?: number }) | undefined> {
  const first = await once(workspaceId, q.resource, q.strategy, q.filters ?? {}, data, seed);
  if (first) return first;
  for (const [i, o] of (q.fallbackOptions ?? []).entries()) {
    const a = await once(workspaceId, o.resource ?? q.resource, o.strategy ?? q.strategy, o.filters ?? q.filters ?? {}, data, seed);
    if (a) return { ...a, fallback: i };
  }
  return undefined;
}

/** The cache key of a query (workspace, resource, strategy, filled filters, fallbacks). */
export const queryCacheKey = (workspaceId: string, q: QueryConfig, data: ExecutionData): string =>
  `${workspaceId}:${createHash('sha256')
    .update(JSON.stringify([q.resource, q.strategy, render(q.filters ?? {}, data), q.fallbackOptions ?? []]))
    .digest('base64url')}`;
