import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { loader } from '../../../kernel/loaders.js';
import { tenantCondition } from '../../../kernel/tenancy.js';
import { uuidPlaceholders } from '../../../kernel/db.js';
import { isUuid } from '../../../kernel/ids.js';
import { UserReference, userRef } from '../../../kernel/references.js';
import { FacilityInput, FacilityUpdateInput } from '../common/facility.js';
import { recordById, referenceResolver } from '../common/references.js';
import { referenceScope } from '../common/scope.js';
import { Fleet, ParkingFacility, Vehicle, VehicleAllocation } from './entities.js';
import { AllocationInput, FleetPage, ParkingFacilityInput, ParkingFacilityPage, VehicleInput, VehicleIotInput, VehiclePage, VehicleSpecsInput, VehicleUpdateInput } from './types.js';
import * as fleets from './service.js';

const FLEET_ID = { description: 'Identifier of the fleet.' };
const VEHICLE_ID = { description: 'Identifier of the vehicle (a vehicle of the fleet).' };
const PARKING_ID = { description: 'Identifier of the parking facility.' };
const INPUT = { description: "The operation's input." };

/** Vehicles of many fleets in one query per request (DataLoader): lists of fleets never query per row. */
function vehiclesOf(ctx: SubgraphContext, fleetId: string): Promise<Vehicle[]> {
  return loader<string, Vehicle[]>(ctx, 'Fleet.vehicles', async (ids) => {
    const s = referenceScope(ctx);
    if (!s) return ids.map(() => []);
    const rows = await s.em.find(Vehicle, { fleet: { $in: [...ids] } }, { orderBy: { id: 'asc' }, ...(s.filters ? { filters: s.filters } : {}) });
    return ids.map((id) => rows.filter((v) => v.fleet.id === id));
  }).load(fleetId) as Promise<Vehicle[]>;
}

/** Vehicle counts of many fleets in one grouped count per request (DataLoader): no vehicle is read to be counted. */
function vehicleCountOf(ctx: SubgraphContext, fleetId: string): Promise<number> {
  return loader<string, number>(ctx, 'Fleet.vehicleCount', async (ids) => {
    const s = referenceScope(ctx);
    if (!s) return ids.map(() => 0);
    // a plain grouped count under the scope's tenancy (the fleets list's hottest statement: MikroORM's countBy built
    // it from the filter on every request)
    const wanted = ids.filter(isUuid);
    if (!wanted.length) return ids.map(() => 0);
    const t = tenantCondition(s.em, Vehicle, s.filters);
    const rows = await s.em.execute<{ fleet_id: string; n: number }[]>(
      `select fleet_id, count(*)::int as n from ${t.table} where fleet_id in (${uuidPlaceholders(wanted.length)}) and ${t.sql} group by fleet_id`,
      [...wanted, ...t.params],
      { loggerContext: s.em.getLoggerContext() },
    );
    const counts = new Map(rows.map((r) => [r.fleet_id, r.n]));
    return ids.map((id) => counts.get(id) ?? 0);
  }).load(fleetId) as Promise<number>;
}

@Resolver(() => Fleet)
export class FleetResolver {
  @Mutation(() => Fleet, { description: 'Create a fleet of the calling LSP, a facility that groups vehicles. REST: `POST /v1/lsp/fleets/create`.' })
  createFleet(@Arg('input', INPUT) input: FacilityInput, @Ctx() ctx: SubgraphContext) {
    return fleets.createFleet(ctx, input);
  }

  @Query(() => Fleet, { description: 'One fleet of the calling LSP, by its identifier. REST: `GET /v1/lsp/fleets/:id`.' })
  fleet(@Arg('id', () => ID, FLEET_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return fleets.getFleet(ctx, id);
  }

  @Query(() => FleetPage, { description: 'The fleets of the calling LSP, a page at a time. REST: `GET /v1/lsp/fleets`.' })
  fleets(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return fleets.listFleets(ctx, args);
  }

  @Mutation(() => Fleet, { description: 'Change the given fields of a fleet; the others keep their value. REST: `PATCH /v1/lsp/fleets/:id`.' })
  updateFleet(@Arg('id', () => ID, FLEET_ID) id: string, @Arg('input', INPUT) input: FacilityUpdateInput, @Ctx() ctx: SubgraphContext) {
    return fleets.updateFleet(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a fleet together with its vehicles and their agent assignments. REST: `DELETE /v1/lsp/fleets/:id`.' })
  deleteFleet(@Arg('id', () => ID, FLEET_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return fleets.deleteFleet(ctx, id);
  }

  @FieldResolver(() => [Vehicle], { description: 'Vehicles of the fleet, by identifier (batched per request; not paginated).' })
  vehicles(@Root() fleet: Fleet, @Ctx() ctx: SubgraphContext) {
    return vehiclesOf(ctx, fleet.id);
  }

  @FieldResolver(() => Int, { description: 'Number of vehicles in the fleet.' })
  vehicleCount(@Root() fleet: Fleet, @Ctx() ctx: SubgraphContext) {
    return vehicleCountOf(ctx, fleet.id);
  }
}

@Resolver(() => Vehicle)
export class VehicleResolver {
  @Mutation(() => Vehicle, { description: 'Add a vehicle to a fleet of the calling LSP; it starts INACTIVE unless told. REST: `POST /v1/lsp/fleets/:id/vehicles/add`.' })
  addVehicle(@Arg('fleetId', () => ID, FLEET_ID) fleetId: string, @Arg('input', INPUT) input: VehicleInput, @Ctx() ctx: SubgraphContext) {
    return fleets.addVehicle(ctx, fleetId, input);
  }

  @Query(() => Vehicle, { description: 'One vehicle of a fleet of the calling LSP, by its identifier. REST: `GET /v1/lsp/fleets/:id/vehicles/:vid`.' })
  vehicle(@Arg('fleetId', () => ID, FLEET_ID) fleetId: string, @Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string, @Ctx() ctx: SubgraphContext) {
    return fleets.getVehicle(ctx, fleetId, vehicleId);
  }

  @Query(() => VehiclePage, { description: 'The vehicles of one fleet of the calling LSP, a page at a time. REST: `GET /v1/lsp/fleets/:id/vehicles`.' })
  vehicles(@Arg('fleetId', () => ID, FLEET_ID) fleetId: string, @Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return fleets.listVehicles(ctx, fleetId, args);
  }

  @Mutation(() => Vehicle, { description: 'Change the type, grade, status or ownership of a vehicle. REST: `PATCH /v1/lsp/fleets/:id/vehicles/:vid`.' })
  updateVehicle(
    @Arg('fleetId', () => ID, FLEET_ID) fleetId: string,
    @Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string,
    @Arg('input', INPUT) input: VehicleUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return fleets.updateVehicle(ctx, fleetId, vehicleId, input);
  }

  @Mutation(() => Vehicle, { description: 'Change the given technical data of a vehicle; the others stay. REST: `PATCH /v1/lsp/fleets/:id/vehicles/:vid/specs`.' })
  updateVehicleSpecs(
    @Arg('fleetId', () => ID, FLEET_ID) fleetId: string,
    @Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string,
    @Arg('input', INPUT) input: VehicleSpecsInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return fleets.updateVehicleSpecs(ctx, fleetId, vehicleId, input);
  }

  @Mutation(() => Vehicle, { description: 'Set the device that reports for a vehicle and its telemetry topic. REST: `PATCH /v1/lsp/fleets/:id/vehicles/:vid/iot`.' })
  updateVehicleIot(
    @Arg('fleetId', () => ID, FLEET_ID) fleetId: string,
    @Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string,
    @Arg('input', INPUT) input: VehicleIotInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return fleets.updateVehicleIot(ctx, fleetId, vehicleId, input);
  }

  @Mutation(() => Vehicle, { description: 'Allocate a vehicle to a coverage area or route of the same LSP. REST: `PUT /v1/lsp/fleets/:id/vehicles/:vid/allocate`.' })
  allocateVehicle(
    @Arg('fleetId', () => ID, FLEET_ID) fleetId: string,
    @Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string,
    @Arg('input', INPUT) input: AllocationInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return fleets.allocateVehicle(ctx, fleetId, vehicleId, input);
  }

  @Mutation(() => Vehicle, { description: 'End the allocation of a vehicle to its coverage area or route. REST: `PATCH /v1/lsp/fleets/:id/vehicles/:vid/deallocate`.' })
  deallocateVehicle(@Arg('fleetId', () => ID, FLEET_ID) fleetId: string, @Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string, @Ctx() ctx: SubgraphContext) {
    return fleets.deallocateVehicle(ctx, fleetId, vehicleId);
  }

  @Mutation(() => Boolean, { description: 'Delete a vehicle of a fleet with its agent assignments. REST: `DELETE /v1/lsp/fleets/:id/vehicles/:vid`.' })
  deleteVehicle(@Arg('fleetId', () => ID, FLEET_ID) fleetId: string, @Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string, @Ctx() ctx: SubgraphContext) {
    return fleets.deleteVehicle(ctx, fleetId, vehicleId);
  }

  @FieldResolver(() => Fleet, { nullable: true, description: 'The fleet the vehicle belongs to (batched per request).' })
  fleet(@Root() vehicle: Vehicle, @Ctx() ctx: SubgraphContext) {
    return recordById(ctx, Fleet, vehicle.fleet.id);
  }
}

@Resolver(() => VehicleAllocation)
export class VehicleAllocationResolver {
  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who allocated the vehicle (resolved by the users subgraph).' })
  user(@Root() allocation: VehicleAllocation): UserReference {
    return userRef(allocation.by);
  }
}

@Resolver(() => ParkingFacility)
export class ParkingResolver {
  @Mutation(() => ParkingFacility, { description: 'Create a parking facility for the vehicles of the calling LSP. REST: `POST /v1/lsp/fleet/parking/facilities`.' })
  createParkingFacility(@Arg('input', INPUT) input: ParkingFacilityInput, @Ctx() ctx: SubgraphContext) {
    return fleets.createParking(ctx, input);
  }

  @Query(() => ParkingFacility, { description: 'One parking facility of the calling LSP, by its identifier. REST: `GET /v1/lsp/fleet/parking/facilities/:id`.' })
  parkingFacility(@Arg('id', () => ID, PARKING_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return fleets.getParking(ctx, id);
  }

  @Query(() => ParkingFacilityPage, { description: 'The parking facilities of the calling LSP, a page at a time. REST: `GET /v1/lsp/fleet/parking/facilities`.' })
  parkingFacilities(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return fleets.listParking(ctx, args);
  }

  @Mutation(() => ParkingFacility, { description: 'Decommission a parking facility: the record stays, status DECOMMISSIONED. REST: `DELETE /v1/lsp/fleet/parking/facilities/:id`.' })
  decommissionParkingFacility(@Arg('id', () => ID, PARKING_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return fleets.decommissionParking(ctx, id);
  }
}

/** Fleets, vehicles and parking facilities as entities other subgraphs reference by id. */
export const fleetReferences = {
  Fleet: referenceResolver(Fleet),
  Vehicle: referenceResolver(Vehicle),
  ParkingFacility: referenceResolver(ParkingFacility),
};
