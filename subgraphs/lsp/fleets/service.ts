import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { checkCoordinates, type PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { applyFacility, type FacilityInput, type FacilityUpdateInput } from '../common/facility.js';
import { findOwn, pageOf, saveAndPublish, saveAndPublishAll, type LspEvent } from '../common/query.js';
import { lspScope, type LspScope } from '../common/scope.js';
import { coverageRecordExists } from '../coverage/lookup.js';
import { checkAllocatable, checkDeallocatable, checkStatusChange } from './rules.js';
import { Fleet, ParkingFacility, Vehicle, type VehicleSpecs } from './entities.js';
import type { AllocationInput, ParkingFacilityInput, VehicleInput, VehicleIotInput, VehicleSpecsInput, VehicleUpdateInput } from './types.js';
import { now, nowDate } from '../../../kernel/clock.js';

const fleetEvent = (f: Fleet, deleted = false) => ({
  kind: 'FLEET', id: f.id, code: f.code, name: f.name, type: f.type, address: f.address, timezone: f.timezone, deleted,
});
const vehicleEvent = (v: Vehicle, deleted = false) => ({
  id: v.id, fleetId: v.fleet.id, type: v.type, grade: v.grade, status: v.status, allocation: v.allocation, iot: v.iot, deleted,
});

// ───────────────────────────── fleets ─────────────────────────────

export async function createFleet(ctx: SubgraphContext, input: FacilityInput): Promise<Fleet> {
  const s = lspScope(ctx, 'write');
  const fleet = s.em.create(Fleet, { added: s.stamp(input.timezone), updated: s.stamp(input.timezone) } as never) as Fleet;
  applyFacility(fleet, input, true);
  await saveAndPublish(s, 'lsp.facility', fleet.id, fleetEvent(fleet), 'code', 'fleet');
  return fleet;
}

export const getFleet = (ctx: SubgraphContext, id: string) => findOwn(lspScope(ctx, 'read').em, Fleet, id, 'Fleet');

export const listFleets = (ctx: SubgraphContext, args: PageArgs) => pageOf(lspScope(ctx, 'read').em, Fleet, {}, args);

export async function updateFleet(ctx: SubgraphContext, id: string, input: FacilityUpdateInput): Promise<Fleet> {
  const s = lspScope(ctx, 'write');
  const fleet = await findOwn(s.em, Fleet, id, 'Fleet');
  applyFacility(fleet, input, false);
  fleet.updated = s.stamp(fleet.timezone);
  await saveAndPublish(s, 'lsp.facility', fleet.id, fleetEvent(fleet), 'code', 'fleet');
  return fleet;
}

/** Deletes a fleet with its vehicles (their agent assignments go with them). */
export async function deleteFleet(ctx: SubgraphContext, id: string): Promise<boolean> {
  const s = lspScope(ctx, 'delete');
  const fleet = await findOwn(s.em, Fleet, id, 'Fleet');
  const vehicles = await s.em.find(Vehicle, { fleet });
  s.em.remove(fleet);
  await saveAndPublishAll(s, [
    ['lsp.facility', fleet.id, fleetEvent(fleet, true)],
    ...vehicles.map((v): LspEvent => ['lsp.vehicle', v.id, vehicleEvent(v, true)]),
  ]);
  return true;
}

// ───────────────────────────── vehicles ─────────────────────────────

/** Specs given replace the stored ones; `null` clears one (kernel/validation.ts, PATCH semantics). */
function specsOf(input: VehicleSpecsInput, base: VehicleSpecs = {}): VehicleSpecs {
  const out: VehicleSpecs = { ...base };
  for (const [k, v] of Object.entries(input)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

async function vehicleIn(s: LspScope, fleetId: string, vid: string): Promise<Vehicle> {
  const fleet = await findOwn(s.em, Fleet, fleetId, 'Fleet');
  const vehicle = isUuid(vid) ? await s.em.findOne(Vehicle, { id: vid, fleet }) : null;
  if (!vehicle) throw notFound('Vehicle');
  return vehicle;
}

export async function addVehicle(ctx: SubgraphContext, fleetId: string, input: VehicleInput): Promise<Vehicle> {
  const s = lspScope(ctx, 'write');
  const fleet = await findOwn(s.em, Fleet, fleetId, 'Fleet');
  const vehicle = s.em.create(Vehicle, {
    fleet, type: input.type, grade: input.grade ?? null, status: input.status ?? 'INACTIVE', specs: specsOf(input.specs),
    ownership: input.ownership ?? null, added: s.stamp(fleet.timezone), updated: s.stamp(fleet.timezone),
  } as never) as Vehicle;
  await saveAndPublish(s, 'lsp.vehicle', vehicle.id, vehicleEvent(vehicle));
  return vehicle;
}

export const getVehicle = async (ctx: SubgraphContext, fleetId: string, vid: string) => vehicleIn(lspScope(ctx, 'read'), fleetId, vid);

export async function listVehicles(ctx: SubgraphContext, fleetId: string, args: PageArgs) {
  const s = lspScope(ctx, 'read');
  const fleet = await findOwn(s.em, Fleet, fleetId, 'Fleet');
  return pageOf(s.em, Vehicle, { fleet }, args);
}

/** Every vehicle change: load in scope, apply, stamp, save and publish. */
async function changeVehicle(ctx: SubgraphContext, fleetId: string, vid: string, apply: (v: Vehicle, s: LspScope) => void | Promise<void>): Promise<Vehicle> {
  const s = lspScope(ctx, 'write');
  const vehicle = await vehicleIn(s, fleetId, vid);
  await apply(vehicle, s);
  vehicle.updated = s.stamp(vehicle.fleet.timezone);
  await saveAndPublish(s, 'lsp.vehicle', vehicle.id, vehicleEvent(vehicle));
  return vehicle;
}

export const updateVehicle = (ctx: SubgraphContext, fleetId: string, vid: string, input: VehicleUpdateInput) =>
  changeVehicle(ctx, fleetId, vid, (v) => {
    checkStatusChange(v, input.status);
    if (input.type !== undefined) v.type = input.type;
    if (input.grade !== undefined) v.grade = input.grade;
    if (input.status !== undefined) v.status = input.status;
    if (input.ownership !== undefined) v.ownership = input.ownership;
  });

export const updateVehicleSpecs = (ctx: SubgraphContext, fleetId: string, vid: string, input: VehicleSpecsInput) =>
  changeVehicle(ctx, fleetId, vid, (v) => {
    if (!Object.values(input).some((x) => x !== undefined)) throw validationError('specs', 'give at least one field');
    v.specs = specsOf(input, v.specs);
  });

export const updateVehicleIot = (ctx: SubgraphContext, fleetId: string, vid: string, input: VehicleIotInput) =>
  changeVehicle(ctx, fleetId, vid, (v) => {
    v.iot = { deviceId: input.deviceId, topic: input.topic, protocol: input.protocol ?? null, iotsp: input.iotsp ?? null };
  });

/**
 * Allocation rules (docs/lsp.md): only an INACTIVE or ACTIVE vehicle can be allocated; it serves one coverage area or
 * route of the same LSP at a time (allocating an allocated vehicle is CONFLICT: deallocate first).
 */
export const allocateVehicle = (ctx: SubgraphContext, fleetId: string, vid: string, input: AllocationInput) =>
  changeVehicle(ctx, fleetId, vid, async (v, s) => {
    checkAllocatable(v);
    if (!(await coverageRecordExists(s.em, input.type as 'AREA' | 'ROUTE', input.id))) throw notFound(`Coverage ${input.type.toLowerCase()}`);
    v.allocation = { type: input.type, id: input.id, at: now(), by: s.principal.userId };
  });

export const deallocateVehicle = (ctx: SubgraphContext, fleetId: string, vid: string) =>
  changeVehicle(ctx, fleetId, vid, (v) => {
    checkDeallocatable(v);
    v.allocation = null;
  });

export async function deleteVehicle(ctx: SubgraphContext, fleetId: string, vid: string): Promise<boolean> {
  const s = lspScope(ctx, 'delete');
  const vehicle = await vehicleIn(s, fleetId, vid);
  s.em.remove(vehicle);
  await saveAndPublish(s, 'lsp.vehicle', vehicle.id, vehicleEvent(vehicle, true));
  return true;
}

// ───────────────────────────── parking ─────────────────────────────

export async function createParking(ctx: SubgraphContext, input: ParkingFacilityInput): Promise<ParkingFacility> {
  const s = lspScope(ctx, 'write');
  checkCoordinates(input.address, 'address.coordinates');
  const amenities = input.amenities ?? {};
  if (Buffer.byteLength(JSON.stringify(amenities)) > 10 * 1024) throw validationError('amenities', 'must not exceed 10 KB');
  const parking = s.em.create(ParkingFacility, {
    name: input.name.trim(), type: input.type, status: input.status ?? 'OPERATIONAL', address: { ...input.address },
    access: { type: input.access.type, restrictions: input.access.restrictions ?? [] }, securityLevel: input.securityLevel ?? 'STANDARD',
    amenities, added: s.stamp(), updated: s.stamp(),
  } as never) as ParkingFacility;
  await saveAndPublish(s, 'lsp.facility', parking.id, { kind: 'PARKING', id: parking.id, name: parking.name, type: parking.type, address: parking.address, status: parking.status });
  return parking;
}

export const getParking = (ctx: SubgraphContext, id: string) => findOwn(lspScope(ctx, 'read').em, ParkingFacility, id, 'Parking facility');

export const listParking = (ctx: SubgraphContext, args: PageArgs) => pageOf(lspScope(ctx, 'read').em, ParkingFacility, {}, args);

/** DELETE decommissions: the record stays (status DECOMMISSIONED); decommissioning twice is CONFLICT. */
export async function decommissionParking(ctx: SubgraphContext, id: string): Promise<ParkingFacility> {
  const s = lspScope(ctx, 'delete');
  const parking = await findOwn(s.em, ParkingFacility, id, 'Parking facility');
  if (parking.status === 'DECOMMISSIONED') throw new AppError('CONFLICT', 'Parking facility is already decommissioned');
  parking.status = 'DECOMMISSIONED';
  parking.decommissionedAt = nowDate();
  parking.updated = s.stamp();
  await saveAndPublish(s, 'lsp.facility', parking.id, { kind: 'PARKING', id: parking.id, status: parking.status });
  return parking;
}
