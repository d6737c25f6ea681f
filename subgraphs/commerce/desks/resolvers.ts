import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { Order } from '../orders/entities.js';
import { DeskAction, OrderMove } from '../orders/enums.js';
import { OrderPage } from '../orders/types.js';
import { AssignedOrdersArgs, CspOrdersArgs, LspOrdersArgs } from './types.js';
import * as desks from './service.js';

const CODE = { description: "The provider's code (`:icode`): that of the caller's provider context." };
const REFERENCE = { description: 'The order reference (`ORD-…`, any letter case).' };

@Resolver(() => Order)
export class DeskResolver {
  @Query(() => OrderPage, { description: "The CSP's orders, newest first, filtered, a page at a time. REST: `GET /v1/rsps/:icode/orders`." })
  cspOrders(@Args() args: CspOrdersArgs, @Ctx() ctx: SubgraphContext) {
    return desks.cspOrders(ctx, args);
  }

  @Query(() => OrderPage, { description: "The LSP's orders, newest first, a page at a time; sandbox orders only when asked for (GraphQL only: the spec names no REST list)." })
  lspOrders(@Args() args: LspOrdersArgs, @Ctx() ctx: SubgraphContext) {
    return desks.lspOrders(ctx, args);
  }

  @Query(() => OrderPage, { description: "The orders assigned to the signed-in agent, newest first, in every workspace they drive for (the agent's app)." })
  assignedOrders(@Args() args: AssignedOrdersArgs, @Ctx() ctx: SubgraphContext) {
    return desks.assignedOrders(ctx, args);
  }

  @Query(() => Order, { description: 'One order the LSP fulfils, by reference. REST: `GET /v1/lsps/:icode/orders/:reference`.' })
  lspOrder(@Arg('providerCode', CODE) providerCode: string, @Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return desks.lspOrderByReference(ctx, providerCode, reference);
  }

  @Mutation(() => Order, { description: "Assign the order to one of the LSP's agents, or unassign it. Honours Idempotency-Key. REST: `POST /v1/lsps/:icode/orders/:reference/:action/:to`." })
  changeOrderAssignment(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('reference', REFERENCE) reference: string,
    @Arg('action', () => DeskAction, { description: 'assign or unassign (`:action`).' }) action: DeskAction,
    @Arg('agentId', () => ID, { description: 'The agent (`:to`): an agent of this LSP.' }) agentId: string,
    @Ctx() ctx: SubgraphContext,
  ) {
    return desks.deskAction(ctx, providerCode, reference, action, agentId);
  }

  @Mutation(() => Order, { description: 'The LSP cancels an order it has not picked up. REST: `GET /v1/lsps/:icode/orders/:reference/cancel` (as the spec fixes it).' })
  cancelLspOrder(@Arg('providerCode', CODE) providerCode: string, @Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return desks.lspCancel(ctx, providerCode, reference);
  }

  @Mutation(() => Order, { description: "The assigned agent's move of an order, from their app with their own user token (no REST path: the spec names none)." })
  moveAssignedOrder(
    @Arg('reference', REFERENCE) reference: string,
    @Arg('to', () => OrderMove, { description: 'The move.' }) to: OrderMove,
    @Arg('reason', () => String, { nullable: true, description: 'Why (required for FAILED), at most 500 characters.' }) reason: string | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return desks.agentMove(ctx, reference, to, reason?.slice(0, 500));
  }
}
