import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { checkCoordinates, pageWindow, pagination } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { publish } from '../../../kernel/events.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { DAYS } from '../common/facility.js';
import { saveAndPublish } from '../common/query.js';
import { lspScope, type LspScope } from '../common/scope.js';
import { Hub, Warehouse } from '../facilities/entities.js';
import { ParkingFacility, Vehicle } from '../fleets/entities.js';
import { Coverage, type CoveragePoint, type CoverageSchedule } from './entities.js';
import {
  AREA_TRANSIT_TYPES, MAX_LINKS, MAX_TRANSIT_POINTS, NODE_TYPES, ROUTE_TRANSIT_TYPES,
  type AllCoverageArgs, type CoverageAreaInput, type CoverageAreaUpdateInput, type CoverageEntryRemoveInput, type CoverageListArgs,
  type CoveragePointInput, type CoverageRouteInput, type CoverageRouteUpdateInput, type CoverageScheduleInput, type CoverageTransitPointInput,
  type CoverageTransitTimeInput,
} from './types.js';

/**
 * Coverage areas and routes (spec group 5; the rules are written down in docs/lsp-coverage.md).
 * Every operation runs in the caller's LSP scope (lspScope): another workspace's or another LSP's id is NOT_FOUND.
 * Every change is saved together with an event on topic `lsp.coverage` of the platform log.
 */

export type Kind = 'AREA' | 'ROUTE';
const TOPIC = 'lsp.coverage';
const WHAT: Record<Kind, string> = { AREA: 'Coverage area', ROUTE: 'Coverage route' };
const TRANSIT_TYPES: Record<Kind, string[]> = { AREA: AREA_TRANSIT_TYPES, ROUTE: ROUTE_TRANSIT_TYPES };

// ───────────────────────────── checks ─────────────────────────────

/** `last-mile`, `last_mile`, `LAST_MILE` → LAST_MILE. */
const normalizeType = (raw: string) => raw.trim().toUpperCase().replace(/-/g, '_');

/** The path's `:type` as a transit type of the kind, else 400 naming `field`. */
export function transitTypeOf(raw: string, kind: Kind | undefined, field = 'type'): string {
  if (kind !== undefined && !Object.hasOwn(TRANSIT_TYPES, kind)) throw validationError('kind', 'must be AREA or ROUTE');
  const allowed = kind ? TRANSIT_TYPES[kind] : [...new Set([...AREA_TRANSIT_TYPES, ...ROUTE_TRANSIT_TYPES])];
  const type = normalizeType(raw);
  if (!allowed.includes(type)) {
    throw validationError(field, `must be a transit type of ${kind ? `a coverage ${kind.toLowerCase()}` : 'coverage'}: ${allowed.join(', ')} (lower case and - accepted)`);
  }
  return type;
}

/** A body's `transit.type`, when given, must say the same as the path. */
function checkBodyTransitType(given: string | undefined | null, pathType: string): void {
  if (given === undefined || given === null) return;
  if (normalizeType(given) !== pathType) throw validationError('transit.type', `must match the :type of the path (${pathType}) or be left out`);
}

/** Fields of an update body that may be left out but not set to null. */
function refuseNulls(input: object, fields: string[]): void {
  for (const f of fields) if ((input as Record<string, unknown>)[f] === null) throw validationError(f, 'must not be null');
}

function timeOf(time: CoverageTransitTimeInput, field = 'transit.time') {
  if (time.max.hour < time.min.hour) throw validationError(`${field}.max.hour`, `must be at least min.hour (${time.min.hour})`);
  return { min: { hour: time.min.hour }, max: { hour: time.max.hour } };
}

/** Schedules: no day or departure twice; days in week order, departures sorted. */
function schedulesOf(input: CoverageScheduleInput[] | undefined | null): CoverageSchedule[] {
  return (input ?? []).map((sch, i) => {
    const days = new Set<string>();
    for (const day of sch.operatingDays) {
      if (days.has(day)) throw validationError(`schedules.${i}.operatingDays`, `${day} is given twice`);
      days.add(day);
    }
    const departures = new Set<string>();
    (sch.departureTimes ?? []).forEach((d, j) => {
      const key = `${d.value} ${d.timezone}`;
      if (departures.has(key)) throw validationError(`schedules.${i}.departureTimes.${j}`, `${d.value} ${d.timezone} is given twice`);
      departures.add(key);
    });
    return {
      frequency: sch.frequency,
      departureTimes: (sch.departureTimes ?? []).map((d) => ({ value: d.value, timezone: d.timezone })).sort((a, b) => a.value.localeCompare(b.value) || a.timezone.localeCompare(b.timezone)),
      operatingDays: DAYS.filter((d) => days.has(d)),
    };
  });
}

/** Cities: trimmed, no duplicates (case-insensitive); `city` and `cities` are alternatives. */
function citiesOf(city: string | undefined | null, cities: string[] | undefined | null): string[] | undefined {
  if (city != null && cities != null) throw validationError('cities', 'give city or cities, not both');
  if (city != null) return [city.trim()];
  if (cities == null) return undefined;
  const seen = new Set<string>();
  return cities.map((c, i) => {
    const name = c.trim();
    if (!name) throw validationError(`cities.${i}`, 'must not be blank');
    if (seen.has(name.toLowerCase())) throw validationError(`cities.${i}`, `${name} is given twice`);
    seen.add(name.toLowerCase());
    return name;
  });
}

/** The record a node point names, in the caller's LSP scope (so another LSP's node is unknown). */
async function nodeName(em: EntityManager, type: string, id: string): Promise<string | undefined> {
  const entity = type === 'HUB' ? Hub : type === 'WAREHOUSE' ? Warehouse : ParkingFacility;
  const node = await em.findOne(entity as typeof Hub, { id });
  return node?.name;
}

/**
 * A point of a body: `{type, id, description?}` (a HUB, WAREHOUSE, PARKING or TERMINAL of the same LSP) or
 * `{type, address, description?}` (coordinates [lat, lng] or at least a city). `prefix` names the body field.
 */
async function pointOf(s: LspScope, input: CoveragePointInput, prefix = ''): Promise<CoveragePoint> {
  const f = (name: string) => `${prefix}${name}`;
  const hasId = input.id !== undefined && input.id !== null;
  const hasAddress = input.address !== undefined && input.address !== null;
  if (hasId && hasAddress) throw validationError(f('address'), 'give id (a node) or address (a place), not both');
  if (!hasId && !hasAddress) throw validationError(f('id'), 'give id (a node) or address (a place)');
  if (hasId) {
    if (!NODE_TYPES.includes(input.type)) throw validationError(f('type'), `a point with an id must be one of ${NODE_TYPES.join(', ')}`);
    const name = await nodeName(s.em, input.type, input.id!);
    if (name === undefined) throw validationError(f('id'), `no ${input.type === 'TERMINAL' ? 'PARKING' : input.type} of this LSP has this id`);
    return { type: input.type, id: input.id!, description: input.description?.trim() || name, address: null };
  }
  const address = input.address!;
  checkCoordinates(address.coordinates, f('address.coordinates'));
  if (!address.coordinates && !address.city) throw validationError(f('address'), 'give coordinates [lat, lng] or at least a city');
  return { type: input.type, id: null, description: input.description?.trim() || null, address: { ...address } };
}

/** What a record needs before it may be ACTIVE: an area serves some city or is linked; a route has both ends. */
function missingForActive(r: Coverage): string | undefined {
  if (r.type === 'AREA') return (r.cities?.length ?? 0) + (r.linkedTo?.length ?? 0) > 0 ? undefined : 'an ACTIVE area needs at least one city or linkedTo entry';
  return r.origin && r.destination ? undefined : 'an ACTIVE route needs an origin and a destination';
}

function checkActive(r: Coverage, statusGiven: boolean): void {
  if (r.status !== 'ACTIVE') return;
  const missing = missingForActive(r);
  if (missing) throw new AppError('CONFLICT', `status: ${missing}${statusGiven ? '' : '; send status INACTIVE with this change'}`, 'status');
}

/** The zone of the record's stamps: that of its first scheduled departure, else UTC. */
const zoneOf = (r: Coverage) => r.schedules?.[0]?.departureTimes?.[0]?.timezone ?? 'UTC';


const eventOf = (r: Coverage, deleted = false) => ({
  kind: r.type, id: r.id, code: r.code, name: r.name, status: r.status, reach: r.reach, serviceLevel: r.serviceLevel,
  transitType: r.transitType, transitMode: r.transitMode, transitTime: r.transitTime, isGuaranteed: r.isGuaranteed, capacity: r.capacity,
  ...(r.type === 'AREA'
    ? { country: r.country, region: r.region, cities: r.cities, radius: r.radius, linkedTo: r.linkedTo }
    : { origin: r.origin, destination: r.destination, distance: r.distance, transitPoints: r.transitPoints }),
  deleted,
});

/** A new record: saved with its event; a code already used by the LSP is CONFLICT on `code`. */
const saveNew = (s: LspScope, r: Coverage) => saveAndPublish(s, TOPIC, r.id, eventOf(r), 'code', 'coverage area or route');

/**
 * Every change of an existing record: one transaction that loads it with its row locked (concurrent changes of one
 * record queue up instead of losing each other's links or transit points), applies the change, stamps it, saves it
 * and publishes the event. `remove` deletes the record instead of stamping it.
 */
async function mutate(s: LspScope, kind: Kind, id: string, change: (r: Coverage, tx: LspScope) => Promise<void> | void, remove = false): Promise<Coverage> {
  if (!isUuid(id)) throw notFound(WHAT[kind]);
  return s.em.transactional(async (txEm) => {
    const tx = txEm as EntityManager;
    const r = await tx.findOne(Coverage, { id, type: kind }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!r) throw notFound(WHAT[kind]);
    await change(r, { ...s, em: tx });
    if (remove) tx.remove(r);
    else r.updated = s.stamp(zoneOf(r));
    await tx.flush();
    await publish(tx, TOPIC, r.id, s.principal.workspaceId, { icode: s.ref.icode, ...eventOf(r, remove) });
    return r;
  });
}

// ───────────────────────────── reads ─────────────────────────────

/** One record of the kind, in scope; a malformed, unknown, other-kind or other tenant's id is NOT_FOUND. */
export async function findCoverage(em: EntityManager, kind: Kind, id: string): Promise<Coverage> {
  const record = isUuid(id) ? await em.findOne(Coverage, { id, type: kind }) : null;
  if (!record) throw notFound(WHAT[kind]);
  return record;
}

export const getCoverage = (ctx: SubgraphContext, kind: Kind, id: string) => findCoverage(lspScope(ctx, 'read').em, kind, id);

/** A page of records, ordered by code (one query for the rows, one for the count). */
export async function listCoverage(ctx: SubgraphContext, kind: Kind | undefined, args: CoverageListArgs | AllCoverageArgs) {
  const s = lspScope(ctx, 'read');
  const k = kind ?? ((args as AllCoverageArgs).kind as Kind | undefined);
  const where: Record<string, unknown> = {};
  if (k) where.type = k;
  if (args.status) where.status = args.status;
  if (args.transitType) where.transitType = transitTypeOf(args.transitType, k, 'transitType');
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await s.em.findAndCount(Coverage, where, { orderBy: { code: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

// ───────────────────────────── create, update, delete ─────────────────────────────

function newRecord(s: LspScope, kind: Kind, transitType: string, input: CoverageAreaInput | CoverageRouteInput): Coverage {
  checkBodyTransitType(input.transit.type, transitType);
  const schedules = schedulesOf(input.schedules);
  const zone = schedules[0]?.departureTimes[0]?.timezone ?? 'UTC';
  return s.em.create(Coverage, {
    type: kind, code: input.code, name: input.name.trim(), status: 'INACTIVE', reach: input.reach, serviceLevel: input.serviceLevel ?? 'STANDARD',
    transitType, transitMode: input.transit.mode, transitTime: timeOf(input.transit.time), schedules, isGuaranteed: input.isGuaranteed ?? false,
    capacity: null, added: s.stamp(zone), updated: s.stamp(zone),
  } as never) as Coverage;
}

export async function createArea(ctx: SubgraphContext, type: string, input: CoverageAreaInput): Promise<Coverage> {
  const s = lspScope(ctx, 'write');
  const transitType = transitTypeOf(type, 'AREA');
  const r = newRecord(s, 'AREA', transitType, input);
  r.capacity = input.capacity ? { packages: input.capacity.packages } : null;
  r.country = input.country ? input.country.toUpperCase() : null;
  r.region = input.region?.trim() ?? null;
  r.cities = citiesOf(input.city, input.cities) ?? [];
  r.radius = input.radius ? { value: input.radius.value, unit: input.radius.unit } : null;
  r.linkedTo = [];
  await saveNew(s, r);
  return r;
}

function routeCapacity(c: { sits?: number | null; packages?: number | null }) {
  if (c.sits == null && c.packages == null) throw validationError('capacity', 'give sits, packages or both');
  return { sits: c.sits ?? null, packages: c.packages ?? null };
}

function checkEnds(r: Coverage): void {
  if (r.origin?.id && r.origin.id === r.destination?.id) throw validationError('destination.id', 'must differ from the origin');
}

export async function createRoute(ctx: SubgraphContext, type: string, input: CoverageRouteInput): Promise<Coverage> {
  const s = lspScope(ctx, 'write');
  const transitType = transitTypeOf(type, 'ROUTE');
  const r = newRecord(s, 'ROUTE', transitType, input);
  r.capacity = input.capacity ? routeCapacity(input.capacity) : null;
  r.origin = input.origin ? await pointOf(s, input.origin, 'origin.') : null;
  r.destination = input.destination ? await pointOf(s, input.destination, 'destination.') : null;
  checkEnds(r);
  r.distance = input.distance ? { value: input.distance.value, unit: input.distance.unit } : null;
  r.transitPoints = [];
  await saveNew(s, r);
  return r;
}

/** Applies the fields both update bodies share; the path's `:type` becomes the transit type. */
function applyShared(r: Coverage, transitType: string, input: CoverageAreaUpdateInput | CoverageRouteUpdateInput): void {
  refuseNulls(input, ['name', 'reach', 'serviceLevel', 'transit', 'schedules', 'isGuaranteed', 'status']);
  if (input.transit?.mode === null) throw validationError('transit.mode', 'must not be null');
  if (input.transit?.time === null) throw validationError('transit.time', 'must not be null');
  checkBodyTransitType(input.transit?.type, transitType);
  r.transitType = transitType;
  if (input.name !== undefined) r.name = input.name!.trim();
  if (input.reach !== undefined) r.reach = input.reach!;
  if (input.serviceLevel !== undefined) r.serviceLevel = input.serviceLevel!;
  if (input.transit?.mode) r.transitMode = input.transit.mode;
  if (input.transit?.time) r.transitTime = timeOf(input.transit.time);
  if (input.schedules !== undefined) r.schedules = schedulesOf(input.schedules);
  if (input.isGuaranteed !== undefined) r.isGuaranteed = input.isGuaranteed!;
  if (input.status !== undefined) r.status = input.status!;
}

export async function updateArea(ctx: SubgraphContext, id: string, type: string, input: CoverageAreaUpdateInput): Promise<Coverage> {
  const s = lspScope(ctx, 'write');
  const transitType = transitTypeOf(type, 'AREA');
  return mutate(s, 'AREA', id, (r) => {
    applyShared(r, transitType, input);
    if (input.capacity !== undefined) r.capacity = input.capacity ? { packages: input.capacity.packages } : null;
    if (input.country !== undefined) r.country = input.country ? input.country.toUpperCase() : null;
    if (input.region !== undefined) r.region = input.region?.trim() ?? null;
    if (input.city === null) throw validationError('city', 'must not be null');
    if (input.cities === null) throw validationError('cities', 'must not be null');
    const cities = citiesOf(input.city, input.cities);
    if (cities) r.cities = cities;
    if (input.radius !== undefined) r.radius = input.radius ? { value: input.radius.value, unit: input.radius.unit } : null;
    checkActive(r, input.status !== undefined);
  });
}

export async function updateRoute(ctx: SubgraphContext, id: string, type: string, input: CoverageRouteUpdateInput): Promise<Coverage> {
  const s = lspScope(ctx, 'write');
  const transitType = transitTypeOf(type, 'ROUTE');
  return mutate(s, 'ROUTE', id, async (r, tx) => {
    applyShared(r, transitType, input);
    if (input.capacity !== undefined) r.capacity = input.capacity ? routeCapacity(input.capacity) : null;
    if (input.origin !== undefined) r.origin = input.origin ? await pointOf(tx, input.origin, 'origin.') : null;
    if (input.destination !== undefined) r.destination = input.destination ? await pointOf(tx, input.destination, 'destination.') : null;
    checkEnds(r);
    if (input.distance !== undefined) r.distance = input.distance ? { value: input.distance.value, unit: input.distance.unit } : null;
    checkActive(r, input.status !== undefined);
  });
}

/**
 * Deletes a record. A vehicle allocated to it (fleets: allocate) keeps it: CONFLICT until the vehicles are deallocated,
 * so no vehicle ever serves a record that does not exist. Answers the record as it was.
 */
export const deleteCoverage = (ctx: SubgraphContext, kind: Kind, id: string) =>
  mutate(lspScope(ctx, 'delete'), kind, id, async (r, tx) => {
    const allocated = await tx.em.count(Vehicle, { allocation: { id: r.id } } as never);
    if (allocated > 0) {
      throw new AppError('CONFLICT', `${allocated} vehicle${allocated > 1 ? 's are' : ' is'} allocated to this ${kind.toLowerCase()}; deallocate ${allocated > 1 ? 'them' : 'it'} first`);
    }
  }, true);

// ───────────────────────────── links and transit points ─────────────────────────────

/** Which entry of `list` a remove body names: `{index}` or `{id}` (the node id), exactly one. */
function entryIndex(list: CoveragePoint[], input: CoverageEntryRemoveInput, what: string): number {
  const hasIndex = input.index !== undefined && input.index !== null;
  const hasId = input.id !== undefined && input.id !== null;
  if (hasIndex && hasId) throw validationError('id', 'give index or id, not both');
  if (!hasIndex && !hasId) throw validationError('index', 'give index (0-based position) or id (of the node)');
  if (hasIndex) {
    if (input.index! >= list.length) throw notFound(`${what} at index ${input.index}`);
    return input.index!;
  }
  const at = list.findIndex((e) => e.id === input.id);
  if (at < 0) throw notFound(`${what} naming node ${input.id}`);
  return at;
}

/** Every link, unlink and transit-point change leaves the record INACTIVE (activate it again with PATCH). */
const changeEntries = (ctx: SubgraphContext, kind: Kind, id: string, change: (r: Coverage, s: LspScope) => Promise<void> | void) =>
  mutate(lspScope(ctx, 'write'), kind, id, async (r, tx) => {
    await change(r, tx);
    r.status = 'INACTIVE';
  });

export const linkArea = (ctx: SubgraphContext, id: string, input: CoveragePointInput) =>
  changeEntries(ctx, 'AREA', id, async (r, s) => {
    const point = await pointOf(s, input);
    const links = r.linkedTo ?? [];
    if (links.length >= MAX_LINKS) throw new AppError('CONFLICT', `An area has at most ${MAX_LINKS} linkedTo entries; unlink one first`);
    if (point.id && links.some((e) => e.id === point.id)) throw new AppError('CONFLICT', `id: the area is already linked to this ${point.type}`, 'id');
    r.linkedTo = [...links, point];
  });

export const unlinkArea = (ctx: SubgraphContext, id: string, input: CoverageEntryRemoveInput) =>
  changeEntries(ctx, 'AREA', id, (r) => {
    const links = r.linkedTo ?? [];
    const at = entryIndex(links, input, 'linkedTo entry');
    r.linkedTo = links.filter((_, i) => i !== at);
  });

export const addTransitPoint = (ctx: SubgraphContext, id: string, input: CoverageTransitPointInput) =>
  changeEntries(ctx, 'ROUTE', id, async (r, s) => {
    const point = await pointOf(s, input);
    const points = r.transitPoints ?? [];
    if (points.length >= MAX_TRANSIT_POINTS) throw new AppError('CONFLICT', `A route has at most ${MAX_TRANSIT_POINTS} transit points; remove one first`);
    if (point.id && points.some((e) => e.id === point.id)) throw new AppError('CONFLICT', `id: the route already passes through this ${point.type}`, 'id');
    const position = input.position ?? points.length;
    if (position > points.length) throw validationError('position', `must be between 0 and ${points.length}`);
    r.transitPoints = [...points.slice(0, position), point, ...points.slice(position)];
  });

export const removeTransitPoint = (ctx: SubgraphContext, id: string, input: CoverageEntryRemoveInput) =>
  changeEntries(ctx, 'ROUTE', id, (r) => {
    const points = r.transitPoints ?? [];
    const at = entryIndex(points, input, 'Transit point');
    r.transitPoints = points.filter((_, i) => i !== at);
  });
