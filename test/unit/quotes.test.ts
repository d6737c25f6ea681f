import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { applies, fallbackPrice, priceByRules } from '../../subgraphs/commerce/quotes/rules.js';
import { deliveryPrice } from '../../domain/parcel-delivery.js';

/** Hand-worked examples of docs/orders.md "Quotes": each line is max(rate × quantity, minimum charge). */
const at = new Date('2026-06-15T10:00:00Z');

describe("an LSP's price from its pricing rules", () => {
  it("adds one line per applicable rule, in the first rule's currency, rounded to cents", () => {
    const p = priceByRules(
      [
        { name: 'Per km', basis: 'PER_KM', rate: { amount: 1.5, currency: 'EUR' } },
        { name: 'Per kg', basis: 'PER_KG', rate: { amount: 0.4, currency: 'EUR' }, minimumCharge: { amount: 2, currency: 'EUR' } },
        { name: 'Order', basis: 'PER_ORDER', rate: { amount: 5, currency: 'EUR' } },
      ],
      12.3,
      2.5,
      'standard',
      at,
    )!;
    // 1.5 × 12.3 = 18.45; 0.4 × 2.5 = 1.00 < minimum 2.00 → 2.00; 5.00 → 25.45 EUR
    expect(p.lines.map((l) => [l.name, l.quantity, l.amount])).toEqual([
      ['Per km', 12.3, 18.45],
      ['Per kg', 2.5, 2],
      ['Order', 1, 5],
    ]);
    expect(p).toMatchObject({ currency: 'EUR', total: 25.45, source: 'LSP' });
  });

  it('skips storage bases, rules of other services, weights out of range and days out of validity', () => {
    const base = { rate: { amount: 1, currency: 'EUR' } };
    expect(applies({ ...base, basis: 'PER_DAY' }, 1, 'standard', at)).toBe(false);
    expect(applies({ ...base, basis: 'PER_PALLET' }, 1, 'standard', at)).toBe(false);
    expect(applies({ ...base, basis: 'FLAT', conditions: { serviceTypes: ['STORAGE'] } }, 1, 'standard', at)).toBe(false);
    expect(applies({ ...base, basis: 'FLAT', conditions: { serviceTypes: ['DELIVERY'] } }, 1, 'standard', at)).toBe(true);
    expect(applies({ ...base, basis: 'FLAT', conditions: { serviceTypes: ['EXPRESS'] } }, 1, 'express', at)).toBe(true);
    expect(applies({ ...base, basis: 'FLAT', conditions: { serviceTypes: ['EXPRESS'] } }, 1, 'standard', at)).toBe(false);
    expect(applies({ ...base, basis: 'FLAT', conditions: { minWeightKg: 5 } }, 4.9, 'standard', at)).toBe(false);
    expect(applies({ ...base, basis: 'FLAT', conditions: { maxWeightKg: 5 } }, 5, 'standard', at)).toBe(true);
    expect(applies({ ...base, basis: 'FLAT', validFrom: '2026-06-16' }, 1, 'standard', at)).toBe(false);
    expect(applies({ ...base, basis: 'FLAT', validUntil: '2026-06-15' }, 1, 'standard', at)).toBe(true);
    expect(applies({ ...base, basis: 'FLAT', validUntil: '2026-06-14' }, 1, 'standard', at)).toBe(false);
    expect(priceByRules([{ ...base, basis: 'PER_DAY' }], 10, 1, 'standard', at)).toBeUndefined();
  });

  it("with no applicable rule, the fallback is the utilities' delivery fare itself", () => {
    const f = fallbackPrice(12.3, 2.5, 'express', at, 'EUR');
    const u = deliveryPrice('EXPRESS', 'PARCEL', 12.3, 2.5, at, 'EUR');
    expect(f.total).toBe(u.total.toNumber());
    expect(f.source).toBe('FALLBACK');
    expect(f.lines.map((l) => l.name)).toEqual(['baseFee', 'distanceFee', 'weightFee', 'serviceFee', 'fuelSurcharge']);
  });
});
