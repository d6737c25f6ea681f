import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { priceRules, ruleApplies, type PricingAsk, type RuleLike } from '../../domain/pricing-rules.js';
import { basisQuantities, cheapestFirst, estimateOf, orderQuantities, PALLET_CBM } from '../../subgraphs/queries/pricing/rules.js';
import { ratePerUsd } from '../../domain/money.js';

/** Hand-worked examples of docs/queries.md "Pricing" (the estimate's quantities, its breakdown, the comparison's order). */
const at = new Date('2026-06-15T10:00:00Z');
const usd = (amount: number) => ({ amount, currency: 'USD' });

describe("the platform's pricing engine (domain/pricing-rules.ts)", () => {
  const ask = (over: Partial<PricingAsk> = {}): PricingAsk => ({ quantities: { PER_KG: 10, PER_ORDER: 1, FLAT: 1 }, weightKg: 10, serviceTypes: ['WAREHOUSE'], requirements: [], at, ...over });

  it('applies a rule only when its basis has a quantity, its day, weight, service types and requirements fit', () => {
    const r = (over: RuleLike): RuleLike => ({ basis: 'FLAT', rate: usd(1), ...over });
    expect(ruleApplies(r({ basis: 'PER_KM' }), ask())).toBe(false); // no km given
    expect(ruleApplies(r({ basis: 'PER_KM' }), ask({ quantities: { PER_KM: 3 } }))).toBe(true);
    expect(ruleApplies(r({ rate: { amount: 1, currency: 'XXX' } }), ask())).toBe(false); // not quotable
    expect(ruleApplies(r({ validFrom: '2026-06-16' }), ask())).toBe(false);
    expect(ruleApplies(r({ validUntil: '2026-06-15' }), ask())).toBe(true); // the last day is included
    expect(ruleApplies(r({ conditions: { minWeightKg: 10, maxWeightKg: 10 } }), ask())).toBe(true);
    expect(ruleApplies(r({ conditions: { minWeightKg: 10.5 } }), ask())).toBe(false);
    expect(ruleApplies(r({ conditions: { minWeightKg: 1 } }), ask({ weightKg: undefined }))).toBe(false); // a bound needs a weight
    expect(ruleApplies(r({ conditions: { serviceTypes: ['STORAGE'] } }), ask())).toBe(false);
    expect(ruleApplies(r({ conditions: { serviceTypes: ['STORAGE', 'WAREHOUSE'] } }), ask())).toBe(true);
    expect(ruleApplies(r({ conditions: { requirements: ['COLD_CHAIN'] } }), ask())).toBe(false);
    expect(ruleApplies(r({ conditions: { requirements: ['COLD_CHAIN'] } }), ask({ requirements: ['COLD_CHAIN', 'HAZMAT'] }))).toBe(true);
    expect(ruleApplies(r({ conditions: { requirements: ['COLD_CHAIN', 'HAZMAT'] } }), ask({ requirements: ['COLD_CHAIN'] }))).toBe(false);
    // no requirements list (commerce's quotes): requirements are not checked
    expect(ruleApplies(r({ conditions: { requirements: ['COLD_CHAIN'] } }), ask({ requirements: undefined }))).toBe(true);
  });

  it("prices each rule as max(rate × quantity, minimum) in the first rule's currency", () => {
    const p = priceRules(
      [
        { id: 'k', basis: 'PER_KG', rate: usd(0.25), minimumCharge: usd(3) }, // 0.25 × 10 = 2.50 < 3.00 → 3.00
        { id: 'o', basis: 'PER_ORDER', rate: usd(4.5) }, // 4.50
      ],
      ask(),
    )!;
    expect(p.lines.map((l) => [l.id, l.quantity, l.amount])).toEqual([
      ['k', 10, 3],
      ['o', 1, 4.5],
    ]);
    expect(p).toMatchObject({ currency: 'USD', total: 7.5 });
  });
});

describe('the quantities of an order', () => {
  it('sums weights and volumes, counts EUR pallets of 1.44 m³ rounded up, and leaves out what an item does not say', () => {
    // 3 × 4 kg + 2 × 1.5 kg = 15 kg; 3 × 0.5 m³ + 2 × 0.1 m³ = 1.7 m³; 1.7 ÷ 1.44 = 1.18 → 2 pallets
    expect(PALLET_CBM).toBe(1.2 * 0.8 * 1.5);
    const q = orderQuantities(
      [
        { quantity: 3, weight: 4, volume: 0.5 },
        { quantity: 2, weight: 1.5, volume: 0.1 },
      ],
      42,
      3,
    );
    expect(q).toEqual({ kg: 15, cbm: 1.7, pallets: 2, roadKm: 42, days: 3 });
    // exactly 2 × 1.44 = 2.88 m³ is 2 pallets, not 3
    expect(orderQuantities([{ quantity: 2, volume: 1.44 }], undefined, 1).pallets).toBe(2);
    // one item without a weight: the weight is unknown (PER_KG and weight bounds do not apply)
    expect(orderQuantities([{ quantity: 1, weight: 2 }, { quantity: 1 }], undefined, 1)).toMatchObject({ kg: undefined, cbm: undefined, pallets: undefined });
    expect(basisQuantities(orderQuantities(undefined, undefined, 1))).toEqual({ PER_ORDER: 1, FLAT: 1, PER_DAY: 1 });
  });
});

describe('an estimate and its breakdown', () => {
  const rules: RuleLike[] = [
    { id: 'kg', name: 'Per kg', basis: 'PER_KG', rate: usd(2) },
    { id: 'flat', name: 'Handling', basis: 'FLAT', rate: usd(5) },
    { id: 'cold', name: 'Cold chain', basis: 'PER_ORDER', rate: usd(10), conditions: { requirements: ['COLD_CHAIN'] } },
    { id: 'cbm', name: 'Per m3', basis: 'PER_CBM', rate: usd(3) },
    { id: 'pallet', name: 'Per pallet', basis: 'PER_PALLET', rate: usd(7) },
    { id: 'day', name: 'Storage', basis: 'PER_DAY', rate: usd(1.5), minimumCharge: usd(8) },
    { id: 'km', name: 'Per km', basis: 'PER_KM', rate: usd(0.1) },
    { id: 'hazmat', name: 'Hazmat', basis: 'FLAT', rate: usd(50), conditions: { requirements: ['HAZMAT'] } },
  ];
  const quantities = orderQuantities([{ quantity: 3, weight: 4, volume: 0.5 }], 100, 4);

  it('splits the lines into base rate, fees and surcharges, and adds the VAT on all three', () => {
    const e = estimateOf(rules, { quantities, requirements: ['COLD_CHAIN'], serviceTypes: ['WAREHOUSE'], at, vatRate: 19 })!;
    // base: kg 3 × 4 = 12 × 2.00 = 24.00; cbm 1.5 × 3.00 = 4.50; pallets ceil(1.5 ÷ 1.44) = 2 × 7.00 = 14.00;
    //       days 4 × 1.50 = 6.00 < minimum 8.00 → 8.00; km 100 × 0.10 = 10.00 → 60.50
    // fees: FLAT 5.00; surcharges: COLD_CHAIN 10.00 (HAZMAT not required: not applied)
    // taxes: 19 % × (60.50 + 10.00 + 5.00 = 75.50) = 14.345 → 14.35 (half up); total 75.50 + 14.35 = 89.85
    expect(e.breakdown).toEqual({ baseRate: 60.5, surcharges: 10, taxes: 14.35, fees: 5 });
    expect(e).toMatchObject({ totalCost: 89.85, currency: 'USD', vatRate: 19, notes: [] });
    expect(e.appliedRules).toEqual(['kg', 'flat', 'cold', 'cbm', 'pallet', 'day', 'km']);
  });

  it('has taxes 0 and a note when the VAT is unknown; nothing when no rule applies', () => {
    const e = estimateOf(rules.slice(0, 2), { quantities, requirements: [], serviceTypes: ['WAREHOUSE'], at, vatRate: undefined, vatNote: 'the VAT rate of XX is unknown' })!;
    // 24.00 + 5.00, no tax
    expect(e).toMatchObject({ totalCost: 29, breakdown: { baseRate: 24, surcharges: 0, taxes: 0, fees: 5 }, vatRate: null });
    expect(e.notes).toEqual(['taxes 0: the VAT rate of XX is unknown']);
    expect(estimateOf([rules[2]], { quantities, requirements: [], serviceTypes: ['WAREHOUSE'], at, vatRate: 19 })).toBeUndefined();
  });
});

describe('a comparison', () => {
  it("orders cheapest first after converting to the first one's currency, equal costs in the order asked", () => {
    // 20 EUR in USD at the snapshot's rate is 20 ÷ (EUR per USD): worth exactly 20 EUR, so between 19 EUR and 21 EUR
    const twentyEurInUsd = 20 / ratePerUsd('EUR').toNumber();
    const list = [
      { n: 'a', totalCost: 21, currency: 'EUR' },
      { n: 'b', totalCost: twentyEurInUsd, currency: 'USD' },
      { n: 'c', totalCost: 19, currency: 'EUR' },
      { n: 'd', totalCost: 19, currency: 'EUR' },
    ];
    expect(cheapestFirst(list).map((x) => x.n)).toEqual(['c', 'd', 'b', 'a']);
    expect(cheapestFirst([])).toEqual([]);
  });
});
