import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import * as geo from './service.js';
import { ArrivalEstimate, DistanceInput, EtaInput, RouteDistance, ZoneAssignment, ZoneInput } from './types.js';

const INPUT = { description: 'What to compute (the REST request body).' };

/** Distance, zone and arrival time of spec group 15; each is one REST route under /realm/utilities. */
@Resolver()
export class GeoResolver {
  @Query(() => RouteDistance, { description: 'The distance between two places by a mode of transport, and how it was measured. REST: `POST /realm/utilities/distance`.' })
  routeDistance(@Arg('input', () => DistanceInput, INPUT) input: DistanceInput, @Ctx() ctx: SubgraphContext) {
    return geo.routeDistance(scope(ctx), input);
  }

  @Query(() => ZoneAssignment, { description: 'The zone a location belongs to for a service: city, metropolitan area, region or country. REST: `POST /realm/utilities/zone`.' })
  zoneAssignment(@Arg('input', () => ZoneInput, INPUT) input: ZoneInput, @Ctx() ctx: SubgraphContext) {
    return geo.zoneAssignment(scope(ctx), input);
  }

  @Query(() => ArrivalEstimate, { description: 'When a trip between two places by a mode of transport arrives, from its departure. REST: `POST /realm/utilities/eta`.' })
  arrivalEstimate(@Arg('input', () => EtaInput, INPUT) input: EtaInput, @Ctx() ctx: SubgraphContext) {
    return geo.arrivalEstimate(scope(ctx), input);
  }
}
