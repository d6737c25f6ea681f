import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, until, type ApiResponse } from './helpers.js';
import { addVehicle, coverageArea, createFleet, createSite, facilityBody, newLsp, type Lsp } from './lsp-helpers.js';
import { queriesKey, registered, type QueriesCaller, failsWith, okBody } from './queries-helpers.js';
import { startPlatform, type OwnPlatform } from './support/platform.js';

/**
 * The capacity routes of the queries family (docs/queries.md "Capacity"): a service's capacity is read from its
 * registry entry (what the LSP declares on the warehouse, a fleet's VEHICLES computed from its vehicles), cached per
 * (service, type) for CAPACITY_CACHE_TTL_SECONDS (60 by default) and invalidated by any registry change of the service
 * or by the DELETE route. Expected values are worked by hand: available = max(0, total − used − reserved),
 * utilizationRate = 100 × used ÷ total.
 */

const TTL = 60;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const PALLETS = { type: 'PALLET_POSITIONS', total: 100, used: 30, reserved: 10, unit: 'pallets' };
// reserved not given: the LSP stores 0
const SLOTS = { type: 'STORAGE_SLOTS', total: 40, used: 10, unit: 'slots' };

let lsp: Lsp;
let q: QueriesCaller;
let other: { lsp: Lsp; q: QueriesCaller; warehouse: any };
let w1: any; // PALLET_POSITIONS + STORAGE_SLOTS
let w2: any; // PALLET_POSITIONS 20/5/0, changed by a PATCH
let bare: any; // no capacities
let inactive: any; // INACTIVE, with capacities
let fleet: any;

const query = (c: QueriesCaller, serviceId: string, capacityType: string, code = lsp.code) => c.call('POST', '/capacity/query', { lsp: code, serviceId, capacityType });
const stats = async (c: QueriesCaller = q) => okBody(await c.call('GET', '/capacity/cache/stats')) as { size: number; entries: { key: string; expiresIn: number }[] };
const keyOf = (id: string, type: string, code = lsp.code) => `${code}:${id}:${type}`;

/**
 * Queries a capacity until this replica holds it cached, and returns the last answer's capacity. An answer computed
 * while any invalidation reaches the cache (a registry change anywhere, the echo of a DELETE from the invalidation
 * poll) is used once and not kept (common/cache.ts), so on a busy platform the first query may not be stored.
 */
async function cached(c: QueriesCaller, id: string, type: string, code = lsp.code) {
  let capacity: any;
  const last = await until(
    async () => {
      capacity = okBody(await query(c, id, type, code)).capacity;
      return stats(c);
    },
    (st) => st.entries.some((e) => e.key === keyOf(id, type, code)),
    5000,
    100,
  );
  expect(last.entries.map((e) => e.key)).toContain(keyOf(id, type, code));
  return capacity;
}

beforeAll(async () => {
  lsp = await newLsp();
  q = await queriesKey(lsp);
  w1 = await createSite(lsp, 'warehouse', { capacities: [PALLETS, SLOTS] });
  w2 = await createSite(lsp, 'warehouse', { capacities: [{ type: 'PALLET_POSITIONS', total: 20, used: 5, reserved: 0, unit: 'pallets' }] });
  bare = await createSite(lsp, 'warehouse');
  inactive = await createSite(lsp, 'warehouse', { status: 'INACTIVE', capacities: [PALLETS] });
  const c = await lsp.fresh();
  fleet = await createFleet(c);
  // VEHICLES: one ACTIVE allocated (used), one ACTIVE free (available), one INACTIVE and one MAINTENANCE (neither used
  // nor free: reserved), one RETIRED (not counted)
  const area = await coverageArea(c);
  const busy = await addVehicle(c, fleet.id, { status: 'ACTIVE' });
  expect((await c.call('PUT', `/v1/lsp/fleets/${fleet.id}/vehicles/${busy.id}/allocate`, { type: 'AREA', id: area })).status).toBe(200);
  await addVehicle(c, fleet.id, { status: 'ACTIVE' });
  await addVehicle(c, fleet.id, { status: 'INACTIVE' });
  await addVehicle(c, fleet.id, { status: 'MAINTENANCE' });
  await addVehicle(c, fleet.id, { status: 'RETIRED' });

  const o = await newLsp();
  other = { lsp: o, q: await queriesKey(o), warehouse: await createSite(o, 'warehouse', { capacities: [PALLETS] }) };

  for (const s of [w1, w2, bare, inactive, fleet]) await registered(q, lsp.code, s.id);
  await registered(other.q, o.code, other.warehouse.id);
});

describe('one capacity', () => {
  it('PALLET_POSITIONS 100/30/10: 60 available, 30 % used', async () => {
    const body = okBody(await query(q, w1.id, 'PALLET_POSITIONS'));
    // available = 100 − 30 − 10 = 60; utilization = 100 × 30 ÷ 100 = 30
    expect(body.capacity).toEqual({ type: 'PALLET_POSITIONS', total: 100, used: 30, reserved: 10, available: 60, utilizationRate: 30, unit: 'pallets', lastUpdated: expect.stringMatching(ISO) });
    expect(Date.parse(body.capacity.lastUpdated)).toBeLessThanOrEqual(Date.now() + 2000);
  });

  it('STORAGE_SLOTS 40/10 with no reserved given: reserved 0, 30 available, 25 % used', async () => {
    // the LSP stores reserved 0 when not given; available = 40 − 10 − 0 = 30; utilization = 100 × 10 ÷ 40 = 25
    const body = okBody(await query(q, w1.id, 'STORAGE_SLOTS'));
    expect(body.capacity).toMatchObject({ type: 'STORAGE_SLOTS', total: 40, used: 10, reserved: 0, available: 30, utilizationRate: 25, unit: 'slots' });
  });

  it("a fleet's VEHICLES: 4 counted (RETIRED is not), 1 used, 1 free, 2 reserved", async () => {
    // total = vehicles not RETIRED = 4; used = allocated = 1; free = ACTIVE and not allocated = 1;
    // reserved = total − used − free = 4 − 1 − 1 = 2 (INACTIVE + MAINTENANCE); available = 4 − 1 − 2 = 1; utilization = 100 × 1 ÷ 4 = 25
    const res = await until(
      () => query(q, fleet.id, 'VEHICLES'),
      (r) => r.status === 200 && r.body.capacity.total === 4 && r.body.capacity.used === 1 && r.body.capacity.reserved === 2,
      10_000,
      100,
    );
    expect(okBody(res).capacity).toMatchObject({ type: 'VEHICLES', total: 4, used: 1, reserved: 2, available: 1, utilizationRate: 25, unit: 'vehicles' });
  });

  it('a service id in capitals is the same service (and the same cache entry)', async () => {
    expect(okBody(await query(q, w1.id.toUpperCase(), 'PALLET_POSITIONS')).capacity.available).toBe(60);
    const keys = (await stats()).entries.map((e) => e.key);
    expect(keys.filter((k) => k.toLowerCase() === keyOf(w1.id, 'PALLET_POSITIONS').toLowerCase())).toEqual([keyOf(w1.id, 'PALLET_POSITIONS')]);
  });
});

describe('batch', () => {
  it('answers what it can, keyed by service, and lists the rest in errors, in the order asked', async () => {
    const unknown = randomUUID();
    const res = await q.call('POST', '/capacity/batch', {
      queries: [
        { lsp: lsp.code, serviceId: w1.id, capacityType: 'PALLET_POSITIONS' },
        { lsp: lsp.code, serviceId: fleet.id, capacityType: 'VEHICLES' },
        { lsp: lsp.code, serviceId: w1.id, capacityType: 'STORAGE_SLOTS' }, // the same service again: not answered
        { lsp: lsp.code, serviceId: unknown, capacityType: 'PALLET_POSITIONS' },
        { lsp: lsp.code, serviceId: inactive.id, capacityType: 'PALLET_POSITIONS' },
        { lsp: lsp.code, serviceId: bare.id, capacityType: 'PALLET_POSITIONS' },
        { lsp: lsp.code, serviceId: w2.id, capacityType: 'PALLET_POSITIONS' },
        { lsp: other.lsp.code, serviceId: other.warehouse.id, capacityType: 'PALLET_POSITIONS' }, // another workspace's
      ],
    });
    const body = okBody(res);
    expect(Object.keys(body.capacities)).toEqual([`${lsp.code}:${w1.id}`, `${lsp.code}:${fleet.id}`, `${lsp.code}:${w2.id}`]);
    // w1: 100 − 30 − 10 = 60 (the first query of w1, PALLET_POSITIONS, is the one answered)
    expect(body.capacities[`${lsp.code}:${w1.id}`]).toMatchObject({ type: 'PALLET_POSITIONS', available: 60, utilizationRate: 30 });
    expect(body.capacities[`${lsp.code}:${fleet.id}`]).toMatchObject({ type: 'VEHICLES', total: 4, available: 1 });
    // w2 (unless the PATCH test already ran, which it has not: tests of a file run in order): 20 − 5 − 0 = 15; 100 × 5 ÷ 20 = 25
    expect(body.capacities[`${lsp.code}:${w2.id}`]).toMatchObject({ type: 'PALLET_POSITIONS', total: 20, used: 5, available: 15, utilizationRate: 25 });
    expect(body.total).toBe(3);
    expect(body.errors.map((e: any) => [e.compositeId, e.capacityType, e.code])).toEqual([
      [`${lsp.code}:${w1.id}`, 'STORAGE_SLOTS', 'VALIDATION_ERROR'],
      [`${lsp.code}:${unknown}`, 'PALLET_POSITIONS', 'NOT_FOUND'],
      [`${lsp.code}:${inactive.id}`, 'PALLET_POSITIONS', 'CAPACITY_UNAVAILABLE'],
      [`${lsp.code}:${bare.id}`, 'PALLET_POSITIONS', 'CAPACITY_UNAVAILABLE'],
      [`${other.lsp.code}:${other.warehouse.id}`, 'PALLET_POSITIONS', 'NOT_FOUND'],
    ]);
    expect(body.errors[2].message).toContain('INACTIVE');
    expect(body.errors[3].message).toContain('publishes none');
  });

  it('a batch where nothing can be answered is still 200: an empty map, total 0', async () => {
    const body = okBody(await q.call('POST', '/capacity/batch', { queries: [{ lsp: lsp.code, serviceId: 'not-an-id', capacityType: 'PALLET_POSITIONS' }] }));
    expect(body).toMatchObject({ capacities: {}, total: 0 });
    expect(body.errors).toEqual([{ compositeId: `${lsp.code}:not-an-id`, capacityType: 'PALLET_POSITIONS', code: 'NOT_FOUND', message: expect.stringContaining('not found') }]);
  });

  it('1 to 100 queries, each checked (400 naming the field)', async () => {
    const one = { lsp: lsp.code, serviceId: w1.id, capacityType: 'PALLET_POSITIONS' };
    failsWith(await q.call('POST', '/capacity/batch', { queries: [] }), 400, 'VALIDATION_ERROR', 'queries');
    failsWith(await q.call('POST', '/capacity/batch', { queries: Array.from({ length: 101 }, () => one) }), 400, 'VALIDATION_ERROR', 'queries');
    failsWith(await q.call('POST', '/capacity/batch', { queries: [one, { ...one, capacityType: 'pallets' }] }), 400, 'VALIDATION_ERROR', 'queries.1.capacityType');
    failsWith(await q.call('POST', '/capacity/batch', { queries: [{ ...one, lsp: '' }] }), 400, 'VALIDATION_ERROR', 'queries.0.lsp');
    failsWith(await q.call('POST', '/capacity/batch', {}), 400, 'VALIDATION_ERROR', 'queries');
    // 100 is fine: one answered (the first), 99 later queries of the same service listed
    const body = okBody(await q.call('POST', '/capacity/batch', { queries: Array.from({ length: 100 }, () => one) }));
    expect([body.total, body.errors.length]).toEqual([1, 99]);
  });
});

describe('all capacities of a service', () => {
  it('every declared capacity, in the order declared', async () => {
    const body = okBody(await q.call('GET', `/capacity/${lsp.code}/${w1.id}/all`));
    expect(body.total).toBe(2);
    expect(body.capacities.map((c: any) => [c.type, c.available, c.utilizationRate])).toEqual([
      ['PALLET_POSITIONS', 60, 30],
      ['STORAGE_SLOTS', 30, 25],
    ]);
  });

  it("a fleet's computed VEHICLES; a service without capacities has none", async () => {
    expect(okBody(await q.call('GET', `/capacity/${lsp.code}/${fleet.id}/all`)).capacities.map((c: any) => c.type)).toEqual(['VEHICLES']);
    expect(okBody(await q.call('GET', `/capacity/${lsp.code}/${bare.id}/all`))).toMatchObject({ capacities: [], total: 0 });
  });

  it('an INACTIVE service: 503 CAPACITY_UNAVAILABLE; unknown: 404', async () => {
    failsWith(await q.call('GET', `/capacity/${lsp.code}/${inactive.id}/all`), 503, 'CAPACITY_UNAVAILABLE');
    failsWith(await q.call('GET', `/capacity/${lsp.code}/${randomUUID()}/all`), 404, 'NOT_FOUND');
    failsWith(await q.call('GET', `/capacity/${lsp.code}/nope/all`), 404, 'NOT_FOUND');
    failsWith(await q.call('GET', `/capacity/${'x'.repeat(65)}/${w1.id}/all`), 400, 'VALIDATION_ERROR', 'lsp');
  });
});

describe('cache', () => {
  it("stats list the cached answers of the caller's workspace only, each expiring within the TTL", async () => {
    await cached(q, w1.id, 'PALLET_POSITIONS');
    await cached(other.q, other.warehouse.id, 'PALLET_POSITIONS', other.lsp.code);
    const mine = await stats();
    const entry = mine.entries.find((e) => e.key === keyOf(w1.id, 'PALLET_POSITIONS'));
    expect(entry, JSON.stringify(mine)).toBeDefined();
    expect(entry!.expiresIn).toBeGreaterThan(0);
    expect(entry!.expiresIn).toBeLessThanOrEqual(TTL);
    expect(mine.size).toBe(mine.entries.length);
    // every key is `<lsp>:<serviceId>:<TYPE>` of this workspace's services (no workspace id, nothing of the other workspace)
    const ours = new Set([w1, w2, bare, inactive, fleet].map((s) => s.id));
    for (const e of mine.entries) {
      const [code, id, type] = e.key.split(':');
      expect([code, ours.has(id), type]).toEqual([lsp.code, true, expect.stringMatching(/^[A-Z0-9_]+$/)]);
    }
    const theirs = await stats(other.q);
    expect(theirs.entries.map((e) => e.key)).toEqual([keyOf(other.warehouse.id, 'PALLET_POSITIONS', other.lsp.code)]);
    // failures are not cached: the INACTIVE service and the unpublished type left no entry
    expect(mine.entries.map((e) => e.key)).not.toContain(keyOf(inactive.id, 'PALLET_POSITIONS'));
    expect(mine.entries.map((e) => e.key)).not.toContain(keyOf(bare.id, 'PALLET_POSITIONS'));
  });

  it("a PATCH of the warehouse's capacities shows on the next query (the registry change drops the cached answer)", async () => {
    expect(await cached(q, w2.id, 'PALLET_POSITIONS')).toMatchObject({ used: 5, available: 15 }); // cached: 20/5/0
    const c = await lsp.fresh();
    const patched = await c.call('PATCH', `/v1/lsp/warehouses/${w2.id}`, { capacities: [{ type: 'PALLET_POSITIONS', total: 20, used: 12, reserved: 3, unit: 'pallets' }] });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    // available = 20 − 12 − 3 = 5; utilization = 100 × 12 ÷ 20 = 60
    const res = await until(
      () => query(q, w2.id, 'PALLET_POSITIONS'),
      (r) => r.status === 200 && r.body.capacity.used === 12,
      10_000,
      100,
    );
    expect(okBody(res).capacity).toMatchObject({ total: 20, used: 12, reserved: 3, available: 5, utilizationRate: 60 });
  });

  it('DELETE …/cache?capacityType= drops that type only; without it, every type of the service', async () => {
    await cached(q, w1.id, 'PALLET_POSITIONS');
    await cached(q, w1.id, 'STORAGE_SLOTS');
    await cached(q, fleet.id, 'VEHICLES'); // a bystander: a service nothing changes any more
    const keys = async () => (await stats()).entries.map((e) => e.key);
    expect(await keys()).toEqual(expect.arrayContaining([keyOf(w1.id, 'PALLET_POSITIONS'), keyOf(w1.id, 'STORAGE_SLOTS'), keyOf(fleet.id, 'VEHICLES')]));

    const one = okBody(await q.call('DELETE', `/capacity/${lsp.code}/${w1.id}/cache?capacityType=STORAGE_SLOTS`));
    expect(one.message).toContain('STORAGE_SLOTS');
    let now = await keys();
    expect(now).not.toContain(keyOf(w1.id, 'STORAGE_SLOTS'));
    expect(now).toEqual(expect.arrayContaining([keyOf(w1.id, 'PALLET_POSITIONS'), keyOf(fleet.id, 'VEHICLES')]));

    expect(okBody(await q.call('DELETE', `/capacity/${lsp.code}/${w1.id}/cache`)).message).toEqual(expect.any(String));
    now = await keys();
    expect(now.filter((k) => k.includes(w1.id))).toEqual([]);
    expect(now).toContain(keyOf(fleet.id, 'VEHICLES'));
    // the next queries compute afresh (same values) and cache again
    expect((await cached(q, w1.id, 'PALLET_POSITIONS')).available).toBe(60);
  });

  it('DELETE: an unknown service is 404, a bad capacityType 400', async () => {
    failsWith(await q.call('DELETE', `/capacity/${lsp.code}/${randomUUID()}/cache`), 404, 'NOT_FOUND');
    failsWith(await q.call('DELETE', `/capacity/${other.lsp.code}/${other.warehouse.id}/cache`), 404, 'NOT_FOUND');
    failsWith(await q.call('DELETE', `/capacity/${lsp.code}/${w1.id}/cache?capacityType=pallets`), 400, 'VALIDATION_ERROR', 'capacityType');
    // the other workspace's entry survived
    expect((await stats(other.q)).size).toBe(1);
  });
});

describe('failures', () => {
  it('an INACTIVE service: 503 CAPACITY_UNAVAILABLE naming its status', async () => {
    const res = await query(q, inactive.id, 'PALLET_POSITIONS');
    failsWith(res, 503, 'CAPACITY_UNAVAILABLE');
    expect(res.body.message).toContain('INACTIVE');
  });

  it('a type the service does not publish: 503 CAPACITY_UNAVAILABLE naming those it does', async () => {
    const res = await query(q, w1.id, 'DOCKS');
    failsWith(res, 503, 'CAPACITY_UNAVAILABLE', 'capacityType');
    expect(res.body.message).toContain('PALLET_POSITIONS, STORAGE_SLOTS');
    expect((await query(q, bare.id, 'DOCKS')).body.message).toContain('publishes none');
  });

  it("another workspace's service, an unknown one, a non-UUID id, the wrong provider code: 404", async () => {
    failsWith(await query(q, other.warehouse.id, 'PALLET_POSITIONS', other.lsp.code), 404, 'NOT_FOUND');
    failsWith(await query(other.q, w1.id, 'PALLET_POSITIONS'), 404, 'NOT_FOUND');
    failsWith(await query(q, randomUUID(), 'PALLET_POSITIONS'), 404, 'NOT_FOUND');
    failsWith(await query(q, 'warehouse-1', 'PALLET_POSITIONS'), 404, 'NOT_FOUND');
    failsWith(await query(q, w1.id, 'PALLET_POSITIONS', other.lsp.code), 404, 'NOT_FOUND');
  });

  it('bad input: 400 naming the field', async () => {
    failsWith(await query(q, w1.id, 'pallet_positions'), 400, 'VALIDATION_ERROR', 'capacityType');
    failsWith(await query(q, w1.id, 'A'.repeat(41)), 400, 'VALIDATION_ERROR', 'capacityType');
    failsWith(await query(q, w1.id, ''), 400, 'VALIDATION_ERROR', 'capacityType');
    failsWith(await query(q, w1.id, 'PALLET_POSITIONS', ''), 400, 'VALIDATION_ERROR', 'lsp');
    failsWith(await query(q, w1.id, 'PALLET_POSITIONS', 'L'.repeat(65)), 400, 'VALIDATION_ERROR', 'lsp');
    failsWith(await q.call('POST', '/capacity/query', { lsp: lsp.code, serviceId: w1.id }), 400, 'VALIDATION_ERROR', 'capacityType');
    failsWith(await q.call('POST', '/capacity/query', { lsp: lsp.code, serviceId: true, capacityType: 'PALLET_POSITIONS' }), 400, 'VALIDATION_ERROR', 'serviceId');
    // 40 characters is the longest type: a valid question, not published
    failsWith(await query(q, w1.id, 'A'.repeat(40)), 503, 'CAPACITY_UNAVAILABLE');
  });

  it('401 without an API key; 403 when X-Workspace-ID names another workspace', async () => {
    const body = { lsp: lsp.code, serviceId: w1.id, capacityType: 'PALLET_POSITIONS' };
    failsWith(await api('POST', '/v1/queries/capacity/query', { body, headers: { 'x-workspace-id': lsp.wid } }), 401, 'UNAUTHORIZED');
    failsWith(await api('GET', '/v1/queries/capacity/cache/stats', { headers: { 'x-workspace-id': lsp.wid } }), 401, 'UNAUTHORIZED');
    failsWith(await q.call('POST', '/capacity/query', body, { 'x-workspace-id': other.lsp.wid }), 403, 'FORBIDDEN');
    failsWith(await q.call('GET', '/capacity/cache/stats', undefined, { 'x-workspace-id': other.lsp.wid }), 403, 'FORBIDDEN');
    failsWith(await q.call('DELETE', `/capacity/${lsp.code}/${w1.id}/cache`, undefined, { 'x-workspace-id': other.lsp.wid }), 403, 'FORBIDDEN');
  });
});

describe('the /v1/realm/queries alias', () => {
  it('serves every capacity route', async () => {
    const R = '/v1/realm/queries/capacity';
    expect(okBody(await q.call('POST', `${R}/query`, { lsp: lsp.code, serviceId: w1.id, capacityType: 'PALLET_POSITIONS' })).capacity.available).toBe(60);
    const batch = okBody(await q.call('POST', `${R}/batch`, { queries: [{ lsp: lsp.code, serviceId: w1.id, capacityType: 'STORAGE_SLOTS' }] }));
    expect(batch.capacities[`${lsp.code}:${w1.id}`].available).toBe(30);
    expect(okBody(await q.call('GET', `${R}/${lsp.code}/${w1.id}/all`)).total).toBe(2);
    await cached(q, w1.id, 'STORAGE_SLOTS');
    expect(okBody(await q.call('GET', `${R}/cache/stats`)).entries.map((e: any) => e.key)).toContain(keyOf(w1.id, 'STORAGE_SLOTS'));
    okBody(await q.call('DELETE', `${R}/${lsp.code}/${w1.id}/cache?capacityType=STORAGE_SLOTS`));
    expect((await stats()).entries.map((e) => e.key)).not.toContain(keyOf(w1.id, 'STORAGE_SLOTS'));
  });
});

// ───────────────────────────── the TTL, on a platform of this file's own with the test clock ─────────────────────────────

describe('the cache TTL (test clock)', () => {
  let p: OwnPlatform;
  let caller: (method: string, path: string, body?: unknown) => Promise<ApiResponse>;
  let code: string;
  let warehouseId: string;
  const DEVICE = 'capacity-clock';
  const setA = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': 'capacity-e2e/1.0', 'svc-auth-device': DEVICE });
  /** A set-up call, again after a 503 (a platform just started on a loaded machine may not serve every call at once). */
  async function must(send: () => Promise<ApiResponse>, status: number, what: string) {
    let res = await send();
    for (let i = 0; i < 5 && res.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      res = await send();
    }
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  beforeAll(async () => {
    // one process: every subgraph reads the clock the test moves (a split platform's queries process is not among the
    // ports the helper moves)
    p = await startPlatform({ topology: 'single', env: { TEST_CLOCK: 'true' } });
    const call = (method: string, path: string, opts: Parameters<typeof api>[2] = {}) => api(method, path, { ...opts, base: p.bridgeUrl });
    const user = await newUser({ name: 'Clock owner' }, p.bridgeUrl);
    const wid = (await must(() => call('POST', '/v1/workspace', { body: { name: 'Capacity clock' }, headers: setA(user.accessToken) }), 201, 'workspace')).data.workspace.id;
    code = (
      await must(
        () =>
          call('POST', `/v1/${wid}/lsp/setup`, {
            body: { type: 'CARRIER', name: 'Clock LSP', address: { city: 'Mombasa', country: 'KE', coordinates: [-4.04, 39.67] } },
            headers: setA(user.accessToken),
          }),
        201,
        'lsp',
      )
    ).data.code;
    const context = (await must(() => call('GET', `/v1/${wid}/lsp/${code}/context`, { headers: setA(user.accessToken) }), 200, 'context')).data.token;
    warehouseId = (await must(() => call('POST', '/v1/lsp/warehouses/create', { body: facilityBody({ type: 'FULFILLMENT', capacities: [PALLETS] }), headers: setA(context) }), 201, 'warehouse')).data
      .id;
    const key = (await must(() => call('POST', `/v1/workspace/${wid}/api-keys`, { body: { name: 'clock', scopes: ['queries'] }, headers: setA(user.accessToken) }), 201, 'key')).data.key;
    caller = (method, path, body) => call(method, `/v1/queries${path}`, { body, token: key, headers: { 'x-workspace-id': wid } });
    const seen = await until(
      () => caller('GET', `/discovery/${code}:${warehouseId}`),
      (r) => r.status === 200,
      10_000,
      50,
    );
    expect(seen.status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await p?.stop();
  });

  it(`an answer is cached ${TTL} s: present at TTL − 1 s, gone at TTL + 1 s, then cached afresh`, async () => {
    const key = `${code}:${warehouseId}:PALLET_POSITIONS`;
    const entry = async () => okBody(await caller('GET', '/capacity/cache/stats')).entries.find((e: any) => e.key === key);
    const ask = async () => expect(okBody(await caller('POST', '/capacity/query', { lsp: code, serviceId: warehouseId, capacityType: 'PALLET_POSITIONS' })).capacity.available).toBe(60);
    // the query that is kept (one computed while an invalidation of its service was under way is not: common/cache.ts)
    // stored its answer between `before` and `after`, so it expires between before + 60 s and after + 60 s. The
    // registry may still be applying its own events of this service: an entry counts once it is listed a second later.
    let before = 0;
    let after = 0;
    for (let i = 0; i < 20; i++) {
      before = p.now();
      await ask();
      after = p.now();
      await new Promise((r) => setTimeout(r, 1000));
      if (await entry()) break;
    }
    const fresh = await entry();
    // just stored: 60 s left, less the time since (a loaded machine may take a few seconds)
    expect(fresh?.expiresIn).toBeLessThanOrEqual(TTL);
    expect(fresh?.expiresIn).toBeGreaterThanOrEqual(TTL - 5);

    // one process (topology single): one PUT moves every subgraph's clock, so that little time (d) passes before the read
    const moved = Date.now();
    const target = before + (TTL - 1) * 1000;
    const put = await fetch(`http://127.0.0.1:${p.ports.BRIDGE_PORT}/__test/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetMs: target - Date.now() }),
    });
    expect(put.status).toBe(200);
    // left: expiry − (before + 59 s + d) ∈ [1 s − d, 1 s + (after − before) − d] (d: the time since the clock moved);
    // rounded up: at least 1, at most 1 + ⌈(after − before) ÷ 1 s⌉
    const late = await entry();
    expect(late, `still cached at TTL − 1 s (d = ${Date.now() - moved} ms)`).toBeDefined();
    expect(late.expiresIn).toBeGreaterThanOrEqual(1);
    expect(late.expiresIn).toBeLessThanOrEqual(1 + Math.ceil((after - before) / 1000));

    await p.clockTo(after + (TTL + 1) * 1000);
    // left: at most after + 60 s − (after + 61 s) = −1 s: expired
    expect(await entry(), 'expired at TTL + 1 s').toBeUndefined();
    expect(okBody(await caller('GET', '/capacity/cache/stats')).size).toBe(0);

    const again = await until(
      async () => {
        await ask();
        return entry();
      },
      (e) => e !== undefined,
      3000,
      50,
    );
    expect(again?.expiresIn).toBeGreaterThanOrEqual(TTL - 5);
    expect(again?.expiresIn).toBeLessThanOrEqual(TTL);
  });
});
