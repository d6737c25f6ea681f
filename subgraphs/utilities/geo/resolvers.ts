import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import * as geo from './service.js';
import { ArrivalEstimate, DistanceInput, EtaInput, RouteDistance, ZoneAssignment, ZoneInput } from './types.js';

const INPUT = { description: 'The request body.' };

/** Distance, zone and ETA of spec group 15, each one REST route under /realm/utilities (rest-bridge/routes/utilities.ts). */
@Resolver()
export class GeoResolver {
  @Query(() => RouteDistance, { description: 'Distance between two places by a mode (`POST /realm/utilities/distance`).' })
  routeDistance(@Arg('input', () => DistanceInput, INPUT) input: DistanceInput, @Ctx() ctx: SubgraphContext) {
    return geo.routeDistance(scope(ctx), input);
  }

  @Query(() => ZoneAssignment, { description: 'Zone of a location (`POST /realm/utilities/zone`).' })
  assignZone(@Arg('input', () => ZoneInput, INPUT) input: ZoneInput, @Ctx() ctx: SubgraphContext) {
    return geo.assignZone(scope(ctx), input);
  }

  @Query(() => ArrivalEstimate, { description: 'Arrival time by a mode (`POST /realm/utilities/eta`).' })
  arrivalEstimate(@Arg('input', () => EtaInput, INPUT) input: EtaInput, @Ctx() ctx: SubgraphContext) {
    return geo.arrivalEstimate(scope(ctx), input);
  }
}
