import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import * as nearby from './service.js';
import {
  NearbyBoundsInput, NearbyBoundsResult, NearbySearchInput, NearbySearchResult, NearestInput, NearestResult, VehiclePosition, VehiclePositionBatch,
  VehiclePositionInput,
} from './types.js';

const INPUT = { description: 'The request body.' };

/** The nearby searches of spec group 15 (REST routes under /realm/utilities/nearby) and the live position reports. */
@Resolver()
export class NearbyResolver {
  @Query(() => NearbySearchResult, { description: 'Vehicles of the caller\'s workspace within a radius (`POST /realm/utilities/nearby/search`).' })
  nearbyVehicles(@Arg('input', () => NearbySearchInput, INPUT) input: NearbySearchInput, @Ctx() ctx: SubgraphContext) {
    return nearby.nearbySearch(scope(ctx), input);
  }

  @Query(() => NearbyBoundsResult, { description: 'Vehicles of the caller\'s workspace inside a bounding box (`POST /realm/utilities/nearby/bounds`).' })
  vehiclesInBounds(@Arg('input', () => NearbyBoundsInput, INPUT) input: NearbyBoundsInput, @Ctx() ctx: SubgraphContext) {
    return nearby.nearbyBounds(scope(ctx), input);
  }

  @Query(() => NearestResult, { description: 'The k vehicles of the caller\'s workspace nearest a point (`POST /realm/utilities/nearby/nearest`).' })
  nearestVehicles(@Arg('input', () => NearestInput, INPUT) input: NearestInput, @Ctx() ctx: SubgraphContext) {
    return nearby.nearestVehicles(scope(ctx), input);
  }

  @Query(() => VehiclePosition, { nullable: true, description: 'Last reported position of one vehicle of the caller\'s workspace, or null.' })
  vehiclePosition(@Arg('id', () => ID, { description: 'Vehicle identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return nearby.vehiclePosition(scope(ctx), id);
  }

  @Mutation(() => VehiclePosition, {
    description: 'Report a vehicle\'s live position (fleet tracking, IoT telemetry): a workspace API key with the utilities scope; the position joins that workspace\'s nearby searches.',
  })
  reportVehiclePosition(@Arg('input', () => VehiclePositionInput, { description: 'The report.' }) input: VehiclePositionInput, @Ctx() ctx: SubgraphContext) {
    return nearby.reportVehiclePosition(scope(ctx), input);
  }

  @Mutation(() => VehiclePositionBatch, { description: 'Report up to 500 vehicle positions at once (same rules as reportVehiclePosition).' })
  reportVehiclePositions(@Arg('positions', () => [VehiclePositionInput], { description: 'The reports (one per vehicle).' }) positions: VehiclePositionInput[], @Ctx() ctx: SubgraphContext) {
    return nearby.reportVehiclePositions(scope(ctx), positions);
  }

  @Mutation(() => Boolean, { description: 'Forget a vehicle\'s position (it leaves the nearby searches); false when there was none.' })
  removeVehiclePosition(@Arg('id', () => ID, { description: 'Vehicle identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return nearby.removeVehiclePosition(scope(ctx), id);
  }
}
