import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import {
  AGENT,
  DEVICE,
  UUID_RE,
  addRule,
  api,
  callA,
  createFleet,
  createSite,
  createParking,
  cspOf,
  expectFacility,
  expectRecord,
  facilityBody,
  fails,
  graphInput,
  memberAs,
  newLsp,
  ok,
  okList,
  parkingBody,
  randomUUID,
  ruleBody,
  setA,
  uniqueCode,
  type Lsp,
} from './lsp-helpers.js';

/**
 * LSP warehouses and hubs (`/v1/lsp/warehouses…`, `/v1/lsp/hubs…`) with their pricing rules
 * (`PUT …/:id/pricing/add|remove`), end to end through the bridge. Hub pricing takes header set A or set B.
 */

const setB = (token: string, device = DEVICE, agent = AGENT) => ({ 'X-Auth-Token': token, 'X-User-Agent': agent, 'X-Auth-Device': device });

/** A readable name for a case (omitted fields shown as such). */
const label = (o: Record<string, unknown>) => JSON.stringify(o, (_k, v) => (v === undefined ? '<omitted>' : v));

/** The rule as stored: the body plus an id, optional parts null when omitted. */
const storedRule = (body: any) => ({
  id: expect.stringMatching(UUID_RE),
  name: body.name,
  basis: body.basis,
  rate: body.rate,
  minimumCharge: body.minimumCharge ?? null,
  conditions: body.conditions ? { minWeightKg: null, maxWeightKg: null, serviceTypes: null, requirements: null, ...body.conditions } : null,
  validFrom: body.validFrom ?? null,
  validUntil: body.validUntil ?? null,
});

describe.each(['warehouse', 'hub'] as const)('%ss', (kind) => {
  const BASE = `/v1/lsp/${kind}s`;
  const TYPE = kind === 'hub' ? 'DISTRIBUTION' : 'FULFILLMENT';
  let lsp: Lsp;
  beforeAll(async () => {
    lsp = await newLsp();
  });

  it(`creates a ${kind} (201) with the facility body and no pricing, reads it back and lists it`, async () => {
    const from = Date.now();
    const body = facilityBody({ type: TYPE, timezone: 'Asia/Dubai' });
    const created = ok(await lsp.call('POST', `${BASE}/create`, body), 201);
    expectRecord(created, lsp, { timezone: 'Asia/Dubai', from });
    expectFacility(created, body);
    expect(created.pricing).toEqual([]);
    expect(created.added).toEqual(created.updated);
    expect(ok(await lsp.call('GET', `${BASE}/${created.id}`))).toEqual(created);
    const list = okList(await lsp.call('GET', BASE));
    expect(list.find((x) => x.id === created.id)).toEqual(created);
  });

  it('applies the defaults for omitted optional fields', async () => {
    const body = { type: TYPE, code: uniqueCode('MIN'), name: 'Minimal', timezone: 'UTC' };
    const created = ok(await lsp.call('POST', `${BASE}/create`, body), 201);
    expectFacility(created, body);
    expect(created).toMatchObject({ level: 'STANDARD', operatingMode: 'SCHEDULED', operatingHours: [], digitalTwinSync: false, pricing: [] });
  });

  it('refuses a duplicate code (409 CONFLICT, field code); the same code is fine for another kind', async () => {
    const code = uniqueCode('DUP');
    const first = ok(await lsp.call('POST', `${BASE}/create`, facilityBody({ type: TYPE, code })), 201);
    fails(await lsp.call('POST', `${BASE}/create`, facilityBody({ type: TYPE, code })), 'CONFLICT', 'code');
    const other = kind === 'hub' ? 'warehouses' : 'hubs';
    const sibling = ok(await lsp.call('POST', `/v1/lsp/${other}/create`, facilityBody({ code })), 201);
    expect(sibling.code).toBe(code);
    const fleet = await createFleet(lsp, { code });
    expect(fleet.code).toBe(code);
    const all = okList(await lsp.call('GET', `${BASE}?limit=100`), 1, 100);
    expect(all.filter((x) => x.code === code).map((x) => x.id)).toEqual([first.id]);
  });

  it('validates the body: 400 VALIDATION_ERROR naming the field, nothing created', async () => {
    const v = await newLsp(); // an LSP of its own: none created yet
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ timezone: undefined }, 'timezone'],
      [{ timezone: 'Atlantis/Capital' }, 'timezone'],
      [{ type: 'cross dock' }, 'type'],
      [{ code: '' }, 'code'],
      [{ code: 'X'.repeat(41) }, 'code'],
      [{ name: 'N'.repeat(121) }, 'name'],
      [{ operatingMode: '24/7' }, 'operatingMode'],
      [{ operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '8:00', closeTime: '17:00' }] }, 'operatingHours.0.openTime'],
      [{ operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '17:60' }] }, 'operatingHours.0.closeTime'],
      [{ operatingHours: [{ dayOfWeek: 'monday', openTime: '08:00', closeTime: '17:00' }] }, 'operatingHours.0.dayOfWeek'],
      [{ operatingHours: [{ dayOfWeek: 'TUESDAY', closeTime: '17:00' }] }, /^operatingHours\.0/],
      [
        {
          operatingHours: [
            { dayOfWeek: 'SUNDAY', isClosed: true },
            { dayOfWeek: 'SUNDAY', openTime: '10:00', closeTime: '14:00' },
          ],
        },
        /^operatingHours\.1/,
      ],
      [{ address: { coordinates: [-90.5, 0] } }, 'address.coordinates'],
      [{ address: { coordinates: [10, -180.01] } }, 'address.coordinates'],
      [{ pricing: [] }, 'pricing'],
      [{ capacity: { pallets: 10 } }, 'capacity'],
    ];
    for (const [overrides, field] of cases) {
      fails(await v.call('POST', `${BASE}/create`, facilityBody({ type: TYPE, ...overrides })), 'VALIDATION_ERROR', field);
    }
    fails(await api('POST', `${BASE}/create`, { headers: { ...setA(v.token), 'content-type': 'application/json' }, body: '{"type":"HUB"' }), 'VALIDATION_ERROR', 'body');
    fails(await api('POST', `${BASE}/create`, { headers: { ...setA(v.token), 'content-type': 'application/json' }, body: '"just a string"' }), 'VALIDATION_ERROR', 'body');
    expect(okList(await v.call('GET', BASE), 1, 20, 0)).toEqual([]);
  });

  it('updates: given fields change (contacts, address, hours replaced whole), only `updated` moves, code cannot change', async () => {
    const body = facilityBody({ type: TYPE });
    const created = ok(await lsp.call('POST', `${BASE}/create`, body), 201);
    await new Promise((r) => setTimeout(r, 15));
    const change = {
      name: 'Renamed',
      level: 'GOLD',
      operatingMode: '24_7',
      operatingHours: [],
      address: { city: 'Kigali', country: 'RW', coordinates: [-1.95, 30.06] },
      timezone: 'Africa/Kigali',
    };
    const updated = ok(await lsp.call('PATCH', `${BASE}/${created.id}`, change));
    expectFacility(updated, { ...body, ...change });
    expect(updated.pricing).toEqual([]);
    expect(updated.added).toEqual(created.added);
    expect(updated.updated.at.timestamp).toBeGreaterThan(created.updated.at.timestamp);
    expect(updated.updated.at.timezone).toBe('Africa/Kigali');
    expect(ok(await lsp.call('GET', `${BASE}/${created.id}`))).toEqual(updated);

    fails(await lsp.call('PATCH', `${BASE}/${created.id}`, { code: 'NEW-CODE' }), 'VALIDATION_ERROR', 'code');
    fails(await lsp.call('PATCH', `${BASE}/${created.id}`, { timezone: 'GMT+3' }), 'VALIDATION_ERROR', 'timezone');
    fails(await lsp.call('PATCH', `${BASE}/${created.id}`, { operatingHours: [{ dayOfWeek: 'MONDAY', openTime: 'noon', closeTime: '17:00' }] }), 'VALIDATION_ERROR', 'operatingHours.0.openTime');
    fails(await lsp.call('PATCH', `${BASE}/${created.id}`, { pricing: [] }), 'VALIDATION_ERROR', 'pricing');
    expect(ok(await lsp.call('GET', `${BASE}/${created.id}`))).toEqual(updated);
    fails(await lsp.call('PATCH', `${BASE}/${randomUUID()}`, { name: 'Ghost' }), 'NOT_FOUND');
  });

  it('lists with pagination and refuses a limit over 100', async () => {
    const own = await newLsp();
    const ids = [(await createSite(own, kind)).id, (await createSite(own, kind)).id, (await createSite(own, kind)).id];
    const p1 = await own.call('GET', `${BASE}?limit=2`);
    expect(okList(p1, 1, 2, 3)).toHaveLength(2);
    expect(p1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, hasNext: true, hasPrevious: false });
    const p2 = await own.call('GET', `${BASE}?limit=2&page=2`);
    expect(okList(p2, 2, 2, 3)).toHaveLength(1);
    expect([...p1.body.data, ...p2.body.data].map((x: any) => x.id).sort()).toEqual(ids.sort());
    fails(await own.call('GET', `${BASE}?limit=101`), 'VALIDATION_ERROR', 'limit');
  });

  it('deletes: data.deleted, then 404 on get, update, pricing and a second delete; the list no longer shows it', async () => {
    const site = await createSite(lsp, kind);
    await addRule(lsp, kind, site.id);
    expect(ok(await lsp.call('DELETE', `${BASE}/${site.id}`))).toEqual({ deleted: true });
    fails(await lsp.call('GET', `${BASE}/${site.id}`), 'NOT_FOUND');
    fails(await lsp.call('PATCH', `${BASE}/${site.id}`, { name: 'x' }), 'NOT_FOUND');
    fails(await lsp.call('PUT', `${BASE}/${site.id}/pricing/add`, { rule: ruleBody() }), 'NOT_FOUND');
    fails(await lsp.call('DELETE', `${BASE}/${site.id}`), 'NOT_FOUND');
    expect(okList(await lsp.call('GET', `${BASE}?limit=100`), 1, 100).map((x) => x.id)).not.toContain(site.id);
  });

  it('404 NOT_FOUND for unknown and malformed ids', async () => {
    fails(await lsp.call('GET', `${BASE}/${randomUUID()}`), 'NOT_FOUND');
    fails(await lsp.call('GET', `${BASE}/12345`), 'NOT_FOUND');
    fails(await lsp.call('DELETE', `${BASE}/${randomUUID()}`), 'NOT_FOUND');
    fails(await lsp.call('PUT', `${BASE}/${randomUUID()}/pricing/add`, { rule: ruleBody() }), 'NOT_FOUND');
  });

  describe('pricing', () => {
    let site: any;
    beforeAll(async () => {
      site = await createSite(lsp, kind);
    });

    it('adds rules (each gets an id, stored as given, in order), reads them back, and removes one by id', async () => {
      const p = await lsp.fresh();
      const from = Date.now();
      const first = ruleBody();
      const a = ok(await p.call('PUT', `${BASE}/${site.id}/pricing/add`, { rule: first }));
      expect(a.id).toBe(site.id);
      expect(a.pricing).toEqual([storedRule(first)]);
      expect(a.updated.at.timestamp).toBeGreaterThanOrEqual(from - 2000);
      expect(a.added).toEqual(site.added);

      const second = { name: 'Flat fee', basis: 'FLAT', rate: { amount: 100, currency: 'USD' } };
      const b = ok(await p.call('PUT', `${BASE}/${site.id}/pricing/add`, { rule: second }));
      expect(b.pricing).toEqual([storedRule(first), storedRule(second)]);
      expect(b.pricing[0].id).toBe(a.pricing[0].id);
      expect(b.pricing[1].id).not.toBe(b.pricing[0].id);
      expect(ok(await p.call('GET', `${BASE}/${site.id}`)).pricing).toEqual(b.pricing);

      const removed = ok(await p.call('PUT', `${BASE}/${site.id}/pricing/remove`, { ruleId: b.pricing[0].id }));
      expect(removed.pricing).toEqual([b.pricing[1]]);
      expect(ok(await p.call('GET', `${BASE}/${site.id}`)).pricing).toEqual([b.pricing[1]]);
      // removing it again, or an unknown rule, is 404
      fails(await p.call('PUT', `${BASE}/${site.id}/pricing/remove`, { ruleId: b.pricing[0].id }), 'NOT_FOUND');
      fails(await p.call('PUT', `${BASE}/${site.id}/pricing/remove`, { ruleId: randomUUID() }), 'NOT_FOUND');
      expect(ok(await p.call('GET', `${BASE}/${site.id}`)).pricing).toEqual([b.pricing[1]]);
      // the list shows the pricing too
      expect(okList(await p.call('GET', `${BASE}?limit=100`), 1, 100).find((x) => x.id === site.id)?.pricing).toEqual([b.pricing[1]]);
    });

    it('accepts every basis, and rounds amounts to cents', async () => {
      const p = await lsp.fresh();
      const own = await createSite(p, kind);
      for (const basis of ['PER_KG', 'PER_PALLET', 'PER_CBM', 'PER_ORDER', 'PER_KM', 'PER_DAY', 'FLAT']) {
        ok(await p.call('PUT', `${BASE}/${own.id}/pricing/add`, { rule: { name: basis, basis, rate: { amount: 1, currency: 'EUR' } } }));
      }
      const rounded = ok(
        await p.call('PUT', `${BASE}/${own.id}/pricing/add`, { rule: { name: 'Cents', basis: 'PER_KG', rate: { amount: 1.239, currency: 'EUR' }, minimumCharge: { amount: 9.999, currency: 'EUR' } } }),
      );
      const last = rounded.pricing.at(-1);
      expect(last.rate).toEqual({ amount: 1.24, currency: 'EUR' });
      expect(last.minimumCharge).toEqual({ amount: 10, currency: 'EUR' });
      expect(rounded.pricing.map((r: any) => r.basis)).toEqual(['PER_KG', 'PER_PALLET', 'PER_CBM', 'PER_ORDER', 'PER_KM', 'PER_DAY', 'FLAT', 'PER_KG']);
    });

    it('validates the rule: 400 VALIDATION_ERROR naming the body field, and the pricing is unchanged', async () => {
      const p = await lsp.fresh();
      const before = ok(await p.call('GET', `${BASE}/${site.id}`)).pricing;
      const cases: [Record<string, unknown>, string][] = [
        [{ basis: 'PER_TON' }, 'rule.basis'],
        [{ name: '' }, 'rule.name'],
        [{ name: undefined }, 'rule.name'],
        [{ rate: undefined }, 'rule.rate'],
        [{ rate: { amount: -1, currency: 'KES' } }, 'rule.rate.amount'],
        [{ rate: { amount: 10, currency: 'kes' } }, 'rule.rate.currency'],
        [{ rate: { amount: 10, currency: 'KESH' } }, 'rule.rate.currency'],
        [{ minimumCharge: { amount: 5, currency: 'USD' } }, 'rule.minimumCharge.currency'],
        [{ conditions: { minWeightKg: 100, maxWeightKg: 10 } }, 'rule.conditions.maxWeightKg'],
        [{ conditions: { minWeightKg: -1 } }, 'rule.conditions.minWeightKg'],
        [{ conditions: { serviceTypes: ['storage'] } }, 'rule.conditions.serviceTypes'],
        [{ validFrom: '2026-06-01', validUntil: '2026-05-01' }, 'rule.validUntil'],
        [{ validFrom: '2026-06-01', validUntil: '2026-06-01' }, 'rule.validUntil'],
        [{ validFrom: 'next monday' }, 'rule.validFrom'],
        [{ discount: 10 }, 'rule.discount'],
      ];
      // every case is sent, then all answers are compared at once (so one report shows every deviation)
      const answers = [];
      for (const [overrides] of cases) {
        const res = await p.call('PUT', `${BASE}/${site.id}/pricing/add`, { rule: ruleBody(overrides) });
        answers.push({ case: label(overrides), status: res.status, code: res.body.status, field: res.body.field });
      }
      expect(answers).toEqual(cases.map(([overrides, field]) => ({ case: label(overrides), status: 400, code: 'VALIDATION_ERROR', field })));
      expect(ok(await p.call('GET', `${BASE}/${site.id}`)).pricing).toEqual(before);
    });

    it('refuses a currency that is not an ISO 4217 code (400 rule.rate.currency)', async () => {
      const before = ok(await lsp.call('GET', `${BASE}/${site.id}`)).pricing;
      fails(await lsp.call('PUT', `${BASE}/${site.id}/pricing/add`, { rule: ruleBody({ rate: { amount: 1, currency: 'ZZZ' }, minimumCharge: undefined }) }), 'VALIDATION_ERROR', 'rule.rate.currency');
      expect(ok(await lsp.call('GET', `${BASE}/${site.id}`)).pricing).toEqual(before);
    });

    it('needs `rule` to add and `ruleId` to remove (400); another action is 400 field action; malformed JSON is 400', async () => {
      const p = await lsp.fresh();
      const before = ok(await p.call('GET', `${BASE}/${site.id}`)).pricing;
      fails(await p.call('PUT', `${BASE}/${site.id}/pricing/add`, {}), 'VALIDATION_ERROR', 'rule');
      fails(await p.call('PUT', `${BASE}/${site.id}/pricing/remove`, {}), 'VALIDATION_ERROR', 'ruleId');
      fails(await p.call('PUT', `${BASE}/${site.id}/pricing/replace`, { rule: ruleBody() }), 'VALIDATION_ERROR', 'action');
      fails(await p.call('PUT', `${BASE}/${site.id}/pricing/clear`, {}), 'VALIDATION_ERROR', 'action');
      fails(await api('PUT', `${BASE}/${site.id}/pricing/add`, { headers: { ...setA(p.token), 'content-type': 'application/json' }, body: '{"rule": {' }), 'VALIDATION_ERROR', 'body');
      expect(ok(await p.call('GET', `${BASE}/${site.id}`)).pricing).toEqual(before);
    });

    it('refuses an unknown top-level body field (400 naming it) and adds nothing', async () => {
      const before = ok(await lsp.call('GET', `${BASE}/${site.id}`)).pricing;
      fails(await lsp.call('PUT', `${BASE}/${site.id}/pricing/add`, { rule: ruleBody(), extra: true }), 'VALIDATION_ERROR', 'extra');
      fails(await lsp.call('PUT', `${BASE}/${site.id}/pricing/remove`, { ruleId: randomUUID(), force: true }), 'VALIDATION_ERROR', 'force');
      expect(ok(await lsp.call('GET', `${BASE}/${site.id}`)).pricing).toEqual(before);
    });
  });

  it('credentials: each missing set-A header is 401; a user token is 401; a CSP context is 403', async () => {
    const site = await createSite(lsp, kind);
    const routes: [string, string, unknown?][] = [
      ['POST', `${BASE}/create`, facilityBody({ type: TYPE })],
      ['GET', BASE],
      ['GET', `${BASE}/${site.id}`],
      ['PATCH', `${BASE}/${site.id}`, { name: 'Changed' }],
      ['DELETE', `${BASE}/${site.id}`],
      ['PUT', `${BASE}/${site.id}/pricing/add`, { rule: ruleBody() }],
      ['PUT', `${BASE}/${site.id}/pricing/remove`, { ruleId: randomUUID() }],
    ];
    const c = await lsp.fresh();
    for (const missing of ['svc-auth-token', 'svc-user-agent', 'svc-auth-device']) {
      const headers: Record<string, string> = setA(c.token);
      delete headers[missing];
      for (const [method, path, body] of routes) {
        const res = await api(method, path, { headers, body });
        fails(res, 'UNAUTHORIZED');
      }
    }
    const { cspContext } = await cspOf(lsp);
    for (const [method, path, body] of routes) {
      fails(await callA(method, path, lsp.owner.token, body), 'UNAUTHORIZED');
      fails(await callA(method, path, cspContext, body), 'FORBIDDEN');
    }
    const read = ok(await c.call('GET', `${BASE}/${site.id}`));
    expect(read).toMatchObject({ name: site.name, pricing: [] });
  });

  it('a DEVELOPER reads but every write (create, update, pricing, delete) is 403 and changes nothing', async () => {
    const site = await createSite(lsp, kind);
    const withRule = await addRule(lsp, kind, site.id);
    const dev = await memberAs(lsp, 'DEVELOPER');
    expect(ok(await dev.call('GET', `${BASE}/${site.id}`)).pricing).toEqual(withRule.pricing);
    expect(okList(await dev.call('GET', `${BASE}?limit=100`), 1, 100).map((x) => x.id)).toContain(site.id);
    fails(await dev.call('POST', `${BASE}/create`, facilityBody({ type: TYPE })), 'FORBIDDEN');
    fails(await dev.call('PATCH', `${BASE}/${site.id}`, { name: 'By developer' }), 'FORBIDDEN');
    fails(await dev.call('PUT', `${BASE}/${site.id}/pricing/add`, { rule: ruleBody() }), 'FORBIDDEN');
    fails(await dev.call('PUT', `${BASE}/${site.id}/pricing/remove`, { ruleId: withRule.pricing[0].id }), 'FORBIDDEN');
    fails(await dev.call('DELETE', `${BASE}/${site.id}`), 'FORBIDDEN');
    const read = ok(await lsp.call('GET', `${BASE}/${site.id}`));
    expect(read.name).toBe(site.name);
    expect(read.pricing).toEqual(withRule.pricing);
  });
});

describe('hub pricing with header set B', () => {
  let lsp: Lsp;
  let hub: any;
  beforeAll(async () => {
    lsp = await newLsp();
    hub = await createSite(lsp, 'hub');
  });
  const put = (action: string, body: unknown, headers: Record<string, string>) => api('PUT', `/v1/lsp/hubs/${hub.id}/pricing/${action}`, { body, headers });

  it('adds and removes a rule with X-Auth-Token, X-User-Agent and X-Auth-Device', async () => {
    const rule = ruleBody({ basis: 'PER_PALLET' });
    const added = ok(await put('add', { rule }, setB(lsp.token)));
    const mine = added.pricing.find((r: any) => r.name === rule.name);
    expect(mine).toEqual(storedRule(rule));
    expect(added.updated.by).toBe(lsp.userId);
    expect(ok(await lsp.call('GET', `/v1/lsp/hubs/${hub.id}`)).pricing).toContainEqual(mine);
    const removed = ok(await put('remove', { ruleId: mine.id }, setB(lsp.token)));
    expect(removed.pricing.map((r: any) => r.id)).not.toContain(mine.id);
    expect(ok(await lsp.call('GET', `/v1/lsp/hubs/${hub.id}`)).pricing.map((r: any) => r.id)).not.toContain(mine.id);
    fails(await put('remove', { ruleId: mine.id }, setB(lsp.token)), 'NOT_FOUND');
  });

  it('set A works on the same route', async () => {
    const rule = ruleBody();
    const added = ok(await put('add', { rule }, setA(lsp.token)));
    expect(added.pricing.map((r: any) => r.name)).toContain(rule.name);
  });

  it('a partial set (A or B) is 401 and changes nothing', async () => {
    const before = ok(await lsp.call('GET', `/v1/lsp/hubs/${hub.id}`)).pricing;
    const b = setB(lsp.token);
    for (const missing of Object.keys(b)) {
      const headers: Record<string, string> = { ...b };
      delete headers[missing];
      const res = await put('add', { rule: ruleBody() }, headers);
      fails(res, 'UNAUTHORIZED');
    }
    const a = setA(lsp.token);
    for (const missing of ['svc-user-agent', 'svc-auth-device']) {
      const headers: Record<string, string> = { ...a };
      delete headers[missing];
      fails(await put('add', { rule: ruleBody() }, headers), 'UNAUTHORIZED');
    }
    fails(await put('add', { rule: ruleBody() }, {}), 'UNAUTHORIZED');
    // a mix of the two sets is not a complete set either
    fails(await put('add', { rule: ruleBody() }, { 'svc-auth-token': lsp.token, 'X-User-Agent': AGENT, 'X-Auth-Device': DEVICE }), 'UNAUTHORIZED');
    expect(ok(await lsp.call('GET', `/v1/lsp/hubs/${hub.id}`)).pricing).toEqual(before);
  });

  it('set B is judged like set A: another device, a user token or a bad token is 401', async () => {
    const before = ok(await lsp.call('GET', `/v1/lsp/hubs/${hub.id}`)).pricing;
    fails(await put('add', { rule: ruleBody() }, setB(lsp.token, 'another-device')), 'UNAUTHORIZED');
    fails(await put('add', { rule: ruleBody() }, setB(lsp.owner.token)), 'UNAUTHORIZED');
    fails(await put('add', { rule: ruleBody() }, setB('garbage')), 'UNAUTHORIZED');
    expect(ok(await lsp.call('GET', `/v1/lsp/hubs/${hub.id}`)).pricing).toEqual(before);
  });

  it('warehouse pricing takes set A only: set B alone is 401', async () => {
    const wh = await createSite(lsp, 'warehouse');
    fails(await api('PUT', `/v1/lsp/warehouses/${wh.id}/pricing/add`, { body: { rule: ruleBody() }, headers: setB(lsp.token) }), 'UNAUTHORIZED');
    expect(ok(await lsp.call('GET', `/v1/lsp/warehouses/${wh.id}`)).pricing).toEqual([]);
  });
});

describe('warehouses and hubs through GraphQL at the gateway', () => {
  it('createWarehouse, updateHubPricing and hubs work with header set A', async () => {
    const lsp = await newLsp();
    const input = graphInput(facilityBody({ type: 'COLD_STORAGE', operatingMode: 'ALWAYS_OPEN' }));
    const wh = await lsp.gql(`mutation($input: FacilityInput!) { createWarehouse(input: $input) { id code operatingMode pricing { id } provider { kind code } } }`, { input });
    expect(wh.status).toBe(200);
    expect(wh.body.errors).toBeUndefined();
    expect(wh.body.data.createWarehouse).toMatchObject({ code: input.code, operatingMode: 'ALWAYS_OPEN', pricing: [], provider: { kind: 'LSP', code: lsp.code } });
    // REST writes the same operating mode 24_7
    expect(ok(await lsp.call('GET', `/v1/lsp/warehouses/${wh.body.data.createWarehouse.id}`)).operatingMode).toBe('24_7');
    const hubInput = graphInput(facilityBody({ type: 'DISTRIBUTION' }));
    const createdHub = await lsp.gql(`mutation($input: FacilityInput!) { createHub(input: $input) { id } }`, { input: hubInput });
    expect(createdHub.status).toBe(200);
    expect(createdHub.body.errors).toBeUndefined();
    const hub = createdHub.body.data.createHub;
    expect(hub.id).toMatch(UUID_RE);
    const rule = graphInput(ruleBody());
    const priced = await lsp.gql(
      `mutation($id: ID!, $input: PricingChangeInput!) { updateHubPricing(id: $id, action: add, input: $input) { id pricing { id name basis rate { amount currency } } } }`,
      { id: hub.id, input: { rule } },
    );
    expect(priced.status).toBe(200);
    expect(priced.body.errors).toBeUndefined();
    expect(priced.body.data.updateHubPricing.pricing).toEqual([{ id: expect.stringMatching(UUID_RE), name: rule.name, basis: rule.basis, rate: rule.rate }]);
    const hubs = await lsp.gql('{ hubs { items { id pricing { name } } pagination { total } } }');
    expect(hubs.body.data.hubs).toEqual({ items: [{ id: hub.id, pricing: [{ name: rule.name }] }], pagination: { total: 1 } });
    expect(ok(await lsp.call('GET', `/v1/lsp/hubs/${hub.id}`)).pricing[0].name).toBe(rule.name);
    const bad = await lsp.gql(`mutation($id: ID!, $a: PricingAction!) { updateHubPricing(id: $id, action: $a, input: {}) { id } }`, { id: hub.id, a: 'swap' });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    expect(bad.body.errors?.[0]?.message).toContain('Value "swap" does not exist in "PricingAction" enum');
    expect(bad.body.data).toBeUndefined();
  });
});

// ───────────────────── status, capabilities and capacities (docs/lsp.md "Facilities") ─────────────────────

/** The platform event log (kernel/events.ts), read as test/events.e2e.test.ts reads it. */
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

/** The `lsp.facility` events of one record of a workspace, oldest first. */
async function facilityEvents(wid: string, id: string): Promise<{ key: string; workspaceId: string; payload: Record<string, any> }[]> {
  const { rows } = await db.query("select key, workspace_id, payload from events.log where workspace_id = $1 and topic = 'lsp.facility' and key = $2 order by id", [wid, id]);
  return rows.map((r) => ({ key: r.key, workspaceId: r.workspace_id, payload: r.payload }));
}

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const capacityBody = (overrides: Record<string, unknown> = {}) => ({ type: 'PALLET_POSITIONS', total: 1200, used: 300, reserved: 100, unit: 'pallets', ...overrides });

describe.each(['fleet', 'warehouse', 'hub'] as const)('%ss: status, capabilities and capacities', (kind) => {
  const BASE = `/v1/lsp/${kind}s`;
  const TYPE = kind === 'hub' ? 'DISTRIBUTION' : kind === 'warehouse' ? 'FULFILLMENT' : 'URBAN_TRANSIT';
  const body = (overrides: Record<string, unknown> = {}) => facilityBody({ type: TYPE, ...overrides });
  let lsp: Lsp;
  beforeAll(async () => {
    lsp = await newLsp();
  });

  it('creates with status, capabilities (kept once each) and capacities, and reads them back over REST (capacitiesUpdatedAt ISO-8601)', async () => {
    const from = Date.now();
    const created = ok(
      await lsp.call(
        'POST',
        `${BASE}/create`,
        body({
          status: 'MAINTENANCE',
          capabilities: ['COLD_CHAIN', 'HAZMAT', 'COLD_CHAIN', 'BONDED'],
          capacities: [capacityBody(), { type: 'STORAGE_SLOTS', total: 40.5, used: 0, unit: 'm3' }],
        }),
      ),
      201,
    );
    expect(created).toMatchObject({
      status: 'MAINTENANCE',
      capabilities: ['COLD_CHAIN', 'HAZMAT', 'BONDED'],
      capacities: [
        { type: 'PALLET_POSITIONS', total: 1200, used: 300, reserved: 100, unit: 'pallets' },
        { type: 'STORAGE_SLOTS', total: 40.5, used: 0, reserved: 0, unit: 'm3' },
      ],
    });
    expect(created.capacitiesUpdatedAt).toMatch(ISO_RE);
    expect(Date.parse(created.capacitiesUpdatedAt)).toBeGreaterThanOrEqual(from - 2000);
    expect(Date.parse(created.capacitiesUpdatedAt)).toBeLessThanOrEqual(Date.now() + 2000);
    expect(ok(await lsp.call('GET', `${BASE}/${created.id}`))).toEqual(created);
    expect(okList(await lsp.call('GET', `${BASE}?limit=100`), 1, 100).find((x) => x.id === created.id)).toEqual(created);
  });

  it('defaults: ACTIVE, no capabilities, no capacities, capacitiesUpdatedAt null', async () => {
    const created = ok(await lsp.call('POST', `${BASE}/create`, { type: TYPE, code: uniqueCode('DEF'), name: 'Defaults', timezone: 'UTC' }), 201);
    expect(created).toMatchObject({ status: 'ACTIVE', capabilities: [], capacities: [], capacitiesUpdatedAt: null });
  });

  it('PATCH: any status follows any other; capabilities and capacities are replaced whole; capacitiesUpdatedAt moves only when capacities are given', async () => {
    const created = ok(await lsp.call('POST', `${BASE}/create`, body({ capabilities: ['CROSS_DOCK'], capacities: [capacityBody()] })), 201);
    expect(created.status).toBe('ACTIVE');
    const inactive = ok(await lsp.call('PATCH', `${BASE}/${created.id}`, { status: 'INACTIVE' }));
    expect(inactive).toMatchObject({ status: 'INACTIVE', capabilities: ['CROSS_DOCK'], capacities: created.capacities, capacitiesUpdatedAt: created.capacitiesUpdatedAt });
    expect(ok(await lsp.call('GET', `${BASE}/${created.id}`)).status).toBe('INACTIVE');
    for (const status of ['MAINTENANCE', 'INACTIVE', 'ACTIVE', 'MAINTENANCE', 'ACTIVE']) {
      expect(ok(await lsp.call('PATCH', `${BASE}/${created.id}`, { status })).status).toBe(status);
    }

    await new Promise((r) => setTimeout(r, 15));
    const replaced = ok(await lsp.call('PATCH', `${BASE}/${created.id}`, { capabilities: ['HAZMAT', 'HAZMAT'], capacities: [{ type: 'PACKAGES', total: 500, used: 500, unit: 'packages' }] }));
    expect(replaced).toMatchObject({ status: 'ACTIVE', capabilities: ['HAZMAT'], capacities: [{ type: 'PACKAGES', total: 500, used: 500, reserved: 0, unit: 'packages' }] });
    expect(Date.parse(replaced.capacitiesUpdatedAt)).toBeGreaterThan(Date.parse(created.capacitiesUpdatedAt));
    const cleared = ok(await lsp.call('PATCH', `${BASE}/${created.id}`, { capabilities: [], capacities: [] }));
    expect(cleared).toMatchObject({ capabilities: [], capacities: [] });
    expect(Date.parse(cleared.capacitiesUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(replaced.capacitiesUpdatedAt));
    expect(ok(await lsp.call('GET', `${BASE}/${created.id}`))).toEqual(cleared);
  });

  it('validates: 400 VALIDATION_ERROR naming the dotted field (capacities.0.used over total, a lower-case capability, …); nothing created or changed', async () => {
    const v = await newLsp(); // an LSP of its own: none created yet
    const many = (n: number, f: (i: number) => unknown) => Array.from({ length: n }, (_, i) => f(i));
    const cases: [Record<string, unknown>, string][] = [
      [{ capacities: [capacityBody({ used: 1201 })] }, 'capacities.0.used'],
      [{ capabilities: ['cold_chain'] }, 'capabilities'],
      [{ capabilities: ['COLD CHAIN'] }, 'capabilities'],
      [{ capabilities: ['C'.repeat(41)] }, 'capabilities'],
      [{ capabilities: many(31, (i) => `CAP_${i}`) }, 'capabilities'],
      [{ capabilities: null }, 'capabilities'],
      [{ status: 'CLOSED' }, 'status'],
      [{ status: 'active' }, 'status'],
      [{ capacities: [capacityBody(), capacityBody({ type: 'PALLET_POSITIONS' })] }, 'capacities.1.type'],
      [{ capacities: [capacityBody(), capacityBody({ type: 'STORAGE_SLOTS', used: 11, total: 10, reserved: 0 })] }, 'capacities.1.used'],
      [{ capacities: [capacityBody({ used: 1000, reserved: 201 })] }, 'capacities.0.reserved'],
      [{ capacities: [capacityBody({ reserved: -1 })] }, 'capacities.0.reserved'],
      [{ capacities: [capacityBody({ total: -1, used: 0, reserved: 0 })] }, 'capacities.0.total'],
      [{ capacities: [capacityBody({ total: 1e9 + 1 })] }, 'capacities.0.total'],
      [{ capacities: [capacityBody({ used: -0.5 })] }, 'capacities.0.used'],
      [{ capacities: [capacityBody({ type: 'pallets' })] }, 'capacities.0.type'],
      [{ capacities: [capacityBody({ type: '' })] }, 'capacities.0.type'],
      [{ capacities: [capacityBody({ unit: '' })] }, 'capacities.0.unit'],
      [{ capacities: [capacityBody({ unit: 'cubic metres' })] }, 'capacities.0.unit'],
      [{ capacities: [capacityBody({ unit: 'u'.repeat(21) })] }, 'capacities.0.unit'],
      [{ capacities: [capacityBody({ unit: undefined })] }, 'capacities.0.unit'],
      [{ capacities: [capacityBody({ total: 'many' })] }, 'capacities.0.total'],
      [{ capacities: many(21, (i) => capacityBody({ type: `KIND_${i}` })) }, 'capacities'],
    ];
    const answers = [];
    for (const [overrides] of cases) {
      const res = await v.call('POST', `${BASE}/create`, body(overrides));
      answers.push({ case: label(overrides).slice(0, 200), status: res.status, code: res.body.status, field: res.body.field });
    }
    expect(answers).toEqual(cases.map(([overrides, field]) => ({ case: label(overrides).slice(0, 200), status: 400, code: 'VALIDATION_ERROR', field })));
    expect(okList(await v.call('GET', BASE), 1, 20, 0)).toEqual([]);

    // the same rules on PATCH, and the facility is unchanged
    const created = ok(await v.call('POST', `${BASE}/create`, body({ capabilities: ['BONDED'], capacities: [capacityBody()] })), 201);
    fails(await v.call('PATCH', `${BASE}/${created.id}`, { capacities: [capacityBody({ used: 2000 })] }), 'VALIDATION_ERROR', 'capacities.0.used');
    fails(await v.call('PATCH', `${BASE}/${created.id}`, { capabilities: ['BONDED', 'cold_chain'] }), 'VALIDATION_ERROR', 'capabilities');
    fails(await v.call('PATCH', `${BASE}/${created.id}`, { status: 'CLOSED' }), 'VALIDATION_ERROR', 'status');
    fails(await v.call('PATCH', `${BASE}/${created.id}`, { status: null }), 'VALIDATION_ERROR', 'status');
    fails(await v.call('PATCH', `${BASE}/${created.id}`, { capacities: null }), 'VALIDATION_ERROR', 'capacities');
    expect(ok(await v.call('GET', `${BASE}/${created.id}`))).toEqual(created);
  });

  it('events: create, PATCH and delete each write one lsp.facility event carrying description, level, operatingMode, digitalTwinSync, status, capabilities, capacities, capacitiesUpdatedAt and updatedAt', async () => {
    const own = await newLsp();
    const created = ok(await own.call('POST', `${BASE}/create`, body({ description: 'Cold store', capabilities: ['COLD_CHAIN'], capacities: [capacityBody()], operatingMode: '24_7' })), 201);
    const common = { icode: own.code, id: created.id, kind: kind.toUpperCase(), code: created.code, name: created.name, type: TYPE, timezone: created.timezone, address: created.address };
    const [onCreate] = await facilityEvents(own.wid, created.id);
    expect(onCreate.payload).toEqual({
      ...common,
      description: 'Cold store',
      level: 'PREMIUM',
      operatingMode: '24_7',
      digitalTwinSync: created.digitalTwinSync,
      status: 'ACTIVE',
      capabilities: ['COLD_CHAIN'],
      capacities: [capacityBody()],
      capacitiesUpdatedAt: created.capacitiesUpdatedAt,
      updatedAt: new Date(created.updated.at.timestamp).toISOString(),
      ...(kind === 'fleet' ? {} : { operatingHours: created.operatingHours, pricing: [] }),
      deleted: false,
    });

    const updated = ok(await own.call('PATCH', `${BASE}/${created.id}`, { status: 'INACTIVE', description: null }));
    const onUpdate = (await facilityEvents(own.wid, created.id))[1];
    expect(onUpdate.payload).toMatchObject({
      ...common,
      description: null,
      status: 'INACTIVE',
      capabilities: ['COLD_CHAIN'],
      capacities: [capacityBody()],
      capacitiesUpdatedAt: created.capacitiesUpdatedAt,
      updatedAt: new Date(updated.updated.at.timestamp).toISOString(),
      deleted: false,
    });
    expect(onUpdate.payload.updatedAt).toMatch(ISO_RE);

    expect(ok(await own.call('DELETE', `${BASE}/${created.id}`))).toEqual({ deleted: true });
    const all = await facilityEvents(own.wid, created.id);
    expect(all).toHaveLength(3);
    expect(all[2].payload).toMatchObject({ ...common, status: 'INACTIVE', capabilities: ['COLD_CHAIN'], capacities: [capacityBody()], deleted: true });
    for (const e of all) expect(e).toMatchObject({ key: created.id, workspaceId: own.wid });
  });
});

describe('parking facility events', () => {
  it('creation and decommissioning each carry the whole record: id, name, type, status, address, securityLevel, deleted', async () => {
    const lsp = await newLsp();
    const input = parkingBody({ name: 'Night Yard', type: 'TERMINAL', securityLevel: 'HIGH' });
    const parking = await createParking(lsp, input);
    const record = { icode: lsp.code, kind: 'PARKING', id: parking.id, name: 'Night Yard', type: 'TERMINAL', address: input.address, securityLevel: 'HIGH', deleted: false };
    expect((await facilityEvents(lsp.wid, parking.id)).map((e) => e.payload)).toEqual([{ ...record, status: 'OPERATIONAL' }]);
    expect(ok(await lsp.call('DELETE', `/v1/lsp/fleet/parking/facilities/${parking.id}`)).status).toBe('DECOMMISSIONED');
    expect((await facilityEvents(lsp.wid, parking.id)).map((e) => e.payload)).toEqual([
      { ...record, status: 'OPERATIONAL' },
      { ...record, status: 'DECOMMISSIONED' },
    ]);
  });
});
