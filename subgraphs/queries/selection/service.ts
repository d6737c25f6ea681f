import { createHash } from 'node:crypto';
import { validationError } from '../../../kernel/errors.js';
import type { SelectableResource, SelectionStrategy, ServiceType } from '../common/enums.js';
import type { QueriesScope } from '../common/scope.js';
import { matchServices } from '../matching/service.js';
import { rowCapacities, searchRows, toEntry, type Criteria, type EntryRow } from '../registry/store.js';
import type { ResourceSelection, ResourceSelectionFilters, ResourceSelectionInput } from './types.js';

/**
 * Selection (docs/queries.md "Selection"): one resource of the caller's workspace picked by a strategy, from the
 * registry's search (`searchRows`) and matching (`matchServices`), or from the registry's copies of vehicles and
 * coverage routes. A pipeline QUERY stage calls it through the graph (kernel/graph-client.ts).
 */

/** Candidates a strategy without an index order (capacity, rating, random) looks at: the first this many by name. */
export const SELECTION_CANDIDATES_MAX = 500;

const TYPE_OF: Record<SelectableResource, ServiceType | undefined> = { WAREHOUSE: 'WAREHOUSE', CARRIER: 'CARRIER', TERMINAL: 'TERMINAL', INVENTORY: 'WAREHOUSE', ROUTE: undefined, VEHICLE: undefined };
const MATCHING = { BEST_MATCH: 'BALANCED', FASTEST: 'SPEED_OPTIMIZED', CHEAPEST: 'COST_OPTIMIZED' } as const;

type Filters = ResourceSelectionFilters;

const entryResource = (resource: SelectableResource, row: EntryRow): Record<string, unknown> => {
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

/** Seeded pick for RANDOM: the same seed picks the same candidate. */
const seeded = (seed: string, n: number): number => createHash('sha256').update(seed).digest().readUInt32BE(0) % n;

async function registrySelection(s: QueriesScope, resource: SelectableResource, strategy: SelectionStrategy, f: Filters, seed: string): Promise<ResourceSelection | null> {
  const serviceType = TYPE_OF[resource]!;
  const capacity = resource === 'INVENTORY' || f.minCapacity !== undefined || f.capacityType ? { type: f.capacityType, min: f.minCapacity ?? (resource === 'INVENTORY' ? 1 : 0) } : undefined;
  if (strategy in MATCHING && !capacity && !f.tags && !f.capabilities && !f.lsp) {
    const m = await matchServices(s, {
      serviceTypes: [serviceType],
      delivery: { coordinates: f.location ?? null, country: f.country ?? null, city: f.city ?? null } as never,
      requirements: f.requirements,
      strategy: MATCHING[strategy as keyof typeof MATCHING],
      limit: 5,
    });
    if (!m.recommendations.length) return null;
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
  if (strategy === 'CLOSEST' && !f.location) throw validationError('filters.location', 'CLOSEST needs filters.location');
  const criteria: Criteria = {
    serviceType,
    status: 'ACTIVE',
    near: f.location ? { lat: f.location.latitude, lng: f.location.longitude, maxDistanceKm: f.maxDistance } : undefined,
    lsp: f.lsp,
    tags: f.tags,
    country: f.country,
    city: f.city,
    capabilities: f.capabilities,
    capacity,
  };
  const { rows } = await searchRows(s.em, s.workspaceId, criteria, SELECTION_CANDIDATES_MAX, 0);
  if (!rows.length) return null;
  const scored = rows.map((row) => ({ row, score: scoreOf(strategy, row, f.capacityType) }));
  if (strategy === 'RANDOM') {
    const i = seeded(seed, scored.length);
    const [chosen] = scored.splice(i, 1);
    return { resource: entryResource(resource, chosen.row), score: 100, strategy, alternatives: scored.slice(0, 4).map((c) => entryResource(resource, c.row)) };
  }
  // nearest first already near a point; else the highest score first (ties: the registry's order)
  if (strategy !== 'CLOSEST') scored.sort((a, b) => b.score - a.score);
  const [best, ...rest] = scored;
  return { resource: entryResource(resource, best.row), score: best.score, strategy, alternatives: rest.slice(0, 4).map((c) => entryResource(resource, c.row)) };
}

/** A candidate's score under a strategy that is not matching's, 0–100 (docs/queries.md "Selection"). */
function scoreOf(strategy: SelectionStrategy, row: EntryRow, capacityType: string | undefined): number {
  const e = toEntry(row);
  switch (strategy) {
    case 'HIGHEST_CAPACITY': {
      const caps = rowCapacities(row).filter((c) => !capacityType || c.type === capacityType);
      const best = caps.reduce((m, c) => Math.max(m, c.total > 0 ? c.available / c.total : 0), 0);
      return Math.round(best * 10000) / 100;
    }
    case 'HIGHEST_RATED':
      return e.performance?.overallScore ?? 50;
    default:
      // CLOSEST, and BEST_MATCH / FASTEST / CHEAPEST with filters the matching does not take: proximity, else neutral
      return e.proximityScore ?? 50;
  }
}

async function vehicleSelection(s: QueriesScope, strategy: SelectionStrategy, f: Filters, seed: string): Promise<ResourceSelection | null> {
  const rows = await s.em.execute<{ id: string; fleet_id: string; status: string; lsp: string | null; fleet_name: string | null }[]>(
    `select v.id, v.fleet_id, v.status, e.lsp, e.name as fleet_name from "queries"."fleet_vehicle_copy" v
      left join "queries"."service_entry" e on e.workspace_id = v.workspace_id and e.service_id = v.fleet_id
      where v.workspace_id = ?::uuid and v.status not in ('DELETED', 'OFFLINE', 'MAINTENANCE', 'OUT_OF_SERVICE') and v.allocated = false
        and (?::text is null or v.fleet_id::text = ?) and (?::text is null or e.lsp = ?)
      order by v.id limit ?`,
    [s.workspaceId, f.fleetId ?? null, f.fleetId ?? null, f.lsp ?? null, f.lsp ?? null, SELECTION_CANDIDATES_MAX],
  );
  if (!rows.length) return null;
  const res = (r: (typeof rows)[number]) => ({ id: r.id, type: 'VEHICLE', fleetId: r.fleet_id, status: r.status, lsp: r.lsp, fleet: r.fleet_name });
  const i = strategy === 'RANDOM' ? seeded(seed, rows.length) : 0;
  const [chosen] = rows.splice(i, 1);
  return { resource: res(chosen), score: 100, strategy, alternatives: rows.slice(0, 4).map(res) };
}

async function routeSelection(s: QueriesScope, strategy: SelectionStrategy, f: Filters, seed: string): Promise<ResourceSelection | null> {
  const rows = await s.em.execute<{ id: string; lsp: string; geographic: unknown; service_types: unknown }[]>(
    `select c.id, c.lsp, c.geographic, c.service_types from "queries"."coverage_copy" c
      where c.workspace_id = ?::uuid and c.status = 'ACTIVE' and (?::text is null or c.lsp = ?)
        and (?::text is null or exists (select 1 from jsonb_array_elements(c.geographic) g where lower(g->>'value') = lower(?)))
        and (?::text is null or exists (select 1 from jsonb_array_elements(c.geographic) g where lower(g->>'value') = lower(?)))
      order by c.id limit ?`,
    [s.workspaceId, f.lsp ?? null, f.lsp ?? null, f.country ?? null, f.country ?? null, f.city ?? null, f.city ?? null, SELECTION_CANDIDATES_MAX],
  );
  if (!rows.length) return null;
  const parse = (v: unknown): unknown => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
  const res = (r: (typeof rows)[number]) => ({ id: r.id, type: 'ROUTE', lsp: r.lsp, geographic: parse(r.geographic), serviceTypes: parse(r.service_types) });
  const i = strategy === 'RANDOM' ? seeded(seed, rows.length) : 0;
  const [chosen] = rows.splice(i, 1);
  return { resource: res(chosen), score: 100, strategy, alternatives: rows.slice(0, 4).map(res) };
}

/** The resource `input` selects in the caller's workspace; null when none matches. */
export async function selectResource(s: QueriesScope, input: ResourceSelectionInput): Promise<ResourceSelection | null> {
  const f = input.filters ?? {};
  const seed = input.seed ?? '';
  if (input.resource === 'VEHICLE') return vehicleSelection(s, input.strategy, f, seed);
  if (input.resource === 'ROUTE') return routeSelection(s, input.strategy, f, seed);
  return registrySelection(s, input.resource, input.strategy, f, seed);
}

/**
 * The resources with at least one ACTIVE match in the caller's workspace: registry entries by service type
 * (INVENTORY = WAREHOUSE), vehicles not DELETED, ACTIVE coverage routes. One statement.
 */
export async function selectableResources(s: QueriesScope): Promise<SelectableResource[]> {
  const rows: { resource: SelectableResource }[] = await s.em.execute(
    `select t.service_type as resource from (select distinct service_type from "queries"."service_entry" where workspace_id = ?::uuid and status = 'ACTIVE') t
     union all select 'VEHICLE' where exists (select 1 from "queries"."fleet_vehicle_copy" where workspace_id = ?::uuid and status <> 'DELETED')
     union all select 'ROUTE' where exists (select 1 from "queries"."coverage_copy" where workspace_id = ?::uuid and status = 'ACTIVE')`,
    [s.workspaceId, s.workspaceId, s.workspaceId],
  );
  const have = new Set(rows.map((r) => r.resource).filter((r) => r in TYPE_OF));
  if (have.has('WAREHOUSE')) have.add('INVENTORY');
  return [...have].sort();
}
