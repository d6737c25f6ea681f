import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import { crossBorderFare } from './cross-border.js';
import { CrossBorderFare, CrossBorderFareInput } from './cross-border-types.js';
import * as fares from './service.js';
import { DeliveryFare, DeliveryFareInput, RideFare, RideFareInput, TransportFare, TransportFareInput } from './types.js';

const INPUT = { description: 'The request body.' };

/** The four fares of spec group 15, each one REST route under /realm/utilities/fares (rest-bridge/routes/utilities.ts). */
@Resolver()
export class FaresResolver {
  @Query(() => DeliveryFare, { description: 'Parcel delivery fare (`POST /realm/utilities/fares/delivery`). Needs a workspace API key with the utilities scope.' })
  deliveryFare(@Arg('input', () => DeliveryFareInput, INPUT) input: DeliveryFareInput, @Ctx() ctx: SubgraphContext) {
    return fares.deliveryFare(scope(ctx), input);
  }

  @Query(() => TransportFare, { description: 'Freight transport fare (`POST /realm/utilities/fares/transport`).' })
  transportFare(@Arg('input', () => TransportFareInput, INPUT) input: TransportFareInput, @Ctx() ctx: SubgraphContext) {
    return fares.transportFare(scope(ctx), input);
  }

  @Query(() => RideFare, { description: 'Ride fare with surge in the pickup\'s local time (`POST /realm/utilities/fares/ride`).' })
  rideFare(@Arg('input', () => RideFareInput, INPUT) input: RideFareInput, @Ctx() ctx: SubgraphContext) {
    return fares.rideFare(scope(ctx), input);
  }

  @Query(() => CrossBorderFare, { description: 'Cross-border landed cost: duties, VAT/GST, fees, documents (`POST /realm/utilities/fares/crossborder`).' })
  crossBorderFare(@Arg('input', () => CrossBorderFareInput, INPUT) input: CrossBorderFareInput, @Ctx() ctx: SubgraphContext) {
    return crossBorderFare(scope(ctx), input);
  }
}
