/**
 * Operators and quotes, and the service that binds one (docs/orders.md "Operators and quotes", "Service"). The
 * operators of an intent are the LSPs of its workspace whose ACTIVE coverage serves every stop (domain/coverage.ts,
 * the rule the utilities' zones read too); each gets a quote from its own pricing rules, else from the utilities'
 * delivery fare, over the road distance of the order's legs and the packages' weight.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate, now } from '../../../kernel/clock.js';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { roundMoney, Decimal } from '../../../domain/money.js';
import { servesAll, type Stop } from '../../../domain/coverage.js';
import { intentScope, type IntentScope } from '../common/scope.js';
import { idempotent } from '../common/idempotency.js';
import { catchUp } from '../../../kernel/events.js';
import { loader } from '../../../kernel/loaders.js';
import { applyNetworkEvent, readNetwork, type Network } from '../../../domain/network-copy/sync.js';
import { Order, Waypoint } from '../orders/entities.js';
import type { Xpress } from '../orders/enums.js';
import { legsOf, lockIntent, moveOrder, orderEvent, TRACKING_DAYS } from '../orders/service.js';
import { placeOf } from '../orders/places.js';
import type { ServiceInput, ServiceUpdateInput } from '../orders/types.js';
import type { Quote } from './entities.js';
import { quoteOf, signQuote } from '../common/quote-token.js';
import { fallbackPrice, priceByRules, type RuleLike } from './rules.js';
import { FINAL } from '../orders/rules.js';

/** A stop as pricing reads it. */
export type PricedStop = Pick<Waypoint, 'no' | 'type' | 'coordinates' | 'address' | 'country'>;

/** What the operators and quotes of an order are computed from. */
export interface Priceable {
  stops: PricedStop[];
  km: number;
  kg: number;
}

/**
 * The order's stops (by number) and its packages' weights in one plain statement: pricing reads them and changes
 * nothing, so no entities (docs/performance.md "Commerce operators").
 */
async function priceable(em: EntityManager, workspaceId: string, orderId: string): Promise<Priceable> {
  const rows = await em.execute<{ t: 'p' | 'w'; no: number | null; type: Waypoint['type'] | null; coordinates: unknown; address: string | null; country: string | null; weight: number | null }[]>(
    `select 'w' as t, no, type, coordinates, address, country, null::float8 as weight from commerce.waypoint where workspace_id = ? and order_id = ?
     union all
     select 'p', null, null, null, null, null, weight from commerce.package where workspace_id = ? and order_id = ?
     order by 1 desc, 2`,
    [workspaceId, orderId, workspaceId, orderId],
  );
  const stops: PricedStop[] = [];
  let packages = 0;
  let kg = 0;
  for (const r of rows) {
    if (r.t === 'p') {
      packages++;
      kg += Number(r.weight);
      continue;
    }
    const coordinates = (typeof r.coordinates === 'string' ? JSON.parse(r.coordinates) : r.coordinates) as number[];
    stops.push({ no: r.no!, type: r.type!, coordinates, address: r.address, country: r.country });
  }
  if (!stops.some((w) => w.type === 'pickup') || !stops.some((w) => w.type === 'dropoff')) {
    throw validationError('waypoints', 'add at least one pickup and one dropoff before asking for operators');
  }
  if (!packages) throw validationError('packages', 'add at least one package before asking for operators');
  const km = legsOf(stops).reduce((a, l) => a + l.distanceKm, 0);
  return { stops, km: Math.round(km * 10) / 10, kg: Math.round(kg * 1000) / 1000 };
}

/** The consumer that keeps commerce's copy of the LSP network and of the LSPs' names (subgraph.ts). */
export const NETWORK_CONSUMER = 'commerce.network';
export const NETWORK_TOPICS = ['lsp.coverage', 'lsp.facility', 'lsp.agent', 'workspace.provider'] as const;

/** The workspace's network as commerce reads it: coverage, pricing points and rules, and the LSPs' names. */
const networkOf = (em: EntityManager, workspaceId: string) => readNetwork(em, 'commerce', workspaceId, { names: true });

/**
 * The names of the LSPs `codes` from commerce's copy (`Quote.lsp { name }`, which commerce @provides). A name the copy
 * lacks (an LSP set up a moment ago, whose event the loop has not applied yet) is caught up from the log in this
 * request first. The copy keeps the last name of a deleted LSP, so a quote made before the deletion still names it.
 */
export async function lspNames(em: EntityManager, workspaceId: string, codes: readonly string[], known?: Network): Promise<Map<string, string>> {
  let network = known ?? (await networkOf(em, workspaceId));
  if (codes.some((c) => !network.names.has(c))) {
    await catchUp(em, NETWORK_CONSUMER, ['workspace.provider'], (e, tx) => applyNetworkEvent(tx, 'commerce', e));
    network = await networkOf(em, workspaceId);
  }
  return network.names;
}

/**
 * The name of a quote's LSP where the quote was not just made (`Order.quote`, a quote read back from its id): batched
 * per request, so the names are read once per workspace whatever the number of quotes in the answer.
 */
export function lspNameOf(ctx: SubgraphContext, workspaceId: string, code: string): Promise<string> {
  const names = loader<string, string>(ctx, 'Quote.lspName', async (keys) => {
    const asked = keys.map((k) => k.split('|') as [string, string]);
    const byWorkspace = new Map<string, string[]>();
    for (const [w, c] of asked) byWorkspace.set(w, [...(byWorkspace.get(w) ?? []), c]);
    const found = new Map(await Promise.all([...byWorkspace].map(async ([w, codes]) => [w, await lspNames(ctx.em, w, codes)] as const)));
    return asked.map(([w, c]) => found.get(w)?.get(c));
  });
  return names.load(`${workspaceId}|${code}`).then((name) => name ?? code);
}

/**
 * The LSPs of the workspace that serve every stop at `at`, with their delivery rules and names: commerce's copy of the
 * LSP network (domain/network-copy), held by the process while its version is unchanged.
 */
export async function operatorsServing(em: EntityManager, workspaceId: string, stops: readonly PricedStop[], at: Date): Promise<{ code: string; name: string; rules: RuleLike[] }[]> {
  const network = await networkOf(em, workspaceId);
  const pointOf = (id: string) => network.points.get(id);
  const places: Stop[] = stops.map((w) => ({ place: placeOf(w), pickup: w.type === 'pickup' }));
  const byLsp = new Map<string, Record<string, unknown>[]>();
  for (const c of network.coverage) byLsp.set(c.icode, [...(byLsp.get(c.icode) ?? []), c]);
  const codes = [...byLsp.keys()].filter((code) => servesAll(byLsp.get(code)!, places, at, pointOf)).sort();
  const names = await lspNames(em, workspaceId, codes, network);
  return codes.map((code) => ({ code, name: names.get(code) ?? code, rules: network.rules.get(code) ?? [] }));
}

/**
 * `GET /v1/order/operators`: a quote from every LSP that serves the intent, cheapest first (then by code). Each quote
 * is stored and binds for QUOTE_TTL_SECONDS.
 */
export async function operators(ctx: SubgraphContext, xpress: Xpress = 'standard'): Promise<Quote[]> {
  const s = await intentScope(ctx);
  if (s.order.status !== 'INTENT') throw new AppError('CONFLICT', `status: the order is ${s.order.status}; operators are offered to an INTENT`, 'status');
  const at = nowDate();
  const p = await priceable(s.em, s.order.workspaceId, s.order.id);
  const found = await operatorsServing(s.em, s.order.workspaceId, p.stops, at);
  const expiresAt = new Date(now() + ctx.config.QUOTE_TTL_SECONDS * 1000);
  // the utilities' fare is the same for every LSP without an applicable rule: computed once
  let fallback: ReturnType<typeof fallbackPrice> | undefined;
  const quotes = found.map(({ code, name, rules }) => {
    const priced = priceByRules(rules, p.km, p.kg, xpress, at) ?? (fallback ??= fallbackPrice(p.km, p.kg, xpress, at));
    return signQuote(
      {
        workspaceId: s.order.workspaceId,
        orderId: s.order.id,
        lspCode: code,
        price: { amount: priced.total, currency: priced.currency },
        breakdown: priced.lines,
        source: priced.source,
        distanceKm: p.km,
        weightKg: p.kg,
        xpress,
        orderVersion: s.order.version,
        expiresAt,
        createdAt: at,
      },
      ctx.config.jwtSecret,
      name,
    );
  });
  return quotes.sort((a, b) => a.price.amount - b.price.amount || a.lspCode.localeCompare(b.lspCode));
}

// ───────────────────────────── the service ─────────────────────────────

const quoteInvalid = (message: string, field = 'quoteId') => new AppError('QUOTE_INVALID', `${field}: ${message}`, field);

/**
 * `POST /v1/order/service`: binds a quote and places the order (INTENT → PLACED). The quote must be this intent's
 * (else QUOTE_INVALID), not expired (QUOTE_EXPIRED), made for the stops and packages the order has now and for the
 * speed asked (QUOTE_INVALID); a given `fees.total` must be the quote less the discount plus the tax (QUOTE_INVALID).
 * The chosen LSP sees the order from then on; the token keeps working TRACKING_DAYS for tracking. Idempotency-Key.
 */
export async function submitService(ctx: SubgraphContext, input: ServiceInput): Promise<Order> {
  const s = await intentScope(ctx);
  return idempotent(
    ctx,
    s.em,
    `connector:${s.connector.connectorId}`,
    `submitService:${s.order.id}`,
    input,
    async (tx) => {
      const order = await lockIntent(tx, s);
      if (order.status !== 'INTENT') throw new AppError('CONFLICT', `status: the order is already ${order.status}`, 'status');
      const quote = quoteOf(input.quoteId, ctx.config.jwtSecret);
      if (!quote) throw quoteInvalid('not a quote the platform made, or altered');
      if (quote.orderId !== order.id) throw quoteInvalid('not a quote of this intent');
      if (quote.expiresAt <= nowDate()) throw new AppError('QUOTE_EXPIRED', `quoteId: the quote expired at ${quote.expiresAt.toISOString()}; ask for operators again`, 'quoteId');
      if (quote.orderVersion !== order.version) throw quoteInvalid('the stops or packages changed since the quote; ask for operators again');
      const xpress = input.xpress ?? quote.xpress;
      if (xpress !== quote.xpress) throw quoteInvalid(`the quote is for ${quote.xpress}, not ${xpress}`, 'xpress');
      const currency = quote.price.currency;
      const tax = new Decimal(input.fees?.tax ?? 0);
      const discount = new Decimal(input.fees?.discount ?? 0);
      if (discount.gt(quote.price.amount)) throw new AppError('CONFLICT', `fees.discount: must not exceed the quote (${quote.price.amount} ${currency})`, 'fees.discount');
      const total = roundMoney(new Decimal(quote.price.amount).sub(discount).add(tax), currency).toNumber();
      const shown = input.fees?.total;
      if (shown && (shown.currency !== currency || roundMoney(shown.amount, currency).toNumber() !== total)) {
        throw quoteInvalid(`the total is ${total} ${currency} (the quote ${quote.price.amount}, less the discount, plus the tax)`, 'fees.total');
      }
      if (input.payment.mode === 'cash' && input.payment.paid) throw validationError('payment.paid', 'cash is paid on delivery');
      // a sandbox order's payment is simulated: non-cash payments are marked paid at once
      const paid = input.payment.paid === true || (order.sandbox && input.payment.mode !== 'cash');
      const at = nowDate();
      order.service = {
        quoteId: quote.id,
        fees: { total: { amount: total, currency }, tax: roundMoney(tax, currency).toNumber(), discount: roundMoney(discount, currency).toNumber(), cancellationFee: null },
        payment: { mode: input.payment.mode, paid, paidAt: paid ? at.toISOString() : null, simulated: order.sandbox },
        xpress,
      };
      order.lspCode = quote.lspCode;
      order.placedAt = at;
      order.tokenExpiresAt = new Date(at.getTime() + TRACKING_DAYS * 86_400_000);
      await moveOrder(tx, order, 'PLACED', { type: 'CLIENT', id: s.connector.connectorId });
      if (paid) await paymentCompleted(tx, order);
      return { id: order.id };
    },
    (id) => s.em.fork().findOneOrFail(Order, { id }),
  );
}

export async function paymentCompleted(tx: EntityManager, order: Order): Promise<void> {
  const s = order.service!;
  await orderEvent(tx, order, 'order.payment.completed', { amount: s.fees.total.amount, currency: s.fees.total.currency, mode: s.payment.mode, simulated: s.payment.simulated, at: s.payment.paidAt });
}

/**
 * `PATCH /v1/order/service`: the payment's mode (until pickup), `paid: true` for a non-cash payment (once), the tax
 * and the discount (while PLACED; the total follows). On an intent or a final order: 409.
 */
export async function updateService(ctx: SubgraphContext, input: ServiceUpdateInput): Promise<Order> {
  const s: IntentScope = await intentScope(ctx);
  return s.em.transactional(async (tx) => {
    const order = await lockIntent(tx, s);
    const service = order.service;
    if (!service || FINAL.includes(order.status)) {
      throw new AppError('CONFLICT', `status: the service of an order ${order.status} cannot change${service ? '' : ' (submit it first: POST /v1/order/service)'}`, 'status');
    }
    const payment = { ...service.payment };
    const fees = { ...service.fees };
    const pickedUp = order.status === 'PICKED_UP' || order.status === 'IN_TRANSIT';
    if (input.payment?.mode !== undefined && input.payment.mode !== payment.mode) {
      if (pickedUp) throw new AppError('CONFLICT', 'payment.mode: the order was picked up; the payment mode is fixed', 'payment.mode');
      if (payment.paid) throw new AppError('CONFLICT', 'payment.mode: the order is paid', 'payment.mode');
      payment.mode = input.payment.mode!;
    }
    let newlyPaid = false;
    if (input.payment?.paid !== undefined) {
      if (input.payment.paid === false && payment.paid) throw new AppError('CONFLICT', 'payment.paid: a payment cannot be undone', 'payment.paid');
      if (input.payment.paid && !payment.paid) {
        if (payment.mode === 'cash') throw validationError('payment.paid', 'cash is paid on delivery');
        payment.paid = true;
        payment.paidAt = nowDate().toISOString();
        newlyPaid = true;
      }
    }
    if (input.tax !== undefined || input.discount !== undefined) {
      if (order.status !== 'PLACED') throw new AppError('CONFLICT', `status: tax and discount change only while PLACED (it is ${order.status})`, 'status');
      if (payment.paid) throw new AppError('CONFLICT', 'payment.paid: the order is paid; its fees are fixed', 'payment.paid');
      const quote = quoteOf(service.quoteId)!;
      const currency = fees.total.currency;
      const tax = new Decimal(input.tax ?? fees.tax);
      const discount = new Decimal(input.discount ?? fees.discount);
      if (discount.gt(quote.price.amount)) throw new AppError('CONFLICT', `discount: must not exceed the quote (${quote.price.amount} ${currency})`, 'discount');
      fees.tax = roundMoney(tax, currency).toNumber();
      fees.discount = roundMoney(discount, currency).toNumber();
      fees.total = { amount: roundMoney(new Decimal(quote.price.amount).sub(discount).add(tax), currency).toNumber(), currency };
    }
    order.service = { ...service, payment, fees };
    order.updatedAt = nowDate();
    if (newlyPaid) await paymentCompleted(tx, order);
    return order;
  });
}

export async function getService(ctx: SubgraphContext) {
  const s = await intentScope(ctx);
  if (!s.order.service) throw notFound('Service');
  return s.order;
}
