import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { until } from './helpers.js';
import { addRule, createFleet, createSite, newLsp, type Lsp } from './lsp-helpers.js';
import { queriesKey, registered, type QueriesCaller, failsWith, okBody } from './queries-helpers.js';

/**
 * The pricing routes of the queries family (docs/queries.md "Pricing"), end to end: rules published on LSP warehouses
 * over the LSP routes reach the registry, are listed as published, and price orders by the platform's one engine.
 *
 * Golden values are worked by hand. VAT rates: Germany 19 % and France 20 % (standard rates, European Commission,
 * "VAT rates applied in the Member States of the European Union", taxation_customs, 2025). Antarctica (AQ) has no
 * VAT rate: taxes 0 with a note. Road km = great-circle km × 1.3 (the utilities' ROAD circuity); 0.5° of latitude on
 * the IUGG mean sphere (R = 6371.0088 km) is 2πR × 0.5 ÷ 360 = 55.59754 km.
 */

const BERLIN = [52.52, 13.405];
const site = (country: string, coordinates = BERLIN) => ({ address: { name: 'Site', street1: '1 Road', city: 'Berlin', state: 'Berlin', country, coordinates }, timezone: 'Europe/Berlin' });
/** A rule with nothing but what is given (no conditions, no minimum, no validity). */
const rule = (over: Record<string, unknown>) => ({ minimumCharge: undefined, conditions: undefined, validFrom: undefined, validUntil: undefined, ...over });

let lsp: Lsp;
let q: QueriesCaller;
let de: any; // DE: PER_KG 2.00 USD, FLAT 5.00 USD, COLD_CHAIN 10.00 USD per order
let fr: any; // FR: FLAT 20.00 EUR
let aq: any; // AQ: PER_KM 0.50 EUR
let fleet: any;
let other: { lsp: Lsp; q: QueriesCaller; w: any };
let rules: any[];

const estimate = (body: Record<string, unknown>, c = q) => c.call('POST', '/pricing/estimate', body);
const twelveKg = { items: [{ sku: 'BOX', quantity: 3, weight: 4 }] };

beforeAll(async () => {
  lsp = await newLsp();
  q = await queriesKey(lsp);
  de = await createSite(lsp, 'warehouse', { ...site('DE'), capabilities: ['COLD_CHAIN'] });
  fr = await createSite(lsp, 'warehouse', site('FR'));
  aq = await createSite(lsp, 'warehouse', site('AQ'));
  const c = await lsp.fresh();
  fleet = await createFleet(c, site('DE'));
  await addRule(c, 'warehouse', de.id, rule({ name: 'Per kg', basis: 'PER_KG', rate: { amount: 2, currency: 'USD' } }));
  await addRule(c, 'warehouse', de.id, rule({ name: 'Handling', basis: 'FLAT', rate: { amount: 5, currency: 'USD' } }));
  await addRule(c, 'warehouse', de.id, rule({ name: 'Cold chain', basis: 'PER_ORDER', rate: { amount: 10, currency: 'USD' }, conditions: { requirements: ['COLD_CHAIN'] } }));
  await addRule(c, 'warehouse', fr.id, rule({ name: 'Flat', basis: 'FLAT', rate: { amount: 20, currency: 'EUR' } }));
  await addRule(c, 'warehouse', aq.id, rule({ name: 'Per km', basis: 'PER_KM', rate: { amount: 0.5, currency: 'EUR' } }));
  const o = await newLsp();
  other = { lsp: o, q: await queriesKey(o), w: await createSite(o, 'warehouse', site('DE')) };
  await addRule(o, 'warehouse', other.w.id, rule({ name: 'Theirs', basis: 'FLAT', rate: { amount: 1, currency: 'USD' } }));
  await registered(q, lsp.code, fleet.id);
  await registered(other.q, o.code, other.w.id);
  // the rules reach the registry through the event log: wait for the last of each
  for (const [id, n] of [
    [de.id, 3],
    [fr.id, 1],
    [aq.id, 1],
  ] as const) {
    await until(
      () => q.call('GET', `/pricing/${lsp.code}/${id}`),
      (r) => r.status === 200 && r.body.total === n,
      5000,
      50,
    );
  }
  rules = okBody(await q.call('GET', `/pricing/${lsp.code}/${de.id}`)).pricing;
});

describe('a service’s rules', () => {
  it('lists the rules as the LSP published them, in the order added', () => {
    expect(rules.map((r) => [r.name, r.basis, r.rate])).toEqual([
      ['Per kg', 'PER_KG', { amount: 2, currency: 'USD' }],
      ['Handling', 'FLAT', { amount: 5, currency: 'USD' }],
      ['Cold chain', 'PER_ORDER', { amount: 10, currency: 'USD' }],
    ]);
    expect(rules[2].conditions).toMatchObject({ requirements: ['COLD_CHAIN'] });
    for (const r of rules) expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a fleet has none; an unknown service or another workspace’s is 404; the alias prefix answers the same', async () => {
    expect(okBody(await q.call('GET', `/pricing/${lsp.code}/${fleet.id}`))).toMatchObject({ pricing: [], total: 0 });
    failsWith(await q.call('GET', `/pricing/${lsp.code}/${randomUUID()}`), 404, 'NOT_FOUND');
    failsWith(await q.call('GET', `/pricing/${other.lsp.code}/${other.w.id}`), 404, 'NOT_FOUND');
    const alias = okBody(await q.call('GET', `/v1/realm/queries/pricing/${lsp.code}/${de.id}`));
    expect(alias).toMatchObject({ total: 3, pricing: rules });
  });
});

describe('an estimate', () => {
  it('prices 12 kg with a cold chain: base 24.00, fee 5.00, surcharge 10.00, German VAT 19 %', async () => {
    const res = okBody(await estimate({ lsp: lsp.code, serviceId: de.id, serviceType: 'WAREHOUSE', orderContext: { ...twelveKg, requirements: ['COLD_CHAIN'] } }));
    // base 3 × 4 kg = 12 kg × 2.00 = 24.00; fees FLAT 5.00; surcharges COLD_CHAIN 10.00;
    // taxes 19 % × (24.00 + 5.00 + 10.00 = 39.00) = 7.41; total 39.00 + 7.41 = 46.41 USD
    expect(res.estimate).toEqual({
      totalCost: 46.41,
      currency: 'USD',
      breakdown: { baseRate: 24, surcharges: 10, taxes: 7.41, fees: 5 },
      appliedRules: rules.map((r) => r.id),
      vatRate: 19,
      notes: [],
    });
  });

  it('leaves out the surcharge when the order does not require it, and PER_KG without weights', async () => {
    // 24.00 + 5.00 = 29.00; VAT 19 % = 5.51; total 34.51
    const plain = okBody(await estimate({ lsp: lsp.code, serviceId: de.id, serviceType: 'WAREHOUSE', orderContext: twelveKg })).estimate;
    expect(plain).toMatchObject({ totalCost: 34.51, breakdown: { baseRate: 24, surcharges: 0, taxes: 5.51, fees: 5 }, appliedRules: [rules[0].id, rules[1].id] });
    // no items: the weight is unknown, PER_KG does not apply; FLAT 5.00 + VAT 0.95 = 5.95
    const noItems = okBody(await estimate({ lsp: lsp.code, serviceId: de.id, serviceType: 'WAREHOUSE', orderContext: {} })).estimate;
    expect(noItems).toMatchObject({ totalCost: 5.95, breakdown: { baseRate: 0, surcharges: 0, taxes: 0.95, fees: 5 }, appliedRules: [rules[1].id] });
  });

  it('counts road km to the delivery point for PER_KM; a country without VAT has taxes 0 and a note', async () => {
    // 0.5° north: 55.59754 km × 1.3 = 72.27680 road km × 0.50 EUR = 36.1384 → 36.14 EUR
    const body = { lsp: lsp.code, serviceId: aq.id, serviceType: 'WAREHOUSE', orderContext: { deliveryLocation: { coordinates: [BERLIN[0] + 0.5, BERLIN[1]] } } };
    const e = okBody(await estimate(body)).estimate;
    expect(e).toMatchObject({ totalCost: 36.14, currency: 'EUR', breakdown: { baseRate: 36.14, surcharges: 0, taxes: 0, fees: 0 }, vatRate: null });
    expect(e.notes).toEqual([expect.stringMatching(/^taxes 0: .*AQ/)]);
    // without the delivery point no rule applies: 503
    const why = failsWith(await estimate({ ...body, orderContext: {} }), 503, 'PRICING_UNAVAILABLE');
    expect(why.message).toMatch(/none of its 1 pricing rules applies/);
  });

  it('a fleet (no rules) is 503 PRICING_UNAVAILABLE; a wrong serviceType 400; unknown or another workspace’s 404', async () => {
    const none = failsWith(await estimate({ lsp: lsp.code, serviceId: fleet.id, serviceType: 'CARRIER', orderContext: twelveKg }), 503, 'PRICING_UNAVAILABLE');
    expect(none.message).toMatch(/no pricing rules/);
    failsWith(await estimate({ lsp: lsp.code, serviceId: de.id, serviceType: 'HUB', orderContext: twelveKg }), 400, 'VALIDATION_ERROR', 'serviceType');
    failsWith(await estimate({ lsp: lsp.code, serviceId: randomUUID(), serviceType: 'WAREHOUSE', orderContext: twelveKg }), 404, 'NOT_FOUND');
    failsWith(await estimate({ lsp: other.lsp.code, serviceId: other.w.id, serviceType: 'WAREHOUSE', orderContext: twelveKg }), 404, 'NOT_FOUND');
    // bad input names the field
    failsWith(await estimate({ lsp: lsp.code, serviceId: de.id, serviceType: 'WAREHOUSE', orderContext: { items: [{ sku: 'X', quantity: 0 }] } }), 400, 'VALIDATION_ERROR');
    failsWith(await estimate({ lsp: lsp.code, serviceId: de.id, serviceType: 'WAREHOUSE', orderContext: { requirements: ['cold chain'] } }), 400, 'VALIDATION_ERROR');
  });
});

describe('a comparison', () => {
  it('orders cheapest first across currencies, names the cheapest and lists what could not be priced', async () => {
    const missing = randomUUID();
    const res = okBody(
      await q.call('POST', '/pricing/compare', {
        services: [
          { lsp: lsp.code, serviceId: de.id, serviceType: 'WAREHOUSE' },
          { lsp: lsp.code, serviceId: fleet.id, serviceType: 'CARRIER' },
          { lsp: lsp.code, serviceId: fr.id, serviceType: 'WAREHOUSE' },
          { lsp: lsp.code, serviceId: missing, serviceType: 'WAREHOUSE' },
        ],
        orderContext: { ...twelveKg, requirements: ['COLD_CHAIN'] },
      }),
    );
    // DE 46.41 USD (above); FR FLAT 20.00 EUR + 20 % = 24.00 EUR, well under 46.41 USD at any EUR/USD rate of the last decades
    expect(res.comparisons).toEqual([
      { lsp: lsp.code, serviceId: fr.id, totalCost: 24, currency: 'EUR', breakdown: { baseRate: 0, surcharges: 0, taxes: 4, fees: 20 } },
      { lsp: lsp.code, serviceId: de.id, totalCost: 46.41, currency: 'USD', breakdown: { baseRate: 24, surcharges: 10, taxes: 7.41, fees: 5 } },
    ]);
    expect(res.cheapest).toEqual({ lsp: lsp.code, serviceId: fr.id, totalCost: 24, currency: 'EUR' });
    expect(res.unavailable.map((u: any) => [u.serviceId, u.code])).toEqual([
      [fleet.id, 'PRICING_UNAVAILABLE'],
      [missing, 'NOT_FOUND'],
    ]);
  });

  it('nothing priced: no comparison, no cheapest (200); 0 or 51 services is 400', async () => {
    const res = okBody(await q.call('POST', '/pricing/compare', { services: [{ lsp: lsp.code, serviceId: fleet.id, serviceType: 'CARRIER' }], orderContext: {} }));
    expect(res.comparisons).toEqual([]);
    expect(res.cheapest ?? null).toBeNull();
    failsWith(await q.call('POST', '/pricing/compare', { services: [], orderContext: {} }), 400, 'VALIDATION_ERROR', 'services');
    const many = Array.from({ length: 51 }, () => ({ lsp: lsp.code, serviceId: de.id, serviceType: 'WAREHOUSE' }));
    failsWith(await q.call('POST', '/pricing/compare', { services: many, orderContext: {} }), 400, 'VALIDATION_ERROR', 'services');
  });
});

describe('the cache', () => {
  const stats = async (c = q) => okBody(await c.call('GET', '/pricing/cache/stats')) as { size: number; entries: string[] };

  it("stats list the caller's workspace's cached services; DELETE drops one; a new rule shows at once", async () => {
    okBody(await q.call('GET', `/pricing/${lsp.code}/${de.id}`));
    okBody(await other.q.call('GET', `/pricing/${other.lsp.code}/${other.w.id}`));
    const mine = await stats();
    expect(mine.entries).toContain(`${lsp.code}:${de.id}`);
    expect(mine.size).toBe(mine.entries.length);
    for (const k of mine.entries) expect(k.startsWith(`${lsp.code}:`)).toBe(true);
    expect((await stats(other.q)).entries).toEqual([`${other.lsp.code}:${other.w.id}`]);

    expect(okBody(await q.call('DELETE', `/pricing/${lsp.code}/${de.id}/cache`)).message).toEqual(expect.any(String));
    // the invalidation reaches every process through PostgreSQL (NOTIFY): gone within a moment
    const after = await until(stats, (s) => !s.entries.includes(`${lsp.code}:${de.id}`), 2000, 50);
    expect(after.entries).not.toContain(`${lsp.code}:${de.id}`);
    failsWith(await q.call('DELETE', `/pricing/${lsp.code}/${randomUUID()}/cache`), 404, 'NOT_FOUND');
    failsWith(await q.call('DELETE', `/pricing/${other.lsp.code}/${other.w.id}/cache`), 404, 'NOT_FOUND');

    // cached again, then a rule added over the LSP routes: the registry change drops the cached rules
    okBody(await q.call('GET', `/pricing/${lsp.code}/${fr.id}`));
    await addRule(await lsp.fresh(), 'warehouse', fr.id, rule({ name: 'Second', basis: 'PER_ORDER', rate: { amount: 1, currency: 'EUR' } }));
    const fresh = await until(
      () => q.call('GET', `/pricing/${lsp.code}/${fr.id}`),
      (r) => r.body.total === 2,
      2000,
      50,
    );
    expect(fresh.body.pricing.map((r: any) => r.name)).toEqual(['Flat', 'Second']);
  });
});
