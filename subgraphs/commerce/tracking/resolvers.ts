import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { OrderTrackingLink } from './entities.js';
import { OrderTracking } from './types.js';
import * as tracking from './service.js';

const CODE = {
  nullable: true,
  description: "The CSP's code (`:icode`), for a member at the CSP's desk (header set B): that of the caller's CSP context. Left out by the client's integration (its intent token names the order).",
};
const REFERENCE = { nullable: true, description: "The order reference (`ORD-…`, any letter case), with `providerCode`: one of the CSP's orders." };

/** Tracking links (docs/orders.md "Tracking links", an extension of the spec). */
@Resolver()
export class TrackingResolver {
  @Mutation(() => OrderTrackingLink, {
    description:
      "Make a tracking link for an order that is placed and not final, for its receiver: the token and URL are in this answer only. Honours Idempotency-Key. REST: `POST /v1/order/tracking-links` (intent token), `POST /v1/rsps/:icode/orders/:reference/tracking-links` (the CSP's desk).",
  })
  createOrderTrackingLink(
    @Arg('providerCode', () => String, CODE) providerCode: string | null | undefined,
    @Arg('reference', () => String, REFERENCE) reference: string | null | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return tracking.createLink(ctx, providerCode, reference);
  }

  @Mutation(() => OrderTrackingLink, {
    description:
      "Revoke a tracking link of the order: its page stops working at once; a second revocation is 409. REST: `DELETE /v1/order/tracking-links/:id` (intent token), `DELETE /v1/rsps/:icode/orders/:reference/tracking-links/:id` (the CSP's desk).",
  })
  revokeOrderTrackingLink(
    @Arg('id', () => ID, { description: "The link's identifier." }) id: string,
    @Arg('providerCode', () => String, CODE) providerCode: string | null | undefined,
    @Arg('reference', () => String, { nullable: true, description: "The order reference (`ORD-…`), with `providerCode`: when given, the link must be this order's." })
    reference: string | null | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return tracking.revokeLink(ctx, id, providerCode, reference);
  }

  @Query(() => OrderTracking, {
    nullable: true,
    description:
      'What a tracking link shows the receiver of an order. Needs no credential (the one public field of the family): the token is the capability. Null alike for an unknown, forged, revoked or expired token.',
  })
  orderTracking(@Arg('token', { description: 'The link token (`otl_…`), as the link was given.' }) token: string, @Ctx() ctx: SubgraphContext) {
    return tracking.orderTracking(ctx, token);
  }
}
