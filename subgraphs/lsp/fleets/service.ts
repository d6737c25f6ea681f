import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { checkCoordinates, type PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { now, nowDate } from '../../../kernel/clock.js';
import { applyFacility, type FacilityInput, type FacilityUpdateInput } from '../common/facility.js';
import { facilityEvent, findOwn, lockOwn, saved, type LspEvent } from '../common/query.js';
import { pageOf } from '../../../kernel/paging.js';
import { lockOneOrNull } from '../../../kernel/db.js';
import { scope, type LspScope } from '../common/scope.js';
import { coverageRecordExists } from '../coverage/lookup.js';
import { checkAllocatable, checkDeallocatable, checkStatusChange } from './rules.js';
import { Fleet, ParkingFacility, Vehicle, type VehicleSpecs } from './entities.js';
import type { AllocationInput, ParkingFacilityInput, VehicleInput, VehicleIotInput, VehicleSpecsInput, VehicleUpdateInput } from './types.js';

/**
 * Fleets, their vehicles and the LSP's parking facilities (spec group 6, docs/lsp.md). Every operation runs in the
 * caller's LSP scope; every change is saved with its event (`lsp.facility`, `lsp.vehicle`) in one transaction.
 */

const FLEET = { field: 'code', what: 'fleet' };
const fleetEvent = (f: Fleet, deleted = false): LspEvent => facilityEvent('FLEET', f, deleted);
/**
 * The `lsp.facility` event of a parking facility: the whole record on every change (a decommissioning too, with status
 * DECOMMISSIONED: the record stays, so `deleted` is false).
 */
const parkingEvent = (p: ParkingFacility): LspEvent => [
  'lsp.facility',
  p.id,
  { kind: 'PARKING', id: p.id, name: p.name, type: p.type, status: p.status, address: p.address, securityLevel: p.securityLevel, deleted: false },
];
const vehicleEvent = (v: Vehicle, deleted = false): LspEvent => [
  'lsp.vehicle',
  v.id,
  {
    id: v.id,
    fleetId: v.fleet.id,
    type: v.type,
    grade: v.grade,
    status: v.status,
    allocation: v.allocation,
    iot: v.iot,
    deleted,
  },
];

// ───────────────────────────── fleets ─────────────────────────────

export function createFleet(ctx: SubgraphContext, input: FacilityInput): Promise<Fleet> {
  const s = scope(ctx, 'write');
  return saved(
    s,
    async (tx) => {
      const fleet = tx.create(Fleet, s.created(input.timezone) as never);
      applyFacility(fleet, input, true);
      return [fleet, [fleetEvent(fleet)]];
    },
    FLEET,
  );
}

export const getFleet = (ctx: SubgraphContext, id: string) => findOwn(scope(ctx, 'read').em, Fleet, id, 'Fleet');

export const listFleets = (ctx: SubgraphContext, args: PageArgs) => pageOf(scope(ctx, 'read').em, Fleet, {}, args);

export function updateFleet(ctx: SubgraphContext, id: string, input: FacilityUpdateInput): Promise<Fleet> {
  const s = scope(ctx, 'write');
  return saved(
    s,
    async (tx) => {
      const fleet = await lockOwn(tx, Fleet, id, 'Fleet');
      applyFacility(fleet, input, false);
      fleet.updated = s.stamp(fleet.timezone);
      return [fleet, [fleetEvent(fleet)]];
    },
    FLEET,
  );
}

/** Deletes a fleet with its vehicles (their agent assignments go with them). */
export function deleteFleet(ctx: SubgraphContext, id: string): Promise<boolean> {
  const s = scope(ctx, 'delete');
  return saved(s, async (tx) => {
    const fleet = await lockOwn(tx, Fleet, id, 'Fleet');
    const vehicles = await tx.find(Vehicle, { fleet });
    tx.remove(fleet);
    return [true, [fleetEvent(fleet, true), ...vehicles.map((v) => vehicleEvent(v, true))]];
  });
}

// ───────────────────────────── vehicles ─────────────────────────────

/** Specs given replace the stored ones; `null` clears one (kernel/validation.ts, PATCH semantics). */
function specsOf(input: VehicleSpecsInput, base: VehicleSpecs = {}): VehicleSpecs {
  const out: VehicleSpecs = { ...base };
  for (const [k, v] of Object.entries(input)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/**
 * A vehicle of one of this LSP's fleets; an unknown fleet, or a vehicle of another fleet, is NOT_FOUND. `lock`: in a
 * write's transaction, the vehicle locked and read afresh (kernel/db.ts `lockOne`).
 */
async function vehicleIn(em: EntityManager, fleetId: string, vehicleId: string, lock = false): Promise<Vehicle> {
  const fleet = await findOwn(em, Fleet, fleetId, 'Fleet');
  if (!isUuid(vehicleId)) throw notFound('Vehicle');
  const vehicle = lock ? await lockOneOrNull(em, Vehicle, { id: vehicleId, fleet }) : await em.findOne(Vehicle, { id: vehicleId, fleet });
  if (!vehicle) throw notFound('Vehicle');
  return vehicle;
}

export function addVehicle(ctx: SubgraphContext, fleetId: string, input: VehicleInput): Promise<Vehicle> {
  const s = scope(ctx, 'write');
  return saved(s, async (tx) => {
    const fleet = await findOwn(tx, Fleet, fleetId, 'Fleet');
    const vehicle = tx.create(Vehicle, {
      fleet,
      type: input.type,
      grade: input.grade ?? null,
      status: input.status ?? 'INACTIVE',
      specs: specsOf(input.specs),
      ownership: input.ownership ?? null,
      ...s.created(fleet.timezone),
    } as never);
    return [vehicle, [vehicleEvent(vehicle)]];
  });
}

export const getVehicle = (ctx: SubgraphContext, fleetId: string, vehicleId: string) => vehicleIn(scope(ctx, 'read').em, fleetId, vehicleId);

export async function listVehicles(ctx: SubgraphContext, fleetId: string, args: PageArgs) {
  const s = scope(ctx, 'read');
  const fleet = await findOwn(s.em, Fleet, fleetId, 'Fleet');
  return pageOf(s.em, Vehicle, { fleet }, args);
}

/** Every vehicle change: load in scope, apply, stamp, save and publish. */
function changeVehicle(ctx: SubgraphContext, fleetId: string, vehicleId: string, apply: (v: Vehicle, tx: EntityManager, s: LspScope) => void | Promise<void>): Promise<Vehicle> {
  const s = scope(ctx, 'write');
  return saved(s, async (tx) => {
    const vehicle = await vehicleIn(tx, fleetId, vehicleId, true);
    await apply(vehicle, tx, s);
    vehicle.updated = s.stamp(vehicle.fleet.timezone);
    return [vehicle, [vehicleEvent(vehicle)]];
  });
}

export const updateVehicle = (ctx: SubgraphContext, fleetId: string, vehicleId: string, input: VehicleUpdateInput) =>
  changeVehicle(ctx, fleetId, vehicleId, (v) => {
    checkStatusChange(v, input.status);
    if (input.type !== undefined) v.type = input.type;
    if (input.grade !== undefined) v.grade = input.grade;
    if (input.status !== undefined) v.status = input.status;
    if (input.ownership !== undefined) v.ownership = input.ownership;
  });

export const updateVehicleSpecs = (ctx: SubgraphContext, fleetId: string, vehicleId: string, input: VehicleSpecsInput) =>
  changeVehicle(ctx, fleetId, vehicleId, (v) => {
    if (!Object.values(input).some((x) => x !== undefined)) throw validationError('specs', 'give at least one field');
    v.specs = specsOf(input, v.specs);
  });

export const updateVehicleIot = (ctx: SubgraphContext, fleetId: string, vehicleId: string, input: VehicleIotInput) =>
  changeVehicle(ctx, fleetId, vehicleId, (v) => {
    v.iot = { deviceId: input.deviceId, topic: input.topic, protocol: input.protocol ?? null, iotsp: input.iotsp ?? null };
  });

/**
 * Allocation rules (docs/lsp.md): only an INACTIVE or ACTIVE vehicle can be allocated; it serves one coverage area or
 * route of the same LSP at a time (allocating an allocated vehicle is CONFLICT: deallocate first).
 */
export const allocateVehicle = (ctx: SubgraphContext, fleetId: string, vehicleId: string, input: AllocationInput) =>
  changeVehicle(ctx, fleetId, vehicleId, async (v, tx, s) => {
    checkAllocatable(v);
    if (!(await coverageRecordExists(tx, input.type, input.id))) throw notFound(`Coverage ${input.type.toLowerCase()}`);
    v.allocation = { type: input.type, id: input.id, at: now(), by: s.principal.userId };
  });

export const deallocateVehicle = (ctx: SubgraphContext, fleetId: string, vehicleId: string) =>
  changeVehicle(ctx, fleetId, vehicleId, (v) => {
    checkDeallocatable(v);
    v.allocation = null;
  });

export function deleteVehicle(ctx: SubgraphContext, fleetId: string, vehicleId: string): Promise<boolean> {
  const s = scope(ctx, 'delete');
  return saved(s, async (tx) => {
    const vehicle = await vehicleIn(tx, fleetId, vehicleId, true);
    tx.remove(vehicle);
    return [true, [vehicleEvent(vehicle, true)]];
  });
}

// ───────────────────────────── parking ─────────────────────────────

export function createParking(ctx: SubgraphContext, input: ParkingFacilityInput): Promise<ParkingFacility> {
  const s = scope(ctx, 'write');
  checkCoordinates(input.address, 'address.coordinates');
  const amenities = input.amenities ?? {};
  if (Buffer.byteLength(JSON.stringify(amenities)) > 10 * 1024) throw validationError('amenities', 'must not exceed 10 KB');
  return saved(s, async (tx) => {
    const parking = tx.create(ParkingFacility, {
      name: input.name.trim(),
      type: input.type,
      status: input.status ?? 'OPERATIONAL',
      address: { ...input.address },
      access: { type: input.access.type, restrictions: input.access.restrictions ?? [] },
      securityLevel: input.securityLevel ?? 'STANDARD',
      amenities,
      ...s.created(),
    } as never);
    return [parking, [parkingEvent(parking)]];
  });
}

export const getParking = (ctx: SubgraphContext, id: string) => findOwn(scope(ctx, 'read').em, ParkingFacility, id, 'Parking facility');

export const listParking = (ctx: SubgraphContext, args: PageArgs) => pageOf(scope(ctx, 'read').em, ParkingFacility, {}, args);

/** DELETE decommissions: the record stays (status DECOMMISSIONED); decommissioning twice is CONFLICT. */
export function decommissionParking(ctx: SubgraphContext, id: string): Promise<ParkingFacility> {
  const s = scope(ctx, 'delete');
  return saved(s, async (tx) => {
    const parking = await lockOwn(tx, ParkingFacility, id, 'Parking facility');
    if (parking.status === 'DECOMMISSIONED') throw new AppError('CONFLICT', 'Parking facility is already decommissioned');
    parking.status = 'DECOMMISSIONED';
    parking.decommissionedAt = nowDate();
    parking.updated = s.stamp();
    return [parking, [parkingEvent(parking)]];
  });
}
