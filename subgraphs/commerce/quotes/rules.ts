/**
 * The price of a delivery from an LSP's pricing rules (docs/orders.md "Quotes"). Pure: the caller gives the rules,
 * the order's road distance and weight, the speed and the day. Money is the utilities' (decimal amounts, ECB
 * reference rates, rounding to the currency's minor unit), and the fallback is the utilities' delivery fare itself.
 */
import { convert, Decimal, isQuotable, roundMoney } from '../../utilities/common/money.js';
import { deliveryPrice } from '../../utilities/fares/rules.js';
import { DeliveryPackageType, DeliveryServiceLevel } from '../../utilities/fares/enums.js';
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

export interface RuleLike {
  name?: unknown;
  basis?: unknown;
  rate?: { amount?: unknown; currency?: unknown } | null;
  minimumCharge?: { amount?: unknown; currency?: unknown } | null;
  conditions?: { minWeightKg?: unknown; maxWeightKg?: unknown; serviceTypes?: unknown } | null;
  validFrom?: unknown;
  validUntil?: unknown;
}

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

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** Whether a rule applies to this delivery on the day `at` (ISO dates compared as UTC days). */
export function applies(rule: RuleLike, kg: number, xpress: Xpress, at: Date): boolean {
  if (!DELIVERY_BASES.includes(rule.basis as (typeof DELIVERY_BASES)[number])) return false;
  if (num(rule.rate?.amount) === undefined || typeof rule.rate?.currency !== 'string' || !isQuotable(rule.rate.currency)) return false;
  const day = at.toISOString().slice(0, 10);
  if (typeof rule.validFrom === 'string' && day < rule.validFrom.slice(0, 10)) return false;
  if (typeof rule.validUntil === 'string' && day > rule.validUntil.slice(0, 10)) return false;
  const c = rule.conditions ?? {};
  const min = num(c.minWeightKg);
  const max = num(c.maxWeightKg);
  if (min !== undefined && kg < min) return false;
  if (max !== undefined && kg > max) return false;
  const types = Array.isArray(c.serviceTypes) ? (c.serviceTypes as unknown[]).filter((t): t is string => typeof t === 'string').map((t) => t.toUpperCase()) : [];
  return !types.length || types.includes(DELIVERY_SERVICE_TYPE) || types.includes(xpress.toUpperCase());
}

/**
 * The LSP's price: every applicable rule is one line, `max(rate × quantity, minimumCharge)`, where the quantity is
 * the packages' kilograms (PER_KG), the road kilometres (PER_KM) or 1 (PER_ORDER, FLAT); in the first applicable
 * rule's currency (other currencies converted at the utilities' reference rates). No applicable rule: undefined.
 */
export function priceByRules(rules: RuleLike[], km: number, kg: number, xpress: Xpress, at: Date): Priced | undefined {
  const used = rules.filter((r) => applies(r, kg, xpress, at));
  if (!used.length) return undefined;
  const currency = used[0].rate!.currency as string;
  const lines = used.map((r): Line => {
    const from = r.rate!.currency as string;
    const quantity = r.basis === 'PER_KG' ? kg : r.basis === 'PER_KM' ? km : 1;
    const rate = convert(num(r.rate!.amount)!, from, currency);
    let amount = rate.mul(quantity);
    const minimum = num(r.minimumCharge?.amount);
    if (minimum !== undefined && typeof r.minimumCharge?.currency === 'string' && isQuotable(r.minimumCharge.currency)) {
      amount = Decimal.max(amount, convert(minimum, r.minimumCharge.currency, currency));
    }
    return {
      name: typeof r.name === 'string' ? r.name : String(r.basis),
      basis: r.basis as (typeof DELIVERY_BASES)[number],
      quantity: Math.round(quantity * 1000) / 1000,
      rate: roundMoney(rate, currency).toNumber(),
      amount: roundMoney(amount, currency).toNumber(),
    };
  });
  const total = lines.reduce((a, l) => a.add(l.amount), new Decimal(0));
  return { currency, total: roundMoney(total, currency).toNumber(), lines, source: 'LSP' };
}

/** The utilities' delivery fare for the order (its service level from the speed; a parcel), in `currency`. */
export function fallbackPrice(km: number, kg: number, xpress: Xpress, at: Date, currency = FALLBACK_CURRENCY): Priced {
  const p = deliveryPrice(LEVEL_OF[xpress], DeliveryPackageType.PARCEL, km, kg, at, currency);
  const lines: Line[] = Object.entries(p.lines).map(([name, amount]) => ({ name, basis: null, quantity: null, rate: null, amount: amount.toNumber() }));
  if (p.seasonalAdjustment) lines.push({ name: 'seasonalAdjustment', basis: null, quantity: null, rate: null, amount: p.seasonalAdjustment.toNumber() });
  if (p.handlingFee) lines.push({ name: 'handlingFee', basis: null, quantity: null, rate: null, amount: p.handlingFee.toNumber() });
  return { currency, total: p.total.toNumber(), lines, source: 'FALLBACK' };
}
