import { beforeAll, describe, expect, it } from 'vitest';
import {
  THIS_YEAR,
  addVehicle,
  api,
  callA,
  gqlH,
  coverageArea,
  coverageRoute,
  createFleet,
  createParking,
  cspOf,
  expectFacility,
  expectRecord,
  expectStamp,
  facilityBody,
  fails,
  graphInput,
  memberAs,
  newLsp,
  newUser,
  ok,
  okList,
  parkingBody,
  randomUUID,
  randomVin,
  setA,
  specsBody,
  uniqueCode,
  vehicleBody,
  type Lsp,
} from './lsp-helpers.js';

/**
 * LSP fleets, vehicles and parking facilities (`/v1/lsp/fleets…`, `/v1/lsp/fleet/parking/facilities…`) end to end
 * through the bridge: envelopes, records, validation, effects read back, roles and credentials.
 */

const FLEETS = '/v1/lsp/fleets';
const PARKING = '/v1/lsp/fleet/parking/facilities';

describe('fleets', () => {
  let lsp: Lsp;
  beforeAll(async () => {
    lsp = await newLsp();
  });

  it('creates a fleet (201) with the whole facility body, the owner reference and stamps, and reads it back', async () => {
    const from = Date.now();
    const body = facilityBody();
    const created = ok(await lsp.call('POST', `${FLEETS}/create`, body), 201);
    expectRecord(created, lsp, { timezone: 'Africa/Nairobi', from });
    expectFacility(created, body);
    expect(created.vehicleCount).toBe(0);
    expect(created.added).toEqual(created.updated);

    const read = ok(await lsp.call('GET', `${FLEETS}/${created.id}`));
    expect(read).toEqual(created);
    const list = okList(await lsp.call('GET', FLEETS));
    expect(list.map((f) => f.id)).toContain(created.id);
  });

  it('applies the defaults for omitted optional fields (level, operating mode, hours, contacts, address, twin sync)', async () => {
    const body = { type: 'LINE_HAUL', code: uniqueCode('MIN'), name: 'Minimal fleet', timezone: 'Europe/Berlin' };
    const created = ok(await lsp.call('POST', `${FLEETS}/create`, body), 201);
    expectFacility(created, body);
    expect(created).toMatchObject({ level: 'STANDARD', operatingMode: 'SCHEDULED', operatingHours: [], digitalTwinSync: false, address: null, description: null });
    expect(created.added.at.timezone).toBe('Europe/Berlin');
    expect(ok(await lsp.call('GET', `${FLEETS}/${created.id}`))).toEqual(created);
  });

  it('refuses a second fleet with the same code (409 CONFLICT, field code) and keeps only the first', async () => {
    const code = uniqueCode('DUP');
    const first = ok(await lsp.call('POST', `${FLEETS}/create`, facilityBody({ code })), 201);
    fails(await lsp.call('POST', `${FLEETS}/create`, facilityBody({ code, name: 'Second' })), 'CONFLICT', 'code');
    const all = okList(await lsp.call('GET', `${FLEETS}?limit=100`), 1, 100);
    expect(all.filter((f) => f.code === code).map((f) => f.id)).toEqual([first.id]);
  });

  it('validates the facility body: each mistake is 400 VALIDATION_ERROR naming the field, and nothing is created', async () => {
    const v = await newLsp(); // an LSP of its own: it has no fleet
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ timezone: undefined }, 'timezone'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ type: 'urban transit' }, 'type'],
      [{ type: undefined }, 'type'],
      [{ code: 'bad code!' }, 'code'],
      [{ name: '' }, 'name'],
      [{ level: 'gold' }, 'level'],
      [{ operatingMode: 'ALWAYS' }, 'operatingMode'],
      [{ operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '25:00', closeTime: '17:00' }] }, 'operatingHours.0.openTime'],
      [{ operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '8pm' }] }, 'operatingHours.0.closeTime'],
      [{ operatingHours: [{ dayOfWeek: 'FUNDAY', openTime: '08:00', closeTime: '17:00' }] }, 'operatingHours.0.dayOfWeek'],
      [{ operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '08:00' }] }, /^operatingHours\.0/],
      [
        {
          operatingHours: [
            { dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '17:00' },
            { dayOfWeek: 'MONDAY', openTime: '09:00', closeTime: '12:00' },
          ],
        },
        /^operatingHours\.1/,
      ],
      [{ address: { city: 'Nairobi', coordinates: [91, 36.8] } }, 'address.coordinates'],
      [{ address: { city: 'Nairobi', coordinates: [-1.29, 181] } }, 'address.coordinates'],
      [{ address: { city: 'Nairobi', coordinates: [-1.29] } }, 'address.coordinates'],
      [{ contacts: { emails: ['not-an-email'] } }, 'contacts.emails'],
      [{ color: 'blue' }, 'color'],
      [{ digitalTwinSync: 'yes' }, 'digitalTwinSync'],
    ];
    for (const [overrides, field] of cases) {
      const res = await v.call('POST', `${FLEETS}/create`, facilityBody(overrides));
      fails(res, 'VALIDATION_ERROR', field);
    }
    // malformed JSON and a body that is not an object
    fails(await api('POST', `${FLEETS}/create`, { headers: { ...setA(v.token), 'content-type': 'application/json' }, body: '{"type": "X",' }), 'VALIDATION_ERROR', 'body');
    fails(await v.call('POST', `${FLEETS}/create`, [facilityBody()]), 'VALIDATION_ERROR', 'body');
    expect(okList(await v.call('GET', FLEETS), 1, 20, 0)).toEqual([]);
  });

  it('accepts a closed day without times and a close before the open (past midnight)', async () => {
    const hours = [
      { dayOfWeek: 'FRIDAY', openTime: '20:00', closeTime: '04:00' },
      { dayOfWeek: 'SUNDAY', isClosed: true },
      { dayOfWeek: 'TUESDAY', openTime: '00:00', closeTime: '23:59', isClosed: false },
    ];
    const created = ok(await lsp.call('POST', `${FLEETS}/create`, facilityBody({ operatingHours: hours, operatingMode: '24_7' })), 201);
    expect(created.operatingMode).toBe('24_7');
    expect(created.operatingHours).toEqual([
      { dayOfWeek: 'FRIDAY', openTime: '20:00', closeTime: '04:00', isClosed: false },
      { dayOfWeek: 'SUNDAY', openTime: null, closeTime: null, isClosed: true },
      { dayOfWeek: 'TUESDAY', openTime: '00:00', closeTime: '23:59', isClosed: false },
    ]);
  });

  it('updates a fleet: given fields change, others stay, only `updated` moves; the code cannot change', async () => {
    const body = facilityBody();
    const created = ok(await lsp.call('POST', `${FLEETS}/create`, body), 201);
    await new Promise((r) => setTimeout(r, 15));
    const change = {
      name: 'Renamed fleet',
      description: 'New description',
      type: 'RURAL',
      operatingHours: [{ dayOfWeek: 'WEDNESDAY', openTime: '06:00', closeTime: '18:00' }],
      contacts: { emails: ['new@lsp.example'] },
      timezone: 'Africa/Kampala',
      digitalTwinSync: false,
    };
    const updated = ok(await lsp.call('PATCH', `${FLEETS}/${created.id}`, change));
    expect(updated.id).toBe(created.id);
    expectFacility(updated, { ...body, ...change, code: created.code, contacts: { emails: ['new@lsp.example'], phones: [] } });
    expect(updated.added).toEqual(created.added);
    expect(updated.updated.at.timestamp).toBeGreaterThan(created.updated.at.timestamp);
    expect(updated.updated.by).toBe(lsp.userId);
    expect(ok(await lsp.call('GET', `${FLEETS}/${created.id}`))).toEqual(updated);

    fails(await lsp.call('PATCH', `${FLEETS}/${created.id}`, { code: uniqueCode('NEW') }), 'VALIDATION_ERROR', 'code');
    fails(await lsp.call('PATCH', `${FLEETS}/${created.id}`, { timezone: 'Nowhere/City' }), 'VALIDATION_ERROR', 'timezone');
    fails(await lsp.call('PATCH', `${FLEETS}/${created.id}`, { operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '24:30' }] }), 'VALIDATION_ERROR', 'operatingHours.0.closeTime');
    fails(await lsp.call('PATCH', `${FLEETS}/${created.id}`, { address: { coordinates: [0, -200] } }), 'VALIDATION_ERROR', 'address.coordinates');
    expect(ok(await lsp.call('GET', `${FLEETS}/${created.id}`))).toEqual(updated);
    fails(await lsp.call('PATCH', `${FLEETS}/${randomUUID()}`, { name: 'Ghost' }), 'NOT_FOUND');
  });

  it('lists with pagination (page, limit, total, pages, hasNext, hasPrevious) and refuses a bad limit or page', async () => {
    const own = await newLsp();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createFleet(own)).id);
    const all = okList(await own.call('GET', FLEETS));
    expect(all.map((f) => f.id).sort()).toEqual([...ids].sort());
    expect((await own.call('GET', FLEETS)).body.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1, hasNext: false, hasPrevious: false });

    const p1 = await own.call('GET', `${FLEETS}?limit=2`);
    expect(okList(p1, 1, 2)).toHaveLength(2);
    expect(p1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, hasNext: true, hasPrevious: false });
    const p2 = await own.call('GET', `${FLEETS}?limit=2&page=2`);
    expect(okList(p2, 2, 2)).toHaveLength(1);
    expect(p2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, hasNext: false, hasPrevious: true });
    expect([...p1.body.data, ...p2.body.data].map((f: any) => f.id).sort()).toEqual([...ids].sort());
    const p3 = await own.call('GET', `${FLEETS}?limit=2&page=3`);
    expect(okList(p3, 3, 2)).toHaveLength(0);

    expect(okList(await own.call('GET', `${FLEETS}?limit=100`), 1, 100)).toHaveLength(3);
    fails(await own.call('GET', `${FLEETS}?limit=101`), 'VALIDATION_ERROR', 'limit');
    fails(await own.call('GET', `${FLEETS}?limit=0`), 'VALIDATION_ERROR', 'limit');
    fails(await own.call('GET', `${FLEETS}?limit=abc`), 'VALIDATION_ERROR', 'limit');
    fails(await own.call('GET', `${FLEETS}?page=0`), 'VALIDATION_ERROR', 'page');
  });

  it('answers 404 NOT_FOUND for an unknown or malformed fleet id', async () => {
    fails(await lsp.call('GET', `${FLEETS}/${randomUUID()}`), 'NOT_FOUND');
    fails(await lsp.call('GET', `${FLEETS}/not-a-uuid`), 'NOT_FOUND');
    fails(await lsp.call('DELETE', `${FLEETS}/${randomUUID()}`), 'NOT_FOUND');
  });

  it('deletes a fleet with its vehicles: data.deleted, then 404 for the fleet and its vehicles, and a second delete is 404', async () => {
    const fleet = await createFleet(lsp);
    const vehicle = await addVehicle(lsp, fleet.id);
    const res = await lsp.call('DELETE', `${FLEETS}/${fleet.id}`);
    expect(ok(res)).toEqual({ deleted: true });
    fails(await lsp.call('GET', `${FLEETS}/${fleet.id}`), 'NOT_FOUND');
    fails(await lsp.call('GET', `${FLEETS}/${fleet.id}/vehicles`), 'NOT_FOUND');
    fails(await lsp.call('GET', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}`), 'NOT_FOUND');
    fails(await lsp.call('DELETE', `${FLEETS}/${fleet.id}`), 'NOT_FOUND');
    const all = okList(await lsp.call('GET', `${FLEETS}?limit=100`), 1, 100);
    expect(all.map((f) => f.id)).not.toContain(fleet.id);
  });
});

describe('vehicles', () => {
  let lsp: Lsp;
  let fleet: any;
  beforeAll(async () => {
    lsp = await newLsp();
    fleet = await createFleet(lsp, { timezone: 'Africa/Lagos' });
  });
  const V = () => `${FLEETS}/${fleet.id}/vehicles`;

  it("adds a vehicle (201): INACTIVE by default, all specs, stamps in the fleet's timezone; reads it back; the fleet counts it", async () => {
    const from = Date.now();
    const body = vehicleBody({ specs: specsBody({ manufactured: THIS_YEAR + 1 }) });
    const v = ok(await lsp.call('POST', `${V()}/add`, body), 201);
    expectRecord(v, lsp, { timezone: 'Africa/Lagos', from });
    expect(v).toMatchObject({ fleetId: fleet.id, type: 'TRUCK', grade: 'STANDARD', status: 'INACTIVE', ownership: 'OWNED', iot: null, allocation: null });
    expect(v.specs).toEqual(body.specs);
    expect(ok(await lsp.call('GET', `${V()}/${v.id}`))).toEqual(v);
    // the fleet's first vehicle (this is the first test of the group)
    const list = okList(await lsp.call('GET', V()), 1, 20, 1);
    expect(list.map((x) => x.id)).toEqual([v.id]);
    const f = ok(await lsp.call('GET', `${FLEETS}/${fleet.id}`));
    expect(f.vehicleCount).toBe(1);
  });

  it('keeps the given status and leaves omitted optional fields null', async () => {
    const v = ok(await lsp.call('POST', `${V()}/add`, { type: 'VAN', status: 'ACTIVE', specs: { VIN: randomVin() } }), 201);
    expect(v).toMatchObject({ type: 'VAN', status: 'ACTIVE', grade: null, ownership: null });
    expect(v.specs.VIN).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(v.specs.brand).toBeNull();
  });

  it("counts vehicles per fleet in vehicleCount and lists only the fleet's own vehicles", async () => {
    const other = await createFleet(lsp);
    const a = await addVehicle(lsp, other.id);
    const b = await addVehicle(lsp, other.id);
    const f = ok(await lsp.call('GET', `${FLEETS}/${other.id}`));
    expect(f.vehicleCount).toBe(2);
    const list = okList(await lsp.call('GET', `${FLEETS}/${other.id}/vehicles`), 1, 20, 2);
    expect(list.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    const page = await lsp.call('GET', `${FLEETS}/${other.id}/vehicles?limit=1&page=2`);
    expect(okList(page, 2, 1, 2)).toHaveLength(1);
    expect(page.body.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2, hasNext: false, hasPrevious: true });
    // a vehicle is only reachable under its own fleet
    fails(await lsp.call('GET', `${FLEETS}/${fleet.id}/vehicles/${a.id}`), 'NOT_FOUND');
    fails(await lsp.call('PATCH', `${FLEETS}/${fleet.id}/vehicles/${a.id}`, { grade: 'PREMIUM' }), 'NOT_FOUND');
    fails(await lsp.call('DELETE', `${FLEETS}/${fleet.id}/vehicles/${a.id}`), 'NOT_FOUND');
    expect(ok(await lsp.call('GET', `${FLEETS}/${other.id}/vehicles/${a.id}`)).grade).toBe('STANDARD');
  });

  it('validates the vehicle body: 400 VALIDATION_ERROR naming the field, nothing added', async () => {
    const v = await lsp.fresh();
    const fresh = await createFleet(v);
    const path = `${FLEETS}/${fresh.id}/vehicles/add`;
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'truck' }, 'type'],
      [{ type: undefined }, 'type'],
      [{ specs: undefined }, 'specs'],
      [{ status: 'BROKEN' }, 'status'],
      [{ ownership: 'BORROWED' }, 'ownership'],
      [{ grade: 'top grade' }, 'grade'],
      [{ specs: specsBody({ VIN: 'ABC123' }) }, 'specs.VIN'],
      [{ specs: specsBody({ VIN: '1HGCM82633A00I352' }) }, 'specs.VIN'],
      [{ specs: specsBody({ VIN: '1HGCM82633A00O352' }) }, 'specs.VIN'],
      [{ specs: specsBody({ VIN: '1HGCM82633A00Q352' }) }, 'specs.VIN'],
      [{ specs: specsBody({ VIN: '1hgcm82633a004352' }) }, 'specs.VIN'],
      [{ specs: specsBody({ seats: 0 }) }, 'specs.seats'],
      [{ specs: specsBody({ seats: 101 }) }, 'specs.seats'],
      [{ specs: specsBody({ seats: 2.5 }) }, 'specs.seats'],
      [{ specs: specsBody({ manufactured: 1899 }) }, 'specs.manufactured'],
      [{ specs: specsBody({ manufactured: THIS_YEAR + 2 }) }, 'specs.manufactured'],
      [{ specs: specsBody({ engine: 'STEAM' }) }, 'specs.engine'],
      [{ specs: specsBody({ mode: 'SEMI' }) }, 'specs.mode'],
      [{ specs: specsBody({ condition: 'BROKEN' }) }, 'specs.condition'],
      [{ specs: specsBody({ maxWeightCapacity: { value: 0, unit: 'kg' } }) }, 'specs.maxWeightCapacity.value'],
      [{ specs: specsBody({ maxWeightCapacity: { value: -5, unit: 'kg' } }) }, 'specs.maxWeightCapacity.value'],
      [{ specs: specsBody({ maxWeightCapacity: { value: 5, unit: 'tonnes' } }) }, 'specs.maxWeightCapacity.unit'],
      [{ specs: specsBody({ wheels: 6 }) }, 'specs.wheels'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [overrides, field] of cases) {
      fails(await v.call('POST', path, vehicleBody(overrides)), 'VALIDATION_ERROR', field);
    }
    expect(ok(await v.call('GET', `${FLEETS}/${fresh.id}`)).vehicleCount).toBe(0);
    fails(await v.call('POST', `${FLEETS}/${randomUUID()}/vehicles/add`, vehicleBody()), 'NOT_FOUND');
  });

  it('PATCH changes type, grade, status and ownership; the stamp moves; bad values are 400 and change nothing', async () => {
    const v = await addVehicle(lsp, fleet.id);
    await new Promise((r) => setTimeout(r, 15));
    const updated = ok(await lsp.call('PATCH', `${V()}/${v.id}`, { type: 'VAN', grade: 'PREMIUM', status: 'ACTIVE', ownership: 'LEASED' }));
    expect(updated).toMatchObject({ id: v.id, type: 'VAN', grade: 'PREMIUM', status: 'ACTIVE', ownership: 'LEASED', specs: v.specs });
    expect(updated.added).toEqual(v.added);
    expect(updated.updated.at.timestamp).toBeGreaterThan(v.updated.at.timestamp);
    expect(updated.updated.at.timezone).toBe('Africa/Lagos');

    const partial = ok(await lsp.call('PATCH', `${V()}/${v.id}`, { status: 'MAINTENANCE' }));
    expect(partial).toMatchObject({ type: 'VAN', grade: 'PREMIUM', status: 'MAINTENANCE', ownership: 'LEASED' });

    fails(await lsp.call('PATCH', `${V()}/${v.id}`, { status: 'SCRAPPED' }), 'VALIDATION_ERROR', 'status');
    fails(await lsp.call('PATCH', `${V()}/${v.id}`, { ownership: 'STOLEN' }), 'VALIDATION_ERROR', 'ownership');
    fails(await lsp.call('PATCH', `${V()}/${v.id}`, { specs: { color: 'Red' } }), 'VALIDATION_ERROR', 'specs');
    const read = ok(await lsp.call('GET', `${V()}/${v.id}`));
    expect(read).toEqual(partial);
    fails(await lsp.call('PATCH', `${V()}/${randomUUID()}`, { status: 'ACTIVE' }), 'NOT_FOUND');
  });

  it('PATCH /specs merges the given fields, keeps the others, refuses an empty body and invalid values', async () => {
    const v = await addVehicle(lsp, fleet.id);
    const vin = randomVin();
    const merged = ok(await lsp.call('PATCH', `${V()}/${v.id}/specs`, { color: 'Blue', VIN: vin, maxWeightCapacity: { value: 7000, unit: 'kg' } }));
    expect(merged.specs).toEqual({ ...v.specs, color: 'Blue', VIN: vin, maxWeightCapacity: { value: 7000, unit: 'kg' } });
    expect(merged.updated.at.timestamp).toBeGreaterThanOrEqual(v.updated.at.timestamp);
    expect(ok(await lsp.call('GET', `${V()}/${v.id}`)).specs).toEqual(merged.specs);

    fails(await lsp.call('PATCH', `${V()}/${v.id}/specs`, {}), 'VALIDATION_ERROR', 'specs');
    fails(await lsp.call('PATCH', `${V()}/${v.id}/specs`, { VIN: 'IIIIIIIIIIIIIIIII' }), 'VALIDATION_ERROR', 'VIN');
    fails(await lsp.call('PATCH', `${V()}/${v.id}/specs`, { seats: 500 }), 'VALIDATION_ERROR', 'seats');
    fails(await lsp.call('PATCH', `${V()}/${v.id}/specs`, { turbo: true }), 'VALIDATION_ERROR', 'turbo');
    expect(ok(await lsp.call('GET', `${V()}/${v.id}`)).specs).toEqual(merged.specs);
  });

  it('PATCH /iot sets the reporting device and topic; replaces it on a second call; validates the input', async () => {
    const v = await addVehicle(lsp, fleet.id);
    const first = ok(await lsp.call('PATCH', `${V()}/${v.id}/iot`, { deviceId: 'dev-001', topic: 'fleet/KDA123A/telemetry', protocol: 'mqtt' }));
    expect(first.iot).toEqual({ deviceId: 'dev-001', topic: 'fleet/KDA123A/telemetry', protocol: 'mqtt', iotsp: null });
    const second = ok(await lsp.call('PATCH', `${V()}/${v.id}/iot`, { deviceId: 'dev-002', topic: 'fleet/+/gps' }));
    expect(second.iot).toEqual({ deviceId: 'dev-002', topic: 'fleet/+/gps', protocol: null, iotsp: null });
    expect(ok(await lsp.call('GET', `${V()}/${v.id}`)).iot).toEqual(second.iot);

    fails(await lsp.call('PATCH', `${V()}/${v.id}/iot`, { topic: 'fleet/x' }), 'VALIDATION_ERROR', 'deviceId');
    fails(await lsp.call('PATCH', `${V()}/${v.id}/iot`, { deviceId: 'dev-003' }), 'VALIDATION_ERROR', 'topic');
    fails(await lsp.call('PATCH', `${V()}/${v.id}/iot`, { deviceId: 'dev-003', topic: 'has spaces in it' }), 'VALIDATION_ERROR', 'topic');
    fails(await lsp.call('PATCH', `${V()}/${v.id}/iot`, { deviceId: 'dev-003', topic: 'a/b', protocol: 'MQTT 5' }), 'VALIDATION_ERROR', 'protocol');
    expect(ok(await lsp.call('GET', `${V()}/${v.id}`)).iot).toEqual(second.iot);
  });

  it('allocation: an unknown coverage record is 404; a bad type is 400; deallocating a free vehicle is 409', async () => {
    const v = await addVehicle(lsp, fleet.id);
    fails(await lsp.call('PUT', `${V()}/${v.id}/allocate`, { type: 'AREA', id: randomUUID() }), 'NOT_FOUND');
    fails(await lsp.call('PUT', `${V()}/${v.id}/allocate`, { type: 'ROUTE', id: 'not-a-uuid' }), 'NOT_FOUND');
    fails(await lsp.call('PUT', `${V()}/${v.id}/allocate`, { type: 'ZONE', id: randomUUID() }), 'VALIDATION_ERROR', 'type');
    fails(await lsp.call('PUT', `${V()}/${v.id}/allocate`, { type: 'AREA' }), 'VALIDATION_ERROR', 'id');
    fails(await lsp.call('PATCH', `${V()}/${v.id}/deallocate`), 'CONFLICT');
    expect(ok(await lsp.call('GET', `${V()}/${v.id}`)).allocation).toBeNull();
  });

  it('allocation to a coverage area and route of the LSP, with its 409 rules, then deallocation', async () => {
    const c = await lsp.fresh();
    const area = await coverageArea(c);
    const route = await coverageRoute(c);
    const v = await addVehicle(c, fleet.id, { status: 'ACTIVE' });
    const from = Date.now();
    const allocated = ok(await c.call('PUT', `${V()}/${v.id}/allocate`, { type: 'AREA', id: area }));
    expect(allocated.allocation).toEqual({ type: 'AREA', id: area, at: expect.any(Number), by: c.userId });
    expect(allocated.allocation.at).toBeGreaterThanOrEqual(from - 2000);
    expect(ok(await c.call('GET', `${V()}/${v.id}`)).allocation).toEqual(allocated.allocation);

    // an allocated vehicle cannot be allocated again, nor become MAINTENANCE or RETIRED
    fails(await c.call('PUT', `${V()}/${v.id}/allocate`, { type: 'ROUTE', id: route }), 'CONFLICT');
    fails(await c.call('PATCH', `${V()}/${v.id}`, { status: 'MAINTENANCE' }), 'CONFLICT');
    fails(await c.call('PATCH', `${V()}/${v.id}`, { status: 'RETIRED' }), 'CONFLICT');
    const still = ok(await c.call('GET', `${V()}/${v.id}`));
    expect(still.status).toBe('ACTIVE');
    expect(still.allocation).toEqual(allocated.allocation);
    // other changes of an allocated vehicle are fine
    expect(ok(await c.call('PATCH', `${V()}/${v.id}`, { status: 'INACTIVE' })).allocation).toEqual(allocated.allocation);

    const freed = ok(await c.call('PATCH', `${V()}/${v.id}/deallocate`));
    expect(freed.allocation).toBeNull();
    expect(ok(await c.call('GET', `${V()}/${v.id}`)).allocation).toBeNull();
    fails(await c.call('PATCH', `${V()}/${v.id}/deallocate`), 'CONFLICT');

    // the id must be a record of the named kind
    fails(await c.call('PUT', `${V()}/${v.id}/allocate`, { type: 'ROUTE', id: area }), 'NOT_FOUND');
    const onRoute = ok(await c.call('PUT', `${V()}/${v.id}/allocate`, { type: 'ROUTE', id: route }));
    expect(onRoute.allocation).toMatchObject({ type: 'ROUTE', id: route });
    ok(await c.call('PATCH', `${V()}/${v.id}/deallocate`));

    // MAINTENANCE and RETIRED vehicles cannot be allocated
    ok(await c.call('PATCH', `${V()}/${v.id}`, { status: 'MAINTENANCE' }));
    fails(await c.call('PUT', `${V()}/${v.id}/allocate`, { type: 'AREA', id: area }), 'CONFLICT');
    ok(await c.call('PATCH', `${V()}/${v.id}`, { status: 'RETIRED' }));
    fails(await c.call('PUT', `${V()}/${v.id}/allocate`, { type: 'AREA', id: area }), 'CONFLICT');
    expect(ok(await c.call('GET', `${V()}/${v.id}`)).allocation).toBeNull();
  });

  it('deletes a vehicle: data.deleted, then 404, the fleet counts one fewer, a second delete is 404', async () => {
    const own = await createFleet(lsp);
    const a = await addVehicle(lsp, own.id);
    const b = await addVehicle(lsp, own.id);
    expect(ok(await lsp.call('DELETE', `${FLEETS}/${own.id}/vehicles/${a.id}`))).toEqual({ deleted: true });
    fails(await lsp.call('GET', `${FLEETS}/${own.id}/vehicles/${a.id}`), 'NOT_FOUND');
    fails(await lsp.call('DELETE', `${FLEETS}/${own.id}/vehicles/${a.id}`), 'NOT_FOUND');
    expect(ok(await lsp.call('GET', `${FLEETS}/${own.id}`)).vehicleCount).toBe(1);
    expect(okList(await lsp.call('GET', `${FLEETS}/${own.id}/vehicles`)).map((x) => x.id)).toEqual([b.id]);
  });
});

describe('parking facilities', () => {
  let lsp: Lsp;
  beforeAll(async () => {
    lsp = await newLsp();
  });

  it('creates a parking facility (201) with defaults, reads it back and lists it', async () => {
    const from = Date.now();
    const body = parkingBody();
    const p = ok(await lsp.call('POST', PARKING, body), 201);
    expectRecord(p, lsp, { from });
    expect(p).toMatchObject({
      name: body.name,
      type: 'DEPOT',
      status: 'OPERATIONAL',
      access: body.access,
      securityLevel: 'HIGH',
      amenities: body.amenities,
      decommissionedAt: null,
    });
    expect(p.address).toEqual(body.address);
    expect(ok(await lsp.call('GET', `${PARKING}/${p.id}`))).toEqual(p);
    expect(okList(await lsp.call('GET', PARKING)).map((x) => x.id)).toContain(p.id);

    const minimal = ok(await lsp.call('POST', PARKING, { name: 'Open lot', type: 'YARD', address: { city: 'Kisumu' }, access: { type: 'OPEN' }, status: 'CLOSED' }), 201);
    expect(minimal).toMatchObject({ status: 'CLOSED', securityLevel: 'STANDARD', amenities: {}, access: { type: 'OPEN', restrictions: [] } });
  });

  it('validates the parking body (400 naming the field) and creates nothing', async () => {
    const v = await newLsp(); // an LSP of its own: it has no parking facility
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'name'],
      [{ name: '' }, 'name'],
      [{ type: 'car park' }, 'type'],
      [{ address: undefined }, 'address'],
      [{ address: { city: 'Nairobi', coordinates: [-100, 36] } }, 'address.coordinates'],
      [{ access: undefined }, 'access'],
      [{ access: { type: 'PRIVATE' } }, 'access.type'],
      [{ status: 'DECOMMISSIONED' }, 'status'],
      [{ securityLevel: 'very high' }, 'securityLevel'],
      [{ capacity: 40 }, 'capacity'],
    ];
    for (const [overrides, field] of cases) fails(await v.call('POST', PARKING, parkingBody(overrides)), 'VALIDATION_ERROR', field);
    fails(await api('POST', PARKING, { headers: { ...setA(v.token), 'content-type': 'application/json' }, body: '{"name":' }), 'VALIDATION_ERROR', 'body');
    expect(okList(await v.call('GET', PARKING), 1, 20, 0)).toEqual([]);
  });

  it('DELETE decommissions: status DECOMMISSIONED with decommissionedAt, the record stays, a second DELETE is 409', async () => {
    const p = await createParking(lsp);
    const from = Date.now();
    const res = await lsp.call('DELETE', `${PARKING}/${p.id}`);
    const d = ok(res);
    expect(d.id).toBe(p.id);
    expect(d.status).toBe('DECOMMISSIONED');
    expect(new Date(d.decommissionedAt).getTime()).toBeGreaterThanOrEqual(from - 2000);
    expect(d.added).toEqual(p.added);
    expectStamp(d.updated, lsp.userId, 'UTC', from);

    const read = ok(await lsp.call('GET', `${PARKING}/${p.id}`));
    expect(read.status).toBe('DECOMMISSIONED');
    expect(read.decommissionedAt).toBe(d.decommissionedAt);
    expect(okList(await lsp.call('GET', `${PARKING}?limit=100`), 1, 100).find((x) => x.id === p.id)?.status).toBe('DECOMMISSIONED');
    fails(await lsp.call('DELETE', `${PARKING}/${p.id}`), 'CONFLICT');
    fails(await lsp.call('GET', `${PARKING}/${randomUUID()}`), 'NOT_FOUND');
    fails(await lsp.call('DELETE', `${PARKING}/${randomUUID()}`), 'NOT_FOUND');
  });
});

describe('credentials and roles on fleet, vehicle and parking routes', () => {
  let lsp: Lsp;
  let fleet: any;
  let vehicle: any;
  let parking: any;
  beforeAll(async () => {
    lsp = await newLsp();
    fleet = await createFleet(lsp);
    vehicle = await addVehicle(lsp, fleet.id);
    parking = await createParking(lsp);
  });

  const routes = () =>
    [
      ['POST', `${FLEETS}/create`, facilityBody()],
      ['GET', FLEETS],
      ['GET', `${FLEETS}/${fleet.id}`],
      ['PATCH', `${FLEETS}/${fleet.id}`, { name: 'x' }],
      ['DELETE', `${FLEETS}/${fleet.id}`],
      ['POST', `${FLEETS}/${fleet.id}/vehicles/add`, vehicleBody()],
      ['GET', `${FLEETS}/${fleet.id}/vehicles`],
      ['GET', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}`],
      ['PATCH', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}`, { grade: 'X' }],
      ['PATCH', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}/specs`, { color: 'Red' }],
      ['PATCH', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}/iot`, { deviceId: 'd', topic: 't' }],
      ['PUT', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}/allocate`, { type: 'AREA', id: randomUUID() }],
      ['PATCH', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}/deallocate`],
      ['DELETE', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}`],
      ['POST', PARKING, parkingBody()],
      ['GET', PARKING],
      ['GET', `${PARKING}/${parking.id}`],
      ['DELETE', `${PARKING}/${parking.id}`],
    ] as [string, string, unknown?][];

  it('401 UNAUTHORIZED on every route for each missing set-A header, and nothing changes', async () => {
    const full = setA(lsp.token);
    for (const missing of ['svc-auth-token', 'svc-user-agent', 'svc-auth-device']) {
      const headers = { ...full };
      delete (headers as Record<string, string>)[missing];
      for (const [method, path, body] of routes()) {
        const res = await api(method, path, { headers, body });
        fails(res, 'UNAUTHORIZED');
        expect(res.body.message).toContain(missing);
      }
    }
    const f = ok(await lsp.call('GET', `${FLEETS}/${fleet.id}`));
    expect(f.name).toBe(fleet.name);
    expect(f.vehicleCount).toBe(1);
    expect(ok(await lsp.call('GET', `${PARKING}/${parking.id}`)).status).toBe('OPERATIONAL');
  });

  it('a plain user access token is 401 (a provider context is needed); a CSP context is 403; a bad token is 401', async () => {
    const { cspContext } = await cspOf(lsp);
    for (const [method, path, body] of routes().filter((_, i) => i % 3 === 0)) {
      fails(await callA(method, path, lsp.owner.token, body), 'UNAUTHORIZED');
      fails(await callA(method, path, cspContext, body), 'FORBIDDEN');
      fails(await callA(method, path, 'not-a-token', body), 'UNAUTHORIZED');
    }
    expect(ok(await lsp.call('GET', `${FLEETS}/${fleet.id}`)).name).toBe(fleet.name);
  });

  it('a context token presented with another device is 401', async () => {
    fails(await callA('GET', FLEETS, lsp.token, undefined, { device: 'another-device' }), 'UNAUTHORIZED');
    fails(await callA('POST', `${FLEETS}/create`, lsp.token, facilityBody(), { device: 'another-device' }), 'UNAUTHORIZED');
  });

  it('a DEVELOPER reads but may not write: every write is 403 FORBIDDEN and changes nothing', async () => {
    const dev = await memberAs(lsp, 'DEVELOPER');
    expect(ok(await dev.call('GET', `${FLEETS}/${fleet.id}`)).id).toBe(fleet.id);
    expect(okList(await dev.call('GET', FLEETS)).map((f) => f.id)).toContain(fleet.id);
    expect(ok(await dev.call('GET', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}`)).id).toBe(vehicle.id);
    expect(okList(await dev.call('GET', PARKING)).map((p) => p.id)).toContain(parking.id);
    for (const [method, path, body] of routes().filter(([m]) => m !== 'GET')) {
      fails(await dev.call(method, path, body), 'FORBIDDEN');
    }
    const f = ok(await lsp.call('GET', `${FLEETS}/${fleet.id}`));
    expect(f.name).toBe(fleet.name);
    expect(f.vehicleCount).toBe(1);
    const v = ok(await lsp.call('GET', `${FLEETS}/${fleet.id}/vehicles/${vehicle.id}`));
    expect(v).toMatchObject({ grade: vehicle.grade, specs: vehicle.specs, iot: null });
    expect(ok(await lsp.call('GET', `${PARKING}/${parking.id}`)).status).toBe('OPERATIONAL');
    expect(okList(await lsp.call('GET', FLEETS), 1, 20, 1).map((x) => x.id)).toEqual([fleet.id]);
  });

  it('a SUPERVISOR creates and updates but may not delete (403)', async () => {
    const sup = await memberAs(lsp, 'SUPERVISOR');
    const f = ok(await sup.call('POST', `${FLEETS}/create`, facilityBody()), 201);
    expect(f.added.by).toBe(sup.userId);
    expect(ok(await sup.call('PATCH', `${FLEETS}/${f.id}`, { name: 'By supervisor' })).updated.by).toBe(sup.userId);
    fails(await sup.call('DELETE', `${FLEETS}/${f.id}`), 'FORBIDDEN');
    expect(ok(await lsp.call('GET', `${FLEETS}/${f.id}`)).name).toBe('By supervisor');
  });
});

describe('fleets and vehicles through GraphQL at the gateway', () => {
  it('createFleet, addVehicle and fleet { vehicleCount vehicles } work with header set A', async () => {
    const lsp = await newLsp();
    const input = graphInput(facilityBody());
    const created = await lsp.gql(`mutation($input: FacilityInput!) { createFleet(input: $input) { id code provider { kind code } vehicleCount } }`, { input });
    expect(created.body.errors).toBeUndefined();
    const fleet = created.body.data.createFleet;
    expect(fleet).toMatchObject({ code: input.code, provider: { kind: 'LSP', code: lsp.code }, vehicleCount: 0 });
    const add = await lsp.gql(`mutation($id: ID!, $v: VehicleInput!) { addVehicle(fleetId: $id, input: $v) { id fleetId status } }`, { id: fleet.id, v: vehicleBody() });
    expect(add.body.errors).toBeUndefined();
    expect(add.body.data.addVehicle).toMatchObject({ fleetId: fleet.id, status: 'INACTIVE' });
    const read = await lsp.gql(`query($id: ID!) { fleet(id: $id) { id vehicleCount vehicles { id } } }`, { id: fleet.id });
    expect(read.body.data.fleet).toEqual({ id: fleet.id, vehicleCount: 1, vehicles: [{ id: add.body.data.addVehicle.id }] });
    // and the same over REST
    expect(ok(await lsp.call('GET', `${FLEETS}/${fleet.id}`)).vehicleCount).toBe(1);

    const dup = await lsp.gql(`mutation($input: FacilityInput!) { createFleet(input: $input) { id } }`, { input });
    expect(dup.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const list = await lsp.gql('{ fleets { items { id } pagination { total } } }');
    expect(list.body.data.fleets).toEqual({ items: [{ id: fleet.id }], pagination: { total: 1 } });
    const anon = await newUser();
    const asUser = await gqlH('{ fleets { items { id } } }', {}, setA(anon.accessToken));
    expect(asUser.status).toBe(200);
    expect(asUser.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(asUser.body.data).toBeNull();
  });
});
