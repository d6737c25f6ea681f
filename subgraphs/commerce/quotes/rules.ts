/**
 * The price of a delivery from an LSP's pricing rules (docs/orders.md "Quotes"), by the platform's one pricing engine
 * (domain/pricing-rules.ts). Pure: the caller gives the rules, the order's road distance and weight,
 * the speed and the day. Money is the utilities' (decimal amounts, ECB reference rates, rounding to the currency's
 * minor unit), and the fallback is the utilities' delivery fare itself.
 */
import { priceRules, ruleApplies, type PricingAsk, type RuleLike as SharedRuleLike } from '../../../domain/pricing-rules.js';
import { deliveryPrice, DeliveryPackageType, DeliveryServiceLevel } from '../../../domain/parcel-delivery.js';
import type { Xpress } from '../orders/enums.js';

/** The bases a delivery counts; storage bases (PER_DAY, PER_PALLET, PER_CBM) do not apply to a delivery. */
export const DELIVERY_BASES = ['PER_KG', 'PER_KM', 'PER_ORDER', 'FLAT'] as const;
/** A rule applies to deliveries when it names no service type, or DELIVERY, or the order's speed (EXPRESS …). */
export const DELIVERY_SERVICE_TYPE = 'DELIVERY';
/** The fallback's currency when no rule gives one. */
export const FALLBACK_CURRENCY = 'USD';

export const LEVEL_OF: Record<Xpress, DeliveryServiceLevel> = {
  standard: DeliveryServiceLevel.STANDARD,
  express: DeliveryServiceLevel.EXPRESS,
  next_day: DeliveryServiceLevel.NEXT_DAY,
  same_day: DeliveryServiceLevel.SAME_DAY,
};

/** A stored pricing rule (the shared engine's: domain/pricing-rules.ts). */
export type RuleLike = SharedRuleLike;

export interface Line {
  name: string;
  basis: (typeof DELIVERY_BASES)[number] | null;
  quantity: number | null;
  rate: number | null;
  amount: number;
}

export interface Priced {
  currency: string;
  total: number;
  lines: Line[];
  source: 'LSP' | 'FALLBACK';
}

/**
 * What a delivery asks the shared engine: the delivery bases only (kilograms, road kilometres, 1 for PER_ORDER and
 * FLAT), the service types DELIVERY and the speed (EXPRESS …), and no requirements check (a delivery quote prices
 * every rule whatever its requirements).
 */
function deliveryAsk(km: number, kg: number, xpress: Xpress, at: Date): PricingAsk {
  return { quantities: { PER_KG: kg, PER_KM: km, PER_ORDER: 1, FLAT: 1 }, weightKg: kg, serviceTypes: [DELIVERY_SERVICE_TYPE, xpress.toUpperCase()], at };
}

/** Whether a rule applies to this delivery on the day `at` (ISO dates compared as UTC days). */
export function applies(rule: RuleLike, kg: number, xpress: Xpress, at: Date): boolean {
  return ruleApplies(rule, deliveryAsk(0, kg, xpress, at));
}

/**
 * The LSP's price: every applicable rule is one line, `max(rate × quantity, minimumCharge)`, where the quantity is
 * the packages' kilograms (PER_KG), the road kilometres (PER_KM) or 1 (PER_ORDER, FLAT); in the first applicable
 * rule's currency (other currencies converted at the utilities' reference rates). No applicable rule: undefined.
 */
export function priceByRules(rules: RuleLike[], km: number, kg: number, xpress: Xpress, at: Date): Priced | undefined {
  const priced = priceRules(rules, deliveryAsk(km, kg, xpress, at));
  if (!priced) return undefined;
  const lines = priced.lines.map((l): Line => ({ name: l.name, basis: l.basis as (typeof DELIVERY_BASES)[number], quantity: l.quantity, rate: l.rate, amount: l.amount }));
  return { currency: priced.currency, total: priced.total, lines, source: 'LSP' };
}

/** The utilities' delivery fare for the order (its service level from the speed; a parcel), in `currency`. */
export function fallbackPrice(km: number, kg: number, xpress: Xpress, at: Date, currency = FALLBACK_CURRENCY): Priced {
  const p = deliveryPrice(LEVEL_OF[xpress], DeliveryPackageType.PARCEL, km, kg, at, currency);
  const lines: Line[] = Object.entries(p.lines).map(([name, amount]) => ({ name, basis: null, quantity: null, rate: null, amount: amount.toNumber() }));
  if (p.seasonalAdjustment) lines.push({ name: 'seasonalAdjustment', basis: null, quantity: null, rate: null, amount: p.seasonalAdjustment.toNumber() });
  if (p.handlingFee) lines.push({ name: 'handlingFee', basis: null, quantity: null, rate: null, amount: p.handlingFee.toNumber() });
  return { currency, total: p.total.toNumber(), lines, source: 'FALLBACK' };
}
