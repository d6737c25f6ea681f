import { beforeAll, describe, expect, it } from 'vitest';
import { until } from './helpers.js';
import { addRule, createSite, newLsp, type Lsp } from './lsp-helpers.js';
import { queriesKey, registered, type QueriesCaller, answered, failsWith, okBody } from './queries-helpers.js';

/**
 * Matching (docs/queries.md "Matching"), end to end: three warehouses made over the LSP routes (positions, pricing
 * rules), their performance synced over `POST /v1/queries/performance/sync`, then matched with each strategy.
 *
 * The delivery point D is in Nairobi; 1° of latitude on the IUGG mean sphere (R = 6371.0088 km) is 111.19508 km, so
 * 50 km is 0.449660182° of latitude.
 *   A (cheapest)          50 km north of D, FLAT 20.00 USD, overall score 50
 *   B (nearest)           at D,             FLAT 80.00 USD, overall score 60
 *   C (best performance)  50 km south of D, FLAT 25.00 USD, overall score 80
 * Kenya's VAT is 16 % (VAT Act 2013, s. 5(2)(a): the standard rate; Kenya Revenue Authority): A 23.20, B 92.80,
 * C 29.00 USD. Scores (nothing required → capability 100; no capacity published → 50):
 *   proximity A 100 ÷ (1 + 50 ÷ 50) = 50, B 100, C 50;  performance A 50, B 60, C 80;
 *   cost = 100 × cheapest ÷ own: A 100, B 100 × 23.20 ÷ 92.80 = 25, C 100 × 23.20 ÷ 29.00 = 80.
 * Overall (weights capability/proximity/capacity/performance/cost):
 *   BALANCED .25/.20/.15/.20/.20:  A 25+10+7.5+10+20 = 72.5   B 25+20+7.5+12+5 = 69.5    C 25+10+7.5+16+16 = 74.5  → C A B
 *   COST .15/.10/.10/.15/.50:      A 15+5+5+7.5+50 = 82.5     B 15+10+5+9+12.5 = 51.5    C 15+5+5+12+40 = 77      → A C B
 *   SPEED .15/.45/.15/.15/.10:     A 15+22.5+7.5+7.5+10 = 62.5 B 15+45+7.5+9+2.5 = 79    C 15+22.5+7.5+12+8 = 65  → B C A
 *   QUALITY .25/.10/.10/.45/.10:   A 25+5+5+22.5+10 = 67.5    B 25+10+5+27+2.5 = 69.5    C 25+5+5+36+8 = 79       → C B A
 * Durations (averageProcessingTime 3600 s each): B 3600 + 0 = 3600 s; A and C: 50 km × 1.3 = 65 road km = 10 km at
 * 25 km/h + 40 km at 45 km/h + 15 km at 70 km/h = 1.503175 h = 5411.43 s → 9011 s.
 */

const D = [-1.3, 36.8];
const DEG_50KM = 0.449660182;
const at = (lat: number) => ({ address: { name: 'Site', street1: '1 Road', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: [lat, D[1]] }, timezone: 'Africa/Nairobi' });
const flat = (amount: number) => ({
  name: `Flat ${amount}`,
  basis: 'FLAT',
  rate: { amount, currency: 'USD' },
  minimumCharge: undefined,
  conditions: undefined,
  validFrom: undefined,
  validUntil: undefined,
});
const perf = (overallScore: number) => ({ onTimeDeliveryRate: 0.9, orderAccuracy: 0.95, averageProcessingTime: 3600, damageRate: 0.01, overallScore });

let lsp: Lsp;
let q: QueriesCaller;
const s: Record<'A' | 'B' | 'C', any> = {} as never;
let nameOf: Map<string, string>;

const match = (body: Record<string, unknown>, c = q) => c.call('POST', '/matching/match', body);
const base = { serviceTypes: ['WAREHOUSE'], delivery: { coordinates: D } };

beforeAll(async () => {
  lsp = await newLsp();
  q = await queriesKey(lsp);
  s.A = await createSite(lsp, 'warehouse', { ...at(D[0] + DEG_50KM), capabilities: ['COLD_CHAIN'] });
  s.B = await createSite(lsp, 'warehouse', at(D[0]));
  s.C = await createSite(lsp, 'warehouse', at(D[0] - DEG_50KM));
  const c = await lsp.fresh();
  for (const [k, amount, score] of [
    ['A', 20, 50],
    ['B', 80, 60],
    ['C', 25, 80],
  ] as const) {
    await addRule(c, 'warehouse', s[k].id, flat(amount));
    await registered(q, lsp.code, s[k].id);
    await until(
      () => q.call('GET', `/pricing/${lsp.code}/${s[k].id}`),
      (r) => r.status === 200 && r.body.total === 1,
      5000,
      50,
    );
    // the performance route (another area of the family): wait for it to answer
    const synced = await until(
      () => q.call('POST', '/performance/sync', { lsp: lsp.code, serviceId: s[k].id, performance: perf(score) }),
      (r) => r.status === 200,
      5000,
      100,
    );
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  }
  nameOf = new Map(Object.entries(s).map(([k, w]) => [w.id as string, k]));
});

const order = (body: any) => body.recommendations.map((r: any) => nameOf.get(r.service.serviceId)).join('');
const overallOf = (body: any) => Object.fromEntries(body.recommendations.map((r: any) => [nameOf.get(r.service.serviceId), r.scores.overall]));

describe('the four strategies', () => {
  const expected = {
    BALANCED: ['CAB', { A: 72.5, B: 69.5, C: 74.5 }],
    COST_OPTIMIZED: ['ACB', { A: 82.5, B: 51.5, C: 77 }],
    SPEED_OPTIMIZED: ['BCA', { A: 62.5, B: 79, C: 65 }],
    QUALITY_OPTIMIZED: ['CBA', { A: 67.5, B: 69.5, C: 79 }],
  } as const;
  for (const [strategy, [want, overall]] of Object.entries(expected)) {
    it(`${strategy} ranks ${want.split('').join(', ')}`, async () => {
      const body = okBody(await match({ ...base, strategy }));
      expect(body).toMatchObject({ status: 'SUCCESS', totalCandidates: 3, strategy });
      expect(order(body)).toBe(want);
      expect(overallOf(body)).toEqual(overall);
      for (const r of body.recommendations) expect(r.service.score).toBe(r.scores.overall);
    });
  }

  it('answers every score, the estimated cost and duration, and the reasoning of each', async () => {
    const body = okBody(await match({ ...base, strategy: 'BALANCED' }));
    const by = Object.fromEntries(body.recommendations.map((r: any) => [nameOf.get(r.service.serviceId), r]));
    expect(by.A.scores).toEqual({ capability: 100, proximity: 50, capacity: 50, performance: 50, cost: 100, overall: 72.5 });
    expect(by.B.scores).toEqual({ capability: 100, proximity: 100, capacity: 50, performance: 60, cost: 25, overall: 69.5 });
    expect(by.C.scores).toEqual({ capability: 100, proximity: 50, capacity: 50, performance: 80, cost: 80, overall: 74.5 });
    expect([by.A.estimatedCost, by.B.estimatedCost, by.C.estimatedCost]).toEqual([
      { amount: 23.2, currency: 'USD' },
      { amount: 92.8, currency: 'USD' },
      { amount: 29, currency: 'USD' },
    ]);
    expect([by.A.estimatedDuration, by.B.estimatedDuration, by.C.estimatedDuration]).toEqual([9011, 3600, 9011]);
    expect(by.A.serviceType).toBe('WAREHOUSE');
    expect(by.A.reasoning).toEqual([
      'capability 100.00: nothing required',
      'proximity 50.00: 50.000 km from the delivery point',
      'capacity 50.00: no capacity published',
      'performance 50.00: overall score 50',
      'cost 100.00: 23.2 USD against the cheapest 23.2 USD',
      'estimated cost 23.2 USD',
      'estimated duration 9011 s: processing 3600 s + driving 65.000 road km',
      'overall 72.50 (BALANCED)',
    ]);
  });
});

describe('candidates and requirements', () => {
  it('scores the capability asked (requirements and the items’ needs), and limits the answer', async () => {
    const body = okBody(await match({ ...base, strategy: 'BALANCED', requirements: ['COLD_CHAIN'], items: [{ sku: 'X', quantity: 1, requiresHazmatHandling: true }], limit: 2 }));
    // required COLD_CHAIN and HAZMAT: A has COLD_CHAIN → 100 × 1 ÷ 2 = 50; B and C → 0
    // BALANCED: A 72.5 − .25 × 50 = 60; B 69.5 − 25 = 44.5; C 74.5 − 25 = 49.5 → A, C (limit 2)
    expect(order(body)).toBe('AC');
    expect(body.totalCandidates).toBe(3);
    expect(body.recommendations.map((r: any) => r.scores.capability)).toEqual([50, 0]);
    expect(body.recommendations[0].reasoning[0]).toBe('capability 50.00: meets 1 of 2 required (COLD_CHAIN, HAZMAT); missing HAZMAT');
  });

  it('without coordinates: the services of the delivery country, proximity 50 and no duration', async () => {
    const body = okBody(await match({ serviceTypes: ['WAREHOUSE'], delivery: { country: 'ke' }, strategy: 'SPEED_OPTIMIZED' }));
    expect(body.totalCandidates).toBe(3);
    for (const r of body.recommendations) {
      expect(r.scores.proximity).toBe(50);
      expect(r.estimatedDuration ?? null).toBeNull();
    }
    // SPEED with every proximity 50: A 15+22.5+7.5+7.5+10 = 62.5; B 15+22.5+7.5+9+2.5 = 56.5; C 65 → C A B
    expect(order(body)).toBe('CAB');
    expect(answered(await match({ serviceTypes: ['WAREHOUSE'], delivery: { country: 'TZ' }, strategy: 'BALANCED' }))).toMatchObject({
      status: 'NO_RESULTS',
      recommendations: [],
      totalCandidates: 0,
    });
  });

  it('NO_RESULTS for a type nobody offers and for another workspace; bad input is 400 naming the field', async () => {
    expect(answered(await match({ ...base, serviceTypes: ['HUB'], strategy: 'BALANCED' }))).toMatchObject({ status: 'NO_RESULTS', recommendations: [], totalCandidates: 0 });
    const o = await newLsp();
    const oq = await queriesKey(o);
    expect(answered(await match({ ...base, strategy: 'BALANCED' }, oq))).toMatchObject({ status: 'NO_RESULTS', totalCandidates: 0 });
    failsWith(await match({ ...base }), 400, 'VALIDATION_ERROR');
    failsWith(await match({ ...base, serviceTypes: [], strategy: 'BALANCED' }), 400, 'VALIDATION_ERROR', 'serviceTypes');
    failsWith(await match({ ...base, strategy: 'BALANCED', limit: 51 }), 400, 'VALIDATION_ERROR', 'limit');
    failsWith(await match({ ...base, strategy: 'CHEAPEST' }), 400, 'VALIDATION_ERROR');
    // an item key the input does not name is refused, not ignored
    failsWith(await match({ ...base, strategy: 'BALANCED', items: [{ sku: 'X', quantity: 1, colour: 'red' }] }), 400, 'VALIDATION_ERROR');
  });
});
