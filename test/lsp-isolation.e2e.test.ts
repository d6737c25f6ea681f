import { beforeAll, describe, expect, it } from 'vitest';
import {
  addRule,
  addVehicle,
  coverageArea,
  createFleet,
  createParking,
  createSite,
  facilityBody,
  fails,
  newAgent,
  newLsp,
  ok,
  okList,
  parkingBody,
  ruleBody,
  specsBody,
  vehicleBody,
  type Lsp,
} from './lsp-helpers.js';

/**
 * Tenant isolation of the LSP family: an LSP of another workspace, and a second LSP of the same workspace, get
 * 404 NOT_FOUND for every id of the first LSP (fleet, vehicle, parking, warehouse, hub, agent, pricing rule) on get,
 * update and delete, never see them in their lists, and cannot reference them from their own records.
 */

interface Owned {
  fleet: any;
  vehicle: any;
  parking: any;
  warehouse: any;
  hub: any;
  agent: any;
  area: string;
}

let a: Lsp;
let mine: Owned;

/** The LSP whose records the others try to reach, with one record of each kind (and an assignment). */
beforeAll(async () => {
  a = await newLsp();
  const fleet = await createFleet(a);
  const vehicle = await addVehicle(a, fleet.id);
  const parking = await createParking(a);
  const warehouse = await addRule(a, 'warehouse', (await createSite(a, 'warehouse')).id);
  const hub = await addRule(a, 'hub', (await createSite(a, 'hub')).id);
  const { agent } = await newAgent(a);
  const assigned = await a.call('PUT', `/v1/lsp/agents/${agent.id}/vehicle/assign`, { vid: vehicle.id, terms: ['A terms'], isOwner: true });
  expect(assigned.status).toBe(200);
  const area = await coverageArea(await a.fresh());
  mine = { fleet, vehicle, parking, warehouse, hub, agent, area };
});

const intruders: [string, () => Promise<Lsp>][] = [
  ['an LSP of another workspace', () => newLsp()],
  ['another LSP of the same workspace', () => newLsp(a.owner)],
];

describe.each(intruders)('%s', (_label, make) => {
  let b: Lsp;
  let own: { fleet: any; vehicle: any; hub: any; warehouse: any; agent: any };
  beforeAll(async () => {
    b = await make();
    if (_label.includes('same workspace')) expect(b.wid).toBe(a.wid);
    else expect(b.wid).not.toBe(a.wid);
    expect(b.code).not.toBe(a.code);
    const fleet = await createFleet(b);
    own = {
      fleet,
      vehicle: await addVehicle(b, fleet.id),
      hub: await createSite(b, 'hub'),
      warehouse: await createSite(b, 'warehouse'),
      agent: (await newAgent(b)).agent,
    };
  });

  it("gets 404 NOT_FOUND reading each of the first LSP's records", async () => {
    const c = await b.fresh();
    const F = `/v1/lsp/fleets/${mine.fleet.id}`;
    for (const path of [
      F,
      `${F}/vehicles`,
      `${F}/vehicles/${mine.vehicle.id}`,
      `/v1/lsp/fleet/parking/facilities/${mine.parking.id}`,
      `/v1/lsp/warehouses/${mine.warehouse.id}`,
      `/v1/lsp/hubs/${mine.hub.id}`,
      `/v1/lsp/agents/${mine.agent.id}`,
      `/v1/lsp/agents/${mine.agent.id}?verbose=1`,
    ]) {
      const res = await c.call('GET', path);
      fails(res, 'NOT_FOUND');
      expect(JSON.stringify(res.body)).not.toContain(mine.fleet.code);
    }
  });

  it('gets 404 NOT_FOUND updating each of them (and changes nothing)', async () => {
    const c = await b.fresh();
    const F = `/v1/lsp/fleets/${mine.fleet.id}`;
    const V = `${F}/vehicles/${mine.vehicle.id}`;
    const attempts: [string, string, unknown?][] = [
      ['PATCH', F, { name: 'Hijacked' }],
      ['POST', `${F}/vehicles/add`, vehicleBody()],
      ['PATCH', V, { status: 'RETIRED' }],
      ['PATCH', `${V}/specs`, { color: 'Black' }],
      ['PATCH', `${V}/iot`, { deviceId: 'evil', topic: 'evil/topic' }],
      ['PUT', `${V}/allocate`, { type: 'AREA', id: mine.area }],
      ['PATCH', `${V}/deallocate`],
      ['PATCH', `/v1/lsp/warehouses/${mine.warehouse.id}`, { name: 'Hijacked' }],
      ['PATCH', `/v1/lsp/hubs/${mine.hub.id}`, { name: 'Hijacked' }],
      ['PUT', `/v1/lsp/warehouses/${mine.warehouse.id}/pricing/add`, { rule: ruleBody() }],
      ['PUT', `/v1/lsp/hubs/${mine.hub.id}/pricing/add`, { rule: ruleBody() }],
      ['PUT', `/v1/lsp/warehouses/${mine.warehouse.id}/pricing/remove`, { ruleId: mine.warehouse.pricing[0].id }],
      ['PUT', `/v1/lsp/hubs/${mine.hub.id}/pricing/remove`, { ruleId: mine.hub.pricing[0].id }],
      ['PATCH', `/v1/lsp/agents/${mine.agent.id}`, { status: 'SUSPENDED' }],
      ['PUT', `/v1/lsp/agents/${mine.agent.id}/vehicle/assign`, { vid: own.vehicle.id, terms: [], isOwner: false }],
      ['PATCH', `/v1/lsp/agents/${mine.agent.id}/vehicle/unassign`, { vid: mine.vehicle.id }],
    ];
    for (const [method, path, body] of attempts) fails(await c.call(method, path, body), 'NOT_FOUND');
    // and nothing of the first LSP changed
    const owner = await a.fresh();
    expect(ok(await owner.call('GET', F))).toMatchObject({ name: mine.fleet.name, updated: mine.fleet.updated, vehicleCount: 1 });
    expect(ok(await owner.call('GET', V))).toEqual(mine.vehicle);
    expect(ok(await owner.call('GET', `/v1/lsp/warehouses/${mine.warehouse.id}`))).toEqual(mine.warehouse);
    expect(ok(await owner.call('GET', `/v1/lsp/hubs/${mine.hub.id}`))).toEqual(mine.hub);
    const agent = ok(await owner.call('GET', `/v1/lsp/agents/${mine.agent.id}?verbose=1`));
    expect(agent.status).toBe(mine.agent.status);
    expect(agent.vehicles.map((x: any) => x.vid)).toEqual([mine.vehicle.id]);
  });

  it('gets 404 NOT_FOUND deleting each of them', async () => {
    const c = await b.fresh();
    for (const path of [
      `/v1/lsp/fleets/${mine.fleet.id}/vehicles/${mine.vehicle.id}`,
      `/v1/lsp/fleets/${mine.fleet.id}`,
      `/v1/lsp/fleet/parking/facilities/${mine.parking.id}`,
      `/v1/lsp/warehouses/${mine.warehouse.id}`,
      `/v1/lsp/hubs/${mine.hub.id}`,
      `/v1/lsp/agents/${mine.agent.id}`,
    ])
      fails(await c.call('DELETE', path), 'NOT_FOUND');
  });

  it('cannot reach them through its own records: foreign vid under its fleet, foreign pricing rule, foreign vehicle for its agent, foreign coverage', async () => {
    const c = await b.fresh();
    const ownV = `/v1/lsp/fleets/${own.fleet.id}/vehicles`;
    fails(await c.call('GET', `${ownV}/${mine.vehicle.id}`), 'NOT_FOUND');
    fails(await c.call('PATCH', `${ownV}/${mine.vehicle.id}`, { status: 'RETIRED' }), 'NOT_FOUND');
    fails(await c.call('PATCH', `${ownV}/${mine.vehicle.id}/specs`, specsBody()), 'NOT_FOUND');
    fails(await c.call('DELETE', `${ownV}/${mine.vehicle.id}`), 'NOT_FOUND');
    fails(await c.call('PUT', `/v1/lsp/hubs/${own.hub.id}/pricing/remove`, { ruleId: mine.hub.pricing[0].id }), 'NOT_FOUND');
    fails(await c.call('PUT', `/v1/lsp/warehouses/${own.warehouse.id}/pricing/remove`, { ruleId: mine.warehouse.pricing[0].id }), 'NOT_FOUND');
    fails(await c.call('PUT', `/v1/lsp/agents/${own.agent.id}/vehicle/assign`, { vid: mine.vehicle.id, terms: [], isOwner: true }), 'NOT_FOUND');
    fails(await c.call('PATCH', `/v1/lsp/agents/${own.agent.id}/vehicle/unassign`, { vid: mine.vehicle.id }), 'NOT_FOUND');
    fails(await c.call('PUT', `${ownV}/${own.vehicle.id}/allocate`, { type: 'AREA', id: mine.area }), 'NOT_FOUND');
    expect(ok(await c.call('GET', `${ownV}/${own.vehicle.id}`)).allocation).toBeNull();
    expect(ok(await c.call('GET', `/v1/lsp/agents/${own.agent.id}?verbose=1`)).vehicles).toEqual([]);
  });

  it('its lists show only its own records', async () => {
    const c = await b.fresh();
    const lists: [string, string][] = [
      ['/v1/lsp/fleets?limit=100', own.fleet.id],
      [`/v1/lsp/fleets/${own.fleet.id}/vehicles?limit=100`, own.vehicle.id],
      ['/v1/lsp/warehouses?limit=100', own.warehouse.id],
      ['/v1/lsp/hubs?limit=100', own.hub.id],
      ['/v1/lsp/agents?limit=100', own.agent.id],
    ];
    const foreign = [mine.fleet.id, mine.vehicle.id, mine.parking.id, mine.warehouse.id, mine.hub.id, mine.agent.id];
    for (const [path, ownId] of lists) {
      const items = okList(await c.call('GET', path), 1, 100);
      expect(items.map((x) => x.id)).toEqual([ownId]);
      for (const item of items) expect(item.workspace).toEqual({ type: 'LSP', icode: b.code });
    }
    const parking = okList(await c.call('GET', '/v1/lsp/fleet/parking/facilities?limit=100'), 1, 100);
    expect(parking).toEqual([]);
    const created = ok(await c.call('POST', '/v1/lsp/fleet/parking/facilities', parkingBody()), 201);
    expect(okList(await c.call('GET', '/v1/lsp/fleet/parking/facilities?limit=100'), 1, 100).map((p) => p.id)).toEqual([created.id]);
    const fleets = await c.call('GET', '/v1/lsp/fleets?limit=100');
    expect(okList(fleets, 1, 100).map((x) => x.id)).toEqual([own.fleet.id]);
    const all = JSON.stringify(fleets.body);
    for (const id of foreign) expect(all).not.toContain(id);
  });

  it('may use the same facility codes as the first LSP (codes are unique per LSP)', async () => {
    const c = await b.fresh();
    expect(ok(await c.call('POST', '/v1/lsp/fleets/create', facilityBody({ code: mine.fleet.code })), 201).code).toBe(mine.fleet.code);
    expect(ok(await c.call('POST', '/v1/lsp/warehouses/create', facilityBody({ code: mine.warehouse.code })), 201).code).toBe(mine.warehouse.code);
    expect(ok(await c.call('POST', '/v1/lsp/hubs/create', facilityBody({ code: mine.hub.code })), 201).code).toBe(mine.hub.code);
  });

  it('GraphQL at the gateway answers NOT_FOUND too, and its lists hold only its own records', async () => {
    const r = await b.gql(`query($f: ID!) { fleet(id: $f) { id } }`, { f: mine.fleet.id });
    expect(r.status).toBe(200);
    expect(r.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(r.body.data).toBeNull();
    const h = await b.gql(`query($h: ID!) { hub(id: $h) { id } }`, { h: mine.hub.id });
    expect(h.status).toBe(200);
    expect(h.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(h.body.data).toBeNull();
    const lists = await b.gql('{ hubs(limit: 100) { items { id } } agents(limit: 100) { items { id } } }');
    expect(lists.status).toBe(200);
    expect(lists.body.errors).toBeUndefined();
    // its own hub and the one the previous test created with the first LSP's hub code; never the first LSP's
    const hubIds = lists.body.data.hubs.items.map((x: any) => x.id);
    expect(hubIds).toHaveLength(2);
    expect(hubIds).toContain(own.hub.id);
    expect(hubIds).not.toContain(mine.hub.id);
    expect(lists.body.data.agents.items.map((x: any) => x.id)).toEqual([own.agent.id]);
  });
});

describe('the first LSP after both intruders', () => {
  it('still has every record unchanged', async () => {
    const c = await a.fresh();
    const fleet = ok(await c.call('GET', `/v1/lsp/fleets/${mine.fleet.id}`));
    expect(fleet).toMatchObject({ name: mine.fleet.name, updated: mine.fleet.updated, vehicleCount: 1 });
    const vehicle = ok(await c.call('GET', `/v1/lsp/fleets/${mine.fleet.id}/vehicles/${mine.vehicle.id}`));
    expect(vehicle).toEqual(mine.vehicle);
    expect(ok(await c.call('GET', `/v1/lsp/fleet/parking/facilities/${mine.parking.id}`))).toEqual(mine.parking);
    expect(ok(await c.call('GET', `/v1/lsp/warehouses/${mine.warehouse.id}`))).toEqual(mine.warehouse);
    expect(ok(await c.call('GET', `/v1/lsp/hubs/${mine.hub.id}`))).toEqual(mine.hub);
    const agent = ok(await c.call('GET', `/v1/lsp/agents/${mine.agent.id}?verbose=1`));
    expect({ ...agent, vehicles: undefined }).toEqual({ ...mine.agent, vehicles: undefined });
    expect(agent.vehicles.map((x: any) => [x.vid, x.terms, x.isOwner])).toEqual([[mine.vehicle.id, ['A terms'], true]]);
    // and its own lists show exactly its records
    expect(okList(await c.call('GET', '/v1/lsp/fleets')).map((x) => x.id)).toEqual([mine.fleet.id]);
    expect(okList(await c.call('GET', '/v1/lsp/hubs')).map((x) => x.id)).toEqual([mine.hub.id]);
    expect(okList(await c.call('GET', '/v1/lsp/warehouses')).map((x) => x.id)).toEqual([mine.warehouse.id]);
    expect(okList(await c.call('GET', '/v1/lsp/fleet/parking/facilities')).map((x) => x.id)).toEqual([mine.parking.id]);
    expect(okList(await c.call('GET', '/v1/lsp/agents')).map((x) => x.id)).toEqual([mine.agent.id]);
  });
});
