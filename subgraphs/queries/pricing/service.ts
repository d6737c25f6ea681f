import { AppError, validationError } from '../../../kernel/errors.js';
import { nowDate } from '../../../kernel/clock.js';
import type { RuleLike } from '../../../domain/pricing-rules.js';
import { TransportMode } from '../../../domain/transport.js';
import { findCountry, modeDistance } from '../../../domain/geography.js';
import { vatRateOf } from '../../../domain/vat.js';
import { caches, invalidateCached, serviceTag } from '../common/cache.js';
import type { ServiceType } from '../common/enums.js';
import type { QueriesScope } from '../common/scope.js';
import { entryRow } from '../registry/service.js';
import type { EntryRow } from '../registry/store.js';
import { cheapestFirst, estimateOf, orderQuantities, type Estimate } from './rules.js';
import type {
  OrderContextInput,
  PriceComparison,
  PriceComparisonInput,
  PriceComparisonResult,
  PriceEstimateInput,
  PriceEstimateResult,
  PricingCacheInvalidation,
  PricingCacheStats,
  ServicePricing,
  ServicePricingRule,
  UnpricedService,
} from './types.js';

/**
 * Pricing (spec group 17 `/pricing/*`; docs/queries.md "Pricing"). A service's rules are read through the pricing
 * cache (`caches.pricing`, PRICING_CACHE_TTL_SECONDS), with what an estimate needs of the entry beside them.
 */

/** What pricing needs of a registry entry (the value cached per service). */
export interface PricingSource {
  serviceType: ServiceType;
  rules: RuleLike[];
  /** The service's position, `[lat, lng]`, or null. */
  point: [number, number] | null;
  /** Its address's country as the LSP wrote it, or null. */
  country: string | null;
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The pricing source of a registry row. */
export function sourceOf(row: EntryRow): PricingSource {
  const address = parse<Record<string, unknown> | null>(row.address);
  const rules = parse<unknown>(row.pricing);
  return {
    serviceType: row.service_type,
    rules: Array.isArray(rules) ? (rules as RuleLike[]) : [],
    point: row.lat === null || row.lng === null ? null : [Number(row.lat), Number(row.lng)],
    country: typeof address?.country === 'string' && address.country !== '' ? address.country : null,
  };
}

/** The cache key of a service: the workspace, then `<lsp>:<serviceId>` (what the stats list). */
const keyOf = (workspaceId: string, lsp: string, serviceId: string) => `${workspaceId}|${lsp}:${serviceId.toLowerCase()}`;

/** A service's pricing source, through the cache; NOT_FOUND for a service not in the caller's workspace. */
export async function pricingSource(s: QueriesScope, lsp: string, serviceId: string): Promise<PricingSource> {
  const tag = serviceTag(s.workspaceId, lsp, serviceId.toLowerCase());
  const value = await caches.pricing.through(s.em, keyOf(s.workspaceId, lsp, serviceId), [tag, `${tag}:pricing`], async () => sourceOf(await entryRow(s, lsp, serviceId)));
  return value as PricingSource;
}

export async function servicePricing(s: QueriesScope, lsp: string, serviceId: string): Promise<ServicePricing> {
  const src = await pricingSource(s, lsp, serviceId);
  return { pricing: src.rules as unknown as ServicePricingRule[], total: src.rules.length };
}

// ───────────────────────────── VAT ─────────────────────────────

export interface Vat {
  rate: number | undefined;
  note?: string;
}

/** VAT of a country as an LSP wrote it (code or name), from the utilities' rates; unknown → undefined with why. */
export async function vatOf(country: string | null): Promise<Vat> {
  if (!country) return { rate: undefined, note: 'the service has no country in its address' };
  const c = findCountry(country);
  if (!c) return { rate: undefined, note: `the service's country ${country} is not a known country` };
  const vat = await vatRateOf(c.code);
  if (!vat.known) return { rate: undefined, note: `the VAT rate of ${c.code} is unknown` };
  return { rate: vat.rate };
}

/** VAT by country, looked up once per distinct country. */
export async function vatTable(countries: Iterable<string | null>): Promise<Map<string | null, Vat>> {
  const out = new Map<string | null, Vat>();
  for (const c of new Set(countries)) out.set(c, await vatOf(c));
  return out;
}

// ───────────────────────────── estimates ─────────────────────────────

/** Road km between two points (the utilities' ROAD distance: great circle × circuity 1.3); undefined when one is unknown. */
export function roadKm(from: readonly number[] | null | undefined, to: { latitude: number; longitude: number } | null | undefined): number | undefined {
  if (!from || !to) return undefined;
  return modeDistance({ lat: from[0], lng: from[1] }, { lat: to.latitude, lng: to.longitude }, TransportMode.ROAD)?.km;
}

/** What an order asks of every service (requirements upper case, deduplicated). */
export interface OrderAsk {
  items: OrderContextInput['items'];
  requirements: string[];
  serviceTypes: string[];
  deliveryPoint: { latitude: number; longitude: number } | undefined;
  storageDays: number;
  at: Date;
}

export function orderAskOf(ctx: OrderContextInput, at = nowDate()): OrderAsk {
  return {
    items: ctx.items,
    requirements: [...new Set((ctx.requirements ?? []).map((r) => r.toUpperCase()))],
    serviceTypes: (ctx.serviceTypes ?? []).map((t) => t.toUpperCase()),
    deliveryPoint: ctx.deliveryLocation?.coordinates ?? undefined,
    storageDays: ctx.storageDays ?? 1,
    at,
  };
}

/** The estimate of one service for an order; undefined when no rule applies. Pure given the VAT. */
export function estimateFor(src: PricingSource, ask: OrderAsk, vat: Vat): Estimate | undefined {
  return estimateOf(src.rules, {
    quantities: orderQuantities(ask.items, roadKm(src.point, ask.deliveryPoint), ask.storageDays),
    requirements: ask.requirements,
    serviceTypes: [src.serviceType, ...ask.serviceTypes],
    at: ask.at,
    vatRate: vat.rate,
    vatNote: vat.note,
  });
}

const unavailable = (lsp: string, serviceId: string, why: string) => new AppError('PRICING_UNAVAILABLE', `service ${lsp}:${serviceId}: ${why}`, 'serviceId');

/** Prices one service (NOT_FOUND, VALIDATION_ERROR on serviceType, PRICING_UNAVAILABLE). */
async function priceOne(s: QueriesScope, lsp: string, serviceId: string, serviceType: ServiceType, ask: OrderAsk, field: string): Promise<Estimate> {
  const src = await pricingSource(s, lsp, serviceId);
  if (src.serviceType !== serviceType) throw validationError(field, `must be the service's type, ${src.serviceType} (not ${serviceType})`);
  if (!src.rules.length) throw unavailable(lsp, serviceId, 'the service publishes no pricing rules (fleets, terminals and IoTSPs have none)');
  const estimate = estimateFor(src, ask, await vatOf(src.country));
  if (!estimate) {
    throw unavailable(
      lsp,
      serviceId,
      `none of its ${src.rules.length} pricing rules applies to this order (basis without a quantity — PER_KG needs every item's weight, PER_CBM and PER_PALLET every item's volume, PER_KM the delivery coordinates —, validity, weight bounds, service types or requirements)`,
    );
  }
  return estimate;
}

export async function estimateServicePrice(s: QueriesScope, input: PriceEstimateInput): Promise<PriceEstimateResult> {
  const e = await priceOne(s, input.lsp, input.serviceId, input.serviceType, orderAskOf(input.orderContext), 'serviceType');
  return { estimate: e };
}

export async function compareServicePrices(s: QueriesScope, input: PriceComparisonInput): Promise<PriceComparisonResult> {
  const ask = orderAskOf(input.orderContext);
  const priced: PriceComparison[] = [];
  const left: UnpricedService[] = [];
  for (const [i, svc] of input.services.entries()) {
    try {
      const e = await priceOne(s, svc.lsp, svc.serviceId, svc.serviceType, ask, `services.${i}.serviceType`);
      priced.push({ lsp: svc.lsp, serviceId: svc.serviceId, totalCost: e.totalCost, currency: e.currency, breakdown: e.breakdown });
    } catch (err) {
      if (!(err instanceof AppError) || !['PRICING_UNAVAILABLE', 'NOT_FOUND', 'VALIDATION_ERROR'].includes(err.code)) throw err;
      left.push({ lsp: svc.lsp, serviceId: svc.serviceId, code: err.code, message: err.message });
    }
  }
  const comparisons = cheapestFirst(priced);
  const first = comparisons[0];
  return { comparisons, cheapest: first ? { lsp: first.lsp, serviceId: first.serviceId, totalCost: first.totalCost, currency: first.currency } : null, unavailable: left };
}

// ───────────────────────────── the cache ─────────────────────────────

export async function invalidatePricingCache(s: QueriesScope, lsp: string, serviceId: string): Promise<PricingCacheInvalidation> {
  const row = await entryRow(s, lsp, serviceId);
  await invalidateCached(s.em, [`${serviceTag(s.workspaceId, row.lsp, row.service_id)}:pricing`]);
  return { message: `Pricing cache of ${row.lsp}:${row.service_id} invalidated` };
}

/** The workspace's live entries of the pricing cache (one for every replica). */
export async function pricingCacheStats(s: QueriesScope): Promise<PricingCacheStats> {
  const entries = (await caches.pricing.live(s.em, `${s.workspaceId}|`)).map((e) => e.key);
  return { size: entries.length, entries };
}
