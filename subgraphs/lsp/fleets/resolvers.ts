import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { loader } from '../../../kernel/loaders.js';
import { FacilityInput, FacilityUpdateInput } from '../common/facility.js';
import { lspScope } from '../common/scope.js';
import { Fleet, ParkingFacility, Vehicle } from './entities.js';
import {
  AllocationInput, FleetPage, ParkingFacilityInput, ParkingFacilityPage, VehicleInput, VehicleIotInput, VehiclePage, VehicleSpecsInput, VehicleUpdateInput,
} from './types.js';
import * as fleets from './service.js';

const ID_ARG = { description: 'Fleet identifier.' };
const VID = { description: 'Vehicle identifier.' };
const INPUT = { description: 'The operation\'s input.' };

/** Vehicles of many fleets in one query per request (DataLoader): lists of fleets never query per row. */
function vehiclesOf(ctx: SubgraphContext, fleetId: string): Promise<Vehicle[]> {
  return loader<string, Vehicle[]>(ctx, 'Fleet.vehicles', async (ids) => {
    const rows = await lspScope(ctx, 'read').em.find(Vehicle, { fleet: { $in: [...ids] } }, { orderBy: { id: 'asc' } });
    return ids.map((id) => rows.filter((v) => v.fleet.id === id));
  }).load(fleetId) as Promise<Vehicle[]>;
}

@Resolver(() => Fleet)
export class FleetResolver {
  @Mutation(() => Fleet, { description: 'Create a fleet (`POST /v1/lsp/fleets/create`).' })
  createFleet(@Arg('input', INPUT) input: FacilityInput, @Ctx() ctx: SubgraphContext) {
    return fleets.createFleet(ctx, input);
  }

  @Query(() => Fleet, { description: 'A fleet (`GET /v1/lsp/fleets/:id`).' })
  fleet(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return fleets.getFleet(ctx, id);
  }

  @Query(() => FleetPage, { description: 'The LSP\'s fleets (`GET /v1/lsp/fleets`).' })
  fleets(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return fleets.listFleets(ctx, args);
  }

  @Mutation(() => Fleet, { description: 'Update a fleet (`PATCH /v1/lsp/fleets/:id`).' })
  updateFleet(@Arg('id', () => ID, ID_ARG) id: string, @Arg('input', INPUT) input: FacilityUpdateInput, @Ctx() ctx: SubgraphContext) {
    return fleets.updateFleet(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a fleet with its vehicles (`DELETE /v1/lsp/fleets/:id`).' })
  deleteFleet(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return fleets.deleteFleet(ctx, id);
  }

  @FieldResolver(() => [Vehicle], { description: 'Vehicles of the fleet (batched per request).' })
  vehicles(@Root() fleet: Fleet, @Ctx() ctx: SubgraphContext) {
    return vehiclesOf(ctx, fleet.id);
  }

  @FieldResolver(() => Int, { description: 'Number of vehicles in the fleet.' })
  async vehicleCount(@Root() fleet: Fleet, @Ctx() ctx: SubgraphContext) {
    return (await vehiclesOf(ctx, fleet.id)).length;
  }
}

@Resolver(() => Vehicle)
export class VehicleResolver {
  @Mutation(() => Vehicle, { description: 'Add a vehicle to a fleet (`POST /v1/lsp/fleets/:id/vehicles/add`).' })
  addVehicle(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Arg('input', INPUT) input: VehicleInput, @Ctx() ctx: SubgraphContext) {
    return fleets.addVehicle(ctx, fleetId, input);
  }

  @Query(() => Vehicle, { description: 'A vehicle (`GET /v1/lsp/fleets/:id/vehicles/:vid`).' })
  vehicle(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Arg('vid', () => ID, VID) vid: string, @Ctx() ctx: SubgraphContext) {
    return fleets.getVehicle(ctx, fleetId, vid);
  }

  @Query(() => VehiclePage, { description: 'Vehicles of a fleet (`GET /v1/lsp/fleets/:id/vehicles`).' })
  vehicles(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return fleets.listVehicles(ctx, fleetId, args);
  }

  @Mutation(() => Vehicle, { description: 'Update type, grade, status or ownership (`PATCH /v1/lsp/fleets/:id/vehicles/:vid`).' })
  updateVehicle(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Arg('vid', () => ID, VID) vid: string, @Arg('input', INPUT) input: VehicleUpdateInput, @Ctx() ctx: SubgraphContext) {
    return fleets.updateVehicle(ctx, fleetId, vid, input);
  }

  @Mutation(() => Vehicle, { description: 'Update technical data (`PATCH /v1/lsp/fleets/:id/vehicles/:vid/specs`).' })
  updateVehicleSpecs(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Arg('vid', () => ID, VID) vid: string, @Arg('input', INPUT) input: VehicleSpecsInput, @Ctx() ctx: SubgraphContext) {
    return fleets.updateVehicleSpecs(ctx, fleetId, vid, input);
  }

  @Mutation(() => Vehicle, { description: 'Set the device and topic that report for the vehicle (`PATCH /v1/lsp/fleets/:id/vehicles/:vid/iot`).' })
  updateVehicleIot(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Arg('vid', () => ID, VID) vid: string, @Arg('input', INPUT) input: VehicleIotInput, @Ctx() ctx: SubgraphContext) {
    return fleets.updateVehicleIot(ctx, fleetId, vid, input);
  }

  @Mutation(() => Vehicle, { description: 'Allocate the vehicle to a coverage area or route (`PUT /v1/lsp/fleets/:id/vehicles/:vid/allocate`).' })
  allocateVehicle(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Arg('vid', () => ID, VID) vid: string, @Arg('input', INPUT) input: AllocationInput, @Ctx() ctx: SubgraphContext) {
    return fleets.allocateVehicle(ctx, fleetId, vid, input);
  }

  @Mutation(() => Vehicle, { description: 'End the vehicle\'s allocation (`PATCH /v1/lsp/fleets/:id/vehicles/:vid/deallocate`).' })
  deallocateVehicle(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Arg('vid', () => ID, VID) vid: string, @Ctx() ctx: SubgraphContext) {
    return fleets.deallocateVehicle(ctx, fleetId, vid);
  }

  @Mutation(() => Boolean, { description: 'Delete a vehicle (`DELETE /v1/lsp/fleets/:id/vehicles/:vid`).' })
  deleteVehicle(@Arg('fleetId', () => ID, ID_ARG) fleetId: string, @Arg('vid', () => ID, VID) vid: string, @Ctx() ctx: SubgraphContext) {
    return fleets.deleteVehicle(ctx, fleetId, vid);
  }
}

@Resolver(() => ParkingFacility)
export class ParkingResolver {
  @Mutation(() => ParkingFacility, { description: 'Create a parking facility (`POST /v1/lsp/fleet/parking/facilities`).' })
  createParkingFacility(@Arg('input', INPUT) input: ParkingFacilityInput, @Ctx() ctx: SubgraphContext) {
    return fleets.createParking(ctx, input);
  }

  @Query(() => ParkingFacility, { description: 'A parking facility (`GET /v1/lsp/fleet/parking/facilities/:id`).' })
  parkingFacility(@Arg('id', () => ID, { description: 'Parking facility identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return fleets.getParking(ctx, id);
  }

  @Query(() => ParkingFacilityPage, { description: 'Parking facilities (`GET /v1/lsp/fleet/parking/facilities`).' })
  parkingFacilities(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return fleets.listParking(ctx, args);
  }

  @Mutation(() => ParkingFacility, { description: 'Decommission a parking facility (`DELETE /v1/lsp/fleet/parking/facilities/:id`).' })
  decommissionParkingFacility(@Arg('id', () => ID, { description: 'Parking facility identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return fleets.decommissionParking(ctx, id);
  }
}
