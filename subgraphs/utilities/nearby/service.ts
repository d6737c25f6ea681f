/**
 * The live vehicle-position store's operations (docs/utilities.md, "Live vehicle positions and /nearby/*"): the radius,
 * bounding-box and k-nearest searches, and the position reports. Every read and write is the caller's workspace's
 * (store.ts).
 */
import { nowDate } from '../../../kernel/clock.js';
import { isUuid } from '../../../kernel/ids.js';
import { vehicleRef, type VehicleReference } from '../../../kernel/references.js';
import { MAX_POSITION_BATCH, MAX_SEARCH_RADIUS_M, MAX_SPEED_KMH, MIN_SEARCH_RADIUS_M, NEARBY_DEFAULT_LIMIT, NEARBY_MAX_LIMIT } from '../common/constants.js';
import { finite, intRange, invalid, nonNegative, point, positive, vehicleType } from '../common/checks.js';
import { LiveVehicleStatus } from '../common/enums.js';
import type { UtilitiesScope } from '../common/scope.js';
import { round } from '../../../domain/numbers.js';
import * as store from './store.js';
import type {
  NearbyBoundsInput,
  NearbyBoundsResult,
  NearbySearchInput,
  NearbySearchResult,
  NearbyVehicle,
  NearestInput,
  NearestResult,
  VehiclePosition,
  VehiclePositionBatch,
  VehiclePositionInput,
} from './types.js';

/**
 * The `Vehicle` a position names: a stub with its key only, which the lsp subgraph resolves within the caller's
 * workspace (null there for another workspace's vehicle). LSP vehicle ids are UUIDs (lower case, as ID arguments
 * arrive): a position reported under another system's id names no LSP vehicle, and is null here without a hop.
 */
const vehicleOf = (vehicleId: string): VehicleReference | null => (isUuid(vehicleId) ? vehicleRef(vehicleId) : null);

/** What every answer about a stored position carries: the vehicle, its type and status, where and when. */
const stored = (r: store.PositionRow) => ({
  id: r.vehicle_id,
  vehicle: vehicleOf(r.vehicle_id),
  type: r.type,
  status: r.status,
  location: [Number(r.lat), Number(r.lng)] as [number, number],
  updatedAt: new Date(r.updated_at),
});

/** A stored position as a search answers it (distance from the search point). */
export function toNearby(r: store.PositionRow): NearbyVehicle {
  return { ...stored(r), distance: round(Number(r.distance ?? 0), 1) };
}

const limitOf = (limit: number | null | undefined, field = 'limit') => (limit === undefined || limit === null ? NEARBY_DEFAULT_LIMIT : intRange(limit, field, 1, NEARBY_MAX_LIMIT));

export async function nearbySearch(s: UtilitiesScope, input: NearbySearchInput): Promise<NearbySearchResult> {
  const c = point(input.location, 'location');
  const radius = positive(input.radius, 'radius', MAX_SEARCH_RADIUS_M, ' metres', MIN_SEARCH_RADIUS_M);
  const filters = { vehicleType: vehicleType(input.vehicleType, 'vehicleType'), status: input.status };
  const rows = await store.searchRadius(s.em, s.workspaceId, c.lat, c.lng, radius, filters, limitOf(input.limit));
  const vehicles = rows.map(toNearby);
  return { vehicles, count: vehicles.length, searchRadius: radius, location: [c.lat, c.lng] };
}

export async function nearbyBounds(s: UtilitiesScope, input: NearbyBoundsInput): Promise<NearbyBoundsResult> {
  if (!input.bounds) throw invalid('bounds', 'is required');
  const ne = point(input.bounds.northeast, 'bounds.northeast');
  const sw = point(input.bounds.southwest, 'bounds.southwest');
  // named by the REST body path (REST clients know this field), for GraphQL clients too
  if (ne.lat < sw.lat) throw invalid('bounds.northeast.lat', 'must not be south of bounds.southwest.lat');
  const width = sw.lng <= ne.lng ? ne.lng - sw.lng : 360 - (sw.lng - ne.lng);
  let centreLng = sw.lng + width / 2;
  if (centreLng > 180) centreLng -= 360;
  const center = { lat: (ne.lat + sw.lat) / 2, lng: centreLng };
  const filters = { vehicleType: vehicleType(input.vehicleType, 'vehicleType'), status: input.status };
  const rows = await store.searchBounds(s.em, s.workspaceId, { north: ne.lat, south: sw.lat, east: ne.lng, west: sw.lng }, center, filters, limitOf(input.limit));
  const vehicles = rows.map(toNearby);
  return { vehicles, count: vehicles.length, bounds: { northeast: [ne.lat, ne.lng], southwest: [sw.lat, sw.lng] }, center: [center.lat, center.lng] };
}

export async function nearestVehicles(s: UtilitiesScope, input: NearestInput): Promise<NearestResult> {
  const c = point(input.location, 'location');
  const count = intRange(input.count, 'count', 1, NEARBY_MAX_LIMIT);
  const maxDistance = input.maxDistance === undefined || input.maxDistance === null ? null : positive(input.maxDistance, 'maxDistance', MAX_SEARCH_RADIUS_M, ' metres', MIN_SEARCH_RADIUS_M);
  const filters = { vehicleType: vehicleType(input.vehicleType, 'vehicleType'), status: input.status };
  const rows = await store.searchNearest(s.em, s.workspaceId, c.lat, c.lng, count, filters, maxDistance);
  const vehicles = rows.map(toNearby);
  return { vehicles, count: vehicles.length, requested: count, maxDistance, location: [c.lat, c.lng] };
}

// ================================================================= position reports

const VEHICLE_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

function report(p: VehiclePositionInput | undefined | null, field: string, now: Date): store.PositionReport {
  if (!p) throw invalid(field, 'is required');
  const at = (f: string) => (field ? `${field}.${f}` : f);
  if (typeof p.vehicleId !== 'string' || !VEHICLE_ID.test(p.vehicleId)) throw invalid(at('vehicleId'), 'must be 1–64 letters, digits, _ . : or -, starting with a letter or digit');
  const type = vehicleType(p.type, at('type'), true)!;
  if (!Object.values(LiveVehicleStatus).includes(p.status)) throw invalid(at('status'), 'must be AVAILABLE, BUSY or OFFLINE');
  const { lat, lng } = point(p.location, at('location'));
  let heading: number | null = null;
  if (p.heading !== undefined && p.heading !== null) {
    heading = finite(p.heading, at('heading'));
    if (heading < 0 || heading > 360) throw invalid(at('heading'), 'must be between 0 and 360 degrees');
  }
  let speed: number | null = null;
  if (p.speed !== undefined && p.speed !== null) {
    speed = nonNegative(p.speed, at('speed'), MAX_SPEED_KMH);
  }
  const recordedAt = p.recordedAt ?? now;
  if (recordedAt.getTime() > now.getTime() + 5 * 60_000) throw invalid(at('recordedAt'), 'must not be in the future');
  return { vehicleId: p.vehicleId, type, status: p.status, lat, lng, heading, speed, recordedAt };
}

function toPosition(r: store.PositionRow): VehiclePosition {
  return { ...stored(r), heading: r.heading === null ? null : Number(r.heading), speed: r.speed === null ? null : Number(r.speed) };
}

/** Stores one position report of the caller's workspace; answers the stored position (the newer one if the report was older). */
export async function reportVehiclePosition(s: UtilitiesScope, input: VehiclePositionInput): Promise<VehiclePosition> {
  const r = report(input, '', nowDate());
  const [row] = await store.upsertPositions(s.em, s.workspaceId, s.keyId, [r]);
  return toPosition(row ?? (await store.findPosition(s.em, s.workspaceId, r.vehicleId))!);
}

/** Stores up to 500 position reports at once (one statement). */
export async function reportVehiclePositions(s: UtilitiesScope, input: VehiclePositionInput[]): Promise<VehiclePositionBatch> {
  if (!Array.isArray(input) || input.length === 0) throw invalid('positions', 'must hold at least one report');
  if (input.length > MAX_POSITION_BATCH) throw invalid('positions', `must hold at most ${MAX_POSITION_BATCH} reports`);
  const now = nowDate();
  const reports = input.map((p, i) => report(p, `positions.${i}`, now));
  const seen = new Set<string>();
  for (const [i, r] of reports.entries()) {
    if (seen.has(r.vehicleId)) throw invalid(`positions.${i}.vehicleId`, 'appears twice in the batch');
    seen.add(r.vehicleId);
  }
  const rows = await store.upsertPositions(s.em, s.workspaceId, s.keyId, reports);
  return { stored: rows.length, ignored: reports.length - rows.length };
}

export async function vehiclePosition(s: UtilitiesScope, vehicleId: string): Promise<VehiclePosition | null> {
  if (typeof vehicleId !== 'string' || !VEHICLE_ID.test(vehicleId)) return null;
  const row = await store.findPosition(s.em, s.workspaceId, vehicleId);
  return row ? toPosition(row) : null;
}

export async function removeVehiclePosition(s: UtilitiesScope, vehicleId: string): Promise<boolean> {
  if (typeof vehicleId !== 'string' || !VEHICLE_ID.test(vehicleId)) return false;
  return store.deletePosition(s.em, s.workspaceId, vehicleId);
}
