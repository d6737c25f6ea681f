import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { clientScope, scope } from '../common/scope.js';
import { PeripheralSearchInput, PeripheralSearchResult, peripheralSearch } from './peripherals.js';
import * as nearby from './service.js';
import { NearbyBoundsInput, NearbyBoundsResult, NearbySearchInput, NearbySearchResult, NearestInput, NearestResult, VehiclePosition, VehiclePositionBatch, VehiclePositionInput } from './types.js';

const INPUT = { description: 'What to search (the REST request body).' };
const VEHICLE_ID = { description: 'The vehicle, by the identifier its fleet reports it under.' };

/** The nearby searches of spec group 15 (REST routes under /realm/utilities/nearby) and the live position reports. */
@Resolver()
export class NearbyResolver {
  @Query(() => PeripheralSearchResult, {
    description: "Available vehicles around a point, for a CSP's client (origin credential); positions rounded. REST: `POST /v1/client/:id/periferals`.",
  })
  clientPeripherals(
    @Arg('clientId', { description: "The client (`:id`): the CSP's reference for its customer." }) _clientId: string,
    @Arg('input', () => PeripheralSearchInput, INPUT) input: PeripheralSearchInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return peripheralSearch(clientScope(ctx), input);
  }

  @Query(() => NearbySearchResult, { description: "The vehicles of the caller's workspace within a radius of a point, nearest first. REST: `POST /realm/utilities/nearby/search`." })
  nearbyVehicles(@Arg('input', () => NearbySearchInput, INPUT) input: NearbySearchInput, @Ctx() ctx: SubgraphContext) {
    return nearby.nearbySearch(scope(ctx), input);
  }

  @Query(() => NearbyBoundsResult, { description: "The vehicles of the caller's workspace inside a bounding box, nearest its centre first. REST: `POST /realm/utilities/nearby/bounds`." })
  vehiclesInBounds(@Arg('input', () => NearbyBoundsInput, INPUT) input: NearbyBoundsInput, @Ctx() ctx: SubgraphContext) {
    return nearby.nearbyBounds(scope(ctx), input);
  }

  @Query(() => NearestResult, { description: "The k vehicles of the caller's workspace nearest a point, optionally within a distance. REST: `POST /realm/utilities/nearby/nearest`." })
  nearestVehicles(@Arg('input', () => NearestInput, INPUT) input: NearestInput, @Ctx() ctx: SubgraphContext) {
    return nearby.nearestVehicles(scope(ctx), input);
  }

  @Query(() => VehiclePosition, { nullable: true, description: "The last reported position of one vehicle of the caller's workspace, or null when it has none." })
  vehiclePosition(@Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string, @Ctx() ctx: SubgraphContext) {
    return nearby.vehiclePosition(scope(ctx), vehicleId);
  }

  @Mutation(() => VehiclePosition, {
    description:
      "Report a vehicle's live position (fleet tracking, IoT telemetry); it joins the nearby searches of the key's workspace. Answers the stored position: the newer one when the report was older.",
  })
  reportVehiclePosition(@Arg('input', () => VehiclePositionInput, { description: 'The report.' }) input: VehiclePositionInput, @Ctx() ctx: SubgraphContext) {
    return nearby.reportVehiclePosition(scope(ctx), input);
  }

  @Mutation(() => VehiclePositionBatch, { description: 'Report up to 500 vehicle positions at once, one per vehicle, under the same rules as reportVehiclePosition.' })
  reportVehiclePositions(@Arg('positions', () => [VehiclePositionInput], { description: 'The reports, 1 to 500, one per vehicle.' }) positions: VehiclePositionInput[], @Ctx() ctx: SubgraphContext) {
    return nearby.reportVehiclePositions(scope(ctx), positions);
  }

  @Mutation(() => Boolean, { description: "Forget a vehicle's position so that it leaves the nearby searches; false when there was none." })
  removeVehiclePosition(@Arg('vehicleId', () => ID, VEHICLE_ID) vehicleId: string, @Ctx() ctx: SubgraphContext) {
    return nearby.removeVehiclePosition(scope(ctx), vehicleId);
  }
}
