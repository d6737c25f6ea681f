/**
 * Client orders (spec group 14; docs/orders.md): intents, their stops and packages, the service that places them,
 * cancelling, rating, the route and the stage. Every change runs in one transaction on the tenant-scoped entity
 * manager and appends its platform events (`order.status_changed`, `order.package.updated`,
 * `order.payment.completed`; `sandbox.`-prefixed for sandbox orders) in that same transaction.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { lockOne } from '../../../kernel/db.js';
import { nowDate } from '../../../kernel/clock.js';
import { AppError, collectionFull, notFound, unauthorized, validationError } from '../../../kernel/errors.js';
import { publish } from '../../../kernel/events.js';
import { storedPoint, pageWindow, pagination } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { safeEqualHex, sha256 } from '../../../kernel/tokens.js';
import { roundMoney, Decimal } from '../../../domain/money.js';
import { MODEL_VERSION } from '../../../domain/transport.js';
import { round } from '../../../domain/numbers.js';
import { modeDistance, roadDrivingHours } from '../../../domain/geography.js';
import { LocationAccuracy } from '../../../domain/vocabulary.js';
import { clientScope, intentScope, type ClientScope, type IntentScope } from '../common/scope.js';
import { issueIntentToken } from '../common/intent-token.js';
import { idempotent } from '../common/idempotency.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { Order, type OrderActor, Package, Waypoint } from './entities.js';
import { OrderTrackingLink } from '../tracking/entities.js';
import type { ActorType, OrderStatus, PackageStatus } from './enums.js';
import { CANCELLATION_FEE_SHARE, checkMove, checkStopOrder, CLIENT_LISTS, MAX_PACKAGES, MAX_WAYPOINTS, newOrderReference, newPtc, parsePtc } from './rules.js';
import { checkCountry, countryCode } from './places.js';
import type { ClientOrdersArgs, IntentInput, PackageInput, PackageUpdateInput, RatingInput, WaypointInput, WaypointUpdateInput } from './types.js';

/** How long a placed order's token keeps working for tracking, days after placement. */
export const TRACKING_DAYS = 30;
const HOUR = 3_600_000;

// ───────────────────────────── moves and events ─────────────────────────────

const topicOf = (order: Order, topic: string) => (order.sandbox ? `sandbox.${topic}` : topic);

export async function orderEvent(tx: EntityManager, order: Order, topic: string, payload: object): Promise<void> {
  await publish(tx, topicOf(order, topic), order.id, order.workspaceId, {
    orderId: order.id,
    reference: order.reference,
    cspCode: order.cspCode,
    lspCode: order.lspCode ?? null,
    sandbox: order.sandbox,
    ...payload,
  });
}

const PACKAGE_STATUS: Partial<Record<OrderStatus, PackageStatus>> = {
  PICKED_UP: 'PICKED_UP',
  IN_TRANSIT: 'IN_TRANSIT',
  DELIVERED: 'DELIVERED',
  CANCELLED: 'CANCELLED',
  FAILED: 'FAILED',
};

/**
 * Moves an order (checked against the lifecycle), stamps the move in its history and publishes
 * `order.status_changed`; the packages follow (each an `order.package.updated`), and a cancellation revokes the
 * order's tracking links. Runs inside the caller's transaction.
 */
export async function moveOrder(tx: EntityManager, order: Order, to: OrderStatus, by: OrderActor & { type: ActorType }, reason?: string | null): Promise<void> {
  const from = order.status;
  checkMove(from, to, by.type);
  const at = nowDate();
  order.history = [...order.history, { from, to, at: at.toISOString(), by, reason: reason ?? null }];
  order.status = to;
  order.updatedAt = at;
  await orderEvent(tx, order, 'order.status_changed', { from, to, at: at.toISOString(), by, reason: reason ?? null });
  // a cancelled order's tracking links stop at once, whoever cancels (docs/orders.md "Tracking links")
  if (to === 'CANCELLED') await tx.nativeUpdate(OrderTrackingLink, { orderId: order.id, revokedAt: null }, { revokedAt: at });
  const packageStatus = PACKAGE_STATUS[to];
  if (packageStatus) {
    const packages = await tx.find(Package, { orderId: order.id }, { orderBy: { ptc: 'asc' } });
    for (const p of packages) {
      p.status = packageStatus;
      await orderEvent(tx, order, 'order.package.updated', { ptc: p.ptc, status: p.status, change: 'status' });
    }
  }
}

/** The client as an actor (its connector). */
const clientActor = (s: ClientScope): OrderActor & { type: ActorType } => ({ type: 'CLIENT', id: s.connector.connectorId });

// ───────────────────────────── intents ─────────────────────────────

/** Creates an intent (a draft order) and its token, bound to the caller's origin. Honours Idempotency-Key. */
export async function createIntent(ctx: SubgraphContext, input: IntentInput) {
  const s = clientScope(ctx);
  if (input.clientUserId !== undefined && !isUuid(input.clientUserId)) throw validationError('clientUserId', 'must be a user id (a UUID)');
  return idempotent(
    ctx,
    s.em,
    `connector:${s.connector.connectorId}`,
    'createIntent',
    input,
    async (tx) => {
      const at = nowDate();
      const order = tx.create(Order, {
        reference: newOrderReference(),
        cspCode: s.connector.providerCode,
        connectorId: s.connector.connectorId,
        origin: s.origin,
        sandbox: s.connector.sandbox,
        clientId: input.clientId,
        clientUserId: input.clientUserId?.toLowerCase() ?? null,
        externalRef: input.externalRef ?? null,
        note: input.note ?? null,
        tokenHash: '',
        tokenExpiresAt: new Date(at.getTime() + ctx.config.INTENT_TTL_HOURS * HOUR),
        history: [{ from: null, to: 'INTENT', at: at.toISOString(), by: clientActor(s), reason: null }],
      });
      const token = issueIntentToken(order.id, ctx.config.jwtSecret);
      order.tokenHash = sha256(token);
      await tx.flush();
      await orderEvent(tx, order, 'order.status_changed', { from: null, to: 'INTENT', at: at.toISOString(), by: clientActor(s), reason: null });
      return { id: order.id, secret: token };
    },
    async (id, token) => {
      const intent = await s.em.fork().findOneOrFail(Order, { id });
      return { token: token!, expiresAt: intent.tokenExpiresAt, intent };
    },
  );
}

/** The intent of the caller's token. */
export const getIntent = async (ctx: SubgraphContext) => (await intentScope(ctx)).order;

/**
 * Cancels the intent or the order (docs/orders.md "Cancelling"): free as an intent or PLACED; after assignment the
 * client pays CANCELLATION_FEE_SHARE of the total; from PICKED_UP on it is refused (409). The token is revoked at once.
 */
export async function cancelIntent(ctx: SubgraphContext) {
  const s = await intentScope(ctx);
  return s.em.transactional(async (tx) => {
    const order = await lockIntent(tx, s);
    const assigned = order.status === 'ASSIGNED';
    await moveOrder(tx, order, 'CANCELLED', clientActor(s), 'cancelled by the client');
    let fee: { amount: number; currency: string } | null = null;
    if (assigned && order.service) {
      const total = order.service.fees.total;
      fee = { amount: roundMoney(new Decimal(total.amount).mul(CANCELLATION_FEE_SHARE), total.currency).toNumber(), currency: total.currency };
      order.service = { ...order.service, fees: { ...order.service.fees, cancellationFee: fee.amount } };
    }
    order.tokenRevokedAt = nowDate();
    return { order, free: !fee, fee };
  });
}

/** The order row locked for a change (concurrent changes of one order queue up). */
export const lockOrder = (tx: EntityManager, id: string): Promise<Order> => lockOne(tx, Order, { id }, 'Order');

/**
 * The intent of the caller's token, locked for a change (`lockOrder`), with its token judged again on the locked read
 * (docs/contract.md "Concurrency"): a token a concurrent call revoked (the intent cancelled a moment ago) is 401, as
 * it would be for the next call.
 */
export async function lockIntent(tx: EntityManager, s: IntentScope): Promise<Order> {
  const order = await lockOrder(tx, s.order.id);
  const token = s.ctx.principal.client.intentToken ?? '';
  if (order.tokenRevokedAt || !safeEqualHex(sha256(token), order.tokenHash)) throw unauthorized('Intent token revoked');
  return order;
}

/** Waypoints and packages change only while the order is an intent. */
function draft(order: Order): void {
  if (order.status !== 'INTENT') throw new AppError('CONFLICT', `status: the order is ${order.status}; stops and packages change only while it is an INTENT`, 'status');
}

/** A change of the intent's stops or packages: locked, a draft, version bumped (quotes made before become stale). */
async function changeDraft<T>(s: IntentScope, change: (tx: EntityManager, order: Order) => Promise<T>): Promise<T> {
  return s.em.transactional(async (tx) => {
    const order = await lockIntent(tx, s);
    draft(order);
    const result = await change(tx, order);
    order.version += 1;
    order.updatedAt = nowDate();
    return result;
  });
}

// ───────────────────────────── waypoints ─────────────────────────────

const waypointsOf = (em: EntityManager, orderId: string) => em.find(Waypoint, { orderId }, { orderBy: { no: 'asc' } });

function contactOf(c: WaypointInput['contact'] | null | undefined) {
  return c ? { type: c.type ?? null, reference: c.reference ?? null, phone: c.phone ?? null, email: c.email ?? null } : null;
}

export async function addWaypoints(ctx: SubgraphContext, inputs: WaypointInput[]): Promise<Waypoint[]> {
  const s = await intentScope(ctx);
  if (!inputs.length) throw validationError('waypoints', 'give at least one waypoint');
  return changeDraft(s, async (tx, order) => {
    const existing = await waypointsOf(tx, order.id);
    if (existing.length + inputs.length > MAX_WAYPOINTS) throw collectionFull('waypoints', `an order has at most ${MAX_WAYPOINTS} waypoints (it has ${existing.length})`);
    const added = inputs.map((w, i) => {
      const no = existing.length + i + 1;
      // (a number in range that is not the next one depends on the stops the order has: a conflict, not a bad value)
      if (w.no !== undefined && w.no !== no) throw new AppError('CONFLICT', `${i}.no: must be ${no} (the next number), or left out`, `${i}.no`);
      const coordinates = storedPoint(w.coordinates, `${i}.coordinates`)!;
      const country = w.country ? countryCode(w.country, `${i}.country`) : null;
      checkCountry(coordinates, country, `${i}.coordinates`);
      return tx.create(Waypoint, { orderId: order.id, no, type: w.type, description: w.description ?? null, coordinates, address: w.address ?? null, country, contact: contactOf(w.contact) });
    });
    checkStopOrder([...existing, ...added].map((w) => w.type));
    return added;
  });
}

async function waypointByNo(em: EntityManager, orderId: string, no: number): Promise<Waypoint> {
  const w = Number.isInteger(no) ? await em.findOne(Waypoint, { orderId, no }) : null;
  if (!w) throw notFound('Waypoint');
  return w;
}

export async function updateWaypoint(ctx: SubgraphContext, no: number, input: WaypointUpdateInput): Promise<Waypoint> {
  const s = await intentScope(ctx);
  return changeDraft(s, async (tx, order) => {
    const all = await waypointsOf(tx, order.id);
    const w = all.find((x) => x.no === no);
    if (!w) throw notFound('Waypoint');
    if (input.type !== undefined) w.type = input.type!;
    if (input.description !== undefined) w.description = input.description ?? null;
    if (input.address !== undefined) w.address = input.address ?? null;
    if (input.country !== undefined) w.country = input.country ? countryCode(input.country, 'country') : null;
    if (input.coordinates !== undefined) w.coordinates = storedPoint(input.coordinates, 'coordinates')!;
    if (input.contact !== undefined) w.contact = contactOf(input.contact);
    checkCountry(w.coordinates, w.country, input.coordinates !== undefined ? 'coordinates' : 'country');
    checkStopOrder(all.map((x) => x.type));
    return w;
  });
}

export const getWaypoint = async (ctx: SubgraphContext, no: number) => {
  const s = await intentScope(ctx);
  return waypointByNo(s.em, s.order.id, no);
};

export const listWaypoints = async (ctx: SubgraphContext) => {
  const s = await intentScope(ctx);
  return waypointsOf(s.em, s.order.id);
};

/** Removes a stop and renumbers the later ones; a stop that packages are bound to is 409 (move or remove them first). */
export async function deleteWaypoint(ctx: SubgraphContext, no: number): Promise<boolean> {
  const s = await intentScope(ctx);
  return changeDraft(s, async (tx, order) => {
    const all = await waypointsOf(tx, order.id);
    const w = all.find((x) => x.no === no);
    if (!w) throw notFound('Waypoint');
    if (await tx.count(Package, { orderId: order.id, waypointId: w.id })) {
      throw new AppError('CONFLICT', `waypoint: packages are bound to stop ${no}; move or remove them first`, 'waypoint');
    }
    const rest = all.filter((x) => x !== w);
    checkStopOrder(rest.map((x) => x.type));
    tx.remove(w);
    await tx.flush();
    // renumber in two steps so that the unique (order, no) never sees two stops with one number
    for (const [i, x] of rest.entries()) x.no = 1000 + i + 1;
    await tx.flush();
    for (const [i, x] of rest.entries()) x.no = i + 1;
    return true;
  });
}

// ───────────────────────────── packages ─────────────────────────────

/** Packages with the numbers of the stops they are bound to (read from the stops, so renumbering keeps them). */
function numbered(packages: Package[], stops: Waypoint[]): Package[] {
  const noOf = new Map(stops.map((w) => [w.id, w.no]));
  for (const p of packages) p.waypointNo = noOf.get(p.waypointId);
  return packages;
}

/** The packages of an order with their stop numbers. */
export async function packagesOf(em: EntityManager, orderId: string, where: object = {}): Promise<Package[]> {
  const [packages, stops] = await Promise.all([em.find(Package, { orderId, ...where }, { orderBy: { ptc: 'asc' } }), waypointsOf(em, orderId)]);
  return numbered(packages, stops);
}

/**
 * The stops and the numbered packages of many orders in two statements (`Order.waypoints` and `Order.packages`,
 * batched per request). The orders were authorized where they were read: their parts are read by order id.
 */
export const stopsOfOrders = (em: EntityManager, orderIds: readonly string[]) => em.find(Waypoint, { orderId: { $in: [...orderIds] } }, { orderBy: { no: 'asc' }, filters: false });

export async function packagesOfOrders(em: EntityManager, orderIds: readonly string[]): Promise<Package[]> {
  const [packages, stops] = await Promise.all([em.find(Package, { orderId: { $in: [...orderIds] } }, { orderBy: { ptc: 'asc' }, filters: false }), stopsOfOrders(em, orderIds)]);
  return numbered(packages, stops);
}

/** A package code from a path: malformed 400, a failing check character 400 (a typo), else the stored form. */
export function ptcOf(input: string, field = 'PTC'): string {
  const parsed = parsePtc(input);
  if ('problem' in parsed) {
    throw validationError(field, parsed.problem === 'check' ? 'the check character does not match: a mistyped code?' : 'must be PTC- followed by 11 letters and digits');
  }
  return parsed.ptc;
}

async function packageByPtc(em: EntityManager, orderId: string, ptc: string): Promise<Package> {
  const [p] = await packagesOf(em, orderId, { ptc: ptcOf(ptc) });
  if (!p) throw notFound('Package');
  return p;
}

export async function addPackages(ctx: SubgraphContext, inputs: PackageInput[]): Promise<Package[]> {
  const s = await intentScope(ctx);
  if (!inputs.length) throw validationError('packages', 'give at least one package');
  const added = await changeDraft(s, async (tx, order) => {
    const count = await tx.count(Package, { orderId: order.id });
    if (count + inputs.length > MAX_PACKAGES) throw collectionFull('packages', `an order has at most ${MAX_PACKAGES} packages (it has ${count})`);
    const stops = await waypointsOf(tx, order.id);
    const made = inputs.map((p, i) => {
      const stop = stops.find((w) => w.no === p.waypointNo);
      if (!stop) throw new AppError('CONFLICT', `${i}.waypointNo: stop ${p.waypointNo} does not exist (the order has ${stops.length})`, `${i}.waypointNo`);
      const pkg = tx.create(Package, { orderId: order.id, ptc: newPtc(), waypointId: stop.id, careLevel: p.careLevel ?? 0, category: p.category, weight: p.weight, note: p.note ?? null });
      pkg.waypointNo = stop.no;
      return pkg;
    });
    await tx.flush();
    for (const p of made) await orderEvent(tx, order, 'order.package.updated', { ptc: p.ptc, status: p.status, change: 'added' });
    return made;
  });
  return added;
}

export async function updatePackage(ctx: SubgraphContext, ptc: string, input: PackageUpdateInput): Promise<Package> {
  const s = await intentScope(ctx);
  return changeDraft(s, async (tx, order) => {
    const p = await packageByPtc(tx, order.id, ptc);
    if (input.waypointNo !== undefined) {
      const stop = await tx.findOne(Waypoint, { orderId: order.id, no: input.waypointNo });
      if (!stop) throw new AppError('CONFLICT', `waypointNo: stop ${input.waypointNo} does not exist`, 'waypointNo');
      p.waypointId = stop.id;
      p.waypointNo = stop.no;
    }
    if (input.careLevel !== undefined) p.careLevel = input.careLevel!;
    if (input.category !== undefined) p.category = input.category!;
    if (input.weight !== undefined) p.weight = input.weight!;
    if (input.note !== undefined) p.note = input.note ?? null;
    await orderEvent(tx, order, 'order.package.updated', { ptc: p.ptc, status: p.status, change: 'updated' });
    return p;
  });
}

export const getPackage = async (ctx: SubgraphContext, ptc: string) => {
  const s = await intentScope(ctx);
  return packageByPtc(s.em, s.order.id, ptc);
};

export const listPackages = async (ctx: SubgraphContext) => {
  const s = await intentScope(ctx);
  return packagesOf(s.em, s.order.id);
};

export async function deletePackage(ctx: SubgraphContext, ptc: string): Promise<boolean> {
  const s = await intentScope(ctx);
  return changeDraft(s, async (tx, order) => {
    const p = await packageByPtc(tx, order.id, ptc);
    tx.remove(p);
    await orderEvent(tx, order, 'order.package.updated', { ptc: p.ptc, status: p.status, change: 'removed' });
    return true;
  });
}

// ───────────────────────────── rating, route, stage ─────────────────────────────

/** Rates a DELIVERED order, once (a second rating, or a rating before delivery, is 409). Honours Idempotency-Key. */
export async function rateOrder(ctx: SubgraphContext, input: RatingInput): Promise<Order> {
  const s = await intentScope(ctx);
  return idempotent(
    ctx,
    s.em,
    `connector:${s.connector.connectorId}`,
    `rateOrder:${s.order.id}`,
    input,
    async (tx) => {
      const order = await lockIntent(tx, s);
      if (order.status !== 'DELIVERED') throw new AppError('CONFLICT', `status: only a DELIVERED order can be rated (it is ${order.status})`, 'status');
      if (order.rating) throw new AppError('CONFLICT', 'rating: the order is already rated', 'rating');
      order.rating = { score: input.score, comment: input.comment ?? null, ratedAt: nowDate().toISOString() };
      order.updatedAt = nowDate();
      await orderEvent(tx, order, 'order.rated', { score: input.score });
      return { id: order.id };
    },
    (id) => s.em.fork().findOneOrFail(Order, { id }),
  );
}

/** Road kilometres and driving minutes of the legs between consecutive stops (the utilities' ROAD model). */
export function legsOf(stops: readonly Pick<Waypoint, 'no' | 'coordinates'>[]) {
  return stops.slice(1).map((to, i) => {
    const from = stops[i];
    const d = modeDistance({ lat: from.coordinates[0], lng: from.coordinates[1] }, { lat: to.coordinates[0], lng: to.coordinates[1] }, 'ROAD')!;
    return { fromNo: from.no, toNo: to.no, distanceKm: round(d.km, 1), greatCircleKm: round(d.greatCircleKm, 1), durationMinutes: Math.round(roadDrivingHours(d.km) * 60), method: d.method };
  });
}

export async function orderRoute(ctx: SubgraphContext) {
  const s = await intentScope(ctx);
  const stops = await waypointsOf(s.em, s.order.id);
  const legs = legsOf(stops);
  return {
    reference: s.order.reference,
    stops,
    legs,
    distanceKm: round(
      legs.reduce((a, l) => a + l.distanceKm, 0),
      1,
    ),
    durationMinutes: legs.reduce((a, l) => a + l.durationMinutes, 0),
    // every stop is a point the client gave (exact coordinates): the route's places are as precise as they can be
    metadata: { accuracy: LocationAccuracy.PRECISE, confidence: 1, method: legs[0]?.method ?? 'CIRCUITY', modelVersion: MODEL_VERSION },
  };
}

export const stageOf = (order: Order) => ({ id: order.id, reference: order.reference, stage: order.stage, status: order.status, history: order.history });

export const orderStage = async (ctx: SubgraphContext) => stageOf((await intentScope(ctx)).order);

// ───────────────────────────── client views ─────────────────────────────

/** A client's orders of one `:type`, newest first, within the origin's CSP and mode. */
export async function clientOrders(ctx: SubgraphContext, args: ClientOrdersArgs) {
  const s = clientScope(ctx);
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await s.em.findAndCount(
    Order,
    { cspCode: s.connector.providerCode, sandbox: s.connector.sandbox, clientId: args.clientId, status: { $in: [...CLIENT_LISTS[args.type]] } },
    { orderBy: { createdAt: 'desc', id: 'asc' }, limit, offset },
  );
  return { items, pagination: pagination(page, limit, total) };
}
