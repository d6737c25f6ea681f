/**
 * The one engine that prices an order from an LSP's pricing rules (docs/lsp.md "Pricing rules"): commerce's delivery
 * quotes (subgraphs/commerce/quotes/rules.ts) and the queries family's estimates and matching
 * (subgraphs/queries/pricing/) both call it. Pure: the caller gives the rules and what it knows of the order.
 *
 * A rule applies when
 * - its basis has a known quantity (the caller gives one per basis it can count: `{PER_KG: kg, PER_KM: km, PER_ORDER: 1,
 *   FLAT: 1, …}`; a basis left out does not apply),
 * - its rate is a number in a quotable currency (an ISO 4217 code with a reference rate),
 * - the day is within validFrom … validUntil (ISO dates compared as UTC days, both ends included),
 * - the order's weight is within minWeightKg … maxWeightKg (a rule with a bound does not apply when the weight is unknown),
 * - its `conditions.serviceTypes`, if any, include one of the service types asked, and
 * - its `conditions.requirements`, if any, are all among the order's requirements (not checked when the caller gives
 *   no requirements list: commerce's quotes).
 *
 * Each applicable rule is one line, `max(rate × quantity, minimumCharge)`, in the first applicable rule's currency
 * (other currencies converted at the utilities' reference rates, then rounded to the currency's minor unit); the total
 * is the sum of the rounded lines.
 */
import { closedList, valuesOf } from '../kernel/graphql-types.js';
import { convert, Decimal, isQuotable, roundMoney } from './money.js';
import { round } from './numbers.js';

export const PricingBasis = closedList('PricingBasis', 'What a pricing rule counts: its rate is the price of one unit of it.', {
  PER_KG: 'Per kilogram of goods.',
  PER_PALLET: 'Per pallet.',
  PER_CBM: 'Per cubic metre of goods.',
  PER_ORDER: 'Per order.',
  PER_KM: 'Per kilometre travelled.',
  PER_DAY: 'Per day of storage.',
  FLAT: 'One price whatever the quantity.',
});
export type PricingBasis = keyof typeof PricingBasis;

/** Every basis a rule may have (PricingBasis's values). */
export const PRICING_BASES = valuesOf(PricingBasis);

/** A stored pricing rule as JSON gives it (every field checked before use). */
export interface RuleLike {
  id?: unknown;
  name?: unknown;
  basis?: unknown;
  rate?: { amount?: unknown; currency?: unknown } | null;
  minimumCharge?: { amount?: unknown; currency?: unknown } | null;
  conditions?: { minWeightKg?: unknown; maxWeightKg?: unknown; serviceTypes?: unknown; requirements?: unknown } | null;
  validFrom?: unknown;
  validUntil?: unknown;
}

/** What the caller knows of the order. */
export interface PricingAsk {
  /** The quantity of each basis the caller can count; a basis without one does not apply. */
  quantities: Partial<Record<PricingBasis, number>>;
  /** The goods' weight for the rules' weight bounds, kg; undefined when unknown (then a rule with a bound does not apply). */
  weightKg: number | undefined;
  /** The service types that select a rule naming service types (upper case). */
  serviceTypes: readonly string[];
  /** The order's requirements (upper case); undefined: rules' requirements are not checked. */
  requirements?: readonly string[];
  /** The day priced. */
  at: Date;
}

export interface PricedLine {
  /** The rule's id, when it has one. */
  id: string | null;
  name: string;
  basis: PricingBasis;
  /** The quantity counted, 3 decimals. */
  quantity: number;
  /** The rate in the price's currency, rounded to its minor unit. */
  rate: number;
  /** max(rate × quantity, minimumCharge), rounded to the currency's minor unit. */
  amount: number;
  /** The rule's requirements (upper case; empty when it has none). */
  requirements: string[];
}

export interface RulesPrice {
  currency: string;
  /** Sum of the rounded lines. */
  total: number;
  lines: PricedLine[];
}

export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;

const upperStrings = (v: unknown): string[] => (Array.isArray(v) ? (v as unknown[]).filter((t): t is string => typeof t === 'string').map((t) => t.toUpperCase()) : []);

/** The rule's requirements, upper case (empty when none). */
export const ruleRequirements = (rule: RuleLike): string[] => upperStrings(rule.conditions?.requirements);

/** Whether `rule` applies to the order described by `ask`. */
export function ruleApplies(rule: RuleLike, ask: PricingAsk): boolean {
  return appliesOn(rule, ask, ask.at.toISOString().slice(0, 10), ask.requirements ? new Set(ask.requirements.map((r) => r.toUpperCase())) : undefined);
}

/** ruleApplies with the day (`YYYY-MM-DD`) and the requirements (upper case) computed once for every rule. */
function appliesOn(rule: RuleLike, ask: PricingAsk, day: string, have: ReadonlySet<string> | undefined): boolean {
  if (!PRICING_BASES.includes(rule.basis as PricingBasis) || ask.quantities[rule.basis as PricingBasis] === undefined) return false;
  if (num(rule.rate?.amount) === undefined || typeof rule.rate?.currency !== 'string' || !isQuotable(rule.rate.currency)) return false;
  if (typeof rule.validFrom === 'string' && day < rule.validFrom.slice(0, 10)) return false;
  if (typeof rule.validUntil === 'string' && day > rule.validUntil.slice(0, 10)) return false;
  const c = rule.conditions;
  if (!c) return true;
  const min = num(c.minWeightKg);
  const max = num(c.maxWeightKg);
  if ((min !== undefined || max !== undefined) && ask.weightKg === undefined) return false;
  if (min !== undefined && ask.weightKg! < min) return false;
  if (max !== undefined && ask.weightKg! > max) return false;
  const types = upperStrings(c.serviceTypes);
  if (types.length && !ask.serviceTypes.some((t) => types.includes(t.toUpperCase()))) return false;
  return !have || ruleRequirements(rule).every((r) => have.has(r));
}

/** The price of the order by the rules that apply (see the file's comment); undefined when none applies. */
export function priceRules(rules: readonly RuleLike[], ask: PricingAsk): RulesPrice | undefined {
  const day = ask.at.toISOString().slice(0, 10);
  const have = ask.requirements ? new Set(ask.requirements.map((r) => r.toUpperCase())) : undefined;
  const used = rules.filter((r) => appliesOn(r, ask, day, have));
  if (!used.length) return undefined;
  const currency = used[0].rate!.currency as string;
  const lines = used.map((r): PricedLine => {
    const basis = r.basis as PricingBasis;
    const quantity = ask.quantities[basis]!;
    const rate = convert(num(r.rate!.amount)!, r.rate!.currency as string, currency);
    let amount = rate.mul(quantity);
    const minimum = num(r.minimumCharge?.amount);
    if (minimum !== undefined && typeof r.minimumCharge?.currency === 'string' && isQuotable(r.minimumCharge.currency)) {
      amount = Decimal.max(amount, convert(minimum, r.minimumCharge.currency, currency));
    }
    return {
      id: typeof r.id === 'string' ? r.id : null,
      name: typeof r.name === 'string' ? r.name : String(r.basis),
      basis,
      quantity: round(quantity, 3),
      rate: roundMoney(rate, currency).toNumber(),
      amount: roundMoney(amount, currency).toNumber(),
      requirements: ruleRequirements(r),
    };
  });
  const total = lines.reduce((a, l) => a.add(l.amount), new Decimal(0));
  return { currency, total: roundMoney(total, currency).toNumber(), lines };
}
