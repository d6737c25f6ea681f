import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import { crossBorderFare } from './cross-border.js';
import { CrossBorderFare, CrossBorderFareInput } from './cross-border-types.js';
import * as fares from './service.js';
import { DeliveryFare, DeliveryFareInput, RideFare, RideFareInput, TransportFare, TransportFareInput } from './types.js';

const INPUT = { description: 'What to price (the REST request body).' };

/** The four fares of spec group 15; each is one REST route under /realm/utilities/fares (rest-bridge/routes/utilities.ts). */
@Resolver()
export class FaresResolver {
  @Query(() => DeliveryFare, {
    description:
      'The fare of delivering a parcel between two places at a service level, with its lines and delivery days. Needs a workspace API key with the utilities scope, as every utilities field. REST: `POST /realm/utilities/fares/delivery`.',
  })
  deliveryFare(@Arg('input', () => DeliveryFareInput, INPUT) input: DeliveryFareInput, @Ctx() ctx: SubgraphContext) {
    return fares.deliveryFare(scope(ctx), input);
  }

  @Query(() => TransportFare, {
    description: "The fare of carrying freight between two places by a mode, with its duration and the caller's available vehicles near the origin. REST: `POST /realm/utilities/fares/transport`.",
  })
  transportFare(@Arg('input', () => TransportFareInput, INPUT) input: TransportFareInput, @Ctx() ctx: SubgraphContext) {
    return fares.transportFare(scope(ctx), input);
  }

  @Query(() => RideFare, {
    description: "The fare of a ride, with the surge of the pickup's local time and how soon the caller's nearest available driver can pick up. REST: `POST /realm/utilities/fares/ride`.",
  })
  rideFare(@Arg('input', () => RideFareInput, INPUT) input: RideFareInput, @Ctx() ctx: SubgraphContext) {
    return fares.rideFare(scope(ctx), input);
  }

  @Query(() => CrossBorderFare, {
    description:
      'The landed cost of a shipment crossing a border: carriage, duty, VAT/GST, levies and fees, documents, clearance time and who pays what. REST: `POST /realm/utilities/fares/crossborder`.',
  })
  crossBorderFare(@Arg('input', () => CrossBorderFareInput, INPUT) input: CrossBorderFareInput, @Ctx() ctx: SubgraphContext) {
    return crossBorderFare(scope(ctx), input);
  }
}
