/**
 * Every read of the service registry (`queries.service_entry`, with the performance callers synced and the LSPs'
 * coverage), each with the caller's workspace in its WHERE clause (the tenancy rule, written once here: every function
 * takes the workspace first).
 *
 * Spatial work is the utilities' nearby technique (subgraphs/utilities/nearby/store.ts): `earth` = ll_to_earth(lat,
 * lng), a GiST index on (workspace_id, service_type, earth); a radius is `earth_box(centre, r) && earth` (index) then
 * `earth_distance(centre, ll_to_earth(lat, lng)) <= r` (exact), nearest first by `earth <-> centre` (index-ordered). Distances are
 * great circles on the IUGG mean sphere, like every other distance of the platform: earthdistance's sphere has radius
 * earth(), so its metres are scaled by EARTH_MEAN_RADIUS_M / earth() and radii by the inverse.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { FROM_EARTH, TO_EARTH } from '../../../domain/transport.js';
import { isUuid } from '../../../kernel/ids.js';
import type { Statement } from '../../../kernel/statement.js';
import type { GeographicLevel, ServiceStatus, ServiceType } from '../common/enums.js';
import type { Capacity, ServicePerformance } from '../common/types.js';
import { capacitiesOf } from '../common/capacities.js';
import { proximityScore } from '../common/scores.js';
import type { ServiceRegistryEntry } from './types.js';

export const TABLE = '"queries"."service_entry"';

/** A registry row as SQL returns it (with the synced performance, when there is one). */
export interface EntryRow {
  service_id: string;
  workspace_id: string;
  lsp: string;
  composite_id: string;
  service_type: ServiceType;
  source: string;
  name: string;
  description: string | null;
  lat: number | null;
  lng: number | null;
  address: Record<string, unknown> | null;
  timezone: string;
  capabilities: Record<string, unknown>;
  capacities: unknown[];
  computed_capacities: unknown[];
  capacities_updated_at: string | Date | null;
  pricing: Record<string, unknown>[];
  tags: string[];
  status: ServiceStatus;
  created_at: string | Date;
  updated_at: string | Date;
  last_synced: string | Date;
  performance: (Omit<ServicePerformance, 'lastUpdated'> & { lastUpdated: string }) | null;
  /** Metres on the mean sphere, when searching near a point. */
  distance?: number | null;
}

/** The columns every read takes: the entry and its performance (a left join on the primary key). */
export const ENTRY_COLUMNS = `e.service_id, e.workspace_id, e.lsp, e.composite_id, e.service_type, e.source, e.name, e.description, e.lat, e.lng,
  e.address, e.timezone, e.capabilities, e.capacities, e.computed_capacities, e.capacities_updated_at, e.pricing, e.tags, e.status,
  e.created_at, e.updated_at, e.last_synced,
  case when p.service_id is null then null else jsonb_build_object('onTimeDeliveryRate', p.on_time_delivery_rate, 'orderAccuracy', p.order_accuracy,
    'averageProcessingTime', p.average_processing_time, 'damageRate', p.damage_rate, 'customerSatisfaction', p.customer_satisfaction,
    'overallScore', p.overall_score, 'lastUpdated', p.last_updated) end as performance`;
export const ENTRY_FROM = `${TABLE} e left join "queries"."service_performance" p on p.workspace_id = e.workspace_id and p.service_id = e.service_id`;

const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const date = (v: string | Date | null | undefined): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(v));
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The entry of a row, as the graph answers it (coverage is added by `withCoverage`). */
export function toEntry(r: EntryRow): ServiceRegistryEntry {
  const address = parse<Record<string, unknown> | null>(r.address);
  const performance = parse<EntryRow['performance']>(r.performance);
  const distanceKm = r.distance === undefined || r.distance === null ? null : Number(r.distance) / 1000;
  const id = { id: r.service_id };
  return {
    compositeId: r.composite_id,
    lsp: r.lsp,
    serviceId: r.service_id,
    serviceType: r.service_type,
    name: r.name,
    description: r.description,
    location: {
      coordinates: r.lat === null || r.lng === null ? null : [Number(r.lat), Number(r.lng)],
      address: address ? { street: str(address.street1), city: str(address.city), region: str(address.state), country: str(address.country), postalCode: str(address.postalCode) } : null,
      timezone: r.timezone,
    },
    capabilities: parse<Record<string, unknown>>(r.capabilities),
    coverage: null,
    performance: performance ? { ...performance, lastUpdated: new Date(performance.lastUpdated) } : null,
    status: r.status,
    tags: parse<string[]>(r.tags),
    distance: distanceKm === null ? null : Math.round(distanceKm * 1000) / 1000,
    proximityScore: distanceKm === null ? null : proximityScore(distanceKm),
    score: null,
    capacity: null,
    created: date(r.created_at)!,
    updated: date(r.updated_at)!,
    lastSynced: date(r.last_synced)!,
    provider: { workspaceId: r.workspace_id, kind: r.service_type === 'IOTSP' ? 'IOTSP' : 'LSP', code: r.lsp },
    warehouse: r.source === 'WAREHOUSE' ? id : null,
    hub: r.source === 'HUB' ? id : null,
    fleet: r.source === 'FLEET' ? id : null,
    parkingFacility: r.source === 'PARKING' ? id : null,
  };
}

/** Every capacity a row publishes: the LSP's declared ones, then the computed ones (a carrier's VEHICLES). */
export const rowCapacities = (r: EntryRow): Capacity[] => capacitiesOf(parse<unknown[]>(r.capacities), parse<unknown[]>(r.computed_capacities), date(r.capacities_updated_at) ?? date(r.updated_at)!);

/** Adds each entry's coverage: its LSP's ACTIVE coverage records, in one statement for the page. */
export async function withCoverage(em: EntityManager, workspaceId: string, entries: ServiceRegistryEntry[]): Promise<ServiceRegistryEntry[]> {
  const lsps = [...new Set(entries.filter((e) => e.serviceType !== 'IOTSP').map((e) => e.lsp))];
  if (!lsps.length) return entries;
  const rows = await em.execute<{ lsp: string; geographic: unknown; service_types: unknown }[]>(
    `select lsp, geographic, service_types from "queries"."coverage_copy" where workspace_id = ?::uuid and status = 'ACTIVE' and lsp in (select jsonb_array_elements_text(?::jsonb)) order by id`,
    [workspaceId, JSON.stringify(lsps)],
  );
  const by = new Map<string, { geographic: Map<string, { type: GeographicLevel; value: string }>; serviceTypes: Set<string> }>();
  for (const r of rows) {
    const c = by.get(r.lsp) ?? { geographic: new Map(), serviceTypes: new Set<string>() };
    for (const g of parse<{ type: GeographicLevel; value: string }[]>(r.geographic)) c.geographic.set(`${g.type}:${g.value.toLowerCase()}`, g);
    for (const t of parse<string[]>(r.service_types)) c.serviceTypes.add(t);
    by.set(r.lsp, c);
  }
  for (const e of entries) {
    const c = e.serviceType === 'IOTSP' ? undefined : by.get(e.lsp);
    e.coverage = c ? { geographic: [...c.geographic.values()], serviceTypes: [...c.serviceTypes] } : null;
  }
  return entries;
}

/** `<lsp>:<serviceId>` split, or undefined when it is not of that form (then nothing is found). */
export function splitCompositeId(compositeId: string): { lsp: string; serviceId: string } | undefined {
  const at = compositeId.indexOf(':');
  if (at <= 0) return undefined;
  const serviceId = compositeId.slice(at + 1);
  return isUuid(serviceId) ? { lsp: compositeId.slice(0, at), serviceId: serviceId.toLowerCase() } : undefined;
}

/** One entry of the workspace by provider code and service id (any status). */
export async function findRow(em: EntityManager, workspaceId: string, lsp: string, serviceId: string): Promise<EntryRow | undefined> {
  if (!isUuid(serviceId)) return undefined;
  const rows = await em.execute<EntryRow[]>(`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where e.workspace_id = ?::uuid and e.service_id = ?::uuid and e.lsp = ?`, [
    workspaceId,
    serviceId.toLowerCase(),
    lsp,
  ]);
  return rows[0];
}

/** What a search asks for, checked. */
export interface Criteria {
  serviceType: ServiceType;
  near?: { lat: number; lng: number; maxDistanceKm?: number };
  status: ServiceStatus;
  lsp?: string;
  tags?: string[];
  country?: string;
  city?: string;
  /** A JSON object the entry's capabilities must contain (`@>`). */
  capabilities?: Record<string, unknown>;
  thresholds?: { onTimeDeliveryRate?: number; orderAccuracy?: number; overallScore?: number };
  /** A capacity of this type with at least `min` available. */
  capacity?: { type?: string; min: number };
}

/** The WHERE clause of a search (after `e.workspace_id = ?`), its parameters appended to `params`. */
function whereOf(c: Criteria, params: unknown[]): string {
  let sql = ' and e.service_type = ? and e.status = ?';
  params.push(c.serviceType, c.status);
  if (c.near?.maxDistanceKm !== undefined) {
    const centre = 'll_to_earth(?::float8, ?::float8)';
    sql += ` and earth_box(${centre}, ?::float8 * ${TO_EARTH}) && e.earth and earth_distance(${centre}, ll_to_earth(e.lat, e.lng)) <= ?::float8 * ${TO_EARTH}`;
    const m = c.near.maxDistanceKm * 1000;
    params.push(c.near.lat, c.near.lng, m, c.near.lat, c.near.lng, m);
  } else if (c.near) {
    sql += ' and e.earth is not null';
  }
  if (c.lsp) {
    sql += ' and e.lsp = ?';
    params.push(c.lsp);
  }
  if (c.tags?.length) {
    sql += ' and e.tags @> ?::jsonb';
    params.push(JSON.stringify(c.tags));
  }
  if (c.country) {
    sql += " and lower(e.address->>'country') = lower(?)";
    params.push(c.country);
  }
  if (c.city) {
    sql += " and lower(e.address->>'city') = lower(?)";
    params.push(c.city);
  }
  if (c.capabilities && Object.keys(c.capabilities).length) {
    sql += ' and e.capabilities @> ?::jsonb';
    params.push(JSON.stringify(c.capabilities));
  }
  const t = c.thresholds;
  if (t) {
    for (const [key, column] of [
      ['onTimeDeliveryRate', 'on_time_delivery_rate'],
      ['orderAccuracy', 'order_accuracy'],
      ['overallScore', 'overall_score'],
    ] as const) {
      if (t[key] === undefined || t[key] === null) continue;
      sql += ` and p.${column} >= ?::float8`;
      params.push(t[key]);
    }
  }
  if (c.capacity) {
    // the capacity of the type asked (or, without one, any published capacity) with enough free
    sql += ` and exists (select 1 from jsonb_array_elements(e.capacities || e.computed_capacities) k
      where (?::text is null or k->>'type' = ?) and greatest(0, (k->>'total')::float8 - (k->>'used')::float8 - coalesce((k->>'reserved')::float8, 0)) >= ?::float8)`;
    params.push(c.capacity.type ?? null, c.capacity.type ?? null, c.capacity.min);
  }
  return sql;
}

/** One page of the entries matching `c` (nearest first near a point, else by name), and how many match in all. */
export async function searchRows(em: EntityManager, workspaceId: string, c: Criteria, limit: number, offset: number): Promise<{ rows: EntryRow[]; total: number }> {
  const params: unknown[] = [workspaceId];
  const where = whereOf(c, params);
  const countParams = [...params];
  let select: string;
  if (c.near) {
    const centre = 'll_to_earth(?::float8, ?::float8)';
    select = `select ${ENTRY_COLUMNS}, earth_distance(${centre}, ll_to_earth(e.lat, e.lng)) * ${FROM_EARTH} as distance from ${ENTRY_FROM}
      where e.workspace_id = ?::uuid${where} order by e.earth <-> ${centre} limit ? offset ?`;
    params.unshift(c.near.lat, c.near.lng);
    params.push(c.near.lat, c.near.lng, limit, offset);
  } else {
    select = `select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where e.workspace_id = ?::uuid${where} order by e.name, e.composite_id limit ? offset ?`;
    params.push(limit, offset);
  }
  const rows = await em.execute<EntryRow[]>(select, params);
  // the count only when the page does not already say it (a short first page is the whole answer)
  const total = offset === 0 && rows.length < limit ? rows.length : await countRows(em, countParams, where);
  return { rows, total };
}

async function countRows(em: EntityManager, params: unknown[], where: string): Promise<number> {
  const [r] = await em.execute<{ n: string | number }[]>(`select count(*) as n from ${ENTRY_FROM} where e.workspace_id = ?::uuid${where}`, params);
  return Number(r.n);
}

/** How many entries match `c`. */
export async function countMatching(em: EntityManager, workspaceId: string, c: Criteria): Promise<number> {
  const params: unknown[] = [workspaceId];
  const where = whereOf(c, params);
  return countRows(em, params, where);
}

/** The radius search's SQL for EXPLAIN in the benchmark and the docs (a 20-service page near a point). */
export function explainableSearch(workspaceId: string, serviceType: ServiceType, lat: number, lng: number, maxDistanceKm: number): Statement {
  const params: unknown[] = [workspaceId];
  const where = whereOf({ serviceType, status: 'ACTIVE', near: { lat, lng, maxDistanceKm } }, params);
  const centre = 'll_to_earth(?::float8, ?::float8)';
  return {
    sql: `select e.composite_id, earth_distance(${centre}, ll_to_earth(e.lat, e.lng)) * ${FROM_EARTH} as distance from ${ENTRY_FROM} where e.workspace_id = ?::uuid${where} order by e.earth <-> ${centre} limit 20`,
    params: [lat, lng, ...params, lat, lng],
  };
}
