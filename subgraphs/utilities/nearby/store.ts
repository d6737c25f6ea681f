/**
 * The live vehicle-position store: every read and write of `utilities.live_vehicle_position`, each one with the
 * caller's workspace in its WHERE clause (the tenancy rule; the ORM filter cannot see raw SQL, so it is written here
 * once, by the `workspaceId` argument every function takes first).
 *
 * Spatial work happens in PostgreSQL with the earthdistance and cube extensions and GiST indexes led by the
 * workspace (see entities.ts): radius = `earth_box(centre, r) && earth` (index) then `earth_distance <= r` (exact),
 * k-nearest = `ORDER BY earth <-> centre LIMIT k` (index-ordered scan), box = `point(lng, lat) <@ box` (index).
 * Nothing scans the table in JavaScript. Distances are great circles on the IUGG mean sphere: earthdistance works on a
 * sphere of radius earth() (6,378,168 m), so its distances are scaled by EARTH_MEAN_RADIUS_M / earth() and radii by
 * the inverse, making them agree with every other distance of the family.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { FROM_EARTH, TO_EARTH } from '../../../domain/transport.js';
import type { LiveVehicleStatus } from '../common/enums.js';
import { nowDate } from '../../../kernel/clock.js';
import { earthPointSql } from '../../../kernel/db.js';
import { type Statement } from '../../../kernel/statement.js';

const TABLE = '"utilities"."live_vehicle_position"';

/** What a position says of its vehicle: the same in a report and in a stored row. */
interface Position {
  type: string;
  status: LiveVehicleStatus;
  lat: number;
  lng: number;
  heading: number | null;
  speed: number | null;
}

/** A stored position as the SQL returns it (`distance` in metres from a search point). */
export interface PositionRow extends Position {
  vehicle_id: string;
  updated_at: string | Date;
  distance?: number | null;
}

/** A position report, checked. */
export interface PositionReport extends Position {
  vehicleId: string;
  recordedAt: Date;
}

export interface Filters {
  vehicleType?: string | null;
  status?: LiveVehicleStatus | null;
  /** Only positions measured at or after this time. */
  freshSince?: Date;
}

const COLUMNS = 'vehicle_id, type, status, lat, lng, heading, speed, updated_at';

function filterSql(f: Filters, params: unknown[]): string {
  let sql = '';
  if (f.vehicleType) {
    sql += ' and type = ?';
    params.push(f.vehicleType);
  }
  if (f.status) {
    sql += ' and status = ?';
    params.push(f.status);
  }
  if (f.freshSince) {
    sql += ' and updated_at >= ?::timestamptz';
    params.push(f.freshSince.toISOString());
  }
  return sql;
}

/**
 * Stores reports (insert, or update when the report is at least as recent as the stored one).
 * Returns the rows written; reports older than the stored position are ignored.
 */
export async function upsertPositions(em: EntityManager, workspaceId: string, reportedBy: string | null, reports: PositionReport[]): Promise<PositionRow[]> {
  if (!reports.length) return [];
  const params: unknown[] = [];
  const receivedAt = nowDate().toISOString();
  const values = reports.map((r) => {
    params.push(workspaceId, r.vehicleId, r.type, r.status, r.lat, r.lng, r.lat, r.lng, r.heading, r.speed, reportedBy, r.recordedAt.toISOString(), receivedAt);
    return `(gen_random_uuid(), ?::uuid, ?, ?, ?, ?::float8, ?::float8, ${earthPointSql('?::float8', '?::float8')}, ?::float8, ?::float8, ?::uuid, ?::timestamptz, ?::timestamptz)`;
  });
  return em.execute<PositionRow[]>(
    `insert into ${TABLE} as p (id, workspace_id, vehicle_id, type, status, lat, lng, earth, heading, speed, reported_by, updated_at, created_at)
     values ${values.join(', ')}
     on conflict (workspace_id, vehicle_id) do update set
       type = excluded.type, status = excluded.status, lat = excluded.lat, lng = excluded.lng, earth = excluded.earth,
       heading = excluded.heading, speed = excluded.speed, reported_by = excluded.reported_by, updated_at = excluded.updated_at
     where p.updated_at <= excluded.updated_at
     returning ${COLUMNS}`,
    params,
  );
}

export async function findPosition(em: EntityManager, workspaceId: string, vehicleId: string): Promise<PositionRow | undefined> {
  const rows = await em.execute<PositionRow[]>(`select ${COLUMNS} from ${TABLE} where workspace_id = ?::uuid and vehicle_id = ?`, [workspaceId, vehicleId]);
  return rows[0];
}

/** The positions of many (workspace, vehicle) pairs in one statement (each pair names its own workspace). */
export async function findPositionsOf(em: EntityManager, pairs: readonly { workspaceId: string; vehicleId: string }[]): Promise<(PositionRow & { workspace_id: string })[]> {
  if (!pairs.length) return [];
  const params = pairs.flatMap((p) => [p.workspaceId, p.vehicleId]);
  return em.execute(`select workspace_id, ${COLUMNS} from ${TABLE} where (workspace_id, vehicle_id) in (${pairs.map(() => '(?::uuid, ?)').join(', ')})`, params);
}

export async function deletePosition(em: EntityManager, workspaceId: string, vehicleId: string): Promise<boolean> {
  const rows = await em.execute<{ vehicle_id: string }[]>(`delete from ${TABLE} where workspace_id = ?::uuid and vehicle_id = ? returning vehicle_id`, [workspaceId, vehicleId]);
  return rows.length > 0;
}

/** The radius search's SQL (also what the benchmark EXPLAINs): index box filter, exact distance filter, index-ordered. */
export function radiusQuery(workspaceId: string, lat: number, lng: number, radiusM: number, f: Filters, limit: number): Statement {
  const centre = 'll_to_earth(?::float8, ?::float8)';
  const params: unknown[] = [lat, lng, workspaceId, lat, lng, radiusM, lat, lng, radiusM];
  const filters = filterSql(f, params);
  params.push(lat, lng, limit);
  return {
    sql: `select ${COLUMNS}, earth_distance(${centre}, ll_to_earth(lat, lng)) * ${FROM_EARTH} as distance
      from ${TABLE}
      where workspace_id = ?::uuid
        and earth_box(${centre}, ?::float8 * ${TO_EARTH}) && earth
        and earth_distance(${centre}, ll_to_earth(lat, lng)) <= ?::float8 * ${TO_EARTH}${filters}
      order by earth <-> ${centre}
      limit ?`,
    params,
  };
}

/** Vehicles within `radiusM` metres, nearest first. */
export async function searchRadius(em: EntityManager, workspaceId: string, lat: number, lng: number, radiusM: number, f: Filters, limit: number): Promise<PositionRow[]> {
  const q = radiusQuery(workspaceId, lat, lng, radiusM, f, limit);
  return em.execute<PositionRow[]>(q.sql, q.params);
}

/**
 * Count, mean and least distance of the vehicles within `radiusM` metres, counting at most `cap` of them (the nearest):
 * an index-ordered k-nearest scan that stops after `cap` rows, so a dense city costs no more than a sparse one.
 */
export async function nearbyStats(
  em: EntityManager,
  workspaceId: string,
  lat: number,
  lng: number,
  radiusM: number,
  f: Filters,
  cap: number,
): Promise<{ count: number; avg: number | null; nearest: number | null; rows: PositionRow[] }> {
  const rows = await searchNearest(em, workspaceId, lat, lng, cap, f, radiusM);
  const d = rows.map((r) => Number(r.distance));
  return { count: d.length, avg: d.length ? d.reduce((a, b) => a + b, 0) / d.length : null, nearest: d.length ? d[0] : null, rows };
}

/** The `count` nearest vehicles (index-ordered k-nearest scan), optionally within `maxDistanceM` metres. */
export async function searchNearest(em: EntityManager, workspaceId: string, lat: number, lng: number, count: number, f: Filters, maxDistanceM?: number | null): Promise<PositionRow[]> {
  const centre = 'll_to_earth(?::float8, ?::float8)';
  const params: unknown[] = [lat, lng, workspaceId];
  let within = '';
  if (maxDistanceM !== undefined && maxDistanceM !== null) {
    within = ` and earth_box(${centre}, ?::float8 * ${TO_EARTH}) && earth and earth_distance(${centre}, ll_to_earth(lat, lng)) <= ?::float8 * ${TO_EARTH}`;
    params.push(lat, lng, maxDistanceM, lat, lng, maxDistanceM);
  }
  const filters = filterSql(f, params);
  params.push(lat, lng, count);
  return em.execute<PositionRow[]>(
    `select ${COLUMNS}, earth_distance(${centre}, ll_to_earth(lat, lng)) * ${FROM_EARTH} as distance
     from ${TABLE}
     where workspace_id = ?::uuid${within}${filters}
     order by earth <-> ${centre}
     limit ?`,
    params,
  );
}

/**
 * Vehicles inside a lat/lng box, nearest the box centre first. A box whose south-west longitude exceeds its north-east
 * longitude crosses the antimeridian and is searched as two boxes.
 */
export async function searchBounds(
  em: EntityManager,
  workspaceId: string,
  box: { north: number; south: number; east: number; west: number },
  centre: { lat: number; lng: number },
  f: Filters,
  limit: number,
): Promise<PositionRow[]> {
  const boxes =
    box.west <= box.east
      ? [[box.west, box.east]]
      : [
          [box.west, 180],
          [-180, box.east],
        ];
  const params: unknown[] = [centre.lat, centre.lng, workspaceId];
  const inBox = boxes
    .map(([w, e]) => {
      params.push(w, box.south, e, box.north);
      return 'point(lng, lat) <@ box(point(?::float8, ?::float8), point(?::float8, ?::float8))';
    })
    .join(' or ');
  const filters = filterSql(f, params);
  params.push(limit);
  // ordered by the computed distance (not `<->`), so the point index filters first and only the box's rows are sorted
  return em.execute<PositionRow[]>(
    `select ${COLUMNS}, distance from (
       select ${COLUMNS}, earth_distance(ll_to_earth(?::float8, ?::float8), ll_to_earth(lat, lng)) * ${FROM_EARTH} as distance
       from ${TABLE}
       where workspace_id = ?::uuid and (${inBox})${filters}
     ) d order by distance, vehicle_id
     limit ?`,
    params,
  );
}

/**
 * Brings stored positions in line with a change of the fleet's vehicle (an `lsp.vehicle` event): a vehicle out of
 * service (INACTIVE, MAINTENANCE, RETIRED) is OFFLINE; an ACTIVE one that was OFFLINE becomes AVAILABLE (BUSY stays);
 * a deleted vehicle leaves the store. Positions are matched by the LSP vehicle id (fleets report under that id).
 */
export async function applyFleetVehicle(em: EntityManager, workspaceId: string, vehicleId: string, change: { status?: string; type?: string; deleted?: boolean }): Promise<void> {
  if (change.deleted) {
    await deletePosition(em, workspaceId, vehicleId);
    return;
  }
  await em.execute(
    `update ${TABLE} set
       type = coalesce(upper(?), type),
       status = case when ? = 'ACTIVE' then (case when status = 'OFFLINE' then 'AVAILABLE' else status end) else 'OFFLINE' end
     where workspace_id = ?::uuid and vehicle_id = ?`,
    [change.type ?? null, change.status ?? null, workspaceId, vehicleId],
  );
}

/** A device position of the IoT family (`iot.position`, docs/iot.md "Positions"): what it carries of its vehicle. */
export interface DevicePosition {
  vehicleId: string;
  vehicleType: string | null;
  latitude: number;
  longitude: number;
  heading: number | null;
  speed: number | null;
  measuredAt: string;
  deviceId: string;
}

/**
 * Stores a batch of device positions as their vehicles' live positions, in one statement: per vehicle the latest of
 * the batch; a new row is AVAILABLE; an existing one keeps its status (the fleet's own word) and moves only when the
 * position is at least as recent as the stored one. Out-of-range values are dropped (a position) or nulled (heading,
 * speed).
 */
export async function applyDevicePositions(em: EntityManager, events: { workspaceId: string | null; payload: unknown }[]): Promise<void> {
  const rows = events
    .filter((e) => e.workspaceId)
    .map((e) => ({ w: e.workspaceId!, ...(e.payload as DevicePosition) }))
    .filter((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180)
    .map((p) => ({
      w: p.w,
      v: p.vehicleId,
      t: (p.vehicleType ?? 'UNKNOWN').toUpperCase(),
      lat: p.latitude,
      lng: p.longitude,
      h: p.heading !== null && Number.isFinite(p.heading) && p.heading >= 0 && p.heading <= 360 ? p.heading % 360 : null,
      s: p.speed !== null && Number.isFinite(p.speed) && p.speed >= 0 && p.speed <= 2000 ? p.speed : null,
      d: p.deviceId,
      at: p.measuredAt,
    }));
  if (!rows.length) return;
  await em.execute(
    `insert into ${TABLE} as p (id, workspace_id, vehicle_id, type, status, lat, lng, earth, heading, speed, reported_by, updated_at, created_at)
     select gen_random_uuid(), x.w, x.v, x.t, 'AVAILABLE', x.lat, x.lng, ${earthPointSql('x.lat', 'x.lng')}, x.h, x.s, x.d, x.at, ?::timestamptz
     from (select distinct on (w, v) * from jsonb_to_recordset(?::jsonb) as r(w uuid, v text, t text, lat float8, lng float8, h float8, s float8, d uuid, at timestamptz)
           order by w, v, at desc) x
     on conflict (workspace_id, vehicle_id) do update set
       lat = excluded.lat, lng = excluded.lng, earth = excluded.earth, heading = excluded.heading, speed = excluded.speed,
       reported_by = excluded.reported_by, updated_at = excluded.updated_at
     where p.updated_at <= excluded.updated_at`,
    [nowDate().toISOString(), JSON.stringify(rows)],
  );
}
