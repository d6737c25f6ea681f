import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { capacitiesOf, capacityOf } from '../../subgraphs/queries/common/capacities.js';

/**
 * The capacity derivation of the queries family (subgraphs/queries/common/capacities.ts; docs/queries.md "Capacity"):
 * available = max(0, total − used − reserved), utilizationRate = 100 × used ÷ total to 2 decimals (0 when total is 0).
 * Every expected value is worked by hand in its comment.
 */
const AT = new Date('2026-11-26T08:00:00.000Z');

describe('capacityOf', () => {
  it('total 100, used 30, reserved 10: 60 available, 30 % used', () => {
    // available = 100 − 30 − 10 = 60; utilization = 100 × 30 ÷ 100 = 30
    expect(capacityOf({ type: 'PALLET_POSITIONS', total: 100, used: 30, reserved: 10, unit: 'pallets' }, AT)).toEqual({
      type: 'PALLET_POSITIONS',
      total: 100,
      used: 30,
      available: 60,
      reserved: 10,
      utilizationRate: 30,
      unit: 'pallets',
      lastUpdated: AT,
    });
  });

  it('no reserved: nothing is held back, and reserved is null (not 0)', () => {
    // available = 50 − 20 − 0 = 30; utilization = 100 × 20 ÷ 50 = 40
    const c = capacityOf({ type: 'STORAGE_SLOTS', total: 50, used: 20, unit: 'slots' }, AT)!;
    expect(c.available).toBe(30);
    expect(c.reserved).toBeNull();
    expect(c.utilizationRate).toBe(40);
  });

  it('total 0: nothing available and 0 % used (no division by zero)', () => {
    // available = max(0, 0 − 0 − 0) = 0; utilization is 0 by definition when total is 0
    const c = capacityOf({ type: 'DOCKS', total: 0, used: 0, reserved: 0, unit: 'docks' }, AT)!;
    expect(c.available).toBe(0);
    expect(c.utilizationRate).toBe(0);
  });

  it('used + reserved above total: available stops at 0, utilization counts only what is used', () => {
    // 10 − 8 − 5 = −3 → max(0, −3) = 0; utilization = 100 × 8 ÷ 10 = 80 (reserved is not use)
    const c = capacityOf({ type: 'BAYS', total: 10, used: 8, reserved: 5, unit: 'bays' }, AT)!;
    expect(c.available).toBe(0);
    expect(c.utilizationRate).toBe(80);
  });

  it('everything in use: 0 available, 100 %', () => {
    // 40 − 40 − 0 = 0; 100 × 40 ÷ 40 = 100
    const c = capacityOf({ type: 'BAYS', total: 40, used: 40, reserved: 0, unit: 'bays' }, AT)!;
    expect([c.available, c.utilizationRate]).toEqual([0, 100]);
  });

  it('utilization is rounded to 2 decimals', () => {
    // 100 × 1 ÷ 3 = 33.333… → 33.33; 100 × 2 ÷ 3 = 66.666… → 66.67; 100 × 1 ÷ 8 = 12.5 exactly; 100 × 1 ÷ 16 = 6.25
    expect(capacityOf({ type: 'A', total: 3, used: 1 }, AT)!.utilizationRate).toBe(33.33);
    expect(capacityOf({ type: 'A', total: 3, used: 2 }, AT)!.utilizationRate).toBe(66.67);
    expect(capacityOf({ type: 'A', total: 8, used: 1 }, AT)!.utilizationRate).toBe(12.5);
    expect(capacityOf({ type: 'A', total: 16, used: 1 }, AT)!.utilizationRate).toBe(6.25);
  });

  it('fractional amounts (m3): 12.5 − 2.25 − 0.25 = 10 available', () => {
    // utilization = 100 × 2.25 ÷ 12.5 = 18
    const c = capacityOf({ type: 'COLD_STORAGE', total: 12.5, used: 2.25, reserved: 0.25, unit: 'm3' }, AT)!;
    expect([c.available, c.utilizationRate]).toEqual([10, 18]);
  });

  it("a carrier's VEHICLES as the registry states them: 5 vehicles, 2 allocated, 1 free → 2 reserved, 1 available", () => {
    // registry/sync.ts recomputeFleets: total = not RETIRED (5), used = allocated (2), reserved = total − used − free (5 − 2 − 1 = 2)
    // available = 5 − 2 − 2 = 1 (the free one); utilization = 100 × 2 ÷ 5 = 40
    const c = capacityOf({ type: 'VEHICLES', total: 5, used: 2, reserved: 2, unit: 'vehicles', lastUpdated: '2026-11-20T10:00:00.000Z' }, AT)!;
    expect(c).toMatchObject({ total: 5, used: 2, reserved: 2, available: 1, utilizationRate: 40, unit: 'vehicles' });
    // a stated lastUpdated wins over the row's
    expect(c.lastUpdated.toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });

  it('numbers written as strings are read; no unit is an empty unit', () => {
    // 100 − 25 − 5 = 70; 100 × 25 ÷ 100 = 25
    const c = capacityOf({ type: 'PACKAGES', total: '100', used: '25', reserved: '5' }, AT)!;
    expect(c).toMatchObject({ total: 100, used: 25, reserved: 5, available: 70, utilizationRate: 25, unit: '' });
    expect(c.lastUpdated).toBe(AT);
  });

  it('what cannot be a capacity is none: no type, no total, no used, or not numbers', () => {
    expect(capacityOf({ total: 1, used: 0 }, AT)).toBeUndefined();
    expect(capacityOf({ type: 'A', used: 0 }, AT)).toBeUndefined();
    expect(capacityOf({ type: 'A', total: 1 }, AT)).toBeUndefined();
    expect(capacityOf({ type: 'A', total: 'many', used: 0 }, AT)).toBeUndefined();
    expect(capacityOf({ type: 'A', total: 1, used: '' }, AT)).toBeUndefined();
    expect(capacityOf({ type: 'A', total: Number.POSITIVE_INFINITY, used: 0 }, AT)).toBeUndefined();
  });
});

describe('capacitiesOf', () => {
  it('declared first, then computed; a declared kind wins over a computed one of the same name', () => {
    const declared = [
      { type: 'PALLET_POSITIONS', total: 100, used: 30, reserved: 10, unit: 'pallets' },
      { type: 'VEHICLES', total: 9, used: 0, unit: 'vehicles' },
    ];
    const computed = [
      { type: 'VEHICLES', total: 5, used: 2, reserved: 2, unit: 'vehicles' },
      { type: 'TRAILERS', total: 4, used: 1, reserved: 0, unit: 'trailers' },
    ];
    const all = capacitiesOf(declared, computed, AT);
    expect(all.map((c) => c.type)).toEqual(['PALLET_POSITIONS', 'VEHICLES', 'TRAILERS']);
    // the declared VEHICLES: 9 − 0 − 0 = 9 available, 0 %
    expect(all[1]).toMatchObject({ total: 9, available: 9, utilizationRate: 0 });
    // TRAILERS: 4 − 1 − 0 = 3; 100 × 1 ÷ 4 = 25
    expect(all[2]).toMatchObject({ available: 3, utilizationRate: 25 });
  });

  it('skips entries that are not capacities (and a kind stated twice counts once, the first)', () => {
    const all = capacitiesOf([null, 'x', 7, { type: 'A', total: 2, used: 1 }, { type: 'A', total: 50, used: 0 }, { total: 1, used: 1 }], [], AT);
    // A: 2 − 1 = 1 available, 100 × 1 ÷ 2 = 50
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ type: 'A', total: 2, available: 1, utilizationRate: 50 });
  });

  it('nothing stated: no capacities', () => {
    expect(capacitiesOf([], [], AT)).toEqual([]);
  });
});
