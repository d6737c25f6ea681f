import { lockOne } from '../../../kernel/db.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { checkCoordinates } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { saved, type LspEvent } from '../common/query.js';
import { pageOf } from '../../../kernel/paging.js';
import { scope, type LspScope } from '../common/scope.js';
import { Hub, Warehouse } from '../facilities/entities.js';
import { ParkingFacility, Vehicle } from '../fleets/entities.js';
import { Coverage, type CoveragePoint } from './entities.js';
import type { CoverageKind, CoverageTransitType } from './enums.js';
import {
  checkActive, checkBodyTransitType, checkEnds, citiesOf, entryIndex, routeCapacity, schedulesOf, timeOf, transitTypeOf, withLink, withTransitPoint,
} from './rules.js';
import {
  NODE_TYPES,
  type AllCoverageArgs, type CoverageAreaInput, type CoverageAreaUpdateInput, type CoverageEntryRemoveInput, type CoverageListArgs,
  type CoveragePointInput, type CoverageRouteInput, type CoverageRouteUpdateInput, type CoverageTransitPointInput,
} from './types.js';

/**
 * Coverage areas and routes (spec group 5; the rules are written down in docs/lsp-coverage.md).
 * Every operation runs in the caller's LSP scope (scope()): another workspace's or another LSP's id is NOT_FOUND.
 * Every change is saved together with an event on topic `lsp.coverage` of the platform log.
 */

const TOPIC = 'lsp.coverage';
const WHAT: Record<CoverageKind, string> = { AREA: 'Coverage area', ROUTE: 'Coverage route' };
const UNIQUE = { field: 'code', what: 'coverage area or route' };

// ───────────────────────────── checks ─────────────────────────────

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
async function pointOf(em: EntityManager, input: CoveragePointInput, prefix = ''): Promise<CoveragePoint> {
  const f = (name: string) => `${prefix}${name}`;
  const hasId = input.id !== undefined && input.id !== null;
  const hasAddress = input.address !== undefined && input.address !== null;
  if (hasId && hasAddress) throw validationError(f('address'), 'give id (a node) or address (a place), not both');
  if (!hasId && !hasAddress) throw validationError(f('id'), 'give id (a node) or address (a place)');
  if (hasId) {
    if (!NODE_TYPES.includes(input.type)) throw validationError(f('type'), `a point with an id must be one of ${NODE_TYPES.join(', ')}`);
    const name = await nodeName(em, input.type, input.id!);
    if (name === undefined) throw validationError(f('id'), `no ${input.type === 'TERMINAL' ? 'PARKING' : input.type} of this LSP has this id`);
    return { type: input.type, id: input.id!, description: input.description?.trim() || name, address: null };
  }
  const address = input.address!;
  checkCoordinates(address, f('address.coordinates'));
  if (!address.coordinates && !address.city) throw validationError(f('address'), 'give coordinates [lat, lng] or at least a city');
  return { type: input.type, id: null, description: input.description?.trim() || null, address: { ...address } };
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

const event = (r: Coverage, deleted = false): LspEvent => [TOPIC, r.id, eventOf(r, deleted)];

/**
 * Every change of an existing record: one transaction that loads it with its row locked (concurrent changes of one
 * record queue up instead of losing each other's links or transit points), applies the change, stamps it, saves it
 * and publishes the event. `remove` deletes the record instead of stamping it.
 */
function mutate(s: LspScope, kind: CoverageKind, id: string, change: (r: Coverage, tx: LspScope) => Promise<void> | void, remove = false): Promise<Coverage> {
  if (!isUuid(id)) throw notFound(WHAT[kind]);
  return saved(s, async (tx) => {
    const r = await lockOne(tx, Coverage, { id, type: kind }, WHAT[kind]);
    await change(r, { ...s, em: tx });
    if (remove) tx.remove(r);
    else r.updated = s.stamp(zoneOf(r));
    return [r, [event(r, remove)]];
  });
}

// ───────────────────────────── reads ─────────────────────────────

/** One record of the kind, in scope; a malformed, unknown, other-kind or other tenant's id is NOT_FOUND. */
async function findCoverage(em: EntityManager, kind: CoverageKind, id: string): Promise<Coverage> {
  const record = isUuid(id) ? await em.findOne(Coverage, { id, type: kind }) : null;
  if (!record) throw notFound(WHAT[kind]);
  return record;
}

export const getCoverage = (ctx: SubgraphContext, kind: CoverageKind, id: string) => findCoverage(scope(ctx, 'read').em, kind, id);

/** A page of records, ordered by code (one query for the rows, one for the count). */
export function listCoverage(ctx: SubgraphContext, kind: CoverageKind | undefined, args: CoverageListArgs | AllCoverageArgs) {
  const s = scope(ctx, 'read');
  const k = kind ?? (args as AllCoverageArgs).kind;
  const where: Record<string, unknown> = {};
  if (k) where.type = k;
  if (args.status) where.status = args.status;
  if (args.transitType) where.transitType = k ? transitTypeOf(args.transitType, k, 'transitType') : args.transitType;
  return pageOf(s.em, Coverage, where, args, { code: 'asc' });
}

// ───────────────────────────── create, update, delete ─────────────────────────────

function newRecord(s: LspScope, tx: EntityManager, kind: CoverageKind, transitType: CoverageTransitType, input: CoverageAreaInput | CoverageRouteInput): Coverage {
  checkBodyTransitType(input.transit.type, transitType);
  const schedules = schedulesOf(input.schedules);
  const zone = schedules[0]?.departureTimes[0]?.timezone ?? 'UTC';
  return tx.create(Coverage, {
    type: kind, code: input.code, name: input.name.trim(), status: 'INACTIVE', reach: input.reach, serviceLevel: input.serviceLevel ?? 'STANDARD',
    transitType, transitMode: input.transit.mode, transitTime: timeOf(input.transit.time), schedules, isGuaranteed: input.isGuaranteed ?? false,
    capacity: null, ...s.created(zone),
  } as never);
}

export function createArea(ctx: SubgraphContext, type: CoverageTransitType, input: CoverageAreaInput): Promise<Coverage> {
  const s = scope(ctx, 'write');
  const transitType = transitTypeOf(type, 'AREA');
  return saved(s, async (tx) => {
    const r = newRecord(s, tx, 'AREA', transitType, input);
    r.capacity = input.capacity ? { packages: input.capacity.packages } : null;
    r.country = input.country ? input.country.toUpperCase() : null;
    r.region = input.region?.trim() ?? null;
    r.cities = citiesOf(input.city, input.cities) ?? [];
    r.radius = input.radius ? { value: input.radius.value, unit: input.radius.unit } : null;
    r.linkedTo = [];
    return [r, [event(r)]];
  }, UNIQUE);
}

export function createRoute(ctx: SubgraphContext, type: CoverageTransitType, input: CoverageRouteInput): Promise<Coverage> {
  const s = scope(ctx, 'write');
  const transitType = transitTypeOf(type, 'ROUTE');
  return saved(s, async (tx) => {
    const r = newRecord(s, tx, 'ROUTE', transitType, input);
    r.capacity = input.capacity ? routeCapacity(input.capacity) : null;
    r.origin = input.origin ? await pointOf(tx, input.origin, 'origin.') : null;
    r.destination = input.destination ? await pointOf(tx, input.destination, 'destination.') : null;
    checkEnds(r);
    r.distance = input.distance ? { value: input.distance.value, unit: input.distance.unit } : null;
    r.transitPoints = [];
    return [r, [event(r)]];
  }, UNIQUE);
}

/** Applies the fields both update bodies share; the path's `:type` becomes the transit type. */
function applyShared(r: Coverage, transitType: CoverageTransitType, input: CoverageAreaUpdateInput | CoverageRouteUpdateInput): void {
  // (null is refused by the kernel for every field not declared @Nullable: kernel/validation.ts)
  checkBodyTransitType(input.transit?.type, transitType);
  r.transitType = transitType;
  if (input.name !== undefined) r.name = input.name.trim();
  if (input.reach !== undefined) r.reach = input.reach!;
  if (input.serviceLevel !== undefined) r.serviceLevel = input.serviceLevel!;
  if (input.transit?.mode) r.transitMode = input.transit.mode;
  if (input.transit?.time) r.transitTime = timeOf(input.transit.time);
  if (input.schedules !== undefined) r.schedules = schedulesOf(input.schedules);
  if (input.isGuaranteed !== undefined) r.isGuaranteed = input.isGuaranteed!;
  if (input.status !== undefined) r.status = input.status!;
}

export function updateArea(ctx: SubgraphContext, id: string, type: CoverageTransitType, input: CoverageAreaUpdateInput): Promise<Coverage> {
  const s = scope(ctx, 'write');
  const transitType = transitTypeOf(type, 'AREA');
  return mutate(s, 'AREA', id, (r) => {
    applyShared(r, transitType, input);
    if (input.capacity !== undefined) r.capacity = input.capacity ? { packages: input.capacity.packages } : null;
    if (input.country !== undefined) r.country = input.country ? input.country.toUpperCase() : null;
    if (input.region !== undefined) r.region = input.region?.trim() ?? null;
    const cities = citiesOf(input.city, input.cities);
    if (cities) r.cities = cities;
    if (input.radius !== undefined) r.radius = input.radius ? { value: input.radius.value, unit: input.radius.unit } : null;
    checkActive(r, input.status !== undefined);
  });
}

export function updateRoute(ctx: SubgraphContext, id: string, type: CoverageTransitType, input: CoverageRouteUpdateInput): Promise<Coverage> {
  const s = scope(ctx, 'write');
  const transitType = transitTypeOf(type, 'ROUTE');
  return mutate(s, 'ROUTE', id, async (r, tx) => {
    applyShared(r, transitType, input);
    if (input.capacity !== undefined) r.capacity = input.capacity ? routeCapacity(input.capacity) : null;
    if (input.origin !== undefined) r.origin = input.origin ? await pointOf(tx.em, input.origin, 'origin.') : null;
    if (input.destination !== undefined) r.destination = input.destination ? await pointOf(tx.em, input.destination, 'destination.') : null;
    checkEnds(r);
    if (input.distance !== undefined) r.distance = input.distance ? { value: input.distance.value, unit: input.distance.unit } : null;
    checkActive(r, input.status !== undefined);
  });
}

/**
 * Deletes a record. A vehicle allocated to it (fleets: allocate) keeps it: CONFLICT until the vehicles are deallocated,
 * so no vehicle ever serves a record that does not exist. Answers the record as it was.
 */
export const deleteCoverage = (ctx: SubgraphContext, kind: CoverageKind, id: string) =>
  mutate(scope(ctx, 'delete'), kind, id, async (r, tx) => {
    const allocated = await tx.em.count(Vehicle, { allocation: { id: r.id } });
    if (allocated > 0) {
      throw new AppError('CONFLICT', `${allocated} vehicle${allocated > 1 ? 's are' : ' is'} allocated to this ${kind.toLowerCase()}; deallocate ${allocated > 1 ? 'them' : 'it'} first`);
    }
  }, true);

// ───────────────────────────── links and transit points ─────────────────────────────

/** Every link, unlink and transit-point change leaves the record INACTIVE (activate it again with PATCH). */
const changeEntries = (ctx: SubgraphContext, kind: CoverageKind, id: string, change: (r: Coverage, s: LspScope) => Promise<void> | void) =>
  mutate(scope(ctx, 'write'), kind, id, async (r, tx) => {
    await change(r, tx);
    r.status = 'INACTIVE';
  });

export const linkArea = (ctx: SubgraphContext, id: string, input: CoveragePointInput) =>
  changeEntries(ctx, 'AREA', id, async (r, s) => {
    const point = await pointOf(s.em, input);
    r.linkedTo = withLink(r.linkedTo ?? [], point);
  });

export const unlinkArea = (ctx: SubgraphContext, id: string, input: CoverageEntryRemoveInput) =>
  changeEntries(ctx, 'AREA', id, (r) => {
    const links = r.linkedTo ?? [];
    const at = entryIndex(links, input, 'linkedTo entry');
    r.linkedTo = links.filter((_, i) => i !== at);
  });

export const addTransitPoint = (ctx: SubgraphContext, id: string, input: CoverageTransitPointInput) =>
  changeEntries(ctx, 'ROUTE', id, async (r, s) => {
    const point = await pointOf(s.em, input);
    r.transitPoints = withTransitPoint(r.transitPoints ?? [], point, input.position);
  });

export const removeTransitPoint = (ctx: SubgraphContext, id: string, input: CoverageEntryRemoveInput) =>
  changeEntries(ctx, 'ROUTE', id, (r) => {
    const points = r.transitPoints ?? [];
    const at = entryIndex(points, input, 'Transit point');
    r.transitPoints = points.filter((_, i) => i !== at);
  });
