/**
 * Tracking links (an extension of the spec; docs/orders.md "Tracking links"): the client's integration (its intent
 * token) or the CSP's desk makes a link for a placed order and may revoke it; anyone holding the link's token reads the
 * order's tracking view (`orderTracking`) without a credential. A link works while its order is not final and 7 days
 * after its final move; cancelling the order revokes its links (orders/service.ts `moveOrder`).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { lockOne } from '../../../kernel/db.js';
import { nowDate } from '../../../kernel/clock.js';
import { AppError, collectionFull, notFound, validationError } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import { safeEqualHex, sha256 } from '../../../kernel/tokens.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { deskScope, intentScope, publicScope } from '../common/scope.js';
import { issueTrackingToken, linkOfTrackingToken } from '../common/intent-token.js';
import { idempotent } from '../common/idempotency.js';
import { Order, Package, Waypoint } from '../orders/entities.js';
import { lockIntent, lockOrder } from '../orders/service.js';
import { OrderTrackingLink, type TrackingLinkCreator } from './entities.js';
import { checkLinkable, linkExpiry, MAX_TRACKING_LINKS, nextDropoff, timelineOf } from './rules.js';
import type { OrderTracking } from './types.js';

/** The order a link call is about, and who calls: the intent token's order, or an order of the CSP at its desk. */
interface LinkCaller {
  em: EntityManager;
  order: Order;
  by: TrackingLinkCreator;
  /** The order locked for a change (the intent's token judged again on the locked read). */
  lock: (tx: EntityManager) => Promise<Order>;
}

/**
 * The caller of a link operation: with `providerCode`, a member acting as that CSP (header set B; the roles that may
 * change the desk's orders: a link shows the order to anyone who holds it, so a DEVELOPER's is 403) naming one of its orders by `reference` (another's, or none: NOT_FOUND);
 * without, the client's integration with the order's intent token (origin + `x-intent-token`).
 */
async function linkCaller(ctx: SubgraphContext, providerCode: string | null | undefined, reference: string | null | undefined): Promise<LinkCaller> {
  if (providerCode == null) {
    if (reference != null) throw validationError('reference', 'is given with providerCode only (a client names its order with its intent token)');
    const s = await intentScope(ctx);
    return { em: s.em, order: s.order, by: { type: 'CLIENT', id: s.connector.connectorId }, lock: (tx) => lockIntent(tx, s) };
  }
  const s = deskScope(ctx, 'csp', providerCode, 'write');
  if (reference == null) throw validationError('reference', 'is required: the order, by its reference');
  const ref = reference.trim().toUpperCase();
  const order = /^ORD-[0-9A-Z]{10}$/.test(ref) ? await s.em.findOne(Order, { reference: ref, cspCode: s.principal.providerCode }) : null;
  if (!order) throw notFound('Order');
  return { em: s.em, order, by: { type: 'CSP', id: s.principal.userId }, lock: (tx) => lockOrder(tx, order.id) };
}

/** A link as answered: its order's reference and expiry, and, in the creation's answer only, its token and URL. */
function linkView(ctx: SubgraphContext, link: OrderTrackingLink, order: Order, token?: string): OrderTrackingLink {
  link.reference = order.reference;
  link.expiresAt = linkExpiry(order);
  link.token = token ?? null;
  link.url = token ? `${ctx.config.publicUrl}/track/${token}` : null;
  return link;
}

/**
 * Makes a tracking link for an order that is placed and not final (else 409 `status`), at most MAX_TRACKING_LINKS
 * not revoked per order (else 409 `links`). Its token is in this answer only. Honours Idempotency-Key (a replay shows
 * the same link and token).
 */
export async function createLink(ctx: SubgraphContext, providerCode?: string | null, reference?: string | null): Promise<OrderTrackingLink> {
  const c = await linkCaller(ctx, providerCode, reference);
  return idempotent(
    ctx,
    c.em,
    c.by.type === 'CLIENT' ? `connector:${c.by.id}` : `user:${c.by.id}`,
    `createTrackingLink:${c.order.id}`,
    {},
    async (tx) => {
      const order = await c.lock(tx);
      checkLinkable(order.status);
      const live = await tx.count(OrderTrackingLink, { orderId: order.id, revokedAt: null });
      if (live >= MAX_TRACKING_LINKS) throw collectionFull('links', `an order has at most ${MAX_TRACKING_LINKS} tracking links not revoked (revoke one first)`);
      const link = tx.create(OrderTrackingLink, { orderId: order.id, tokenHash: '', createdBy: c.by, reference: order.reference });
      const token = issueTrackingToken(link.id, ctx.config.jwtSecret);
      link.tokenHash = sha256(token);
      return { id: link.id, secret: token };
    },
    async (id, token) => {
      const em = c.em.fork();
      const link = await em.findOneOrFail(OrderTrackingLink, { id });
      return linkView(ctx, link, await em.findOneOrFail(Order, { id: link.orderId }), token);
    },
  );
}

/**
 * Revokes a link of the caller's order (another order's or another workspace's link: NOT_FOUND; `reference`, when
 * given, must be the link's order). A link revoked already is 409 `status` (a state move, once).
 */
export async function revokeLink(ctx: SubgraphContext, id: string, providerCode?: string | null, reference?: string | null): Promise<OrderTrackingLink> {
  if (providerCode == null && reference != null) throw validationError('reference', 'is given with providerCode only (a client names its order with its intent token)');
  const c = providerCode == null ? await linkCaller(ctx, null, null) : undefined;
  const desk = providerCode != null ? deskScope(ctx, 'csp', providerCode, 'write') : undefined;
  const em = c?.em ?? desk!.em;
  const found = isUuid(id) ? await em.findOne(OrderTrackingLink, c ? { id, orderId: c.order.id } : { id }) : null;
  if (!found) throw notFound('Tracking link');
  const ref = reference?.trim().toUpperCase();
  return em.transactional(async (tx) => {
    const order = c ? await c.lock(tx) : await lockOrder(tx, found.orderId);
    if (desk && (order.cspCode !== desk.principal.providerCode || (ref !== undefined && order.reference !== ref))) throw notFound('Tracking link');
    const link = await lockOne(tx, OrderTrackingLink, { id: found.id }, 'Tracking link');
    if (link.revokedAt) throw new AppError('CONFLICT', 'status: the tracking link is already revoked', 'status');
    link.revokedAt = nowDate();
    return linkView(ctx, link, order);
  });
}

/**
 * What a link's token shows (no credential needed): null alike for a malformed, forged, unknown, revoked or expired
 * token, so the answer tells nothing about why. The vehicle (a stub the utilities family resolves: position and ETA)
 * only while the order is IN_TRANSIT.
 */
export async function orderTracking(ctx: SubgraphContext, token: string): Promise<OrderTracking | null> {
  const s = publicScope(ctx);
  const linkId = linkOfTrackingToken(token, ctx.config.jwtSecret);
  if (!linkId) return null;
  const link = await s.em.findOne(OrderTrackingLink, { id: linkId }, { filters: false });
  if (!link || link.revokedAt || !safeEqualHex(sha256(token), link.tokenHash)) return null;
  const em = scopeToWorkspace(s.em, link.workspaceId);
  const order = await em.findOne(Order, { id: link.orderId });
  if (!order) return null;
  const expiresAt = linkExpiry(order);
  if (expiresAt && expiresAt.getTime() <= nowDate().getTime()) return null;
  const [stops, packages] = await Promise.all([em.find(Waypoint, { orderId: order.id }, { orderBy: { no: 'asc' } }), em.find(Package, { orderId: order.id }, { orderBy: { ptc: 'asc' } })]);
  const to = order.status === 'IN_TRANSIT' && order.vehicleId ? nextDropoff(stops) : undefined;
  return {
    reference: order.reference,
    status: order.status,
    stage: order.stage,
    timeline: timelineOf(order.history),
    packages: packages.map((p) => ({ trackingCode: p.ptc, status: p.status })),
    // where, never who: a stop's contact (name, phone, e-mail) is not the receiver's to see
    stops: stops.map((w) => ({ no: w.no, type: w.type, location: w.coordinates, address: w.address ?? null })),
    vehicle: to ? { workspaceId: order.workspaceId, vehicleId: order.vehicleId!, toLatitude: to.coordinates[0], toLongitude: to.coordinates[1] } : null,
    expiresAt,
    updatedAt: order.updatedAt,
  };
}
