import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import {
  byRank,
  capabilityScore,
  capacityScore,
  costScores,
  durationSeconds,
  overallScore,
  performanceScore,
  proximityOf,
  reasoning,
  requiredFeatures,
  STRATEGY_WEIGHTS,
  type Scores,
} from '../../subgraphs/queries/matching/rules.js';
import type { MatchingStrategy } from '../../subgraphs/queries/common/enums.js';
import { roadDrivingHours } from '../../domain/geography.js';
import { ratePerUsd } from '../../domain/money.js';

/** Hand-worked examples of docs/queries.md "Matching": each score 0 to 100 (2 decimals), the strategies' weights. */

describe('the five scores', () => {
  it('capability: 100 × met ÷ required (requirements ∪ COLD_CHAIN ∪ HAZMAT from the items), 100 when nothing is required', () => {
    const required = requiredFeatures(['temperature_log'], [{ requiresColdChain: true }, { requiresHazmatHandling: true }, { requiresColdChain: true }]);
    expect(required).toEqual(['TEMPERATURE_LOG', 'COLD_CHAIN', 'HAZMAT']);
    // 1 of 3 (cold_chain, any case): 100 × 1 ÷ 3 = 33.333 → 33.33
    expect(capabilityScore(required, ['cold_chain', 'FORKLIFT'])).toEqual({ score: 33.33, met: ['COLD_CHAIN'], missing: ['TEMPERATURE_LOG', 'HAZMAT'] });
    // 2 of 3 → 66.67
    expect(capabilityScore(required, ['COLD_CHAIN', 'HAZMAT']).score).toBe(66.67);
    expect(capabilityScore([], []).score).toBe(100);
  });

  it('proximity: 100 ÷ (1 + km ÷ 50), 50 when the distance is unknown', () => {
    expect(proximityOf(12.5)).toBe(80); // 100 ÷ 1.25
    expect(proximityOf(0)).toBe(100);
    expect(proximityOf(150)).toBe(25); // 100 ÷ 4
    expect(proximityOf(10)).toBe(83.33); // 100 ÷ 1.2 = 83.333…
    expect(proximityOf(undefined)).toBe(50);
  });

  it('capacity: 100 × available ÷ total of the capacity with the most available, 50 without any', () => {
    // 50 of 200 pallets beats 8 of 10 slots (more available): 100 × 50 ÷ 200 = 25
    expect(
      capacityScore([
        { type: 'STORAGE_SLOTS', total: 10, available: 8 },
        { type: 'PALLET_POSITIONS', total: 200, available: 50 },
      ]),
    ).toEqual({
      score: 25,
      used: { type: 'PALLET_POSITIONS', total: 200, available: 50 },
    });
    expect(capacityScore([{ type: 'X', total: 3, available: 1 }]).score).toBe(33.33);
    expect(capacityScore([]).score).toBe(50);
  });

  it('performance: the synced overall score, 50 when never synced', () => {
    expect(performanceScore(87.456)).toBe(87.46);
    expect(performanceScore(null)).toBe(50);
  });

  it("cost: 100 × cheapest ÷ own in the cheapest's currency, 50 without an estimate", () => {
    // cheapest 10: 10 → 100; 40 → 25; 12.50 → 80; none → 50
    const c = costScores([usd(40), usd(10), undefined, usd(12.5)]);
    expect(c.scores).toEqual([25, 100, 50, 80]);
    expect(c.cheapest).toEqual(usd(10));
    // 10 EUR against 20 EUR written in USD (20 ÷ EUR per USD): 100 × 10 ÷ 20 = 50
    const mixed = costScores([usd(20 / ratePerUsd('EUR').toNumber()), { amount: 10, currency: 'EUR' }]);
    expect(mixed.scores).toEqual([50, 100]);
    expect(mixed.cheapest).toEqual({ amount: 10, currency: 'EUR' });
    expect(costScores([undefined, undefined]).scores).toEqual([50, 50]);
  });

  it('estimated duration: processing seconds + road driving time', () => {
    // 65 road km: 10 km at 25 km/h (0.4 h) + 40 km at 45 km/h (0.888… h) + 15 km at 70 km/h (0.2142… h) = 1.50317 h = 5411.43 s
    expect(roadDrivingHours(65) * 3600).toBeCloseTo(5411.43, 2);
    expect(durationSeconds(3600, roadDrivingHours(65))).toBe(9011); // 3600 + 5411.43 → 9011
    expect(durationSeconds(null, 0)).toBe(0);
  });
});

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe("the strategies' weights", () => {
  it('are the ones MatchingStrategy documents, each summing to 1', () => {
    expect(STRATEGY_WEIGHTS).toEqual({
      BALANCED: { capability: 0.25, proximity: 0.2, capacity: 0.15, performance: 0.2, cost: 0.2 },
      COST_OPTIMIZED: { capability: 0.15, proximity: 0.1, capacity: 0.1, performance: 0.15, cost: 0.5 },
      SPEED_OPTIMIZED: { capability: 0.15, proximity: 0.45, capacity: 0.15, performance: 0.15, cost: 0.1 },
      QUALITY_OPTIMIZED: { capability: 0.25, proximity: 0.1, capacity: 0.1, performance: 0.45, cost: 0.1 },
    });
    for (const w of Object.values(STRATEGY_WEIGHTS)) expect(w.capability + w.proximity + w.capacity + w.performance + w.cost).toBeCloseTo(1, 12);
  });

  /**
   * Three candidates, capability 100 and capacity 50 each (nothing required, no capacity published):
   *   A cheapest:          proximity 50 (50 km),  performance 50, cost 100
   *   B nearest:           proximity 100 (0 km),  performance 60, cost 25 (4 × A's price)
   *   C best performance:  proximity 50 (50 km),  performance 80, cost 80 (1.25 × A's price)
   *
   * BALANCED (.25 .20 .15 .20 .20):
   *   A 25 + 10 + 7.5 + 10 + 20 = 72.5;  B 25 + 20 + 7.5 + 12 + 5 = 69.5;  C 25 + 10 + 7.5 + 16 + 16 = 74.5   → C A B
   * COST_OPTIMIZED (.15 .10 .10 .15 .50):
   *   A 15 + 5 + 5 + 7.5 + 50 = 82.5;    B 15 + 10 + 5 + 9 + 12.5 = 51.5;  C 15 + 5 + 5 + 12 + 40 = 77      → A C B
   * SPEED_OPTIMIZED (.15 .45 .15 .15 .10):
   *   A 15 + 22.5 + 7.5 + 7.5 + 10 = 62.5; B 15 + 45 + 7.5 + 9 + 2.5 = 79;  C 15 + 22.5 + 7.5 + 12 + 8 = 65   → B C A
   * QUALITY_OPTIMIZED (.25 .10 .10 .45 .10):
   *   A 25 + 5 + 5 + 22.5 + 10 = 67.5;   B 25 + 10 + 5 + 27 + 2.5 = 69.5;  C 25 + 5 + 5 + 36 + 8 = 79       → C B A
   */
  const candidates = {
    A: { capability: 100, proximity: 50, capacity: 50, performance: 50, cost: 100 },
    B: { capability: 100, proximity: 100, capacity: 50, performance: 60, cost: 25 },
    C: { capability: 100, proximity: 50, capacity: 50, performance: 80, cost: 80 },
  };
  const expected: Record<MatchingStrategy, [string, Record<string, number>]> = {
    BALANCED: ['CAB', { A: 72.5, B: 69.5, C: 74.5 }],
    COST_OPTIMIZED: ['ACB', { A: 82.5, B: 51.5, C: 77 }],
    SPEED_OPTIMIZED: ['BCA', { A: 62.5, B: 79, C: 65 }],
    QUALITY_OPTIMIZED: ['CBA', { A: 67.5, B: 69.5, C: 79 }],
  };

  for (const [strategy, [order, overall]] of Object.entries(expected) as [MatchingStrategy, [string, Record<string, number>]][]) {
    it(`${strategy} ranks the three ${order.split('').join(', ')}`, () => {
      const ranked = Object.entries(candidates)
        .map(([id, s]) => ({ compositeId: id, scores: { ...s, overall: overallScore(s, strategy) } }))
        .sort(byRank);
      expect(ranked.map((r) => r.compositeId).join('')).toBe(order);
      expect(Object.fromEntries(ranked.map((r) => [r.compositeId, r.scores.overall]))).toEqual(overall);
    });
  }

  it('breaks ties by proximity, then by composite id', () => {
    const s = (proximity: number, overall: number): Scores => ({ capability: 0, proximity, capacity: 0, performance: 0, cost: 0, overall });
    const list = [
      { compositeId: 'b:1', scores: s(10, 70) },
      { compositeId: 'a:1', scores: s(10, 70) },
      { compositeId: 'c:1', scores: s(90, 70) },
      { compositeId: 'd:1', scores: s(0, 71) },
    ];
    expect(list.sort(byRank).map((x) => x.compositeId)).toEqual(['d:1', 'c:1', 'a:1', 'b:1']);
  });
});

describe('the reasoning', () => {
  it('explains each score with its inputs, then the cost, the duration and the overall score', () => {
    const scores: Scores = { capability: 50, proximity: 80, capacity: 25, performance: 50, cost: 80, overall: 57.5 };
    expect(
      reasoning({
        scores,
        required: ['COLD_CHAIN', 'HAZMAT'],
        met: ['COLD_CHAIN'],
        missing: ['HAZMAT'],
        km: 12.5,
        capacity: { type: 'PALLET_POSITIONS', total: 200, available: 50 },
        overallPerformance: null,
        cost: usd(12.5),
        cheapest: usd(10),
        duration: { seconds: 9011, processingSeconds: 3600, roadKm: 65 },
        strategy: 'BALANCED',
      }),
    ).toEqual([
      'capability 50.00: meets 1 of 2 required (COLD_CHAIN, HAZMAT); missing HAZMAT',
      'proximity 80.00: 12.500 km from the delivery point',
      'capacity 25.00: 50 of 200 PALLET_POSITIONS available',
      'performance 50.00: never synced',
      'cost 80.00: 12.5 USD against the cheapest 10 USD',
      'estimated cost 12.5 USD',
      'estimated duration 9011 s: processing 3600 s + driving 65.000 road km',
      'overall 57.50 (BALANCED)',
    ]);
  });
});
