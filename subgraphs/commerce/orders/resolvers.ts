import { Arg, Args, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { loader } from '../../../kernel/loaders.js';
import { Order, Package, Waypoint } from './entities.js';
import {
  ClientOrdersArgs,
  IntentCreated,
  IntentInput,
  OrderCancelled,
  OrderPage,
  OrderRoute,
  OrderStageView,
  PackageInput,
  PackageUpdateInput,
  RatingInput,
  WaypointInput,
  WaypointUpdateInput,
} from './types.js';
import * as orders from './service.js';
import { trackingCodeOf } from './rules.js';

const NO = { description: 'Number (`no`) of the stop.' };
const TRACKING_CODE = {
  nullable: true,
  description: 'The package tracking code (`PTC-…`, any letter case; a failing check character is a 400). Required: this or the deprecated `ptc`.',
};
const PTC = {
  nullable: true,
  description: 'The package tracking code under its abbreviation.',
  deprecationReason: 'Use `trackingCode` (docs/graph-conventions.md "Names": no abbreviations).',
};

/**
 * The client's side of an order (spec group 14). Every field but `createOrderIntent` and `clientOrders` takes the
 * intent token (`x-intent-token`) from the same origin (docs/orders.md "Who calls").
 */
@Resolver(() => Order)
export class OrderResolver {
  @Mutation(() => IntentCreated, { description: 'Start an order: a draft intent for a client, and its token. Honours Idempotency-Key. REST: `POST /v1/order/intent`.' })
  createOrderIntent(@Arg('input', { description: 'The client the intent is for.' }) input: IntentInput, @Ctx() ctx: SubgraphContext) {
    return orders.createIntent(ctx, input);
  }

  @Query(() => Order, { description: "The intent (or order) of the caller's intent token." })
  orderIntent(@Ctx() ctx: SubgraphContext) {
    return orders.getIntent(ctx);
  }

  @Mutation(() => OrderCancelled, {
    description: 'Cancel the intent or the order: free before assignment, a fee after, refused after pickup; the token stops working. REST: `DELETE /v1/order/intent/cancel`.',
  })
  cancelOrderIntent(@Ctx() ctx: SubgraphContext) {
    return orders.cancelIntent(ctx);
  }

  @Mutation(() => [Waypoint], { description: 'Add stops to the intent, numbered after the existing ones; a dropoff needs an earlier pickup. REST: `PUT /v1/order/waypoints/add`.' })
  addOrderWaypoints(@Arg('waypoints', () => [WaypointInput], { description: 'The stops, in visiting order.' }) waypoints: WaypointInput[], @Ctx() ctx: SubgraphContext) {
    return orders.addWaypoints(ctx, waypoints);
  }

  @Mutation(() => Waypoint, { description: 'Change a stop of the intent. REST: `PATCH /v1/order/waypoints/:no`.' })
  updateOrderWaypoint(@Arg('no', () => Int, NO) no: number, @Arg('input', { description: 'The changes.' }) input: WaypointUpdateInput, @Ctx() ctx: SubgraphContext) {
    return orders.updateWaypoint(ctx, no, input);
  }

  @Query(() => Waypoint, { description: 'One stop of the intent, by its number (`no`). REST: `GET /v1/order/waypoints/:no`.' })
  orderWaypoint(@Arg('no', () => Int, NO) no: number, @Ctx() ctx: SubgraphContext) {
    return orders.getWaypoint(ctx, no);
  }

  @Query(() => [Waypoint], { description: 'The stops of the intent, by number (at most 25). REST: `GET /v1/order/waypoints`.' })
  orderWaypoints(@Ctx() ctx: SubgraphContext) {
    return orders.listWaypoints(ctx);
  }

  @Mutation(() => Boolean, { description: 'Remove a stop of the intent; later stops are renumbered. REST: `DELETE /v1/order/waypoints/:no`.' })
  deleteOrderWaypoint(@Arg('no', () => Int, NO) no: number, @Ctx() ctx: SubgraphContext) {
    return orders.deleteWaypoint(ctx, no);
  }

  @Mutation(() => [Package], { description: 'Add packages to the intent, each bound to a stop; each gets its tracking code. REST: `PUT /v1/order/packages/add`.' })
  addOrderPackages(@Arg('packages', () => [PackageInput], { description: 'The packages.' }) packages: PackageInput[], @Ctx() ctx: SubgraphContext) {
    return orders.addPackages(ctx, packages);
  }

  @Mutation(() => Package, { description: 'Change a package of the intent. REST: `PATCH /v1/order/packages/:PTC`.' })
  updateOrderPackage(
    @Arg('trackingCode', () => String, TRACKING_CODE) trackingCode: string | null | undefined,
    @Arg('ptc', () => String, PTC) ptc: string | null | undefined,
    @Arg('input', { description: 'The changes.' }) input: PackageUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return orders.updatePackage(ctx, trackingCodeOf(trackingCode, ptc), input);
  }

  @Query(() => Package, { description: 'One package of the intent or order. REST: `GET /v1/order/packages/:PTC`.' })
  orderPackage(@Arg('trackingCode', () => String, TRACKING_CODE) trackingCode: string | null | undefined, @Arg('ptc', () => String, PTC) ptc: string | null | undefined, @Ctx() ctx: SubgraphContext) {
    return orders.getPackage(ctx, trackingCodeOf(trackingCode, ptc));
  }

  @Query(() => [Package], { description: 'The packages of the intent or order (at most 100). REST: `GET /v1/order/packages`.' })
  orderPackages(@Ctx() ctx: SubgraphContext) {
    return orders.listPackages(ctx);
  }

  @Mutation(() => Boolean, { description: 'Remove a package of the intent. REST: `DELETE /v1/order/packages/:PTC`.' })
  deleteOrderPackage(
    @Arg('trackingCode', () => String, TRACKING_CODE) trackingCode: string | null | undefined,
    @Arg('ptc', () => String, PTC) ptc: string | null | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return orders.deletePackage(ctx, trackingCodeOf(trackingCode, ptc));
  }

  @Mutation(() => Order, { description: 'Rate a delivered order, once. Honours Idempotency-Key. REST: `POST /v1/order/service/rating`.' })
  rateOrder(@Arg('input', { description: 'The rating.' }) input: RatingInput, @Ctx() ctx: SubgraphContext) {
    return orders.rateOrder(ctx, input);
  }

  @Query(() => OrderRoute, { description: 'The ordered stops with the legs between them. REST: `GET /v1/order/route`.' })
  orderRoute(@Ctx() ctx: SubgraphContext) {
    return orders.orderRoute(ctx);
  }

  @Query(() => OrderStageView, { description: 'The current stage and status, with the stamped history. REST: `GET /v1/order/stage`.' })
  orderStage(@Ctx() ctx: SubgraphContext) {
    return orders.orderStage(ctx);
  }

  @Query(() => OrderPage, { description: "A client's orders of one kind, newest first, a page at a time. REST: `GET /v1/client/:id/orders/:type`." })
  clientOrders(@Args() args: ClientOrdersArgs, @Ctx() ctx: SubgraphContext) {
    return orders.clientOrders(ctx, args);
  }

  @FieldResolver(() => [Waypoint], { description: 'The stops, by number (batched per request).' })
  waypoints(@Root() order: Order, @Ctx() ctx: SubgraphContext) {
    return loader<string, Waypoint[]>(ctx, 'Order.waypoints', async (ids) => {
      const rows = await orders.stopsOfOrders(ctx.em, ids);
      return ids.map((id) => rows.filter((w) => w.orderId === id));
    })
      .load(order.id)
      .then((r) => r ?? []);
  }

  @FieldResolver(() => [Package], { description: 'The packages, by tracking code (batched per request).' })
  packages(@Root() order: Order, @Ctx() ctx: SubgraphContext) {
    return loader<string, Package[]>(ctx, 'Order.packages', async (ids) => {
      const rows = await orders.packagesOfOrders(ctx.em, ids);
      return ids.map((id) => rows.filter((p) => p.orderId === id));
    })
      .load(order.id)
      .then((r) => r ?? []);
  }
}
