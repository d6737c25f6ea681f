/**
 * Pricing estimates of the queries family (docs/queries.md "Pricing"). Pure: the quantities of an order, the estimate
 * of one service from its LSP's rules (the platform's one engine, domain/pricing-rules.ts) and its
 * breakdown, and the order of a comparison.
 */
import { priceRules, type PricingAsk, type PricingBasis, type PricedLine, type RuleLike } from '../../../domain/pricing-rules.js';
import { convert, Decimal, roundMoney } from '../../../domain/money.js';

/**
 * Cubic metres of goods on one pallet: a EUR pallet (EN 13698-1, 1.2 m × 0.8 m) loaded to 1.5 m high,
 * 1.2 × 0.8 × 1.5 = 1.44 m³. Pallets = ceil(cbm ÷ 1.44).
 */
export const PALLET_CBM = 1.44;
/** Bases counted per unit of goods, distance or time: their lines are the base rate (when they name no requirement). */
export const PER_UNIT_BASES: readonly PricingBasis[] = ['PER_KG', 'PER_PALLET', 'PER_CBM', 'PER_KM', 'PER_DAY'];

export interface OrderItem {
  quantity: number;
  /** kg per unit. */
  weight?: number | null;
  /** m³ per unit. */
  volume?: number | null;
}

export interface OrderQuantities {
  /** Σ quantity × weight, kg; undefined when there is no item or an item has no weight. */
  kg: number | undefined;
  /** Σ quantity × volume, m³; undefined when there is no item or an item has no volume. */
  cbm: number | undefined;
  /** ceil(cbm ÷ 1.44); undefined with cbm. */
  pallets: number | undefined;
  /** Road km from the service to the delivery point; undefined when either point is unknown. */
  roadKm: number | undefined;
  /** Days of storage. */
  days: number;
}

/** The quantities of an order (see OrderQuantities). */
export function orderQuantities(items: readonly OrderItem[] | undefined, roadKm: number | undefined, storageDays: number): OrderQuantities {
  const list = items ?? [];
  const total = (per: (i: OrderItem) => number | null | undefined): number | undefined => {
    if (!list.length || list.some((i) => per(i) === undefined || per(i) === null)) return undefined;
    return Math.round(list.reduce((a, i) => a + i.quantity * per(i)!, 0) * 1e9) / 1e9;
  };
  const kg = total((i) => i.weight);
  const cbm = total((i) => i.volume);
  return { kg, cbm, pallets: cbm === undefined ? undefined : Math.ceil(Math.round((cbm / PALLET_CBM) * 1e9) / 1e9), roadKm, days: storageDays };
}

/** The engine's quantities of an order: every basis whose quantity is known (PER_ORDER and FLAT are 1). */
export function basisQuantities(q: OrderQuantities): PricingAsk['quantities'] {
  const out: PricingAsk['quantities'] = { PER_ORDER: 1, FLAT: 1, PER_DAY: q.days };
  if (q.kg !== undefined) out.PER_KG = q.kg;
  if (q.cbm !== undefined) out.PER_CBM = q.cbm;
  if (q.pallets !== undefined) out.PER_PALLET = q.pallets;
  if (q.roadKm !== undefined) out.PER_KM = q.roadKm;
  return out;
}

export interface Breakdown {
  baseRate: number;
  surcharges: number;
  taxes: number;
  fees: number;
}

export interface Estimate {
  totalCost: number;
  currency: string;
  breakdown: Breakdown;
  /** The ids of the rules applied (the name when a rule has no id), in the rules' order. */
  appliedRules: string[];
  lines: PricedLine[];
  /** VAT rate applied, percent; null when the country is unknown. */
  vatRate: number | null;
  notes: string[];
}

/** What an estimate needs besides the rules. */
export interface EstimateAsk {
  quantities: OrderQuantities;
  /** The order's requirements (upper case). */
  requirements: readonly string[];
  /** The service types that select a rule (the registry type, plus any the order names). */
  serviceTypes: readonly string[];
  at: Date;
  /** VAT of the service's country, percent; undefined when unknown (taxes 0, a note says so). */
  vatRate: number | undefined;
  /** Why the VAT is unknown, for the note. */
  vatNote?: string;
}

/**
 * The estimate of a service: its rules priced by the engine, then the breakdown —
 * baseRate = lines of rules without requirements on a per-unit basis (PER_KG, PER_PALLET, PER_CBM, PER_KM, PER_DAY);
 * fees = lines of PER_ORDER and FLAT rules without requirements; surcharges = lines of rules with requirements (all
 * met by the order, else the rule does not apply); taxes = VAT % × (baseRate + surcharges + fees), rounded to the
 * currency's minor unit; totalCost = the sum of the four. Undefined when no rule applies.
 */
export function estimateOf(rules: readonly RuleLike[], ask: EstimateAsk): Estimate | undefined {
  const priced = priceRules(rules, {
    quantities: basisQuantities(ask.quantities),
    weightKg: ask.quantities.kg,
    serviceTypes: ask.serviceTypes,
    requirements: ask.requirements,
    at: ask.at,
  });
  if (!priced) return undefined;
  const c = priced.currency;
  const sumOf = (keep: (l: PricedLine) => boolean) => priced.lines.filter(keep).reduce((a, l) => a.add(l.amount), new Decimal(0));
  const surcharges = sumOf((l) => l.requirements.length > 0);
  const baseRate = sumOf((l) => !l.requirements.length && PER_UNIT_BASES.includes(l.basis));
  const fees = sumOf((l) => !l.requirements.length && !PER_UNIT_BASES.includes(l.basis));
  const taxable = baseRate.add(surcharges).add(fees);
  const taxes = ask.vatRate === undefined ? new Decimal(0) : roundMoney(taxable.mul(ask.vatRate).div(100), c);
  const notes: string[] = [];
  if (ask.vatRate === undefined) notes.push(`taxes 0: ${ask.vatNote ?? "the service's country has no known VAT rate"}`);
  return {
    totalCost: roundMoney(taxable.add(taxes), c).toNumber(),
    currency: c,
    breakdown: { baseRate: baseRate.toNumber(), surcharges: surcharges.toNumber(), taxes: taxes.toNumber(), fees: fees.toNumber() },
    appliedRules: priced.lines.map((l) => l.id ?? l.name),
    lines: priced.lines,
    vatRate: ask.vatRate ?? null,
    notes,
  };
}

/**
 * A comparison's order: cheapest first, every cost converted to the currency of the first one priced (at the
 * utilities' reference rates) before comparing; equal costs keep the order asked.
 */
export function cheapestFirst<T extends { totalCost: number; currency: string }>(priced: readonly T[]): T[] {
  if (!priced.length) return [];
  const to = priced[0].currency;
  const keyed = priced.map((p, i) => ({ p, i, v: convert(p.totalCost, p.currency, to) }));
  return keyed.sort((a, b) => a.v.cmp(b.v) || a.i - b.i).map((k) => k.p);
}
