/**
 * The order desks (spec group 9; docs/orders.md "Desks"): the CSP lists its orders; the LSP reads one of its
 * orders, assigns or unassigns it to one of its agents and cancels it; the assigned agent moves it from their app.
 * Each party sees only the orders it is party to: another party's order is NOT_FOUND.
 */
import { lockOneOrNull } from '../../../kernel/db.js';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { nowDate } from '../../../kernel/clock.js';
import { pageWindow, pagination } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { agentUser, deskScope, type DeskScope } from '../common/scope.js';
import { idempotent } from '../common/idempotency.js';
import { NetworkAgent } from '../../../domain/network-copy/entities.js';
import { Order } from '../orders/entities.js';
import type { DeskAction, OrderMove } from '../orders/enums.js';
import { lockOrder, moveOrder } from '../orders/service.js';
import { paymentCompleted } from '../quotes/service.js';
import type { AssignedOrdersArgs, CspOrdersArgs, LspOrdersArgs } from './types.js';

/** `GET /v1/rsps/:icode/orders`: the CSP's orders, newest first, filtered; sandbox orders only when asked for. */
export async function cspOrders(ctx: SubgraphContext, args: CspOrdersArgs) {
  const s = deskScope(ctx, 'csp', args.providerCode, 'read');
  const { page, limit, offset } = pageWindow(args);
  const where: Record<string, unknown> = { cspCode: s.principal.providerCode, sandbox: args.sandbox ?? false };
  if (args.status) where.status = args.status;
  if (args.clientId) where.clientId = args.clientId;
  if (args.lspCode) where.lspCode = args.lspCode.toUpperCase();
  const [items, total] = await s.em.findAndCount(Order, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/** The LSP's orders, newest first (GraphQL only: the spec names no REST list); sandbox orders only when asked for. */
export async function lspOrders(ctx: SubgraphContext, args: LspOrdersArgs) {
  const s = deskScope(ctx, 'lsp', args.providerCode, 'read');
  const { page, limit, offset } = pageWindow(args);
  const where: Record<string, unknown> = { lspCode: s.principal.providerCode, sandbox: args.sandbox ?? false };
  if (args.status) where.status = args.status;
  const [items, total] = await s.em.findAndCount(Order, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/** The orders assigned to the caller's agent records, in every workspace, newest first (the agent's app). */
export async function assignedOrders(ctx: SubgraphContext, args: AssignedOrdersArgs) {
  const user = agentUser(ctx);
  const { page, limit, offset } = pageWindow(args);
  const where: Record<string, unknown> = { agentUserId: user.userId };
  if (args.status) where.status = args.status;
  const [items, total] = await ctx.em.findAndCount(Order, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit, offset, filters: false });
  return { items, pagination: pagination(page, limit, total) };
}

/** An order of this LSP by reference (an intent, another LSP's order, another tenant's: NOT_FOUND). */
async function lspOrder(s: DeskScope, reference: string, lock = false): Promise<Order> {
  const ref = reference.trim().toUpperCase();
  const found = /^ORD-[0-9A-Z]{10}$/.test(ref)
    ? await (lock ? lockOneOrNull(s.em, Order, { reference: ref, lspCode: s.principal.providerCode }) : s.em.findOne(Order, { reference: ref, lspCode: s.principal.providerCode }))
    : null;
  if (!found) throw notFound('Order');
  return found;
}

/** `GET /v1/lsps/:icode/orders/:reference`. */
export function lspOrderByReference(ctx: SubgraphContext, providerCode: string, reference: string) {
  return lspOrder(deskScope(ctx, 'lsp', providerCode, 'read'), reference);
}

/**
 * `POST /v1/lsps/:icode/orders/:reference/:action/:to`: `assign` gives the order to the ACTIVE agent `:to` of this LSP
 * (PLACED → ASSIGNED, or ASSIGNED → ASSIGNED to change the agent); `unassign` takes it back from `:to`, the agent it
 * is assigned to (ASSIGNED → PLACED). Honours Idempotency-Key.
 */
export async function deskAction(ctx: SubgraphContext, providerCode: string, reference: string, action: DeskAction, agentId: string): Promise<Order> {
  const s = deskScope(ctx, 'lsp', providerCode, 'write');
  const by = { type: 'LSP' as const, id: s.principal.userId };
  return idempotent(
    ctx,
    s.em,
    `user:${s.principal.userId}`,
    `deskAction:${reference.toUpperCase()}`,
    { action, agentId },
    async (tx) => {
      const order = await lspOrder({ ...s, em: tx }, reference, true);
      const agent = isUuid(agentId) ? await tx.findOne(NetworkAgent, { id: agentId.toLowerCase(), icode: s.principal.providerCode }) : null;
      if (!agent) throw notFound('Agent');
      if (action === 'assign') {
        if (agent.status !== 'ACTIVE') throw new AppError('CONFLICT', `to: the agent is ${agent.status}; only an ACTIVE agent takes orders`, 'to');
        if (order.status === 'ASSIGNED' && order.agentId === agent.id) throw new AppError('CONFLICT', 'to: the order is already assigned to this agent', 'to');
        await moveOrder(tx, order, 'ASSIGNED', by, order.status === 'ASSIGNED' ? `reassigned from agent ${order.agentId}` : null);
        order.agentId = agent.id;
        order.agentUserId = agent.userId;
        order.vehicleId = agent.vehicles[0] ?? null;
      } else {
        if (order.status !== 'ASSIGNED' || order.agentId !== agent.id) throw new AppError('CONFLICT', 'to: the order is not assigned to this agent', 'to');
        await moveOrder(tx, order, 'PLACED', by, 'unassigned');
        order.agentId = null;
        order.agentUserId = null;
        order.vehicleId = null;
      }
      return { id: order.id };
    },
    (id) => s.em.fork().findOneOrFail(Order, { id }),
  );
}

/** `GET /v1/lsps/:icode/orders/:reference/cancel`: the LSP declines or withdraws the order (PLACED or ASSIGNED only). */
export async function lspCancel(ctx: SubgraphContext, providerCode: string, reference: string): Promise<Order> {
  const s = deskScope(ctx, 'lsp', providerCode, 'write');
  return s.em.transactional(async (tx) => {
    const order = await lspOrder({ ...s, em: tx }, reference, true);
    await moveOrder(tx, order, 'CANCELLED', { type: 'LSP', id: s.principal.userId }, 'cancelled by the LSP');
    return order;
  });
}

/**
 * An agent's move of an order assigned to them (GraphQL only: the spec names no REST path). The order is found by
 * reference among the orders assigned to the caller's user, in any workspace; another's order is NOT_FOUND. FAILED
 * needs a reason. A cash order becomes paid when delivered (`order.payment.completed`).
 */
export async function agentMove(ctx: SubgraphContext, reference: string, to: OrderMove, reason?: string | null): Promise<Order> {
  const user = agentUser(ctx);
  const ref = reference.trim().toUpperCase();
  const found = /^ORD-[0-9A-Z]{10}$/.test(ref) ? await ctx.em.findOne(Order, { reference: ref, agentUserId: user.userId }, { filters: false }) : null;
  if (!found) throw notFound('Order');
  if (to === 'FAILED' && !reason?.trim()) throw validationError('reason', 'a failure needs a reason');
  const em = scopeToWorkspace(ctx.em, found.workspaceId);
  return em.transactional(async (tx) => {
    const order = await lockOrder(tx, found.id);
    if (order.agentUserId !== user.userId) throw notFound('Order');
    await moveOrder(tx, order, to, { type: 'AGENT', id: user.userId }, to === 'FAILED' ? reason!.trim() : null);
    if (to === 'DELIVERED' && order.service && !order.service.payment.paid && order.service.payment.mode === 'cash') {
      order.service = { ...order.service, payment: { ...order.service.payment, paid: true, paidAt: nowDate().toISOString() } };
      await paymentCompleted(tx, order);
    }
    return order;
  });
}
