import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { gatewayUrl, randomIp, until } from './helpers.js';
import { createFleet, createParking, createSite, fails, newLsp, uniqueCode } from './lsp-helpers.js';
import { setupProvider } from './workspace-helpers.js';
import { queriesKey, registered } from './queries-helpers.js';

/**
 * The queries family's registry and discovery (docs/queries.md "Registry", "Discovery"), end to end: records created
 * over the LSP and workspace routes reach the registry through the event log, and the five discovery routes find them.
 * Every test works in a workspace of its own, so what it finds is exactly what it made.
 *
 * Distances are great circles on the IUGG mean sphere (R = 6371.0088 km, so 1° of latitude = 2πR/360 =
 * 111.19508 km): points on one meridian are compared by their latitudes alone.
 */
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

const KM_PER_DEGREE = 111.19508;
const at = (lat: number, lng: number, city = 'Nairobi', country = 'KE') => ({ name: 'Site', street1: '1 Road', city, state: 'Nairobi', country, coordinates: [lat, lng] });

describe('the registry follows the LSP family', () => {
  it('finds a warehouse created over the LSP routes within 1 s, and loses it within 1 s once it is INACTIVE', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    const search = { serviceType: 'WAREHOUSE', location: { coordinates: [-1.3, 36.8], maxDistance: 10 } };
    const before = await q.call('POST', '/discovery/discover', search);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ error: false, status: 'NO_RESULTS', services: [], total: 0 });

    const w = await createSite(lsp, 'warehouse', { address: at(-1.3, 36.8), capabilities: ['COLD_CHAIN'] });
    // the promise is 1 s from the LSP's answer: discovery reads the registry (no catch-up), so the consumer must be that quick
    const found = await until(
      () => q.call('POST', '/discovery/discover', search),
      (r) => r.body.total === 1,
      1000,
      50,
    );
    expect(found.body).toMatchObject({ error: false, status: 'SUCCESS', total: 1 });
    const entry = found.body.services[0];
    expect(entry).toMatchObject({
      compositeId: `${lsp.code}:${w.id}`,
      lsp: lsp.code,
      serviceId: w.id,
      serviceType: 'WAREHOUSE',
      name: w.name,
      description: 'A facility for tests',
      location: { coordinates: [-1.3, 36.8], address: { street: '1 Road', city: 'Nairobi', region: 'Nairobi', country: 'KE', postalCode: null }, timezone: 'Africa/Nairobi' },
      capabilities: { features: ['COLD_CHAIN'], facilityType: 'FULFILLMENT', serviceLevel: 'PREMIUM', operatingMode: 'SCHEDULED', digitalTwinSync: true },
      status: 'ACTIVE',
      tags: ['FULFILLMENT', 'PREMIUM', 'COLD_CHAIN'],
      distance: 0,
      proximityScore: 100,
      performance: null,
    });
    expect(typeof found.body.executionTimeMs).toBe('number');
    for (const k of ['created', 'updated', 'lastSynced']) expect(new Date(entry[k]).toISOString()).toBe(entry[k]);

    const off = await lsp.call('PATCH', `/v1/lsp/warehouses/${w.id}`, { status: 'INACTIVE' });
    expect(off.status).toBe(200);
    const gone = await until(
      () => q.call('POST', '/discovery/discover', search),
      (r) => r.body.total === 0,
      1000,
      50,
    );
    expect(gone.body).toMatchObject({ status: 'NO_RESULTS', total: 0, services: [] });
    // still in the registry, INACTIVE: found when asked for by status, and by its id
    const inactive = await q.call('POST', '/discovery/discover', { ...search, filters: { status: 'INACTIVE' } });
    expect(inactive.body.services.map((s: any) => s.serviceId)).toEqual([w.id]);
    expect((await q.call('GET', `/discovery/${lsp.code}:${w.id}`)).body.service.status).toBe('INACTIVE');

    // deleted: out of the registry
    expect((await lsp.call('DELETE', `/v1/lsp/warehouses/${w.id}`)).status).toBe(200);
    const deleted = await until(
      () => q.call('GET', `/discovery/${lsp.code}:${w.id}`),
      (r) => r.status === 404,
      1000,
      50,
    );
    fails(deleted, 'NOT_FOUND');
  });

  it('lists fleets as CARRIER, hubs as HUB, TERMINAL parking as TERMINAL and IoTSP providers as IOTSP; other parking is not a service', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    const fleet = await createFleet(lsp, { address: at(-1.25, 36.8) });
    const hub = await createSite(lsp, 'hub', { address: at(-1.26, 36.8) });
    const terminal = await createParking(lsp, { type: 'TERMINAL', address: at(-1.27, 36.8) });
    const depot = await createParking(lsp, { type: 'DEPOT', address: at(-1.28, 36.8) });
    const iotsp = await setupProvider(lsp.owner.token, lsp.wid, 'iotsp', { type: 'FLEET_TRACKING', address: at(-1.29, 36.8) });
    expect((await registered(q, lsp.code, fleet.id)).serviceType).toBe('CARRIER');
    expect((await registered(q, lsp.code, hub.id)).serviceType).toBe('HUB');
    expect(await registered(q, lsp.code, terminal.id)).toMatchObject({ serviceType: 'TERMINAL', status: 'ACTIVE' });
    expect(await registered(q, iotsp.code, iotsp.id)).toMatchObject({ serviceType: 'IOTSP', lsp: iotsp.code, tags: ['FLEET_TRACKING'], location: { timezone: 'Africa/Nairobi' } });
    fails(await q.call('GET', `/discovery/${lsp.code}:${depot.id}`), 'NOT_FOUND');
    // a CLOSED terminal is INACTIVE, a decommissioned one leaves
    const closed = await createParking(lsp, { type: 'TERMINAL', status: 'CLOSED', address: at(-1.3, 36.8) });
    expect((await registered(q, lsp.code, closed.id)).status).toBe('INACTIVE');
    expect((await lsp.call('DELETE', `/v1/lsp/fleet/parking/facilities/${terminal.id}`)).status).toBe(200);
    fails(
      await until(
        () => q.call('GET', `/discovery/${lsp.code}:${terminal.id}`),
        (r) => r.status === 404,
        1000,
        50,
      ),
      'NOT_FOUND',
    );
  });

  it('a registry rebuilt from the event log reaches the same state (consumers are idempotent on the event id)', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    const w = await createSite(lsp, 'warehouse', { address: at(-1.31, 36.81) });
    const fleet = await createFleet(lsp, { address: at(-1.32, 36.81) });
    expect((await lsp.call('PATCH', `/v1/lsp/warehouses/${w.id}`, { name: 'Renamed', status: 'MAINTENANCE' })).status).toBe(200);
    await registered(q, lsp.code, w.id, (s) => s.name === 'Renamed' && s.status === 'MAINTENANCE');
    await registered(q, lsp.code, fleet.id);
    const snapshot = async () =>
      (
        await db.query(
          `select service_id, lsp, composite_id, service_type, name, status, address, capabilities, capacities, computed_capacities, pricing, tags, created_at, updated_at, event_id
           from queries.service_entry where workspace_id = $1 order by service_id`,
          [lsp.wid],
        )
      ).rows;
    const before = await snapshot();
    expect(before).toHaveLength(2);
    // forget this workspace's entries and replay its events from the start: each topic's cursor moves back to just
    // before the workspace's first event of it, a position (tx, id) of the log (docs/events.md "The feed")
    await db.query('delete from queries.service_entry where workspace_id = $1', [lsp.wid]);
    await db.query(
      `update events.cursor c set tx = f.tx, position = f.id - 1
         from (select distinct on (topic) topic, tx, id from events.log where workspace_id = $1 order by topic, tx, id) f
        where c.consumer = 'queries.registry' and c.topic = f.topic and (c.tx, c.position) > (f.tx, f.id - 1)`,
      [lsp.wid],
    );
    await until(snapshot, (rows) => rows.length === 2, 5000, 50);
    expect(await snapshot()).toEqual(before);
  });
});

describe('discovery', () => {
  it('searches near a point within maxDistance, nearest first, with distance and proximity; pages with limit and offset', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    // on the meridian 36.8° E: 0, 0.1° (11.120 km) and 0.3° (33.359 km) south of the search point; one 1° away (111.195 km)
    const sites = [];
    for (const lat of [-1.0, -1.1, -1.3, -2.0]) sites.push(await createSite(lsp, 'warehouse', { address: at(lat, 36.8) }));
    for (const s of sites) await registered(q, lsp.code, s.id);
    const res = await q.call('POST', '/discovery/discover', { serviceType: 'WAREHOUSE', location: { coordinates: [-1.0, 36.8], maxDistance: 50 } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.services.map((s: any) => s.serviceId)).toEqual(sites.slice(0, 3).map((s) => s.id));
    // 0.1° = 11.1195 km → 11.12 (3 decimals: 11.120); proximity 100 / (1 + 11.1195/50) = 81.807 → 81.81
    // 0.3° = 33.3585 km → 33.359; proximity 100 / (1 + 0.66717) = 59.982 → 59.98
    expect(res.body.services.map((s: any) => s.distance)).toEqual([0, 11.12, 33.359]);
    expect(res.body.services.map((s: any) => s.proximityScore)).toEqual([100, 81.81, 59.98]);
    expect(0.3 * KM_PER_DEGREE).toBeCloseTo(33.359, 3);

    const page = await q.call('POST', '/discovery/discover', { serviceType: 'WAREHOUSE', location: { coordinates: [-1.0, 36.8], maxDistance: 50 }, limit: 2, offset: 1 });
    expect(page.body.total).toBe(3);
    expect(page.body.services.map((s: any) => s.serviceId)).toEqual([sites[1].id, sites[2].id]);
    // without a radius: every warehouse with a position, nearest first
    const all = await q.call('POST', '/discovery/discover', { serviceType: 'WAREHOUSE', location: { coordinates: [-1.0, 36.8] } });
    expect(all.body.services.map((s: any) => s.serviceId)).toEqual(sites.map((s) => s.id));
    // without a location: by name
    const byName = await q.call('POST', '/discovery/discover', { serviceType: 'WAREHOUSE' });
    expect(byName.body.total).toBe(4);
    expect(byName.body.services.map((s: any) => s.name)).toEqual(sites.map((s) => s.name).sort());
    expect(byName.body.services[0].distance).toBeNull();

    const count = await q.call('POST', '/discovery/count', { serviceType: 'WAREHOUSE', location: { coordinates: [-1.0, 36.8], maxDistance: 20 } });
    expect(count.body).toEqual({ error: false, status: 'SUCCESS', count: 2 });
    const none = await q.call('POST', '/discovery/count', { serviceType: 'HUB' });
    expect(none.body).toEqual({ error: false, status: 'NO_RESULTS', count: 0 });
  });

  it('filters by tags, city, country and provider; advanced by capabilities; available by free capacity', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    const cold = await createSite(lsp, 'warehouse', {
      address: at(-1.0, 36.8, 'Nairobi'),
      capabilities: ['COLD_CHAIN', 'BONDED'],
      capacities: [{ type: 'PALLET_POSITIONS', total: 100, used: 30, reserved: 10, unit: 'pallets' }],
    });
    const dry = await createSite(lsp, 'warehouse', { address: at(-4.0, 39.6, 'Mombasa'), capabilities: ['BONDED'], capacities: [{ type: 'PALLET_POSITIONS', total: 50, used: 45, unit: 'pallets' }] });
    for (const s of [cold, dry]) await registered(q, lsp.code, s.id);
    const ids = (r: any) => r.body.services.map((s: any) => s.serviceId).sort();
    const find = (body: object, path = '/discovery/discover') => q.call('POST', path, { serviceType: 'WAREHOUSE', ...body });
    expect(ids(await find({ filters: { tags: ['COLD_CHAIN'] } }))).toEqual([cold.id]);
    expect(ids(await find({ filters: { tags: ['BONDED'] } }))).toEqual([cold.id, dry.id].sort());
    expect(ids(await find({ filters: { city: 'mombasa' } }))).toEqual([dry.id]);
    expect(ids(await find({ filters: { country: 'ke', lsp: lsp.code } }))).toEqual([cold.id, dry.id].sort());
    expect((await find({ filters: { lsp: 'LSP-NOSUCH00' } })).body.status).toBe('NO_RESULTS');
    expect(ids(await find({ capabilities: { features: ['COLD_CHAIN', 'BONDED'] } }, '/discovery/advanced'))).toEqual([cold.id]);
    expect(ids(await find({ capabilities: { serviceLevel: 'PREMIUM' } }, '/discovery/advanced'))).toEqual([cold.id, dry.id].sort());

    // available = total − used − reserved: 100 − 30 − 10 = 60 and 50 − 45 = 5
    const avail = await q.call('POST', '/discovery/available', { criteria: { serviceType: 'WAREHOUSE' }, minCapacity: 10, capacityType: 'PALLET_POSITIONS' });
    expect(avail.status).toBe(200);
    expect(avail.body.total).toBe(1);
    expect(avail.body.services[0]).toMatchObject({
      serviceId: cold.id,
      capacity: { type: 'PALLET_POSITIONS', total: 100, used: 30, reserved: 10, available: 60, utilizationRate: 30, unit: 'pallets' },
    });
    const both = await q.call('POST', '/discovery/available', { criteria: { serviceType: 'WAREHOUSE' }, minCapacity: 5, capacityType: 'PALLET_POSITIONS' });
    expect(both.body.total).toBe(2);
    const noType = await q.call('POST', '/discovery/available', { criteria: { serviceType: 'WAREHOUSE' }, minCapacity: 1, capacityType: 'STORAGE_SLOTS' });
    expect(noType.body).toMatchObject({ status: 'NO_RESULTS', total: 0 });
  });

  it("answers one service by composite id; unknown, malformed and other workspaces' ids are NOT_FOUND", async () => {
    const lsp = await newLsp();
    const other = await newLsp();
    const q = await queriesKey(lsp);
    const q2 = await queriesKey(other);
    const w = await createSite(lsp, 'warehouse');
    const mine = await registered(q, lsp.code, w.id);
    expect(mine.coverage).toBeNull();
    fails(await q2.call('GET', `/discovery/${lsp.code}:${w.id}`), 'NOT_FOUND');
    fails(await q.call('GET', `/discovery/${other.code}:${w.id}`), 'NOT_FOUND');
    fails(await q.call('GET', `/discovery/${lsp.code}:not-a-uuid`), 'NOT_FOUND');
    fails(await q.call('GET', `/discovery/${w.id}`), 'NOT_FOUND');
    // another workspace's entries never show in a search
    expect((await q2.call('POST', '/discovery/discover', { serviceType: 'WAREHOUSE' })).body.total).toBe(0);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    fails(await q.call('POST', '/discovery/discover', { serviceType: 'SHIP' }), 'VALIDATION_ERROR', 'serviceType');
    fails(await q.call('POST', '/discovery/discover', {}), 'VALIDATION_ERROR', 'serviceType');
    fails(await q.call('POST', '/discovery/discover', { serviceType: 'HUB', limit: 101 }), 'VALIDATION_ERROR', 'limit');
    fails(await q.call('POST', '/discovery/discover', { serviceType: 'HUB', offset: -1 }), 'VALIDATION_ERROR', 'offset');
    fails(await q.call('POST', '/discovery/discover', { serviceType: 'HUB', location: { coordinates: [91, 0] } }), 'VALIDATION_ERROR', 'location.coordinates');
    fails(await q.call('POST', '/discovery/discover', { serviceType: 'HUB', location: { coordinates: [0, 0], maxDistance: 0 } }), 'VALIDATION_ERROR', 'location.maxDistance');
    fails(await q.call('POST', '/discovery/discover', { serviceType: 'HUB', filters: { tags: ['cold'] } }), 'VALIDATION_ERROR', 'filters.tags');
    fails(await q.call('POST', '/discovery/discover', { serviceType: 'HUB', filters: { colour: 'red' } }), 'VALIDATION_ERROR', 'filters.colour');
    fails(await q.call('POST', '/discovery/advanced', { serviceType: 'HUB', capabilities: { x: 'y'.repeat(3000) } }), 'VALIDATION_ERROR', 'capabilities');
    fails(await q.call('POST', '/discovery/advanced', { serviceType: 'HUB', performanceThresholds: { orderAccuracy: 1.5 } }), 'VALIDATION_ERROR', 'performanceThresholds.orderAccuracy');
    fails(await q.call('POST', '/discovery/available', { criteria: { serviceType: 'HUB' }, capacityType: 'pallets' }), 'VALIDATION_ERROR', 'capacityType');
    fails(await q.call('POST', '/discovery/available', { criteria: { serviceType: 'HUB' }, minCapacity: -1 }), 'VALIDATION_ERROR', 'minCapacity');
  });
});

describe('the graph', () => {
  it('an entry references its provider and its source record, resolved by their own subgraphs for an API key of their workspace', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    const w = await createSite(lsp, 'warehouse', { address: at(-1.0, 36.8) });
    const fleet = await createFleet(lsp, { address: at(-1.01, 36.8) });
    await registered(q, lsp.code, w.id);
    await registered(q, lsp.code, fleet.id);
    const res = await fetch(gatewayUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${q.key}`, 'x-forwarded-for': randomIp() },
      body: JSON.stringify({
        query: `query($t: ServiceType!) { discoverServices(input: { serviceType: $t }) { services { compositeId provider { code name } warehouse { id name } fleet { id name } } } }`,
        variables: { t: 'WAREHOUSE' },
      }),
    });
    const body = await res.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.discoverServices.services).toEqual([
      { compositeId: `${lsp.code}:${w.id}`, provider: { code: lsp.code, name: lsp.provider.name }, warehouse: { id: w.id, name: w.name }, fleet: null },
    ]);
    const carriers = await fetch(gatewayUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${q.key}`, 'x-forwarded-for': randomIp() },
      body: JSON.stringify({ query: `{ discoverServices(input: { serviceType: CARRIER }) { services { fleet { id name } warehouse { id } } } }` }),
    });
    expect((await carriers.json()).data.discoverServices.services).toEqual([{ fleet: { id: fleet.id, name: fleet.name }, warehouse: null }]);
  });
});

describe('selection (docs/queries.md "Selection"), what a pipeline QUERY stage calls through the graph', () => {
  const select = async (key: string, input: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(gatewayUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-forwarded-for': randomIp(), ...headers },
      body: JSON.stringify({ query: 'query($i: ResourceSelectionInput!) { selectResource(input: $i) { resource score strategy alternatives } selectableResources }', variables: { i: input } }),
    });
    return { status: res.status, body: await res.json() };
  };

  it('CLOSEST picks the nearest warehouse of the workspace, the next as runners-up; nothing near is null', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    // 0.1° of latitude is 11.1 km, 0.3° 33.4 km (KM_PER_DEGREE)
    const near = await createSite(lsp, 'warehouse', { address: at(-1.1, 36.8), code: uniqueCode('W') });
    const far = await createSite(lsp, 'warehouse', { address: at(-1.3, 36.8), code: uniqueCode('W') });
    await registered(q, lsp.code, near.id);
    await registered(q, lsp.code, far.id);
    const r = await select(q.key, { resource: 'WAREHOUSE', strategy: 'CLOSEST', filters: { location: { latitude: -1.0, longitude: 36.8 } } });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.selectResource).toMatchObject({ resource: { type: 'WAREHOUSE', compositeId: `${lsp.code}:${near.id}`, serviceId: near.id }, strategy: 'CLOSEST' });
    expect(r.body.data.selectResource.resource.distance).toBeCloseTo(0.1 * KM_PER_DEGREE, 1);
    expect(r.body.data.selectResource.alternatives.map((a: any) => a.serviceId)).toEqual([far.id]);
    // warehouses make WAREHOUSE and INVENTORY selectable; the workspace has no carrier, vehicle or route
    expect(r.body.data.selectableResources).toEqual(['INVENTORY', 'WAREHOUSE']);
    const none = await select(q.key, { resource: 'WAREHOUSE', strategy: 'CLOSEST', filters: { location: { latitude: -1.0, longitude: 36.8 }, maxDistance: 5 } });
    expect(none.body.data.selectResource).toBeNull();
    // CLOSEST without a point is the caller's mistake, named by field
    const bad = await select(q.key, { resource: 'WAREHOUSE', strategy: 'CLOSEST' });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'filters.location' });
  });

  it('only a key with the queries scope; a client cannot pass as a family of the platform', async () => {
    const lsp = await newLsp();
    const utilitiesOnly = await queriesKey(lsp, ['utilities']);
    const refused = await select(utilitiesOnly.key, { resource: 'WAREHOUSE', strategy: 'RANDOM' });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    // a made-up service call (kernel/graph-client.ts) is refused before anything runs, whatever else comes with it
    const forged = await select(utilitiesOnly.key, { resource: 'WAREHOUSE', strategy: 'RANDOM' }, { 'x-platform-service': 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' });
    expect(forged.status).toBe(401);
    expect(forged.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });
});

describe('who may call', () => {
  it('needs an API key with the queries scope and X-Workspace-ID of its own workspace', async () => {
    const lsp = await newLsp();
    const other = await newLsp();
    const q = await queriesKey(lsp);
    const body = { serviceType: 'WAREHOUSE' };
    fails(await q.call('POST', '/discovery/discover', body, { authorization: '' }), 'UNAUTHORIZED');
    fails(await q.call('POST', '/discovery/discover', body, { authorization: 'Bearer lpk_not_a_key' }), 'UNAUTHORIZED');
    fails(await q.call('POST', '/discovery/discover', body, { 'x-workspace-id': '' }), 'UNAUTHORIZED');
    const foreign = await q.call('POST', '/discovery/discover', body, { 'x-workspace-id': other.wid });
    fails(foreign, 'FORBIDDEN');
    expect(foreign.body.message).toMatch(/verify workspace access/);
    // permission before the request's form (docs/contract.md "Order of checks"): a malformed body changes nothing
    const foreignMalformed = await q.call('POST', '/discovery/discover', '{"serviceType": ', { 'x-workspace-id': other.wid, 'content-type': 'application/json' });
    fails(foreignMalformed, 'FORBIDDEN');
    expect(foreignMalformed.body.message).toMatch(/verify workspace access/);
    fails(await q.call('POST', '/discovery/discover', '{"serviceType": ', { 'content-type': 'application/json' }), 'VALIDATION_ERROR');
    const utilitiesOnly = await queriesKey(lsp, ['utilities']);
    fails(await utilitiesOnly.call('POST', '/discovery/discover', body), 'FORBIDDEN');
  });

  it('serves every discovery route under /v1/realm/queries too', async () => {
    const lsp = await newLsp();
    const q = await queriesKey(lsp);
    const w = await createSite(lsp, 'warehouse', { code: uniqueCode('W') });
    await registered(q, lsp.code, w.id);
    const body = { serviceType: 'WAREHOUSE' };
    for (const path of ['discover', 'advanced', 'count']) {
      const [a, b] = [await q.call('POST', `/v1/queries/discovery/${path}`, body), await q.call('POST', `/v1/realm/queries/discovery/${path}`, body)];
      expect(b.status).toBe(200);
      const strip = (x: any) => ({ ...x, executionTimeMs: 0 });
      expect(strip(b.body)).toEqual(strip(a.body));
    }
    expect((await q.call('POST', '/v1/realm/queries/discovery/available', { criteria: body })).status).toBe(200);
    expect((await q.call('GET', `/v1/realm/queries/discovery/${lsp.code}:${w.id}`)).body.service.serviceId).toBe(w.id);
  });
});
