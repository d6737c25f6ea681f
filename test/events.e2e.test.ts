import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { newUser } from './helpers.js';
import {
  acceptAgent,
  addVehicle,
  cspOf,
  createFleet,
  createParking,
  createSite,
  fails,
  inviteAgent,
  memberAs,
  newAgent,
  newLsp,
  ok,
  parkingBody,
  ruleBody,
  uniqueCode,
  uniqueName,
  vehicleBody,
  type Lsp,
} from './lsp-helpers.js';

/**
 * The LSP family's side of the platform event log (docs/lsp.md "What other families see", docs/lsp-coverage.md
 * "Events"; kernel/events.ts): every change of a facility, vehicle, agent or coverage record writes its event on topic
 * `lsp.facility`, `lsp.vehicle`, `lsp.agent` or `lsp.coverage` in the same transaction as the change. So:
 * - each accepted write leaves exactly one event per record it changed, keyed by the record's id, in the LSP's
 *   workspace, whose payload carries the LSP's code (`icode`), the record's id and the values the write set;
 * - a refused write (400, 403, 404, 409) leaves none.
 *
 * The events are read from the database (`events.log`), for the workspace of the test's own LSP: every test makes an
 * LSP in a new workspace, so the suite's other files (running in parallel) never add to what a test reads.
 */

const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
afterAll(() => db.end());

interface Ev {
  topic: string;
  key: string;
  workspaceId: string | null;
  payload: Record<string, any>;
}

/** The LSP events of a workspace, oldest first. */
async function lspEvents(wid: string): Promise<Ev[]> {
  const { rows } = await db.query("select topic, key, workspace_id, payload from events.log where workspace_id = $1 and topic like 'lsp.%' order by id", [wid]);
  return rows.map((r) => ({ topic: r.topic, key: r.key, workspaceId: r.workspace_id, payload: r.payload }));
}

/** Follows one LSP's events: `next(n)` returns the events written since the last look, and checks there are exactly n. */
function follow(lsp: Lsp) {
  let seen = 0;
  const next = async (n: number, label: string): Promise<Ev[]> => {
    const all = await lspEvents(lsp.wid);
    const fresh = all.slice(seen);
    seen = all.length;
    expect(fresh.length, `${label}: ${JSON.stringify(fresh.map((e) => [e.topic, e.payload]))}`).toBe(n);
    return fresh;
  };
  return {
    next,
    one: async (label: string) => (await next(1, label))[0],
    none: (label: string) => next(0, label),
    /** Moves past what was written so far, unchecked (set-up writes that are not the subject of the test). */
    skip: async () => {
      seen = (await lspEvents(lsp.wid)).length;
    },
  };
}

/** One event on `topic` for the record `id` of `lsp`, its payload carrying `payload`. */
function expectEvent(ev: Ev, lsp: Lsp, topic: string, id: string, payload: Record<string, unknown>) {
  expect(ev.topic).toBe(topic);
  expect(ev.key).toBe(id);
  expect(ev.workspaceId).toBe(lsp.wid);
  expect(ev.payload).toMatchObject({ icode: lsp.code, id, ...payload });
}

// ───────────────────────────── lsp.facility ─────────────────────────────

describe('topic lsp.facility: fleets', () => {
  it("create, update and delete of a fleet each write one event with the fleet's values; deleting a fleet with 2 vehicles adds one lsp.vehicle event (deleted) per vehicle", async () => {
    const lsp = await newLsp();
    const ev = follow(lsp);
    await ev.skip();

    const fleet = await createFleet(lsp, { name: 'Fleet One' });
    expectEvent(await ev.one('create fleet'), lsp, 'lsp.facility', fleet.id, {
      kind: 'FLEET',
      code: fleet.code,
      name: 'Fleet One',
      type: 'URBAN_TRANSIT',
      timezone: 'Africa/Nairobi',
      address: fleet.address,
      deleted: false,
    });

    const v1 = await addVehicle(lsp, fleet.id);
    const v2 = await addVehicle(lsp, fleet.id);
    const added = await ev.next(2, 'two vehicles added');
    expectEvent(added[0], lsp, 'lsp.vehicle', v1.id, { fleetId: fleet.id, deleted: false });
    expectEvent(added[1], lsp, 'lsp.vehicle', v2.id, { fleetId: fleet.id, deleted: false });

    ok(await lsp.call('PATCH', `/v1/lsp/fleets/${fleet.id}`, { name: 'Fleet Renamed', timezone: 'Africa/Kampala' }));
    expectEvent(await ev.one('update fleet'), lsp, 'lsp.facility', fleet.id, {
      kind: 'FLEET',
      code: fleet.code,
      name: 'Fleet Renamed',
      timezone: 'Africa/Kampala',
      deleted: false,
    });

    expect(ok(await lsp.call('DELETE', `/v1/lsp/fleets/${fleet.id}`))).toEqual({ deleted: true });
    const gone = await ev.next(3, 'delete fleet with two vehicles');
    expectEvent(gone[0], lsp, 'lsp.facility', fleet.id, { kind: 'FLEET', code: fleet.code, deleted: true });
    expect(
      gone
        .slice(1)
        .map((e) => e.key)
        .sort(),
    ).toEqual([v1.id, v2.id].sort());
    for (const e of gone.slice(1)) expectEvent(e, lsp, 'lsp.vehicle', e.key, { fleetId: fleet.id, deleted: true });
  });

  it('refused fleet writes write no event: duplicate code (409), invalid body (400), unknown id (404), a DEVELOPER creating (403), a SUPERVISOR deleting (403)', async () => {
    const lsp = await newLsp();
    const { cspContext } = await cspOf(lsp);
    const developer = await memberAs(lsp, 'DEVELOPER', cspContext);
    const supervisor = await memberAs(lsp, 'SUPERVISOR', cspContext);
    const fleet = await createFleet(lsp);
    const ev = follow(lsp);
    await ev.skip();

    fails(await lsp.call('POST', '/v1/lsp/fleets/create', { ...fleetBody(), code: fleet.code }), 'CONFLICT', 'code');
    await ev.none('duplicate code');
    fails(await lsp.call('POST', '/v1/lsp/fleets/create', { ...fleetBody(), timezone: 'Mars/Olympus' }), 'VALIDATION_ERROR', 'timezone');
    await ev.none('invalid timezone');
    fails(await lsp.call('PATCH', `/v1/lsp/fleets/${fleet.id}`, { name: '' }), 'VALIDATION_ERROR', 'name');
    await ev.none('empty name on update');
    fails(await lsp.call('PATCH', `/v1/lsp/fleets/${randomUUID()}`, { name: 'Nobody' }), 'NOT_FOUND');
    await ev.none('unknown fleet');
    fails(await developer.call('POST', '/v1/lsp/fleets/create', fleetBody()), 'FORBIDDEN');
    await ev.none('developer creates');
    fails(await supervisor.call('DELETE', `/v1/lsp/fleets/${fleet.id}`), 'FORBIDDEN');
    await ev.none('supervisor deletes');
    // the fleet is still there, unchanged
    expect(ok(await lsp.call('GET', `/v1/lsp/fleets/${fleet.id}`)).name).toBe(fleet.name);
  });
});

const fleetBody = () => ({
  type: 'URBAN_TRANSIT',
  code: uniqueCode('EVF'),
  name: uniqueName('Fleet'),
  timezone: 'Africa/Nairobi',
});

describe.each(['warehouse', 'hub'] as const)('topic lsp.facility: %ss and their pricing', (kind) => {
  const KIND = kind.toUpperCase();
  const base = `/v1/lsp/${kind}s`;

  it(`create, update, pricing add, pricing remove and delete of a ${kind} each write one event with its values`, async () => {
    const lsp = await newLsp();
    const ev = follow(lsp);
    await ev.skip();

    const site = await createSite(lsp, kind, { name: `The ${kind}` });
    expectEvent(await ev.one(`create ${kind}`), lsp, 'lsp.facility', site.id, {
      kind: KIND,
      code: site.code,
      name: `The ${kind}`,
      type: site.type,
      timezone: 'Africa/Nairobi',
      address: site.address,
      level: 'PREMIUM',
      operatingMode: 'SCHEDULED',
      digitalTwinSync: true,
      status: 'ACTIVE',
      operatingHours: site.operatingHours,
      pricing: [],
      deleted: false,
    });

    ok(await lsp.call('PATCH', `${base}/${site.id}`, { name: `Renamed ${kind}`, operatingMode: '24_7' }));
    expectEvent(await ev.one(`update ${kind}`), lsp, 'lsp.facility', site.id, {
      kind: KIND,
      name: `Renamed ${kind}`,
      operatingMode: '24_7',
      deleted: false,
    });

    const rule = ruleBody({ name: 'Cold storage per kg' });
    const withRule = ok(await lsp.call('PUT', `${base}/${site.id}/pricing/add`, { rule }));
    expect(withRule.pricing).toHaveLength(1);
    const ruleId = withRule.pricing[0].id;
    const added = await ev.one('pricing add');
    expectEvent(added, lsp, 'lsp.facility', site.id, { kind: KIND, deleted: false });
    expect(added.payload.pricing).toHaveLength(1);
    expect(added.payload.pricing[0]).toMatchObject({ id: ruleId, name: 'Cold storage per kg', basis: 'PER_KG', rate: { amount: 12.5, currency: 'KES' } });

    expect(ok(await lsp.call('PUT', `${base}/${site.id}/pricing/remove`, { ruleId })).pricing).toEqual([]);
    expectEvent(await ev.one('pricing remove'), lsp, 'lsp.facility', site.id, { kind: KIND, pricing: [], deleted: false });

    expect(ok(await lsp.call('DELETE', `${base}/${site.id}`))).toEqual({ deleted: true });
    expectEvent(await ev.one(`delete ${kind}`), lsp, 'lsp.facility', site.id, { kind: KIND, code: site.code, deleted: true });
  });

  it(`refused ${kind} writes write no event: pricing remove of an unknown rule (404), an unknown pricing action (400), a rule without a name (400), an unknown ${kind} (404), a SUPERVISOR deleting (403)`, async () => {
    const lsp = await newLsp();
    const supervisor = await memberAs(lsp, 'SUPERVISOR');
    const site = await createSite(lsp, kind);
    const ev = follow(lsp);
    await ev.skip();

    fails(await lsp.call('PUT', `${base}/${site.id}/pricing/remove`, { ruleId: randomUUID() }), 'NOT_FOUND');
    await ev.none('remove unknown rule');
    fails(await lsp.call('PUT', `${base}/${site.id}/pricing/replace`, { rule: ruleBody() }), 'VALIDATION_ERROR', 'action');
    await ev.none('unknown action');
    fails(await lsp.call('PUT', `${base}/${site.id}/pricing/add`, { rule: ruleBody({ name: '' }) }), 'VALIDATION_ERROR', 'rule.name');
    await ev.none('rule without a name');
    fails(await lsp.call('PATCH', `${base}/${randomUUID()}`, { name: 'Nobody' }), 'NOT_FOUND');
    await ev.none(`unknown ${kind}`);
    fails(await supervisor.call('DELETE', `${base}/${site.id}`), 'FORBIDDEN');
    await ev.none('supervisor deletes');
    expect(ok(await lsp.call('GET', `${base}/${site.id}`)).pricing).toEqual([]);
  });
});

describe('topic lsp.facility: parking facilities', () => {
  it('creating a parking facility and decommissioning it write one event each; decommissioning again (409) and an invalid body (400) write none', async () => {
    const lsp = await newLsp();
    const ev = follow(lsp);
    await ev.skip();

    const body = parkingBody({ name: 'Night Yard', type: 'TERMINAL' });
    const parking = await createParking(lsp, body);
    expectEvent(await ev.one('create parking'), lsp, 'lsp.facility', parking.id, {
      kind: 'PARKING',
      name: 'Night Yard',
      type: 'TERMINAL',
      address: body.address,
      status: 'OPERATIONAL',
    });

    expect(ok(await lsp.call('DELETE', `/v1/lsp/fleet/parking/facilities/${parking.id}`)).status).toBe('DECOMMISSIONED');
    expectEvent(await ev.one('decommission'), lsp, 'lsp.facility', parking.id, { kind: 'PARKING', status: 'DECOMMISSIONED' });

    fails(await lsp.call('DELETE', `/v1/lsp/fleet/parking/facilities/${parking.id}`), 'CONFLICT');
    await ev.none('decommission twice');
    const { address: _omitted, ...noAddress } = parkingBody();
    fails(await lsp.call('POST', '/v1/lsp/fleet/parking/facilities', noAddress), 'VALIDATION_ERROR', 'address');
    await ev.none('parking without an address');
  });
});

// ───────────────────────────── lsp.vehicle ─────────────────────────────

describe('topic lsp.vehicle', () => {
  it('add, update, specs, IoT, allocate, deallocate and delete of a vehicle each write one event with the values they set', async () => {
    const lsp = await newLsp();
    const fleet = await createFleet(lsp);
    const area = await createArea(lsp);
    const ev = follow(lsp);
    await ev.skip();
    const V = (vid: string) => `/v1/lsp/fleets/${fleet.id}/vehicles/${vid}`;

    const vehicle = await addVehicle(lsp, fleet.id, { type: 'MINIBUS', grade: 'STANDARD' });
    expectEvent(await ev.one('add'), lsp, 'lsp.vehicle', vehicle.id, {
      fleetId: fleet.id,
      type: 'MINIBUS',
      grade: 'STANDARD',
      status: 'INACTIVE',
      deleted: false,
    });

    ok(await lsp.call('PATCH', V(vehicle.id), { status: 'ACTIVE', grade: 'PREMIUM' }));
    expectEvent(await ev.one('update'), lsp, 'lsp.vehicle', vehicle.id, { fleetId: fleet.id, status: 'ACTIVE', grade: 'PREMIUM', deleted: false });

    ok(await lsp.call('PATCH', `${V(vehicle.id)}/specs`, { color: 'Blue', seats: 14 }));
    expectEvent(await ev.one('specs'), lsp, 'lsp.vehicle', vehicle.id, { fleetId: fleet.id, status: 'ACTIVE', deleted: false });

    const iot = { deviceId: 'dev-42', topic: 'fleet/vehicles/42/position', protocol: 'mqtt' };
    ok(await lsp.call('PATCH', `${V(vehicle.id)}/iot`, iot));
    expectEvent(await ev.one('iot'), lsp, 'lsp.vehicle', vehicle.id, { iot: { ...iot, iotsp: null }, deleted: false });

    ok(await lsp.call('PUT', `${V(vehicle.id)}/allocate`, { type: 'AREA', id: area }));
    const allocated = await ev.one('allocate');
    expectEvent(allocated, lsp, 'lsp.vehicle', vehicle.id, { allocation: { type: 'AREA', id: area, by: lsp.userId }, deleted: false });

    ok(await lsp.call('PATCH', `${V(vehicle.id)}/deallocate`));
    expectEvent(await ev.one('deallocate'), lsp, 'lsp.vehicle', vehicle.id, { allocation: null, deleted: false });

    expect(ok(await lsp.call('DELETE', V(vehicle.id)))).toEqual({ deleted: true });
    expectEvent(await ev.one('delete'), lsp, 'lsp.vehicle', vehicle.id, { fleetId: fleet.id, deleted: true });
  });

  it('refused vehicle writes write no event: unknown fleet (404), invalid VIN (400), empty specs (400), allocation to an unknown area (404), MAINTENANCE while allocated (409), deallocating twice (409), a SUPERVISOR deleting (403)', async () => {
    const lsp = await newLsp();
    const supervisor = await memberAs(lsp, 'SUPERVISOR');
    const fleet = await createFleet(lsp);
    const vehicle = await addVehicle(lsp, fleet.id, { status: 'ACTIVE' });
    const area = await createArea(lsp);
    const V = `/v1/lsp/fleets/${fleet.id}/vehicles/${vehicle.id}`;
    ok(await lsp.call('PUT', `${V}/allocate`, { type: 'AREA', id: area }));
    ok(await lsp.call('PATCH', `${V}/deallocate`));
    const ev = follow(lsp);
    await ev.skip();

    fails(await lsp.call('POST', `/v1/lsp/fleets/${randomUUID()}/vehicles/add`, vehicleBody()), 'NOT_FOUND');
    await ev.none('unknown fleet');
    fails(await lsp.call('POST', `/v1/lsp/fleets/${fleet.id}/vehicles/add`, vehicleBody({ specs: { VIN: 'IOQ' } })), 'VALIDATION_ERROR', 'specs.VIN');
    await ev.none('invalid VIN');
    fails(await lsp.call('PATCH', `${V}/specs`, {}), 'VALIDATION_ERROR', 'specs');
    await ev.none('empty specs');
    fails(await lsp.call('PATCH', `${V}/deallocate`), 'CONFLICT');
    await ev.none('deallocate when not allocated');
    fails(await lsp.call('PUT', `${V}/allocate`, { type: 'AREA', id: randomUUID() }), 'NOT_FOUND');
    await ev.none('allocate to an unknown area');
    ok(await lsp.call('PUT', `${V}/allocate`, { type: 'AREA', id: area }));
    await ev.one('allocate (accepted)');
    fails(await lsp.call('PATCH', V, { status: 'MAINTENANCE' }), 'CONFLICT', 'status');
    await ev.none('maintenance while allocated');
    fails(await supervisor.call('DELETE', V), 'FORBIDDEN');
    await ev.none('supervisor deletes');
    expect(ok(await lsp.call('GET', V))).toMatchObject({ status: 'ACTIVE', allocation: { type: 'AREA', id: area } });
  });
});

// ───────────────────────────── lsp.agent ─────────────────────────────

describe('topic lsp.agent', () => {
  it('an agent joining (accepting), an update, a vehicle assignment, a re-assignment, an unassignment and the removal each write one event', async () => {
    const lsp = await newLsp();
    const fleet = await createFleet(lsp);
    const vehicle = await addVehicle(lsp, fleet.id);
    const user = await newUser({ name: uniqueName('Agent user') });
    const inv = await inviteAgent(lsp, { name: 'Amina Driver' });
    const ev = follow(lsp);
    await ev.skip();

    const joined = await acceptAgent(user, inv.token);
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const agent = joined.body.data;
    expectEvent(await ev.one('join'), lsp, 'lsp.agent', agent.id, { userId: user.id, status: 'ACTIVE' });

    ok(await lsp.call('PATCH', `/v1/lsp/agents/${agent.id}`, { status: 'OFF_DUTY', bio: 'Night shifts' }));
    expectEvent(await ev.one('update'), lsp, 'lsp.agent', agent.id, { userId: user.id, status: 'OFF_DUTY' });

    ok(await lsp.call('PUT', `/v1/lsp/agents/${agent.id}/vehicle/assign`, { vid: vehicle.id, terms: ['weekdays'], isOwner: false }));
    expectEvent(await ev.one('assign'), lsp, 'lsp.agent', agent.id, { assigned: vehicle.id, isOwner: false });

    ok(await lsp.call('PUT', `/v1/lsp/agents/${agent.id}/vehicle/assign`, { vid: vehicle.id, terms: ['weekends'], isOwner: true }));
    expectEvent(await ev.one('re-assign'), lsp, 'lsp.agent', agent.id, { assigned: vehicle.id, isOwner: true });

    ok(await lsp.call('PATCH', `/v1/lsp/agents/${agent.id}/vehicle/unassign`, { vid: vehicle.id }));
    expectEvent(await ev.one('unassign'), lsp, 'lsp.agent', agent.id, { unassigned: vehicle.id });

    expect(ok(await lsp.call('DELETE', `/v1/lsp/agents/${agent.id}`))).toEqual({ deleted: true });
    expectEvent(await ev.one('delete'), lsp, 'lsp.agent', agent.id, { deleted: true });
  });

  it('refused agent writes write no event: joining twice (409), a spent invitation (404), an invalid phone (400), an unknown vehicle (404), a second owner-agent (409), unassigning what is not assigned (404), a COORDINATOR removing (403)', async () => {
    const lsp = await newLsp();
    const coordinator = await memberAs(lsp, 'COORDINATOR');
    const fleet = await createFleet(lsp);
    const vehicle = await addVehicle(lsp, fleet.id);
    const { user, agent } = await newAgent(lsp);
    const { agent: owner } = await newAgent(lsp);
    ok(await lsp.call('PUT', `/v1/lsp/agents/${owner.id}/vehicle/assign`, { vid: vehicle.id, terms: [], isOwner: true }));
    const spent = await inviteAgent(lsp);
    const second = await inviteAgent(lsp);
    const ev = follow(lsp);
    await ev.skip();

    fails(await acceptAgent(user, second.token), 'CONFLICT');
    await ev.none('an agent joins twice');
    const stranger = await newUser({ name: uniqueName('Stranger') });
    expect((await acceptAgent(stranger, spent.token)).status).toBe(201);
    await ev.one('a stranger joins (accepted)');
    fails(await acceptAgent(await newUser(), spent.token), 'NOT_FOUND');
    await ev.none('a spent invitation');
    fails(await lsp.call('PATCH', `/v1/lsp/agents/${agent.id}`, { phone: '0700' }), 'VALIDATION_ERROR', 'phone');
    await ev.none('invalid phone');
    fails(await lsp.call('PUT', `/v1/lsp/agents/${agent.id}/vehicle/assign`, { vid: randomUUID(), terms: [], isOwner: false }), 'NOT_FOUND');
    await ev.none('unknown vehicle');
    fails(await lsp.call('PUT', `/v1/lsp/agents/${agent.id}/vehicle/assign`, { vid: vehicle.id, terms: [], isOwner: true }), 'CONFLICT', 'isOwner');
    await ev.none('second owner');
    fails(await lsp.call('PATCH', `/v1/lsp/agents/${agent.id}/vehicle/unassign`, { vid: vehicle.id }), 'NOT_FOUND');
    await ev.none('unassign what is not assigned');
    fails(await coordinator.call('DELETE', `/v1/lsp/agents/${agent.id}`), 'FORBIDDEN');
    await ev.none('coordinator removes');
    expect(ok(await lsp.call('GET', `/v1/lsp/agents/${agent.id}`)).status).toBe('ACTIVE');
  });
});

// ───────────────────────────── lsp.coverage ─────────────────────────────

const COV = '/v1/lsp/coverage';

/** A LAST_MILE area of the LSP in Nairobi; returns its id. */
async function createArea(lsp: Lsp, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await lsp.call('POST', `${COV}/areas/last_mile`, areaBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.area.id;
}

const areaBody = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('Area'),
  code: uniqueCode('EVA'),
  reach: 'LOCAL',
  transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } },
  country: 'ke',
  city: 'Nairobi',
  ...overrides,
});

const routeBody = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('Route'),
  code: uniqueCode('EVR'),
  reach: 'NATIONAL',
  transit: { mode: 'GROUND', time: { min: { hour: 6 }, max: { hour: 12 } } },
  ...overrides,
});

function expectCoverageOk(res: { status: number; body: any }, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error, JSON.stringify(res.body)).toBe(false);
}

describe('topic lsp.coverage', () => {
  it('area: create, update, activation, link, unlink and delete each write one event whose payload is the area after the write (docs/lsp-coverage.md "Events")', async () => {
    const lsp = await newLsp();
    const hub = await createSite(lsp, 'hub', { name: 'Central Hub' });
    const ev = follow(lsp);
    await ev.skip();

    const body = areaBody({ name: 'Nairobi CBD', capacity: { packages: 500 }, region: 'Nairobi County', radius: { value: 12.5, unit: 'km' } });
    const created = await lsp.call('POST', `${COV}/areas/last-mile`, body);
    expectCoverageOk(created, 201);
    const id = created.body.area.id;
    const area = (over: Record<string, unknown>) => ({
      kind: 'AREA',
      id,
      code: body.code,
      name: 'Nairobi CBD',
      status: 'INACTIVE',
      reach: 'LOCAL',
      serviceLevel: 'STANDARD',
      transitType: 'LAST_MILE',
      transitMode: 'GROUND',
      transitTime: { min: { hour: 1 }, max: { hour: 6 } },
      isGuaranteed: false,
      capacity: { packages: 500 },
      country: 'KE',
      region: 'Nairobi County',
      cities: ['Nairobi'],
      radius: { value: 12.5, unit: 'km' },
      linkedTo: [],
      deleted: false,
      ...over,
    });
    let e = await ev.one('create area');
    expectEvent(e, lsp, 'lsp.coverage', id, {});
    expect(e.payload).toEqual({ icode: lsp.code, ...area({}) });

    expectCoverageOk(await lsp.call('PATCH', `${COV}/areas/${id}/last_mile`, { name: 'Nairobi Centre', cities: ['Nairobi', 'Thika'] }));
    e = await ev.one('update area');
    expect(e.payload).toEqual({ icode: lsp.code, ...area({ name: 'Nairobi Centre', cities: ['Nairobi', 'Thika'] }) });

    expectCoverageOk(await lsp.call('PATCH', `${COV}/areas/${id}/last_mile`, { status: 'ACTIVE' }));
    e = await ev.one('activate area');
    expect(e.payload).toEqual({ icode: lsp.code, ...area({ name: 'Nairobi Centre', cities: ['Nairobi', 'Thika'], status: 'ACTIVE' }) });

    expectCoverageOk(await lsp.call('PUT', `${COV}/areas/${id}/link`, { type: 'HUB', id: hub.id }));
    e = await ev.one('link');
    const link = { type: 'HUB', id: hub.id, description: 'Central Hub', address: null };
    expect(e.payload).toEqual({ icode: lsp.code, ...area({ name: 'Nairobi Centre', cities: ['Nairobi', 'Thika'], linkedTo: [link] }) });

    expectCoverageOk(await lsp.call('PATCH', `${COV}/areas/${id}/unlink`, { index: 0 }));
    e = await ev.one('unlink');
    expect(e.payload).toEqual({ icode: lsp.code, ...area({ name: 'Nairobi Centre', cities: ['Nairobi', 'Thika'], linkedTo: [] }) });

    expectCoverageOk(await lsp.call('DELETE', `${COV}/areas/${id}`));
    e = await ev.one('delete area');
    expect(e.payload).toEqual({ icode: lsp.code, ...area({ name: 'Nairobi Centre', cities: ['Nairobi', 'Thika'], deleted: true }) });
  });

  it('route: create, update, transit point add and remove, and delete each write one event whose payload is the route after the write', async () => {
    const lsp = await newLsp();
    const hub = await createSite(lsp, 'hub', { name: 'Origin Hub' });
    const ev = follow(lsp);
    await ev.skip();

    const body = routeBody({ name: 'Mombasa Line', capacity: { sits: 40 }, distance: { value: 480, unit: 'km' } });
    const created = await lsp.call('POST', `${COV}/routes/LINE_HAUL`, body);
    expectCoverageOk(created, 201);
    const id = created.body.route.id;
    const route = (over: Record<string, unknown>) => ({
      kind: 'ROUTE',
      id,
      code: body.code,
      name: 'Mombasa Line',
      status: 'INACTIVE',
      reach: 'NATIONAL',
      serviceLevel: 'STANDARD',
      transitType: 'LINE_HAUL',
      transitMode: 'GROUND',
      transitTime: { min: { hour: 6 }, max: { hour: 12 } },
      isGuaranteed: false,
      capacity: { sits: 40, packages: null },
      origin: null,
      destination: null,
      distance: { value: 480, unit: 'km' },
      transitPoints: [],
      deleted: false,
      ...over,
    });
    let e = await ev.one('create route');
    expectEvent(e, lsp, 'lsp.coverage', id, {});
    expect(e.payload).toEqual({ icode: lsp.code, ...route({}) });

    const destination = { type: 'ANY', address: { city: 'Mombasa', country: 'KE', coordinates: [-4.05, 39.66] } };
    expectCoverageOk(await lsp.call('PATCH', `${COV}/routes/${id}/line_haul`, { origin: { type: 'HUB', id: hub.id }, destination, isGuaranteed: true }));
    const ends = {
      origin: { type: 'HUB', id: hub.id, description: 'Origin Hub', address: null },
      destination: { type: 'ANY', id: null, description: null, address: destination.address },
      isGuaranteed: true,
    };
    e = await ev.one('update route');
    expect(e.payload).toEqual({ icode: lsp.code, ...route(ends) });

    const barrier = { type: 'BARRIER', address: { city: 'Voi', coordinates: [-3.39, 38.56] } };
    expectCoverageOk(await lsp.call('PUT', `${COV}/routes/${id}/transit-point`, barrier));
    e = await ev.one('transit point add');
    expect(e.payload).toEqual({
      icode: lsp.code,
      ...route({ ...ends, transitPoints: [{ type: 'BARRIER', id: null, description: null, address: barrier.address }] }),
    });

    expectCoverageOk(await lsp.call('PATCH', `${COV}/routes/${id}/transit-point`, { index: 0 }));
    e = await ev.one('transit point remove');
    expect(e.payload).toEqual({ icode: lsp.code, ...route(ends) });

    expectCoverageOk(await lsp.call('DELETE', `${COV}/routes/${id}`));
    e = await ev.one('delete route');
    expect(e.payload).toEqual({ icode: lsp.code, ...route({ ...ends, deleted: true }) });
  });

  it('refused coverage writes write no event: duplicate code (409), an unknown node (400), a missing linkedTo entry (404), activating an incomplete route (409), a DEVELOPER updating (403), deleting an area a vehicle serves (409), an unknown id (404)', async () => {
    const lsp = await newLsp();
    const developer = await memberAs(lsp, 'DEVELOPER');
    const areaCode = uniqueCode('EVA');
    const area = await createArea(lsp, { code: areaCode });
    const routeRes = await lsp.call('POST', `${COV}/routes/line_haul`, routeBody());
    expectCoverageOk(routeRes, 201);
    const route = routeRes.body.route.id;
    const fleet = await createFleet(lsp);
    const vehicle = await addVehicle(lsp, fleet.id);
    ok(await lsp.call('PUT', `/v1/lsp/fleets/${fleet.id}/vehicles/${vehicle.id}/allocate`, { type: 'AREA', id: area }));
    const ev = follow(lsp);
    await ev.skip();

    fails(await lsp.call('POST', `${COV}/areas/last_mile`, areaBody({ code: areaCode })), 'CONFLICT', 'code');
    await ev.none('duplicate code');
    fails(await lsp.call('PUT', `${COV}/areas/${area}/link`, { type: 'HUB', id: randomUUID() }), 'VALIDATION_ERROR', 'id');
    await ev.none('link an unknown hub');
    fails(await lsp.call('PATCH', `${COV}/areas/${area}/unlink`, { index: 0 }), 'NOT_FOUND');
    await ev.none('unlink a missing entry');
    fails(await lsp.call('PATCH', `${COV}/routes/${route}/line_haul`, { status: 'ACTIVE' }), 'CONFLICT', 'status');
    await ev.none('activate an incomplete route');
    fails(await developer.call('PATCH', `${COV}/areas/${area}/last_mile`, { name: 'Not allowed' }), 'FORBIDDEN');
    await ev.none('developer updates');
    fails(await lsp.call('DELETE', `${COV}/areas/${area}`), 'CONFLICT');
    await ev.none('delete an area a vehicle serves');
    fails(await lsp.call('DELETE', `${COV}/routes/${randomUUID()}`), 'NOT_FOUND');
    await ev.none('delete an unknown route');
    const still = await lsp.call('GET', `${COV}/areas/${area}`);
    expectCoverageOk(still);
    expect(still.body.area.linkedTo).toEqual([]);
  });
});

// ───────────────────────────── waking consumers ─────────────────────────────

/**
 * kernel/events.ts "Waking up": on a PostgreSQL server the log notifies the topics of each committed write on channel
 * `events_log`, and every process of the platform listens there (one connection each, `platform-events`) instead of
 * polling. The embedded database has one shared session that cannot deliver notifications to a connection of their
 * own, so processes on it poll (every consumer's tests cover that path on the suite's PGlite run); they tell it by its
 * `version()`, which this checks too.
 */
describe('waking consumers', () => {
  it("on a PostgreSQL server a committed write notifies its topic on events_log and the platform's processes listen there; the embedded database is told by its version", async () => {
    const { rows: versions } = await db.query<{ version: string }>('select version() as version');
    if (!process.env.DATABASE_URL) {
      expect(versions[0].version).toMatch(/PGlite/);
      return;
    }
    expect(versions[0].version).not.toMatch(/PGlite/);
    const listener = new pg.Client({ connectionString: inject('databaseUrl') });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (m) => m.channel === 'events_log' && heard.push(m.payload ?? ''));
      await listener.query('LISTEN events_log');
      const lsp = await newLsp();
      heard.length = 0;
      await createFleet(lsp, { name: 'Heard Fleet' });
      const until = Date.now() + 5000;
      while (!heard.includes('lsp.facility') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(heard).toContain('lsp.facility');
    } finally {
      await listener.end();
    }
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = 'platform-events' and query ilike 'LISTEN events_log'");
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
  });
});
