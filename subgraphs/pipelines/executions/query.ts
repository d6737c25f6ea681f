import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { validationError } from '../../../kernel/errors.js';
import { storedPoint } from '../../../kernel/graphql-types.js';
import { matchServices } from '../../queries/matching/service.js';
import { rowCapacities, searchRows, toEntry, type Criteria, type EntryRow } from '../../queries/registry/store.js';
import type { ServiceType } from '../../queries/common/enums.js';
import type { QueriesScope } from '../../queries/common/scope.js';
import type { FallbackOption, QueryConfig } from '../common/definition.js';
import type { QueryResource, QueryStrategy } from '../common/enums.js';
import { render, type ExecutionData } from './rules.js';

/**
 * QUERY stages and `POST /queries/execute` (docs/pipelines.md "QUERY"): a resource picked from the workspace's service
 * registry by the queries family's own code (its search `searchRows` and its matching `matchServices`, not a copy).
 */

/** What a query answers: the selected resource, its score, the strategy that picked it, up to 4 runners-up. */
export interface QueryAnswer {
  resource: Record<string, unknown>;
  score: number;
  strategy: QueryStrategy;
  alternatives: Record<string, unknown>[];
}

/** Candidates a strategy without an index order (capacity, rating, random) looks at: the first this many by name. */
export const QUERY_CANDIDATES_MAX = 500;

const TYPE_OF: Record<QueryResource, ServiceType | undefined> = { WAREHOUSE: 'WAREHOUSE', CARRIER: 'CARRIER', TERMINAL: 'TERMINAL', INVENTORY: 'WAREHOUSE', ROUTE: undefined, VEHICLE: undefined };
const MATCHING = { BEST_MATCH: 'BALANCED', FASTEST: 'SPEED_OPTIMIZED', CHEAPEST: 'COST_OPTIMIZED' } as const;

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
type Filters = ReturnType<typeof filtersOf>;

const entryResource = (resource: QueryResource, row: EntryRow): Record<string, unknown> => {
  const e = toEntry(row);
  const caps = rowCapacities(row);
  return {
    id: e.compositeId,
    type: resource,
    compositeId: e.compositeId,
    lsp: e.lsp,
    serviceId: e.serviceId,
    name: e.name,
    location: { coordinates: e.location.coordinates, address: e.location.address, timezone: e.location.timezone },
    tags: e.tags,
    ...(e.distance !== null ? { distance: e.distance } : {}),
    ...(caps.length ? { capacities: caps.map((c) => ({ type: c.type, total: c.total, available: c.available, unit: c.unit })) } : {}),
    ...(e.performance ? { performanceScore: e.performance.overallScore } : {}),
  };
};

/** Seeded pick for RANDOM: the same seed (execution and stage) picks the same candidate. */
const seeded = (seed: string, n: number): number => createHash('sha256').update(seed).digest().readUInt32BE(0) % n;

async function registryQuery(em: EntityManager, workspaceId: string, resource: QueryResource, strategy: QueryStrategy, f: Filters, seed: string): Promise<QueryAnswer | undefined> {
  const serviceType = TYPE_OF[resource]!;
  const capacity = resource === 'INVENTORY' || f.minCapacity !== undefined || f.capacityType ? { type: f.capacityType, min: f.minCapacity ?? (resource === 'INVENTORY' ? 1 : 0) } : undefined;
  if (strategy in MATCHING && !capacity && !f.tags && !f.capabilities && !f.lsp) {
    const scope = { workspaceId, keyId: 'pipelines', em, ctx: undefined as never } as QueriesScope;
    const m = await matchServices(scope, {
      serviceTypes: [serviceType],
      delivery: { coordinates: f.point ?? null, country: f.country ?? null, city: f.city ?? null } as never,
      requirements: f.requirements,
      strategy: MATCHING[strategy as keyof typeof MATCHING],
      limit: 5,
    });
    if (!m.recommendations.length) return undefined;
    const pick = (r: (typeof m.recommendations)[number]) => ({
      id: r.service.compositeId,
      type: resource,
      compositeId: r.service.compositeId,
      lsp: r.service.lsp,
      serviceId: r.service.serviceId,
      name: r.service.name,
      location: r.service.location,
      scores: r.scores,
      ...(r.estimatedCost ? { estimatedCost: r.estimatedCost } : {}),
      ...(r.estimatedDuration !== null && r.estimatedDuration !== undefined ? { estimatedDuration: r.estimatedDuration } : {}),
    });
    const [best, ...rest] = m.recommendations;
    return { resource: pick(best), score: best.scores.overall, strategy, alternatives: rest.map(pick) };
  }
  if (strategy === 'CLOSEST' && !f.point) throw validationError('filters.location', 'CLOSEST needs filters.location');
  const criteria: Criteria = {
    serviceType,
    status: 'ACTIVE',
    near: f.point ? { lat: f.point[0], lng: f.point[1], maxDistanceKm: f.maxDistance } : undefined,
    lsp: f.lsp,
    tags: f.tags,
    country: f.country,
    city: f.city,
    capabilities: f.capabilities,
    capacity,
  };
  const { rows } = await searchRows(em, workspaceId, criteria, QUERY_CANDIDATES_MAX, 0);
  if (!rows.length) return undefined;
  const scored = rows.map((row) => ({ row, score: scoreOf(strategy, row, f.capacityType) }));
  if (strategy === 'RANDOM') {
    const i = seeded(seed, scored.length);
    const [chosen] = scored.splice(i, 1);
    return { resource: entryResource(resource, chosen.row), score: 100, strategy, alternatives: scored.slice(0, 4).map((s) => entryResource(resource, s.row)) };
  }
  // nearest first already near a point; else the highest score first (ties: the registry's order)
  if (strategy !== 'CLOSEST') scored.sort((a, b) => b.score - a.score);
  const [best, ...rest] = scored;
  return { resource: entryResource(resource, best.row), score: best.score, strategy, alternatives: rest.slice(0, 4).map((s) => entryResource(resource, s.row)) };
}

/** A candidate's score under a strategy that is not matching's, 0–100 (docs/pipelines.md). */
function scoreOf(strategy: QueryStrategy, row: EntryRow, capacityType: string | undefined): number {
  const e = toEntry(row);
  switch (strategy) {
    case 'HIGHEST_CAPACITY': {
      const caps = rowCapacities(row).filter((c) => !capacityType || c.type === capacityType);
      const best = caps.reduce((m, c) => Math.max(m, c.total > 0 ? c.available / c.total : 0), 0);
      return Math.round(best * 10000) / 100;
    }
    case 'HIGHEST_RATED':
      return e.performance?.overallScore ?? 50;
    case 'CLOSEST':
      return e.proximityScore ?? 50;
    default:
      // BEST_MATCH / FASTEST / CHEAPEST with filters the matching does not take: proximity, else neutral
      return e.proximityScore ?? 50;
  }
}

async function vehicleQuery(em: EntityManager, workspaceId: string, strategy: QueryStrategy, f: Filters, seed: string): Promise<QueryAnswer | undefined> {
  const rows = await em.execute<{ id: string; fleet_id: string; status: string; lsp: string | null; fleet_name: string | null }[]>(
    `select v.id, v.fleet_id, v.status, e.lsp, e.name as fleet_name from "queries"."fleet_vehicle_copy" v
      left join "queries"."service_entry" e on e.workspace_id = v.workspace_id and e.service_id = v.fleet_id
      where v.workspace_id = ?::uuid and v.status not in ('DELETED', 'OFFLINE', 'MAINTENANCE', 'OUT_OF_SERVICE') and v.allocated = false
        and (?::text is null or v.fleet_id::text = ?) and (?::text is null or e.lsp = ?)
      order by v.id limit ?`,
    [workspaceId, f.fleetId ?? null, f.fleetId ?? null, f.lsp ?? null, f.lsp ?? null, QUERY_CANDIDATES_MAX],
  );
  if (!rows.length) return undefined;
  const res = (r: (typeof rows)[number]) => ({ id: r.id, type: 'VEHICLE', fleetId: r.fleet_id, status: r.status, lsp: r.lsp, fleet: r.fleet_name });
  const i = strategy === 'RANDOM' ? seeded(seed, rows.length) : 0;
  const [chosen] = rows.splice(i, 1);
  return { resource: res(chosen), score: 100, strategy, alternatives: rows.slice(0, 4).map(res) };
}

async function routeQuery(em: EntityManager, workspaceId: string, strategy: QueryStrategy, f: Filters, seed: string): Promise<QueryAnswer | undefined> {
  const rows = await em.execute<{ id: string; lsp: string; geographic: unknown; service_types: unknown }[]>(
    `select c.id, c.lsp, c.geographic, c.service_types from "queries"."coverage_copy" c
      where c.workspace_id = ?::uuid and c.status = 'ACTIVE' and (?::text is null or c.lsp = ?)
        and (?::text is null or exists (select 1 from jsonb_array_elements(c.geographic) g where lower(g->>'value') = lower(?)))
        and (?::text is null or exists (select 1 from jsonb_array_elements(c.geographic) g where lower(g->>'value') = lower(?)))
      order by c.id limit ?`,
    [workspaceId, f.lsp ?? null, f.lsp ?? null, f.country ?? null, f.country ?? null, f.city ?? null, f.city ?? null, QUERY_CANDIDATES_MAX],
  );
  if (!rows.length) return undefined;
  const parse = (v: unknown): unknown => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
  const res = (r: (typeof rows)[number]) => ({ id: r.id, type: 'ROUTE', lsp: r.lsp, geographic: parse(r.geographic), serviceTypes: parse(r.service_types) });
  const i = strategy === 'RANDOM' ? seeded(seed, rows.length) : 0;
  const [chosen] = rows.splice(i, 1);
  return { resource: res(chosen), score: 100, strategy, alternatives: rows.slice(0, 4).map(res) };
}

async function once(em: EntityManager, workspaceId: string, resource: QueryResource, strategy: QueryStrategy, filters: Record<string, unknown>, data: ExecutionData, seed: string) {
  const f = filtersOf(filters, data);
  if (resource === 'VEHICLE') return vehicleQuery(em, workspaceId, strategy, f, seed);
  if (resource === 'ROUTE') return routeQuery(em, workspaceId, strategy, f, seed);
  return registryQuery(em, workspaceId, resource, strategy, f, seed);
}

/**
 * Runs a query: its own filters and strategy, then each fallback option in order (an option's missing parts are the
 * query's) until one matches; undefined when none does. `seed` makes RANDOM repeatable.
 */
export async function runQuery(
  em: EntityManager,
  workspaceId: string,
  q: Pick<QueryConfig, 'resource' | 'filters' | 'strategy'> & { fallbackOptions?: FallbackOption[] | null },
  data: ExecutionData,
  seed: string,
): Promise<(QueryAnswer & { fallback?: number }) | undefined> {
  const first = await once(em, workspaceId, q.resource, q.strategy, q.filters ?? {}, data, seed);
  if (first) return first;
  for (const [i, o] of (q.fallbackOptions ?? []).entries()) {
    const a = await once(em, workspaceId, o.resource ?? q.resource, o.strategy ?? q.strategy, o.filters ?? q.filters ?? {}, data, seed);
    if (a) return { ...a, fallback: i };
  }
  return undefined;
}

/** The cache key of a query (workspace, resource, strategy, filled filters, fallbacks). */
export const queryCacheKey = (workspaceId: string, q: QueryConfig, data: ExecutionData): string =>
  `${workspaceId}:${createHash('sha256')
    .update(JSON.stringify([q.resource, q.strategy, render(q.filters ?? {}, data), q.fallbackOptions ?? []]))
    .digest('base64url')}`;
