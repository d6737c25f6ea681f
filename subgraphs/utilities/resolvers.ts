import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../kernel/subgraph.js';
import {
  ArrivalEstimate, CrossBorderFare, CrossBorderFareInput, DeliveryFare, DeliveryFareInput, DistanceInput, EtaInput, NearbyBoundsInput,
  NearbyBoundsResult, NearbySearchInput, NearbySearchResult, NearestInput, NearestResult, RideFare, RideFareInput, RouteDistance, TransportFare,
  TransportFareInput, VehiclePosition, VehiclePositionBatch, VehiclePositionInput, ZoneAssignment, ZoneInput,
} from './types.js';
import * as utilities from './service.js';

const INPUT = { description: 'The request body.' };

/** Spec group 15: each query is one REST route under /realm/utilities (rest-bridge/routes/utilities.ts). */
@Resolver()
export class UtilitiesResolver {
  @Query(() => DeliveryFare, { description: 'Parcel delivery fare (`POST /realm/utilities/fares/delivery`). Needs a workspace API key with the utilities scope.' })
  deliveryFare(@Arg('input', () => DeliveryFareInput, INPUT) input: DeliveryFareInput, @Ctx() ctx: SubgraphContext) {
    return utilities.deliveryFare(ctx.em, ctx.principal, input);
  }

  @Query(() => TransportFare, { description: 'Freight transport fare (`POST /realm/utilities/fares/transport`).' })
  transportFare(@Arg('input', () => TransportFareInput, INPUT) input: TransportFareInput, @Ctx() ctx: SubgraphContext) {
    return utilities.transportFare(ctx.em, ctx.principal, input);
  }

  @Query(() => RideFare, { description: 'Ride fare with surge in the pickup\'s local time (`POST /realm/utilities/fares/ride`).' })
  rideFare(@Arg('input', () => RideFareInput, INPUT) input: RideFareInput, @Ctx() ctx: SubgraphContext) {
    return utilities.rideFare(ctx.em, ctx.principal, input);
  }

  @Query(() => CrossBorderFare, { description: 'Cross-border landed cost: duties, VAT/GST, fees, documents (`POST /realm/utilities/fares/crossborder`).' })
  crossBorderFare(@Arg('input', () => CrossBorderFareInput, INPUT) input: CrossBorderFareInput, @Ctx() ctx: SubgraphContext) {
    return utilities.crossBorderFare(ctx.em, ctx.principal, input);
  }

  @Query(() => RouteDistance, { description: 'Distance between two places by a mode (`POST /realm/utilities/distance`).' })
  routeDistance(@Arg('input', () => DistanceInput, INPUT) input: DistanceInput, @Ctx() ctx: SubgraphContext) {
    return utilities.routeDistance(ctx.em, ctx.principal, input);
  }

  @Query(() => ZoneAssignment, { description: 'Zone of a location (`POST /realm/utilities/zone`).' })
  assignZone(@Arg('input', () => ZoneInput, INPUT) input: ZoneInput, @Ctx() ctx: SubgraphContext) {
    return utilities.assignZone(ctx.em, ctx.principal, input);
  }

  @Query(() => NearbySearchResult, { description: 'Vehicles of the caller\'s workspace within a radius (`POST /realm/utilities/nearby/search`).' })
  nearbyVehicles(@Arg('input', () => NearbySearchInput, INPUT) input: NearbySearchInput, @Ctx() ctx: SubgraphContext) {
    return utilities.nearbySearch(ctx.em, ctx.principal, input);
  }

  @Query(() => NearbyBoundsResult, { description: 'Vehicles of the caller\'s workspace inside a bounding box (`POST /realm/utilities/nearby/bounds`).' })
  vehiclesInBounds(@Arg('input', () => NearbyBoundsInput, INPUT) input: NearbyBoundsInput, @Ctx() ctx: SubgraphContext) {
    return utilities.nearbyBounds(ctx.em, ctx.principal, input);
  }

  @Query(() => NearestResult, { description: 'The k vehicles of the caller\'s workspace nearest a point (`POST /realm/utilities/nearby/nearest`).' })
  nearestVehicles(@Arg('input', () => NearestInput, INPUT) input: NearestInput, @Ctx() ctx: SubgraphContext) {
    return utilities.nearestVehicles(ctx.em, ctx.principal, input);
  }

  @Query(() => ArrivalEstimate, { description: 'Arrival time by a mode (`POST /realm/utilities/eta`).' })
  arrivalEstimate(@Arg('input', () => EtaInput, INPUT) input: EtaInput, @Ctx() ctx: SubgraphContext) {
    return utilities.arrivalEstimate(ctx.em, ctx.principal, input);
  }

  @Query(() => VehiclePosition, { nullable: true, description: 'Last reported position of one vehicle of the caller\'s workspace, or null.' })
  vehiclePosition(@Arg('id', () => ID, { description: 'Vehicle identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return utilities.vehiclePosition(ctx.em, ctx.principal, id);
  }

  @Mutation(() => VehiclePosition, {
    description: 'Report a vehicle\'s live position (fleet tracking, IoT telemetry): a workspace API key with the utilities scope; the position joins that workspace\'s nearby searches.',
  })
  reportVehiclePosition(@Arg('input', () => VehiclePositionInput, { description: 'The report.' }) input: VehiclePositionInput, @Ctx() ctx: SubgraphContext) {
    return utilities.reportVehiclePosition(ctx.em, ctx.principal, input);
  }

  @Mutation(() => VehiclePositionBatch, { description: 'Report up to 500 vehicle positions at once (same rules as reportVehiclePosition).' })
  reportVehiclePositions(@Arg('positions', () => [VehiclePositionInput], { description: 'The reports (one per vehicle).' }) positions: VehiclePositionInput[], @Ctx() ctx: SubgraphContext) {
    return utilities.reportVehiclePositions(ctx.em, ctx.principal, positions);
  }

  @Mutation(() => Boolean, { description: 'Forget a vehicle\'s position (it leaves the nearby searches); false when there was none.' })
  removeVehiclePosition(@Arg('id', () => ID, { description: 'Vehicle identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return utilities.removeVehiclePosition(ctx.em, ctx.principal, id);
  }
}
