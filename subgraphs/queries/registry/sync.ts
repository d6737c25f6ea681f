import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import { earthPointSql } from '../../../kernel/db.js';
import type { PlatformEvent } from '../../../kernel/events.js';
import { isUuid } from '../../../kernel/ids.js';
import { timeZoneAt } from '../../../domain/geography.js';
import { invalidateCached, serviceTag } from '../common/cache.js';
import { TABLE } from './store.js';

/**
 * Keeps the service registry in step with the platform event log (docs/queries.md "Registry"): the consumer
 * `queries.registry` reads `lsp.facility` (fleets → CARRIER, warehouses → WAREHOUSE, hubs → HUB, parking facilities of
 * type TERMINAL → TERMINAL), `lsp.coverage` (where an LSP reaches), `lsp.vehicle` (a carrier's VEHICLES capacity) and
 * `workspace.provider` (IoTSP providers → IOTSP). Applying is idempotent on the event id: a row keeps the id of the
 * event it was written from and an older event never overwrites it, so a batch applied twice (at least once
 * delivery) or a registry rebuilt from the start of the log ends in the same state. Each batch also announces the
 * changed services to every replica's caches (common/cache.ts), in the batch's transaction.
 */
export const REGISTRY_CONSUMER = 'queries.registry';
export const REGISTRY_TOPICS = ['lsp.facility', 'lsp.coverage', 'lsp.vehicle', 'workspace.provider'] as const;

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const json = (v: unknown) => JSON.stringify(v ?? null);
const SERVICE_TYPE: Record<string, string> = { FLEET: 'CARRIER', WAREHOUSE: 'WAREHOUSE', HUB: 'HUB' };
/** A parking facility's status as a terminal's (DECOMMISSIONED leaves the registry). */
const TERMINAL_STATUS: Record<string, string> = { OPERATIONAL: 'ACTIVE', CLOSED: 'INACTIVE' };
const SERVICE_STATUS = ['ACTIVE', 'INACTIVE', 'MAINTENANCE'];

/** Where a payload's address says the record is: `[lat, lng]`, or null. */
function pointOf(address: unknown): [number, number] | null {
  const c: unknown = (address as Row | null | undefined)?.coordinates;
  if (!Array.isArray(c) || c.length !== 2) return null;
  const [lat, lng] = c as unknown[];
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lat, lng];
}

interface EntryColumns {
  service_id: string;
  workspace_id: string;
  lsp: string;
  service_type: string;
  source: string;
  name: string;
  description: string | null;
  address: unknown;
  timezone: string;
  capabilities: Row;
  capacities: unknown[];
  capacities_updated_at: string | null;
  pricing: unknown[];
  tags: string[];
  status: string;
}

async function upsertEntry(em: EntityManager, c: EntryColumns, e: PlatformEvent): Promise<void> {
  const point = pointOf(c.address);
  const at = new Date(e.createdAt).toISOString();
  await em.execute(
    `insert into ${TABLE} as t (service_id, workspace_id, lsp, composite_id, service_type, source, name, description, lat, lng, earth, address, timezone,
       capabilities, capacities, capacities_updated_at, pricing, tags, status, created_at, updated_at, last_synced, event_id)
     values (?::uuid, ?::uuid, ?, ?, ?, ?, ?, ?, ?::float8, ?::float8, case when ?::float8 is null then null else ${earthPointSql('?::float8', '?::float8')} end, ?::jsonb, ?,
       ?::jsonb, ?::jsonb, ?::timestamptz, ?::jsonb, ?::jsonb, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?)
     on conflict (service_id) do update set lsp = excluded.lsp, composite_id = excluded.composite_id, service_type = excluded.service_type, source = excluded.source,
       name = excluded.name, description = excluded.description, lat = excluded.lat, lng = excluded.lng, earth = excluded.earth, address = excluded.address,
       timezone = excluded.timezone, capabilities = excluded.capabilities, capacities = excluded.capacities, capacities_updated_at = excluded.capacities_updated_at,
       pricing = excluded.pricing, tags = excluded.tags, status = excluded.status, updated_at = excluded.updated_at, last_synced = excluded.last_synced,
       event_id = excluded.event_id
     where t.event_id < excluded.event_id`,
    [
      c.service_id,
      c.workspace_id,
      c.lsp,
      `${c.lsp}:${c.service_id}`,
      c.service_type,
      c.source,
      c.name,
      c.description,
      point?.[0] ?? null,
      point?.[1] ?? null,
      point?.[0] ?? null,
      point?.[0] ?? null,
      point?.[1] ?? null,
      json(c.address ?? null),
      c.timezone,
      json(c.capabilities),
      json(c.capacities),
      c.capacities_updated_at,
      json(c.pricing),
      json(c.tags),
      c.status,
      at,
      at,
      nowDate().toISOString(),
      e.id,
    ],
  );
}

async function removeEntry(em: EntityManager, workspaceId: string, serviceId: string): Promise<void> {
  await em.execute(`delete from ${TABLE} where workspace_id = ?::uuid and service_id = ?::uuid`, [workspaceId, serviceId]);
  await em.execute(`delete from "queries"."service_performance" where workspace_id = ?::uuid and service_id = ?::uuid`, [workspaceId, serviceId]);
}

/** A facility's (fleet, warehouse, hub) entry columns from its `lsp.facility` payload. */
function facilityColumns(e: PlatformEvent, p: Row, id: string, icode: string, kind: string): EntryColumns {
  const features = [...new Set(strings(p.capabilities))];
  const type = str(p.type);
  const level = str(p.level);
  const status = str(p.status);
  return {
    service_id: id,
    workspace_id: e.workspaceId!,
    lsp: icode,
    service_type: SERVICE_TYPE[kind],
    source: kind,
    name: str(p.name) ?? str(p.code) ?? id,
    description: str(p.description),
    address: p.address ?? null,
    timezone: str(p.timezone) ?? 'UTC',
    capabilities: { features, facilityType: type, serviceLevel: level, operatingMode: str(p.operatingMode), digitalTwinSync: p.digitalTwinSync === true },
    capacities: Array.isArray(p.capacities) ? p.capacities : [],
    capacities_updated_at: str(p.capacitiesUpdatedAt),
    pricing: Array.isArray(p.pricing) ? p.pricing : [],
    tags: [...new Set([type, level, ...features].filter((t): t is string => !!t).map((t) => t.toUpperCase()))],
    status: status && SERVICE_STATUS.includes(status) ? status : 'ACTIVE',
  };
}

/**
 * Recomputes the VEHICLES capacity of fleets from the vehicle copy: vehicles not RETIRED (nor deleted); used = allocated;
 * reserved = the rest that is not ACTIVE and free; lastUpdated = the latest vehicle change of the fleet (deleted vehicles
 * stay as DELETED tombstones for that), so a rebuild from the log computes the same value.
 */
async function recomputeFleets(em: EntityManager, workspaceId: string, fleetIds: string[]): Promise<void> {
  if (!fleetIds.length) return;
  await em.execute(
    `update ${TABLE} t set computed_capacities = jsonb_build_array(jsonb_build_object('type', 'VEHICLES', 'unit', 'vehicles',
        'lastUpdated', to_char(coalesce(v.changed, t.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'total', v.total, 'used', v.used, 'reserved', v.total - v.used - v.free))
     from (select f.id, count(c.id) filter (where c.status not in ('RETIRED', 'DELETED')) as total,
                  count(c.id) filter (where c.status not in ('RETIRED', 'DELETED') and c.allocated) as used,
                  count(c.id) filter (where c.status = 'ACTIVE' and not c.allocated) as free,
                  max(c.changed_at) as changed
           from (select jsonb_array_elements_text(?::jsonb)::uuid as id) f
           left join "queries"."fleet_vehicle_copy" c on c.workspace_id = ?::uuid and c.fleet_id = f.id group by f.id) v
     where t.workspace_id = ?::uuid and t.service_id = v.id`,
    [JSON.stringify(fleetIds), workspaceId, workspaceId],
  );
}

/** Applies a batch of events to the registry (in the consumer's transaction). */
export async function applyRegistryBatch(events: PlatformEvent[], em: EntityManager): Promise<void> {
  const tags = new Set<string>();
  /** fleet id → its workspace */
  const fleets = new Map<string, string>();
  for (const e of events) {
    const p = e.payload as Row;
    const id = str(p.id) ?? e.key;
    if (!e.workspaceId || !id || !isUuid(id)) continue;
    if (e.topic === 'lsp.facility') {
      const icode = str(p.icode);
      const kind = str(p.kind);
      if (!icode || !kind) continue;
      tags.add(serviceTag(e.workspaceId, icode, id));
      if (SERVICE_TYPE[kind]) {
        if (p.deleted === true) await removeEntry(em, e.workspaceId, id);
        else await upsertEntry(em, facilityColumns(e, p, id, icode, kind), e);
        if (kind === 'FLEET' && p.deleted !== true) fleets.set(id, e.workspaceId);
      } else if (kind === 'PARKING') {
        const status = str(p.status);
        const type = str(p.type);
        if (p.deleted === true || status === 'DECOMMISSIONED' || (type !== null && type !== 'TERMINAL')) {
          await removeEntry(em, e.workspaceId, id);
        } else if (type === 'TERMINAL') {
          await upsertEntry(
            em,
            {
              service_id: id,
              workspace_id: e.workspaceId,
              lsp: icode,
              service_type: 'TERMINAL',
              source: 'PARKING',
              name: str(p.name) ?? id,
              description: null,
              address: p.address ?? null,
              timezone: str(p.timezone) ?? (pointOf(p.address) ? timeZoneAt(...pointOf(p.address)!) : 'UTC'),
              capabilities: { features: [], facilityType: 'TERMINAL', securityLevel: str(p.securityLevel) },
              capacities: [],
              capacities_updated_at: null,
              pricing: [],
              tags: ['TERMINAL', ...(str(p.securityLevel) ? [str(p.securityLevel)!.toUpperCase()] : [])],
              status: TERMINAL_STATUS[status ?? 'OPERATIONAL'] ?? 'INACTIVE',
            },
            e,
          );
        } else if (status) {
          // an event that carries only the status (no type): the terminal's status changes, if it is one
          await em.execute(`update ${TABLE} set status = ?, last_synced = ?::timestamptz, event_id = ? where workspace_id = ?::uuid and service_id = ?::uuid and event_id < ?`, [
            TERMINAL_STATUS[status] ?? 'INACTIVE',
            nowDate().toISOString(),
            e.id,
            e.workspaceId,
            id,
            e.id,
          ]);
        }
      }
    } else if (e.topic === 'lsp.coverage') {
      const icode = str(p.icode);
      if (!icode) continue;
      if (p.deleted === true) {
        await em.execute('delete from "queries"."coverage_copy" where workspace_id = ?::uuid and id = ?::uuid', [e.workspaceId, id]);
        continue;
      }
      const geographic: { type: string; value: string }[] = [];
      const add = (type: string, value: unknown) => typeof value === 'string' && value && geographic.push({ type, value });
      add('COUNTRY', p.country);
      add('REGION', p.region);
      for (const c of strings(p.cities)) add('CITY', c);
      for (const end of [p.origin, p.destination]) {
        const a = (end as Row | null | undefined)?.address as Row | undefined;
        add('COUNTRY', a?.country);
        add('CITY', a?.city);
      }
      const serviceTypes = [str(p.transitType)].filter((t): t is string => !!t).map((t) => t.toUpperCase());
      await em.execute(
        `insert into "queries"."coverage_copy" as c (id, workspace_id, lsp, status, geographic, service_types, event_id) values (?::uuid, ?::uuid, ?, ?, ?::jsonb, ?::jsonb, ?)
         on conflict (id) do update set status = excluded.status, geographic = excluded.geographic, service_types = excluded.service_types, event_id = excluded.event_id
         where c.event_id < excluded.event_id`,
        [id, e.workspaceId, icode, str(p.status) ?? 'INACTIVE', JSON.stringify(geographic), JSON.stringify(serviceTypes), e.id],
      );
    } else if (e.topic === 'lsp.vehicle') {
      // a deleted vehicle stays as a DELETED tombstone (its fleet's capacity keeps a stable lastUpdated)
      const deleted = p.deleted === true;
      const fleetId = str(p.fleetId);
      if (!fleetId || !isUuid(fleetId)) continue;
      await em.execute(
        `insert into "queries"."fleet_vehicle_copy" as v (id, workspace_id, fleet_id, status, allocated, changed_at, event_id) values (?::uuid, ?::uuid, ?::uuid, ?, ?, ?::timestamptz, ?)
         on conflict (id) do update set fleet_id = excluded.fleet_id, status = excluded.status, allocated = excluded.allocated, changed_at = excluded.changed_at, event_id = excluded.event_id
         where v.event_id < excluded.event_id`,
        [id, e.workspaceId, fleetId, deleted ? 'DELETED' : (str(p.status) ?? 'INACTIVE'), !deleted && p.allocation !== null && p.allocation !== undefined, new Date(e.createdAt).toISOString(), e.id],
      );
      fleets.set(fleetId, e.workspaceId);
    } else if (e.topic === 'workspace.provider') {
      const kind = str(p.kind)?.toLowerCase();
      const code = str(p.code);
      if (kind !== 'iotsp' || !code) continue;
      tags.add(serviceTag(e.workspaceId, code, id));
      if (p.deleted === true) {
        await removeEntry(em, e.workspaceId, id);
        continue;
      }
      const point = pointOf(p.address);
      const type = str(p.type);
      await upsertEntry(
        em,
        {
          service_id: id,
          workspace_id: e.workspaceId,
          lsp: code,
          service_type: 'IOTSP',
          source: 'PROVIDER',
          name: str(p.name) ?? code,
          description: str(p.description),
          address: p.address ?? null,
          timezone: point ? timeZoneAt(point[0], point[1]) : 'UTC',
          capabilities: { features: [], providerType: type },
          capacities: [],
          capacities_updated_at: null,
          pricing: [],
          tags: type ? [type.toUpperCase()] : [],
          status: 'ACTIVE',
        },
        e,
      );
    }
  }
  const byWorkspace = new Map<string, string[]>();
  for (const [fleet, workspace] of fleets) byWorkspace.set(workspace, [...(byWorkspace.get(workspace) ?? []), fleet]);
  for (const [workspace, ids] of byWorkspace) {
    await recomputeFleets(em, workspace, ids);
    const rows = await em.execute<{ lsp: string; service_id: string }[]>(
      `select lsp, service_id from ${TABLE} where workspace_id = ?::uuid and service_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [workspace, JSON.stringify(ids)],
    );
    for (const r of rows) tags.add(serviceTag(workspace, r.lsp, r.service_id));
  }
  await invalidateCached(em, [...tags]);
}
