import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newUser } from './helpers.js';
import { accept, callA, contextToken, gqlH, invite, providerBody, setA, uniqueName, UUID_RE } from './workspace-helpers.js';
import { graphInput } from './lsp-helpers.js';

/**
 * LSP coverage areas and routes (spec group 5, docs/lsp-coverage.md): every route through the bridge with header set A
 * and an LSP provider-context token. The bridge counts requests per token (100 a minute), so tests take fresh context
 * tokens (`ctx()`) rather than sharing one.
 */

const DEVICE = 'cov-device-1';
const P = '/v1/lsp/coverage';
const HTTP: Record<string, number> = { VALIDATION_ERROR: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };

interface Lsp {
  ownerToken: string;
  wid: string;
  code: string;
  /** A fresh provider-context token of the owner for this LSP. */
  ctx(): Promise<string>;
}

/** A user (registered with a device), a workspace, an LSP set up in it. */
async function newLsp(): Promise<Lsp> {
  const user = await newUser({ name: 'LSP Owner', deviceId: DEVICE });
  const ws = await callA('POST', '/v1/workspace', user.accessToken, { name: uniqueName('Coverage WS') }, { device: DEVICE });
  expect(ws.status, JSON.stringify(ws.body)).toBe(201);
  const wid = ws.body.data.workspace.id;
  const setup = await callA('POST', `/v1/${wid}/lsp/setup`, user.accessToken, { type: 'CARRIER', name: uniqueName('Carrier') }, { device: DEVICE });
  expect(setup.status, JSON.stringify(setup.body)).toBe(201);
  const code = setup.body.data.code;
  return { ownerToken: user.accessToken, wid, code, ctx: () => contextToken(user.accessToken, wid, 'lsp', code, DEVICE) };
}

/** Sets up another provider in the LSP's workspace (as its owner, from the owner's device). */
async function setupProvider(l: Lsp, kind: 'lsp' | 'csp', type: string) {
  const res = await callA('POST', `/v1/${l.wid}/${kind}/setup`, l.ownerToken, providerBody({ type }), { device: DEVICE });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { code: string };
}

/** A new member of the LSP's workspace with `role`, through a CSP invitation sent from the owner's device. */
async function joinAs(cspContext: string, role: string) {
  const name = uniqueName(role);
  const user = await newUser({ name });
  const inv = await invite(cspContext, role.toLowerCase(), { name }, DEVICE);
  await accept(user, inv.token);
  return { user, token: user.accessToken };
}

/** A caller bound to one context token. */
const as = (token: string, device = DEVICE) => ({
  token,
  call: (method: string, path: string, body?: unknown) => callA(method, path, token, body, { device }),
  gql: (query: string, variables: Record<string, unknown> = {}) => gqlH(query, variables, setA(token, device)),
});
type Caller = ReturnType<typeof as>;

function expectCoverage(res: { status: number; body: any }, resultStatus: string, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toBe(false);
  expect(res.body.status).toBe(resultStatus);
  expect(res.body.trace).toMatch(UUID_RE);
}

function expectFail(res: { status: number; body: any }, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(HTTP[code]);
  expect(res.body.error, JSON.stringify(res.body)).toBe(true);
  expect(res.body.status).toBe(code);
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.body.trace).toMatch(UUID_RE);
  if (field !== undefined) expect(res.body.field, JSON.stringify(res.body)).toBe(field);
  expect(res.body).not.toHaveProperty('area');
  expect(res.body).not.toHaveProperty('route');
}

let codes = 0;
const uniqueCode = (p: string) => `${p}-${Date.now().toString(36)}-${(codes++).toString(36)}`.toUpperCase();

const SCHEDULE = { frequency: 'HOURLY', departureTimes: [{ value: '08:00', timezone: 'Africa/Nairobi' }], operatingDays: ['MONDAY', 'TUESDAY'] };

const areaBody = (o: Record<string, unknown> = {}) => ({
  name: 'Nairobi CBD',
  code: uniqueCode('AREA'),
  reach: 'LOCAL',
  serviceLevel: 'STANDARD',
  transit: { type: 'LAST_MILE', mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 4 } } },
  schedules: SCHEDULE,
  capacity: { packages: 500 },
  isGuaranteed: true,
  country: 'KE',
  region: 'Nairobi County',
  city: 'Nairobi',
  ...o,
});

const ADDRESS = { name: 'Mombasa terminal', street1: 'Moi Avenue 1', city: 'Mombasa', state: 'Mombasa', country: 'KE', coordinates: [-4.0435, 39.6682] };

const routeBody = (origin: unknown, o: Record<string, unknown> = {}) => ({
  name: 'Nairobi hub to Mombasa terminal',
  code: uniqueCode('ROUTE'),
  reach: 'NATIONAL',
  serviceLevel: 'EXPRESS',
  transit: { type: 'HUB_TO_TERMINAL', mode: 'GROUND', time: { min: { hour: 8 }, max: { hour: 12 } } },
  schedules: [
    {
      frequency: 'DAILY',
      departureTimes: [
        { value: '21:00', timezone: 'Africa/Nairobi' },
        { value: '06:30', timezone: 'Africa/Nairobi' },
      ],
      operatingDays: ['FRIDAY', 'MONDAY'],
    },
  ],
  capacity: { sits: 14, packages: 200 },
  isGuaranteed: false,
  origin,
  destination: { type: 'TERMINAL', address: ADDRESS },
  distance: { value: 480, unit: 'km' },
  ...o,
});

/** A hub of the caller's LSP (GraphQL through the gateway, header set A). */
async function newHub(c: Caller, name = uniqueName('Hub')): Promise<{ id: string; name: string }> {
  const res = await c.gql('mutation ($input: FacilityInput!) { createHub(input: $input) { id name } }', {
    input: { type: 'DISTRIBUTION', code: uniqueCode('HUB'), name, timezone: 'Africa/Nairobi' },
  });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return res.body.data.createHub;
}

async function createArea(c: Caller, o: Record<string, unknown> = {}, type = 'last_mile') {
  const res = await c.call('POST', `${P}/areas/${type}`, areaBody(o));
  expectCoverage(res, 'COVERAGE::CREATED', 201);
  return res.body.area;
}

async function createRoute(c: Caller, origin: unknown, o: Record<string, unknown> = {}, type = 'hub-to-terminal') {
  const res = await c.call('POST', `${P}/routes/${type}`, routeBody(origin, o));
  expectCoverage(res, 'COVERAGE::CREATED', 201);
  return res.body.route;
}

let lsp: Lsp;
let ownerId: string;

beforeAll(async () => {
  lsp = await newLsp();
  const me = await api('GET', '/v1/users/me', { token: lsp.ownerToken });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  ownerId = me.body.user.id;
});

describe('coverage areas: create, get, list', () => {
  it('POST /areas/:type creates an INACTIVE area in the stored-record shape (201 COVERAGE::CREATED)', async () => {
    const c = as(await lsp.ctx());
    const before = Date.now();
    const res = await c.call('POST', `${P}/areas/last-mile`, areaBody({ code: 'nbo-cbd-1', radius: { value: 12.5, unit: 'km' } }));
    expectCoverage(res, 'COVERAGE::CREATED', 201);
    expect(Object.keys(res.body).sort()).toEqual(['area', 'error', 'status', 'trace']);
    const a = res.body.area;
    expect(a).toMatchObject({
      workspace: { type: 'LSP', icode: lsp.code },
      code: 'nbo-cbd-1',
      name: 'Nairobi CBD',
      status: 'INACTIVE',
      reach: 'LOCAL',
      serviceLevel: 'STANDARD',
      transitType: 'LAST_MILE',
      transitMode: 'GROUND',
      transitTime: { min: { hour: 1 }, max: { hour: 4 } },
      schedules: [SCHEDULE],
      capacity: { packages: 500 },
      isGuaranteed: true,
      type: 'AREA',
      radius: { value: 12.5, unit: 'km' },
      country: 'KE',
      region: 'Nairobi County',
      cities: ['Nairobi'],
      linkedTo: [],
    });
    expect(a.id).toMatch(UUID_RE);
    for (const stamp of [a.added, a.updated]) {
      expect(stamp.by).toBe(ownerId);
      expect(stamp.at.timezone).toBe('Africa/Nairobi');
      expect(stamp.at.timestamp).toBeGreaterThanOrEqual(before);
      expect(stamp.at.timestamp).toBeLessThanOrEqual(Date.now());
    }
    // the spec's stored record keys, in its order
    expect(Object.keys(a).slice(0, 3)).toEqual(['workspace', 'id', 'code']);
    expect(a).not.toHaveProperty('origin');
  });

  it(':type accepts lower case, upper case and - or _; optional fields take their defaults', async () => {
    const c = as(await lsp.ctx());
    for (const type of ['FIRST_MILE', 'first-mile', 'Door_To_Door']) {
      const body = areaBody({ transit: { mode: 'AIR', time: { min: { hour: 0 }, max: { hour: 0.5 } } } });
      delete (body as Record<string, unknown>).serviceLevel;
      delete (body as Record<string, unknown>).schedules;
      delete (body as Record<string, unknown>).capacity;
      delete (body as Record<string, unknown>).isGuaranteed;
      const res = await c.call('POST', `${P}/areas/${type}`, body);
      expectCoverage(res, 'COVERAGE::CREATED', 201);
      expect(res.body.area).toMatchObject({ transitType: type.toUpperCase().replace(/-/g, '_'), serviceLevel: 'STANDARD', schedules: [], capacity: null, isGuaranteed: false, radius: null });
      expect(res.body.area.added.at.timezone).toBe('UTC');
    }
  });

  it('takes `cities` instead of `city`, and schedules as a list; days come back in week order, departures sorted', async () => {
    const c = as(await lsp.ctx());
    const schedules = [
      {
        frequency: 'DAILY',
        departureTimes: [
          { value: '17:00', timezone: 'UTC' },
          { value: '09:15', timezone: 'UTC' },
        ],
        operatingDays: ['SUNDAY', 'MONDAY'],
      },
      { frequency: 'ON_DEMAND', operatingDays: ['SATURDAY'] },
    ];
    const body = areaBody({ cities: ['Nairobi', 'Thika', ' Kiambu '], schedules, country: 'ke' });
    delete (body as Record<string, unknown>).city;
    const a = (await c.call('POST', `${P}/areas/last_mile`, body)).body.area;
    expect(a.cities).toEqual(['Nairobi', 'Thika', 'Kiambu']);
    expect(a.country).toBe('KE');
    expect(a.schedules).toEqual([
      {
        frequency: 'DAILY',
        departureTimes: [
          { value: '09:15', timezone: 'UTC' },
          { value: '17:00', timezone: 'UTC' },
        ],
        operatingDays: ['MONDAY', 'SUNDAY'],
      },
      { frequency: 'ON_DEMAND', departureTimes: [], operatingDays: ['SATURDAY'] },
    ]);
  });

  it('GET /areas/:id fetches; GET /areas lists areas only, by code, paginated', async () => {
    const own = await newLsp();
    const c = as(await own.ctx());
    const hub = await newHub(c);
    const b = await createArea(c, { code: 'B-AREA' });
    const a = await createArea(c, { code: 'A-AREA' });
    await createRoute(c, { type: 'HUB', id: hub.id }, { code: 'A-ROUTE' });
    const got = await c.call('GET', `${P}/areas/${a.id}`);
    expectCoverage(got, 'COVERAGE::FETCHED');
    expect(Object.keys(got.body).sort()).toEqual(['area', 'error', 'status', 'trace']);
    expect(got.body.area).toEqual(a);

    const list = await c.call('GET', `${P}/areas`);
    expectCoverage(list, 'COVERAGE::LISTED');
    expect(Object.keys(list.body).sort()).toEqual(['areas', 'error', 'pagination', 'status', 'trace']);
    expect(list.body.areas.map((x: any) => x.code)).toEqual(['A-AREA', 'B-AREA']);
    expect(list.body.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1, hasNext: false, hasPrevious: false });

    const page2 = await c.call('GET', `${P}/areas?page=2&limit=1`);
    expect(page2.body.areas.map((x: any) => x.id)).toEqual([b.id]);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2, hasNext: false, hasPrevious: true });

    expect((await c.call('GET', `${P}/areas?transitType=last-mile`)).body.areas).toHaveLength(2);
    expect((await c.call('GET', `${P}/areas?status=ACTIVE`)).body.areas).toHaveLength(0);
    expectFail(await c.call('GET', `${P}/areas?status=PAUSED`), 'VALIDATION_ERROR', 'status');
    expectFail(await c.call('GET', `${P}/areas?transitType=line_haul`), 'VALIDATION_ERROR', 'transitType');
    expectFail(await c.call('GET', `${P}/areas?limit=101`), 'VALIDATION_ERROR', 'limit');
    expectFail(await c.call('GET', `${P}/areas?page=0`), 'VALIDATION_ERROR', 'page');
    expectFail(await c.call('GET', `${P}/areas?limit=x`), 'VALIDATION_ERROR', 'limit');
  });

  it("GET /areas/:id: unknown, malformed, or a route's id → 404 NOT_FOUND", async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c);
    const route = await createRoute(c, { type: 'HUB', id: hub.id });
    expectFail(await c.call('GET', `${P}/areas/${randomUUID()}`), 'NOT_FOUND');
    expectFail(await c.call('GET', `${P}/areas/not-a-uuid`), 'NOT_FOUND');
    expectFail(await c.call('GET', `${P}/areas/${route.id}`), 'NOT_FOUND');
  });

  it("a code is unique among the LSP's areas and routes: 409 CONFLICT naming code", async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c);
    const a = await createArea(c);
    expectFail(await c.call('POST', `${P}/areas/last_mile`, areaBody({ code: a.code })), 'CONFLICT', 'code');
    expectFail(
      await c.call('POST', `${P}/routes/line_haul`, routeBody({ type: 'HUB', id: hub.id }, { code: a.code, transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 2 } } } })),
      'CONFLICT',
      'code',
    );
    // another LSP may use the same code
    const other = as(await (await newLsp()).ctx());
    await createArea(other, { code: a.code });
  });
});

describe('coverage areas: create validation (400 VALIDATION_ERROR naming the field)', () => {
  const del = (k: string) => (b: Record<string, unknown>) => {
    delete b[k];
    return b;
  };
  const cases: [string, (b: any) => unknown, string][] = [
    ['name missing', del('name'), 'name'],
    ['name empty', (b) => ({ ...b, name: '' }), 'name'],
    ['name too long', (b) => ({ ...b, name: 'x'.repeat(121) }), 'name'],
    ['code missing', del('code'), 'code'],
    ['code with spaces', (b) => ({ ...b, code: 'bad code' }), 'code'],
    ['reach missing', del('reach'), 'reach'],
    ['reach unknown', (b) => ({ ...b, reach: 'GLOBAL' }), 'reach'],
    ['serviceLevel unknown', (b) => ({ ...b, serviceLevel: 'FAST' }), 'serviceLevel'],
    ['transit missing', del('transit'), 'transit'],
    ['transit.mode unknown', (b) => ({ ...b, transit: { ...b.transit, mode: 'SPACE' } }), 'transit.mode'],
    ['transit.mode missing', (b) => ({ ...b, transit: { time: b.transit.time } }), 'transit.mode'],
    ['transit.time missing', (b) => ({ ...b, transit: { mode: 'GROUND' } }), 'transit.time'],
    ['transit.time.min.hour negative', (b) => ({ ...b, transit: { ...b.transit, time: { min: { hour: -1 }, max: { hour: 2 } } } }), 'transit.time.min.hour'],
    ['transit.time.max.hour not a number', (b) => ({ ...b, transit: { ...b.transit, time: { min: { hour: 1 }, max: { hour: 'two' } } } }), 'transit.time.max.hour'],
    ['transit.time.max.hour over 90 days', (b) => ({ ...b, transit: { ...b.transit, time: { min: { hour: 1 }, max: { hour: 2161 } } } }), 'transit.time.max.hour'],
    ['transit.time min > max', (b) => ({ ...b, transit: { ...b.transit, time: { min: { hour: 5 }, max: { hour: 2 } } } }), 'transit.time.max.hour'],
    ['transit.type disagrees with :type', (b) => ({ ...b, transit: { ...b.transit, type: 'FIRST_MILE' } }), 'transit.type'],
    ['schedules.frequency unknown', (b) => ({ ...b, schedules: { ...SCHEDULE, frequency: 'SOMETIMES' } }), 'schedules.0.frequency'],
    ['departure time not HH:MM', (b) => ({ ...b, schedules: { ...SCHEDULE, departureTimes: [{ value: '25:00', timezone: 'UTC' }] } }), 'schedules.0.departureTimes.0.value'],
    ['departure time 8:00', (b) => ({ ...b, schedules: { ...SCHEDULE, departureTimes: [{ value: '8:00', timezone: 'UTC' }] } }), 'schedules.0.departureTimes.0.value'],
    ['departure timezone not IANA', (b) => ({ ...b, schedules: { ...SCHEDULE, departureTimes: [{ value: '08:00', timezone: 'Mars/Olympus' }] } }), 'schedules.0.departureTimes.0.timezone'],
    [
      'departure given twice',
      (b) => ({
        ...b,
        schedules: {
          ...SCHEDULE,
          departureTimes: [
            { value: '08:00', timezone: 'UTC' },
            { value: '08:00', timezone: 'UTC' },
          ],
        },
      }),
      'schedules.0.departureTimes.1',
    ],
    ['operatingDays unknown day', (b) => ({ ...b, schedules: { ...SCHEDULE, operatingDays: ['FUNDAY'] } }), 'schedules.0.operatingDays'],
    ['operatingDays lower-case', (b) => ({ ...b, schedules: { ...SCHEDULE, operatingDays: ['monday'] } }), 'schedules.0.operatingDays'],
    ['operatingDays empty', (b) => ({ ...b, schedules: { ...SCHEDULE, operatingDays: [] } }), 'schedules.0.operatingDays'],
    ['operatingDays missing', (b) => ({ ...b, schedules: { frequency: 'DAILY' } }), 'schedules.operatingDays'],
    ['operatingDays duplicate', (b) => ({ ...b, schedules: [SCHEDULE, { ...SCHEDULE, operatingDays: ['MONDAY', 'MONDAY'] }] }), 'schedules.1.operatingDays'],
    ['capacity.packages 0', (b) => ({ ...b, capacity: { packages: 0 } }), 'capacity.packages'],
    ['capacity.packages fractional', (b) => ({ ...b, capacity: { packages: 1.5 } }), 'capacity.packages'],
    ['capacity.sits on an area', (b) => ({ ...b, capacity: { packages: 1, sits: 3 } }), 'capacity.sits'],
    ['country not alpha-2', (b) => ({ ...b, country: 'Kenya' }), 'country'],
    ['region empty', (b) => ({ ...b, region: '' }), 'region'],
    ['city and cities', (b) => ({ ...b, cities: ['Thika'] }), 'cities'],
    ['cities duplicate', (b) => ({ ...del('city')(b), cities: ['Thika', 'thika'] }), 'cities.1'],
    ['radius unit', (b) => ({ ...b, radius: { value: 3, unit: 'm' } }), 'radius.unit'],
    ['radius zero', (b) => ({ ...b, radius: { value: 0, unit: 'km' } }), 'radius.value'],
    ['isGuaranteed not boolean', (b) => ({ ...b, isGuaranteed: 'yes' }), 'isGuaranteed'],
    ['status is not a create field', (b) => ({ ...b, status: 'ACTIVE' }), 'status'],
    ['unknown field', (b) => ({ ...b, colour: 'red' }), 'colour'],
    ['route-only field on an area', (b) => ({ ...b, distance: { value: 3, unit: 'km' } }), 'distance'],
  ];

  it.each(cases)('%s', async (_label, change, field) => {
    const c = as(await lsp.ctx());
    expectFail(await c.call('POST', `${P}/areas/last_mile`, change(areaBody())), 'VALIDATION_ERROR', field);
  });

  it(':type not a transit type of an area → 400 naming type; a body that is not an object → 400 body', async () => {
    const c = as(await lsp.ctx());
    for (const type of ['line_haul', 'hub-to-terminal', 'teleport', 'AREA']) expectFail(await c.call('POST', `${P}/areas/${type}`, areaBody()), 'VALIDATION_ERROR', 'type');
    expectFail(await c.call('POST', `${P}/areas/last_mile`, [areaBody()]), 'VALIDATION_ERROR', 'body');
    const res = await api('POST', `${P}/areas/last_mile`, { body: '{"name":', headers: { ...setA(c.token, DEVICE), 'content-type': 'application/json' } });
    expectFail(res, 'VALIDATION_ERROR', 'body');
  });
});

describe('coverage areas: update (PATCH /areas/:id/:type)', () => {
  it('changes the given fields; `:type` becomes the transit type; omitted fields keep their value; the updated stamp moves', async () => {
    const c = as(await lsp.ctx());
    const a = await createArea(c, { radius: { value: 5, unit: 'km' } });
    const res = await c.call('PATCH', `${P}/areas/${a.id}/door-to-door`, {
      name: 'Nairobi metro',
      reach: 'REGIONAL',
      serviceLevel: 'SAME_DAY',
      transit: { mode: 'RAIL' },
      capacity: { packages: 900 },
      cities: ['Nairobi', 'Ruiru'],
      radius: null,
      isGuaranteed: false,
    });
    expectCoverage(res, 'COVERAGE::UPDATED');
    expect(Object.keys(res.body).sort()).toEqual(['area', 'error', 'status', 'trace']);
    expect(res.body.area).toMatchObject({
      id: a.id,
      code: a.code,
      name: 'Nairobi metro',
      reach: 'REGIONAL',
      serviceLevel: 'SAME_DAY',
      transitType: 'DOOR_TO_DOOR',
      transitMode: 'RAIL',
      transitTime: a.transitTime,
      schedules: a.schedules,
      capacity: { packages: 900 },
      cities: ['Nairobi', 'Ruiru'],
      radius: null,
      isGuaranteed: false,
      country: 'KE',
      region: a.region,
      status: 'INACTIVE',
      added: a.added,
    });
    expect(res.body.area.updated.at.timestamp).toBeGreaterThanOrEqual(a.updated.at.timestamp);
    // an empty body only sets the transit type
    const again = await c.call('PATCH', `${P}/areas/${a.id}/LAST_MILE`, {});
    expect(again.body.area).toMatchObject({ transitType: 'LAST_MILE', name: 'Nairobi metro' });
    const none = await c.call('PATCH', `${P}/areas/${a.id}/first_mile`);
    expectCoverage(none, 'COVERAGE::UPDATED');
    expect(none.body.area.transitType).toBe('FIRST_MILE');
    // transit.time replaced whole, country and region cleared
    const t = await c.call('PATCH', `${P}/areas/${a.id}/first_mile`, { transit: { type: 'first-mile', time: { min: { hour: 2 }, max: { hour: 2 } } }, country: null, region: null, city: 'Kisumu' });
    expect(t.body.area).toMatchObject({ transitTime: { min: { hour: 2 }, max: { hour: 2 } }, transitMode: 'RAIL', country: null, region: null, cities: ['Kisumu'] });
    expect((await c.call('GET', `${P}/areas/${a.id}`)).body.area).toEqual(t.body.area);
  });

  const cases: [string, string, unknown, string][] = [
    [':type of a route only', 'line_haul', { name: 'x' }, 'type'],
    [':type unknown', 'express', { name: 'x' }, 'type'],
    ['transit.type disagrees with :type', 'last_mile', { transit: { type: 'FIRST_MILE' } }, 'transit.type'],
    ['name null', 'last_mile', { name: null }, 'name'],
    ['name empty', 'last_mile', { name: '' }, 'name'],
    ['reach null', 'last_mile', { reach: null }, 'reach'],
    ['reach unknown', 'last_mile', { reach: 'GALACTIC' }, 'reach'],
    ['transit null', 'last_mile', { transit: null }, 'transit'],
    ['transit.mode null', 'last_mile', { transit: { mode: null } }, 'transit.mode'],
    ['transit.time min > max', 'last_mile', { transit: { time: { min: { hour: 3 }, max: { hour: 1 } } } }, 'transit.time.max.hour'],
    ['schedules null', 'last_mile', { schedules: null }, 'schedules'],
    ['schedule bad zone', 'last_mile', { schedules: [{ ...SCHEDULE, departureTimes: [{ value: '10:00', timezone: 'Nairobi' }] }] }, 'schedules.0.departureTimes.0.timezone'],
    ['status unknown', 'last_mile', { status: 'PAUSED' }, 'status'],
    ['status null', 'last_mile', { status: null }, 'status'],
    ['capacity negative', 'last_mile', { capacity: { packages: -5 } }, 'capacity.packages'],
    ['cities null', 'last_mile', { cities: null }, 'cities'],
    ['city and cities', 'last_mile', { city: 'A', cities: ['B'] }, 'cities'],
    ['country bad', 'last_mile', { country: 'KEN' }, 'country'],
    ['code is not updatable', 'last_mile', { code: 'NEW' }, 'code'],
    ['unknown field', 'last_mile', { linkedTo: [] }, 'linkedTo'],
  ];
  it.each(cases)('400: %s', async (_label, type, body, field) => {
    const c = as(await lsp.ctx());
    const a = await createArea(c);
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/${type}`, body), 'VALIDATION_ERROR', field);
    expect((await c.call('GET', `${P}/areas/${a.id}`)).body.area).toEqual(a); // nothing changed
  });

  it('404 for an unknown or malformed id', async () => {
    const c = as(await lsp.ctx());
    expectFail(await c.call('PATCH', `${P}/areas/${randomUUID()}/last_mile`, { name: 'x' }), 'NOT_FOUND');
    expectFail(await c.call('PATCH', `${P}/areas/nope/last_mile`, { name: 'x' }), 'NOT_FOUND');
  });
});

describe('coverage areas: link and unlink', () => {
  it('PUT /areas/:id/link answers exactly {error, status COVERAGE::UPDATED, message, area, trace}; each link appends to linkedTo', async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c, 'Nairobi Central Hub');
    const a = await createArea(c);
    const first = await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'HUB', id: hub.id });
    expectCoverage(first, 'COVERAGE::UPDATED');
    expect(Object.keys(first.body).sort()).toEqual(['area', 'error', 'message', 'status', 'trace']);
    expect(first.body.message).toMatch(/linked/i);
    expect(first.body.area.linkedTo).toEqual([{ type: 'HUB', id: hub.id, description: 'Nairobi Central Hub', address: null }]);
    expect(first.body.area.status).toBe('INACTIVE');

    const address = { name: 'Westlands drop zone', city: 'Nairobi', country: 'KE', coordinates: [-1.2676, 36.8108] };
    const second = await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'ANY', address });
    expectCoverage(second, 'COVERAGE::UPDATED');
    expect(second.body.area.linkedTo).toEqual([
      { type: 'HUB', id: hub.id, description: 'Nairobi Central Hub', address: null },
      { type: 'ANY', id: null, description: null, address: { ...address, street1: null, state: null } },
    ]);
    // the stored-record shape after a link, as the spec shows it
    expect(second.body.area).toMatchObject({ workspace: { type: 'LSP', icode: lsp.code }, id: a.id, code: a.code, type: 'AREA', status: 'INACTIVE' });
    expect(second.body.area.updated.at.timestamp).toBeGreaterThanOrEqual(a.updated.at.timestamp);

    const hub2 = await newHub(c);
    const third = await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'HUB', id: hub2.id, description: 'Overflow hub' });
    expect(third.body.area.linkedTo.map((l: any) => l.description)).toEqual(['Nairobi Central Hub', null, 'Overflow hub']);
    expect((await c.call('GET', `${P}/areas/${a.id}`)).body.area.linkedTo).toHaveLength(3);
  });

  it('concurrent links of one area all append (the row is locked per change; none is lost)', async () => {
    const c = as(await lsp.ctx());
    const a = await createArea(c);
    const cities = Array.from({ length: 8 }, (_, i) => `Town ${i}`);
    const results = await Promise.all(cities.map((city) => c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'ANY', address: { city } })));
    for (const r of results) expectCoverage(r, 'COVERAGE::UPDATED');
    const after = (await c.call('GET', `${P}/areas/${a.id}`)).body.area;
    expect(after.linkedTo.map((l: any) => l.address.city).sort()).toEqual(cities);
    expect(results.map((r) => r.body.area.linkedTo.length).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("link refuses: the same node twice (409), unknown or another LSP's node, id and address together or neither, bad coordinates (400)", async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c);
    const a = await createArea(c);
    expectCoverage(await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'HUB', id: hub.id }), 'COVERAGE::UPDATED');
    expectFail(await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'HUB', id: hub.id }), 'CONFLICT', 'id');
    const otherHub = await newHub(as(await (await newLsp()).ctx()));
    const cases: [unknown, string][] = [
      [{ type: 'HUB', id: otherHub.id }, 'id'],
      [{ type: 'HUB', id: randomUUID() }, 'id'],
      [{ type: 'WAREHOUSE', id: hub.id }, 'id'],
      [{ type: 'HUB', id: 'hub-1' }, 'id'],
      [{ type: 'ANY', id: hub.id }, 'type'],
      [{ type: 'any', address: ADDRESS }, 'type'],
      [{ address: ADDRESS }, 'type'],
      [{ type: 'ANY' }, 'id'],
      [{ type: 'HUB', id: hub.id, address: ADDRESS }, 'address'],
      [{ type: 'ANY', address: { name: 'Somewhere' } }, 'address'],
      [{ type: 'ANY', address: { coordinates: [91, 36.8] } }, 'address.coordinates'],
      [{ type: 'ANY', address: { coordinates: [-1.2, 181] } }, 'address.coordinates'],
      [{ type: 'ANY', address: { coordinates: [-1.2] } }, 'address.coordinates'],
      [{ type: 'ANY', address: { coordinates: 'here' } }, 'address.coordinates'],
      [{ type: 'ANY', address: { ...ADDRESS, zip: '00100' } }, 'address.zip'],
      [{ type: 'ANY', address: ADDRESS, description: '' }, 'description'],
      [{ type: 'ANY', address: ADDRESS, position: 0 }, 'position'],
    ];
    for (const [body, field] of cases) expectFail(await c.call('PUT', `${P}/areas/${a.id}/link`, body), 'VALIDATION_ERROR', field);
    expectFail(await c.call('PUT', `${P}/areas/${a.id}/link`), 'VALIDATION_ERROR', 'type');
    expectFail(await c.call('PUT', `${P}/areas/${randomUUID()}/link`, { type: 'ANY', address: ADDRESS }), 'NOT_FOUND');
    expect((await c.call('GET', `${P}/areas/${a.id}`)).body.area.linkedTo).toHaveLength(1);
  });

  it('links to warehouses, parking facilities and terminals of the LSP', async () => {
    const c = as(await lsp.ctx());
    const a = await createArea(c);
    const wh = await c.gql('mutation ($input: FacilityInput!) { createWarehouse(input: $input) { id name } }', {
      input: { type: 'FULFILLMENT', code: uniqueCode('WH'), name: 'Athi River DC', timezone: 'Africa/Nairobi' },
    });
    expect(wh.body.errors, JSON.stringify(wh.body)).toBeUndefined();
    const pk = await c.gql('mutation ($input: ParkingFacilityInput!) { createParkingFacility(input: $input) { id name } }', {
      input: graphInput({ name: 'Mombasa Road terminal', type: 'TERMINAL', address: ADDRESS, access: { type: 'SCHEDULED' } }),
    });
    expect(pk.body.errors, JSON.stringify(pk.body)).toBeUndefined();
    expectCoverage(await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'WAREHOUSE', id: wh.body.data.createWarehouse.id }), 'COVERAGE::UPDATED');
    expectCoverage(await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'TERMINAL', id: pk.body.data.createParkingFacility.id }), 'COVERAGE::UPDATED');
    const res = await c.call('GET', `${P}/areas/${a.id}`);
    expect(res.body.area.linkedTo.map((l: any) => [l.type, l.description])).toEqual([
      ['WAREHOUSE', 'Athi River DC'],
      ['TERMINAL', 'Mombasa Road terminal'],
    ]);
    expectFail(await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'PARKING', id: pk.body.data.createParkingFacility.id }), 'CONFLICT', 'id');
  });

  it('PATCH /areas/:id/unlink removes an entry by index or by node id (status INACTIVE); bad bodies 400, missing entries 404', async () => {
    const c = as(await lsp.ctx());
    const [h1, h2] = [await newHub(c, 'Hub one'), await newHub(c, 'Hub two')];
    const a = await createArea(c);
    expectCoverage(await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'HUB', id: h1.id }), 'COVERAGE::UPDATED');
    expectCoverage(await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'ANY', address: ADDRESS }), 'COVERAGE::UPDATED');
    expectCoverage(await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'HUB', id: h2.id }), 'COVERAGE::UPDATED');

    const byIndex = await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { index: 1 });
    expectCoverage(byIndex, 'COVERAGE::UPDATED');
    expect(Object.keys(byIndex.body).sort()).toEqual(['area', 'error', 'message', 'status', 'trace']);
    expect(byIndex.body.area.linkedTo.map((l: any) => l.id)).toEqual([h1.id, h2.id]);
    expect(byIndex.body.area.status).toBe('INACTIVE');

    const byId = await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { id: h1.id });
    expect(byId.body.area.linkedTo.map((l: any) => l.id)).toEqual([h2.id]);

    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/unlink`, {}), 'VALIDATION_ERROR', 'index');
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/unlink`), 'VALIDATION_ERROR', 'index');
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { index: 0, id: h2.id }), 'VALIDATION_ERROR', 'id');
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { index: -1 }), 'VALIDATION_ERROR', 'index');
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { index: 'first' }), 'VALIDATION_ERROR', 'index');
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { type: 'HUB' }), 'VALIDATION_ERROR', 'type');
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { index: 1 }), 'NOT_FOUND');
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { id: h1.id }), 'NOT_FOUND');
    expectFail(await c.call('PATCH', `${P}/areas/${randomUUID()}/unlink`, { index: 0 }), 'NOT_FOUND');
    expect((await c.call('GET', `${P}/areas/${a.id}`)).body.area.linkedTo.map((l: any) => l.id)).toEqual([h2.id]);
  });
});

describe('coverage status: INACTIVE on creation and after every link, unlink or transit-point change; ACTIVE by PATCH when complete', () => {
  it('an area becomes ACTIVE only with a city or a link; a link or unlink makes it INACTIVE again', async () => {
    const c = as(await lsp.ctx());
    const body = areaBody();
    delete (body as Record<string, unknown>).city;
    const a = (await c.call('POST', `${P}/areas/last_mile`, body)).body.area;
    expect(a).toMatchObject({ status: 'INACTIVE', cities: [], linkedTo: [] });
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/last_mile`, { status: 'ACTIVE' }), 'CONFLICT', 'status');

    const linked = await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'ANY', address: ADDRESS });
    expect(linked.body.area.status).toBe('INACTIVE');
    const active = await c.call('PATCH', `${P}/areas/${a.id}/last_mile`, { status: 'ACTIVE' });
    expectCoverage(active, 'COVERAGE::UPDATED');
    expect(active.body.area.status).toBe('ACTIVE');
    // a plain update keeps the status
    expect((await c.call('PATCH', `${P}/areas/${a.id}/last_mile`, { name: 'Renamed' })).body.area.status).toBe('ACTIVE');
    expect((await c.call('GET', `${P}/areas?status=ACTIVE`)).body.areas.map((x: any) => x.id)).toContain(a.id);

    const relinked = await c.call('PUT', `${P}/areas/${a.id}/link`, { type: 'ANY', address: { city: 'Thika' } });
    expect(relinked.body.area.status).toBe('INACTIVE');
    expectCoverage(await c.call('PATCH', `${P}/areas/${a.id}/last_mile`, { status: 'ACTIVE' }), 'COVERAGE::UPDATED');
    const unlinked = await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { index: 1 });
    expect(unlinked.body.area.status).toBe('INACTIVE');

    // with a city instead of links
    expectCoverage(await c.call('PATCH', `${P}/areas/${a.id}/unlink`, { index: 0 }), 'COVERAGE::UPDATED');
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/last_mile`, { status: 'ACTIVE' }), 'CONFLICT', 'status');
    const withCity = await c.call('PATCH', `${P}/areas/${a.id}/last_mile`, { status: 'ACTIVE', city: 'Nakuru' });
    expect(withCity.body.area).toMatchObject({ status: 'ACTIVE', cities: ['Nakuru'], linkedTo: [] });
    // an ACTIVE area cannot lose its last city without becoming INACTIVE in the same request
    expectFail(await c.call('PATCH', `${P}/areas/${a.id}/last_mile`, { cities: [] }), 'CONFLICT', 'status');
    const off = await c.call('PATCH', `${P}/areas/${a.id}/last_mile`, { cities: [], status: 'INACTIVE' });
    expect(off.body.area).toMatchObject({ status: 'INACTIVE', cities: [] });
  });

  it('a route becomes ACTIVE only with an origin and a destination; transit-point changes make it INACTIVE again', async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c);
    const r = await createRoute(c, { type: 'HUB', id: hub.id }, { destination: undefined });
    expect(r).toMatchObject({ status: 'INACTIVE', destination: null });
    expectFail(await c.call('PATCH', `${P}/routes/${r.id}/hub_to_terminal`, { status: 'ACTIVE' }), 'CONFLICT', 'status');
    const active = await c.call('PATCH', `${P}/routes/${r.id}/hub_to_terminal`, { status: 'ACTIVE', destination: { type: 'TERMINAL', address: ADDRESS } });
    expectCoverage(active, 'COVERAGE::UPDATED');
    expect(active.body.route.status).toBe('ACTIVE');
    expectFail(await c.call('PATCH', `${P}/routes/${r.id}/hub_to_terminal`, { origin: null }), 'CONFLICT', 'status');

    const added = await c.call('PUT', `${P}/routes/${r.id}/transit-point`, { type: 'BARRIER', address: { city: 'Mtito Andei', coordinates: [-2.69, 38.17] } });
    expect(added.body.route.status).toBe('INACTIVE');
    expect((await c.call('PATCH', `${P}/routes/${r.id}/hub_to_terminal`, { status: 'ACTIVE' })).body.route.status).toBe('ACTIVE');
    const removed = await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, { index: 0 });
    expect(removed.body.route.status).toBe('INACTIVE');
    expect((await c.call('PATCH', `${P}/routes/${r.id}/hub_to_terminal`, { status: 'ACTIVE' })).body.route.status).toBe('ACTIVE');
    expect((await c.call('PATCH', `${P}/routes/${r.id}/hub_to_terminal`, { status: 'INACTIVE' })).body.route.status).toBe('INACTIVE');
  });
});

describe('coverage areas: delete', () => {
  it('DELETE /areas/:id answers {status COVERAGE::DELETED, deleted: true, area}; the area is gone', async () => {
    const c = as(await lsp.ctx());
    const a = await createArea(c);
    const res = await c.call('DELETE', `${P}/areas/${a.id}`);
    expectCoverage(res, 'COVERAGE::DELETED');
    expect(Object.keys(res.body).sort()).toEqual(['area', 'deleted', 'error', 'status', 'trace']);
    expect(res.body.deleted).toBe(true);
    expect(res.body.area).toMatchObject({ id: a.id, code: a.code, type: 'AREA' });
    expectFail(await c.call('GET', `${P}/areas/${a.id}`), 'NOT_FOUND');
    expectFail(await c.call('DELETE', `${P}/areas/${a.id}`), 'NOT_FOUND');
    expectFail(await c.call('DELETE', `${P}/areas/nope`), 'NOT_FOUND');
    // its code is free again
    await createArea(c, { code: a.code });
  });
});

describe('coverage routes: create, get, list, update, delete', () => {
  it('POST /routes/:type creates an INACTIVE route in the stored-record shape', async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c, 'Nairobi Hub');
    const res = await c.call('POST', `${P}/routes/hub_to_terminal`, routeBody({ type: 'HUB', id: hub.id }, { code: 'nbo-msa' }));
    expectCoverage(res, 'COVERAGE::CREATED', 201);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'route', 'status', 'trace']);
    const r = res.body.route;
    expect(r).toMatchObject({
      workspace: { type: 'LSP', icode: lsp.code },
      code: 'nbo-msa',
      status: 'INACTIVE',
      reach: 'NATIONAL',
      serviceLevel: 'EXPRESS',
      transitType: 'HUB_TO_TERMINAL',
      transitMode: 'GROUND',
      transitTime: { min: { hour: 8 }, max: { hour: 12 } },
      schedules: [
        {
          frequency: 'DAILY',
          departureTimes: [
            { value: '06:30', timezone: 'Africa/Nairobi' },
            { value: '21:00', timezone: 'Africa/Nairobi' },
          ],
          operatingDays: ['MONDAY', 'FRIDAY'],
        },
      ],
      capacity: { sits: 14, packages: 200 },
      isGuaranteed: false,
      type: 'ROUTE',
      origin: { type: 'HUB', id: hub.id, description: 'Nairobi Hub', address: null },
      destination: { type: 'TERMINAL', id: null, description: null, address: ADDRESS },
      distance: { value: 480, unit: 'km' },
      transitPoints: [],
    });
    expect(r.added.by).toBe(ownerId);
    expect(r).not.toHaveProperty('linkedTo');
    const got = await c.call('GET', `${P}/routes/${r.id}`);
    expectCoverage(got, 'COVERAGE::FETCHED');
    expect(got.body.route).toEqual(r);
  });

  it('GET /routes lists routes only, by code, paginated and filtered', async () => {
    const own = await newLsp();
    const c = as(await own.ctx());
    const hub = await newHub(c);
    await createArea(c, { code: 'A0' });
    const r2 = await createRoute(c, { type: 'HUB', id: hub.id }, { code: 'R2', transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 2 } } } }, 'line-haul');
    const r1 = await createRoute(c, { type: 'HUB', id: hub.id }, { code: 'R1' });
    const list = await c.call('GET', `${P}/routes`);
    expectCoverage(list, 'COVERAGE::LISTED');
    expect(Object.keys(list.body).sort()).toEqual(['error', 'pagination', 'routes', 'status', 'trace']);
    expect(list.body.routes.map((x: any) => x.id)).toEqual([r1.id, r2.id]);
    expect(list.body.pagination).toMatchObject({ total: 2, pages: 1 });
    expect((await c.call('GET', `${P}/routes?limit=1`)).body.pagination).toEqual({ page: 1, limit: 1, total: 2, pages: 2, hasNext: true, hasPrevious: false });
    expect((await c.call('GET', `${P}/routes?transitType=LINE_HAUL`)).body.routes.map((x: any) => x.id)).toEqual([r2.id]);
    expectFail(await c.call('GET', `${P}/routes?transitType=teleport`), 'VALIDATION_ERROR', 'transitType');
    expectFail(await c.call('GET', `${P}/routes/${randomUUID()}`), 'NOT_FOUND');
  });

  it('create validation: 400 naming the field', async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c);
    const origin = { type: 'HUB', id: hub.id };
    const cases: [string, (b: any) => unknown, string][] = [
      ['capacity empty', (b) => ({ ...b, capacity: {} }), 'capacity'],
      ['capacity.sits 0', (b) => ({ ...b, capacity: { sits: 0 } }), 'capacity.sits'],
      ['capacity.packages negative', (b) => ({ ...b, capacity: { packages: -1 } }), 'capacity.packages'],
      ['distance unit', (b) => ({ ...b, distance: { value: 3, unit: 'm' } }), 'distance.unit'],
      ['distance negative', (b) => ({ ...b, distance: { value: -3, unit: 'km' } }), 'distance.value'],
      ['distance without unit', (b) => ({ ...b, distance: { value: 3 } }), 'distance.unit'],
      ['origin unknown node', (b) => ({ ...b, origin: { type: 'HUB', id: randomUUID() } }), 'origin.id'],
      ['origin with an id but not a node type', (b) => ({ ...b, origin: { type: 'GATE', id: hub.id } }), 'origin.type'],
      ['origin id and address', (b) => ({ ...b, origin: { type: 'HUB', id: hub.id, address: ADDRESS } }), 'origin.address'],
      ['origin without type', (b) => ({ ...b, origin: { id: hub.id } }), 'origin.type'],
      ['destination without id or address', (b) => ({ ...b, destination: { type: 'TERMINAL' } }), 'destination.id'],
      ['destination coordinates out of range', (b) => ({ ...b, destination: { type: 'TERMINAL', address: { coordinates: [39.6, -195] } } }), 'destination.address.coordinates'],
      ['destination = origin', (b) => ({ ...b, destination: origin }), 'destination.id'],
      ['area-only field', (b) => ({ ...b, city: 'Nairobi' }), 'city'],
      ['reach unknown', (b) => ({ ...b, reach: 'PLANETARY' }), 'reach'],
      ['transit.time min > max', (b) => ({ ...b, transit: { ...b.transit, time: { min: { hour: 13 }, max: { hour: 12 } } } }), 'transit.time.max.hour'],
      [
        'schedule bad time',
        (b) => ({ ...b, schedules: [{ frequency: 'DAILY', departureTimes: [{ value: '24:00', timezone: 'UTC' }], operatingDays: ['MONDAY'] }] }),
        'schedules.0.departureTimes.0.value',
      ],
    ];
    for (const [label, change, field] of cases) {
      const res = await c.call('POST', `${P}/routes/hub_to_terminal`, change(routeBody(origin)));
      expect(res.body.field, `${label}: ${JSON.stringify(res.body)}`).toBe(field);
      expectFail(res, 'VALIDATION_ERROR', field);
    }
    for (const type of ['AREA', 'airlift', 'hub to hub']) expectFail(await c.call('POST', `${P}/routes/${encodeURIComponent(type)}`, routeBody(origin)), 'VALIDATION_ERROR', 'type');
  });

  it('PATCH /routes/:id/:type updates; ends, capacity and distance can be replaced or cleared', async () => {
    const c = as(await lsp.ctx());
    const [h1, h2] = [await newHub(c, 'H1'), await newHub(c, 'H2')];
    const r = await createRoute(c, { type: 'HUB', id: h1.id });
    const res = await c.call('PATCH', `${P}/routes/${r.id}/hub-to-hub`, {
      destination: { type: 'HUB', id: h2.id, description: 'Mombasa hub' },
      capacity: { packages: 50 },
      distance: null,
      reach: 'REGIONAL',
      schedules: [],
    });
    expectCoverage(res, 'COVERAGE::UPDATED');
    expect(Object.keys(res.body).sort()).toEqual(['error', 'route', 'status', 'trace']);
    expect(res.body.route).toMatchObject({
      transitType: 'HUB_TO_HUB',
      destination: { type: 'HUB', id: h2.id, description: 'Mombasa hub', address: null },
      capacity: { sits: null, packages: 50 },
      distance: null,
      reach: 'REGIONAL',
      schedules: [],
      origin: r.origin,
      status: 'INACTIVE',
    });
    expect(res.body.route.updated.at.timezone).toBe('UTC'); // no departures left
    const cases: [string, unknown, string][] = [
      ['last_mile', { origin: { type: 'HUB', id: h2.id } }, 'destination.id'], // origin = destination
      ['teleport', { name: 'x' }, 'type'],
      ['hub_to_hub', { capacity: {} }, 'capacity'],
      ['hub_to_hub', { distance: { value: 1, unit: 'yards' } }, 'distance.unit'],
      ['hub_to_hub', { transitPoints: [] }, 'transitPoints'],
      ['hub_to_hub', { transit: { type: 'LINE_HAUL' } }, 'transit.type'],
      ['hub_to_hub', { status: 'RUNNING' }, 'status'],
    ];
    for (const [type, body, field] of cases) expectFail(await c.call('PATCH', `${P}/routes/${r.id}/${type}`, body), 'VALIDATION_ERROR', field);
    expectFail(await c.call('PATCH', `${P}/routes/${randomUUID()}/hub_to_hub`, { name: 'x' }), 'NOT_FOUND');
  });

  it('DELETE /routes/:id answers {status COVERAGE::DELETED, deleted: true, route}; an area id is 404 there', async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c);
    const r = await createRoute(c, { type: 'HUB', id: hub.id });
    const a = await createArea(c);
    expectFail(await c.call('DELETE', `${P}/routes/${a.id}`), 'NOT_FOUND');
    expectFail(await c.call('DELETE', `${P}/areas/${r.id}`), 'NOT_FOUND');
    const res = await c.call('DELETE', `${P}/routes/${r.id}`);
    expectCoverage(res, 'COVERAGE::DELETED');
    expect(Object.keys(res.body).sort()).toEqual(['deleted', 'error', 'route', 'status', 'trace']);
    expect(res.body).toMatchObject({ deleted: true, route: { id: r.id, type: 'ROUTE' } });
    expectFail(await c.call('GET', `${P}/routes/${r.id}`), 'NOT_FOUND');
    expectFail(await c.call('DELETE', `${P}/routes/${r.id}`), 'NOT_FOUND');
    expectCoverage(await c.call('GET', `${P}/areas/${a.id}`), 'COVERAGE::FETCHED');
  });
});

describe('coverage routes: transit points', () => {
  it('PUT /routes/:id/transit-point answers exactly {error, status COVERAGE::UPDATED, message, route, trace}; points are kept in order', async () => {
    const c = as(await lsp.ctx());
    const [origin, mid] = [await newHub(c, 'Origin hub'), await newHub(c, 'Voi hub')];
    const r = await createRoute(c, { type: 'HUB', id: origin.id });
    const barrier = { type: 'BARRIER', address: { name: 'Weighbridge', city: 'Mariakani', coordinates: [-3.86, 39.47] } };
    const first = await c.call('PUT', `${P}/routes/${r.id}/transit-point`, barrier);
    expectCoverage(first, 'COVERAGE::UPDATED');
    expect(Object.keys(first.body).sort()).toEqual(['error', 'message', 'route', 'status', 'trace']);
    expect(first.body.message).toMatch(/transit point/i);
    expect(first.body.route).toMatchObject({ id: r.id, type: 'ROUTE', status: 'INACTIVE', workspace: { type: 'LSP', icode: lsp.code } });
    expect(first.body.route.transitPoints).toEqual([{ type: 'BARRIER', id: null, description: null, address: { ...barrier.address, street1: null, state: null, country: null } }]);

    const second = await c.call('PUT', `${P}/routes/${r.id}/transit-point`, { type: 'HUB', id: mid.id, description: 'Voi cross-dock', position: 0 });
    expect(second.body.route.transitPoints.map((p: any) => p.type)).toEqual(['HUB', 'BARRIER']);
    expect(second.body.route.transitPoints[0]).toEqual({ type: 'HUB', id: mid.id, description: 'Voi cross-dock', address: null });
    const third = await c.call('PUT', `${P}/routes/${r.id}/transit-point`, { type: 'CHECKPOINT', address: { city: 'Athi River' }, position: 1 });
    expect(third.body.route.transitPoints.map((p: any) => p.type)).toEqual(['HUB', 'CHECKPOINT', 'BARRIER']);
    expect((await c.call('GET', `${P}/routes/${r.id}`)).body.route.transitPoints).toEqual(third.body.route.transitPoints);

    expectFail(await c.call('PUT', `${P}/routes/${r.id}/transit-point`, { type: 'HUB', id: mid.id }), 'CONFLICT', 'id');
    const bad: [unknown, string][] = [
      [{ type: 'BARRIER', address: barrier.address, position: 9 }, 'position'],
      [{ type: 'BARRIER', address: barrier.address, position: -1 }, 'position'],
      [{ type: 'BARRIER' }, 'id'],
      [{ type: 'BARRIER', id: mid.id }, 'type'],
      [{ type: 'HUB', id: randomUUID() }, 'id'],
      [{ type: 'HUB', id: mid.id, address: barrier.address }, 'address'],
      [{ type: 'Barrier', address: barrier.address }, 'type'],
      [{ type: 'BARRIER', address: { coordinates: [0, 200] } }, 'address.coordinates'],
      [{ type: 'BARRIER', address: { street1: 'Somewhere 1' } }, 'address'],
      [{ type: 'BARRIER', address: barrier.address, index: 0 }, 'index'],
    ];
    for (const [body, field] of bad) expectFail(await c.call('PUT', `${P}/routes/${r.id}/transit-point`, body), 'VALIDATION_ERROR', field);
    expectFail(await c.call('PUT', `${P}/routes/${randomUUID()}/transit-point`, barrier), 'NOT_FOUND');
    const area = await createArea(c);
    expectFail(await c.call('PUT', `${P}/routes/${area.id}/transit-point`, barrier), 'NOT_FOUND');
  });

  it('PATCH /routes/:id/transit-point removes a point by index or node id', async () => {
    const c = as(await lsp.ctx());
    const [origin, mid] = [await newHub(c), await newHub(c)];
    const r = await createRoute(c, { type: 'HUB', id: origin.id });
    expectCoverage(await c.call('PUT', `${P}/routes/${r.id}/transit-point`, { type: 'BARRIER', address: { city: 'Voi' } }), 'COVERAGE::UPDATED');
    expectCoverage(await c.call('PUT', `${P}/routes/${r.id}/transit-point`, { type: 'HUB', id: mid.id }), 'COVERAGE::UPDATED');
    expectCoverage(await c.call('PUT', `${P}/routes/${r.id}/transit-point`, { type: 'TOLL', address: { city: 'Mlolongo' } }), 'COVERAGE::UPDATED');

    const byId = await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, { id: mid.id });
    expectCoverage(byId, 'COVERAGE::UPDATED');
    expect(Object.keys(byId.body).sort()).toEqual(['error', 'message', 'route', 'status', 'trace']);
    expect(byId.body.route.transitPoints.map((p: any) => p.type)).toEqual(['BARRIER', 'TOLL']);
    const byIndex = await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, { index: 1 });
    expect(byIndex.body.route.transitPoints.map((p: any) => p.type)).toEqual(['BARRIER']);
    expect(byIndex.body.route.status).toBe('INACTIVE');

    expectFail(await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, {}), 'VALIDATION_ERROR', 'index');
    expectFail(await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, { index: 0, id: mid.id }), 'VALIDATION_ERROR', 'id');
    expectFail(await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, { index: -2 }), 'VALIDATION_ERROR', 'index');
    expectFail(await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, { position: 0 }), 'VALIDATION_ERROR', 'position');
    expectFail(await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, { index: 1 }), 'NOT_FOUND');
    expectFail(await c.call('PATCH', `${P}/routes/${r.id}/transit-point`, { id: mid.id }), 'NOT_FOUND');
    expectFail(await c.call('PATCH', `${P}/routes/${randomUUID()}/transit-point`, { index: 0 }), 'NOT_FOUND');
  });
});

describe('GET /v1/lsp/coverage: both kinds', () => {
  it('lists areas and routes together by code, paginated, with kind, status and transitType filters', async () => {
    const own = await newLsp();
    const c = as(await own.ctx());
    const hub = await newHub(c);
    const a1 = await createArea(c, { code: 'C1' });
    const r1 = await createRoute(c, { type: 'HUB', id: hub.id }, { code: 'C2' });
    const a2 = await createArea(c, { code: 'C3' });
    const res = await c.call('GET', P);
    expectCoverage(res, 'COVERAGE::LISTED');
    expect(Object.keys(res.body).sort()).toEqual(['coverage', 'error', 'pagination', 'status', 'trace']);
    expect(res.body.coverage.map((x: any) => [x.type, x.id])).toEqual([
      ['AREA', a1.id],
      ['ROUTE', r1.id],
      ['AREA', a2.id],
    ]);
    expect(res.body.coverage[0]).toEqual(a1);
    expect(res.body.coverage[1]).toEqual(r1);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1, hasNext: false, hasPrevious: false });

    const p2 = await c.call('GET', `${P}?page=2&limit=2`);
    expect(p2.body.coverage.map((x: any) => x.id)).toEqual([a2.id]);
    expect(p2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, hasNext: false, hasPrevious: true });
    expect((await c.call('GET', `${P}?kind=ROUTE`)).body.coverage.map((x: any) => x.id)).toEqual([r1.id]);
    expect((await c.call('GET', `${P}?kind=AREA`)).body.coverage.map((x: any) => x.id)).toEqual([a1.id, a2.id]);
    expect((await c.call('GET', `${P}?transitType=hub_to_terminal`)).body.coverage.map((x: any) => x.id)).toEqual([r1.id]);
    expectCoverage(await c.call('PATCH', `${P}/areas/${a2.id}/last_mile`, { status: 'ACTIVE' }), 'COVERAGE::UPDATED');
    expect((await c.call('GET', `${P}?status=ACTIVE`)).body.coverage.map((x: any) => x.id)).toEqual([a2.id]);
    expect((await c.call('GET', `${P}?page=9`)).body.coverage).toEqual([]);
    expectFail(await c.call('GET', `${P}?kind=ZONE`), 'VALIDATION_ERROR', 'kind');
    expectFail(await c.call('GET', `${P}?kind=AREA&transitType=line_haul`), 'VALIDATION_ERROR', 'transitType');
    expectFail(await c.call('GET', `${P}?limit=0`), 'VALIDATION_ERROR', 'limit');
    expectFail(await c.call('GET', `${P}?limit=101`), 'VALIDATION_ERROR', 'limit');
  });

  it('is the same through GraphQL: the Coverage interface resolves to CoverageArea and CoverageRoute', async () => {
    const own = await newLsp();
    const c = as(await own.ctx());
    const hub = await newHub(c);
    await createArea(c, { code: 'G1' });
    await createRoute(c, { type: 'HUB', id: hub.id }, { code: 'G2' });
    const res = await c.gql('{ coverage { items { __typename id type code ... on CoverageArea { cities } ... on CoverageRoute { origin { id } } } pagination { total } } }');
    expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
    expect(res.body.data.coverage.items.map((x: any) => [x.__typename, x.type, x.code])).toEqual([
      ['CoverageArea', 'AREA', 'G1'],
      ['CoverageRoute', 'ROUTE', 'G2'],
    ]);
    expect(res.body.data.coverage.items[1].origin.id).toBe(hub.id);
  });
});

/** Every route of the group, with a body where it takes one. */
const ROUTES: [string, string, unknown?][] = [
  ['POST', `${P}/areas/last_mile`, {}],
  ['GET', `${P}/areas/${randomUUID()}`],
  ['GET', `${P}/areas`],
  ['PATCH', `${P}/areas/${randomUUID()}/last_mile`, {}],
  ['PUT', `${P}/areas/${randomUUID()}/link`, {}],
  ['PATCH', `${P}/areas/${randomUUID()}/unlink`, {}],
  ['DELETE', `${P}/areas/${randomUUID()}`],
  ['POST', `${P}/routes/line_haul`, {}],
  ['GET', `${P}/routes/${randomUUID()}`],
  ['GET', `${P}/routes`],
  ['PATCH', `${P}/routes/${randomUUID()}/line_haul`, {}],
  ['PUT', `${P}/routes/${randomUUID()}/transit-point`, {}],
  ['PATCH', `${P}/routes/${randomUUID()}/transit-point`, {}],
  ['DELETE', `${P}/routes/${randomUUID()}`],
  ['GET', P],
];

describe('credentials (header set A)', () => {
  it('covers the 15 routes of the group', () => {
    expect(new Set(ROUTES.map(([m, p]) => `${m} ${p.replace(/[0-9a-f-]{36}/g, ':id')}`)).size).toBe(15);
  });

  it.each(ROUTES)('%s %s: 401 UNAUTHORIZED for each missing header, before anything else', async (method, path, body) => {
    for (const missing of ['svc-auth-token', 'svc-user-agent', 'svc-auth-device']) {
      const headers = setA(`not-checked-${randomUUID()}`, DEVICE);
      delete headers[missing];
      const res = await api(method, path, { body, headers });
      expectFail(res, 'UNAUTHORIZED');
      expect(res.body.message).toContain(missing);
    }
  });

  it("a bad token, a user token without a provider context, another device or another provider kind's context → 401/403", async () => {
    const ctx = await lsp.ctx();
    expectFail(await callA('GET', `${P}/areas`, 'garbage-token', undefined, { device: DEVICE }), 'UNAUTHORIZED');
    expectFail(await callA('GET', `${P}/areas`, lsp.ownerToken, undefined, { device: DEVICE }), 'UNAUTHORIZED');
    expectFail(await callA('GET', `${P}/areas`, ctx, undefined, { device: 'another-device' }), 'UNAUTHORIZED');
    const csp = await setupProvider(lsp, 'csp', 'VENDOR');
    const cspCtx = await contextToken(lsp.ownerToken, lsp.wid, 'csp', csp.code, DEVICE);
    expectFail(await callA('GET', `${P}/areas`, cspCtx, undefined, { device: DEVICE }), 'FORBIDDEN');
    expectFail(await callA('POST', `${P}/areas/last_mile`, cspCtx, areaBody(), { device: DEVICE }), 'FORBIDDEN');
  });
});

describe("isolation: another workspace's or another LSP's context gets NOT_FOUND for every coverage id", () => {
  let owner: Caller;
  let area: any;
  let route: any;
  let hub: { id: string };

  beforeAll(async () => {
    owner = as(await lsp.ctx());
    hub = await newHub(owner);
    area = await createArea(owner);
    expectCoverage(await owner.call('PUT', `${P}/areas/${area.id}/link`, { type: 'HUB', id: hub.id }), 'COVERAGE::UPDATED');
    route = await createRoute(owner, { type: 'HUB', id: hub.id });
    expectCoverage(await owner.call('PUT', `${P}/routes/${route.id}/transit-point`, { type: 'BARRIER', address: { city: 'Voi' } }), 'COVERAGE::UPDATED');
  });

  const probes = (areaId: string, routeId: string, hubId: string): [string, string, unknown?][] => [
    ['GET', `${P}/areas/${areaId}`],
    ['PATCH', `${P}/areas/${areaId}/last_mile`, { name: 'Taken over' }],
    ['PATCH', `${P}/areas/${areaId}/last_mile`, { status: 'ACTIVE' }],
    ['PUT', `${P}/areas/${areaId}/link`, { type: 'ANY', address: ADDRESS }],
    ['PATCH', `${P}/areas/${areaId}/unlink`, { index: 0 }],
    ['PATCH', `${P}/areas/${areaId}/unlink`, { id: hubId }],
    ['DELETE', `${P}/areas/${areaId}`],
    ['GET', `${P}/routes/${routeId}`],
    ['PATCH', `${P}/routes/${routeId}/hub_to_terminal`, { name: 'Taken over' }],
    ['PUT', `${P}/routes/${routeId}/transit-point`, { type: 'BARRIER', address: ADDRESS }],
    ['PATCH', `${P}/routes/${routeId}/transit-point`, { index: 0 }],
    ['DELETE', `${P}/routes/${routeId}`],
  ];

  async function expectIsolated(other: Caller) {
    for (const [method, path, body] of probes(area.id, route.id, hub.id)) {
      const res = await other.call(method, path, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(404);
      expectFail(res, 'NOT_FOUND');
      expect(JSON.stringify(res.body)).not.toContain(area.code);
    }
    for (const path of [`${P}/areas`, `${P}/routes`, P]) {
      const list = await other.call('GET', path);
      expectCoverage(list, 'COVERAGE::LISTED');
      expect(JSON.stringify(list.body)).not.toContain(area.id);
      expect(JSON.stringify(list.body)).not.toContain(route.id);
    }
    // the first LSP's hub is no node of the other
    const mine = await createArea(other);
    expectFail(await other.call('PUT', `${P}/areas/${mine.id}/link`, { type: 'HUB', id: hub.id }), 'VALIDATION_ERROR', 'id');
    // and its records are intact
    const a = await owner.call('GET', `${P}/areas/${area.id}`);
    expect(a.body.area).toMatchObject({ name: area.name, status: 'INACTIVE' });
    expect(a.body.area.linkedTo).toHaveLength(1);
    expect((await owner.call('GET', `${P}/routes/${route.id}`)).body.route.transitPoints).toHaveLength(1);
  }

  it("another workspace's LSP", async () => {
    await expectIsolated(as(await (await newLsp()).ctx()));
  });

  it('another LSP of the same workspace', async () => {
    const second = await setupProvider(lsp, 'lsp', 'CARRIER');
    await expectIsolated(as(await contextToken(lsp.ownerToken, lsp.wid, 'lsp', second.code, DEVICE)));
  });
});

describe('roles (docs/roles.md, subgraphs/lsp/common/scope.ts)', () => {
  it('a DEVELOPER may read coverage but not write it (403); a COORDINATOR may write but not delete (403)', async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c);
    const area = await createArea(c);
    const route = await createRoute(c, { type: 'HUB', id: hub.id });
    const csp = await setupProvider(lsp, 'csp', 'VENDOR');
    const cspCtx = await contextToken(lsp.ownerToken, lsp.wid, 'csp', csp.code, DEVICE);
    const dev = await joinAs(cspCtx, 'DEVELOPER');
    const d = as(await contextToken(dev.token, lsp.wid, 'lsp', lsp.code, DEVICE));
    expectCoverage(await d.call('GET', `${P}/areas/${area.id}`), 'COVERAGE::FETCHED');
    expectCoverage(await d.call('GET', `${P}/routes/${route.id}`), 'COVERAGE::FETCHED');
    expectCoverage(await d.call('GET', `${P}/areas`), 'COVERAGE::LISTED');
    expectCoverage(await d.call('GET', `${P}/routes`), 'COVERAGE::LISTED');
    expectCoverage(await d.call('GET', P), 'COVERAGE::LISTED');
    const writes: [string, string, unknown?][] = [
      ['POST', `${P}/areas/last_mile`, areaBody()],
      ['PATCH', `${P}/areas/${area.id}/last_mile`, { name: 'x' }],
      ['PUT', `${P}/areas/${area.id}/link`, { type: 'ANY', address: ADDRESS }],
      ['PATCH', `${P}/areas/${area.id}/unlink`, { index: 0 }],
      ['DELETE', `${P}/areas/${area.id}`],
      ['POST', `${P}/routes/hub_to_terminal`, routeBody({ type: 'HUB', id: hub.id })],
      ['PATCH', `${P}/routes/${route.id}/hub_to_terminal`, { name: 'x' }],
      ['PUT', `${P}/routes/${route.id}/transit-point`, { type: 'BARRIER', address: ADDRESS }],
      ['PATCH', `${P}/routes/${route.id}/transit-point`, { index: 0 }],
      ['DELETE', `${P}/routes/${route.id}`],
    ];
    for (const [method, path, body] of writes) expectFail(await d.call(method, path, body), 'FORBIDDEN');

    const coord = await joinAs(cspCtx, 'COORDINATOR');
    const k = as(await contextToken(coord.token, lsp.wid, 'lsp', lsp.code, DEVICE));
    const made = await createArea(k);
    expect(made.added.by).toBe(coord.user.id);
    expectCoverage(await k.call('PUT', `${P}/areas/${made.id}/link`, { type: 'ANY', address: ADDRESS }), 'COVERAGE::UPDATED');
    expectFail(await k.call('DELETE', `${P}/areas/${made.id}`), 'FORBIDDEN');
    expectFail(await k.call('DELETE', `${P}/routes/${route.id}`), 'FORBIDDEN');
    expectCoverage(await c.call('GET', `${P}/areas/${area.id}`), 'COVERAGE::FETCHED');
  });
});

describe('vehicle allocation (fleets) uses coverage records', () => {
  it('a vehicle can be allocated to an area or route of its LSP only; a record with allocated vehicles cannot be deleted (409)', async () => {
    const c = as(await lsp.ctx());
    const hub = await newHub(c);
    const area = await createArea(c);
    const route = await createRoute(c, { type: 'HUB', id: hub.id });
    const fleet = await c.gql('mutation ($input: FacilityInput!) { createFleet(input: $input) { id } }', {
      input: { type: 'URBAN_TRANSIT', code: uniqueCode('FL'), name: 'City fleet', timezone: 'Africa/Nairobi' },
    });
    expect(fleet.body.errors, JSON.stringify(fleet.body)).toBeUndefined();
    const fleetId = fleet.body.data.createFleet.id;
    const addVehicle = async () => {
      const v = await c.gql('mutation ($f: ID!, $input: VehicleInput!) { addVehicle(fleetId: $f, input: $input) { id } }', { f: fleetId, input: { type: 'MINIBUS', specs: { seats: 14 } } });
      expect(v.body.errors, JSON.stringify(v.body)).toBeUndefined();
      return v.body.data.addVehicle.id as string;
    };
    const allocate = (vid: string, type: string, id: string) =>
      c.gql('mutation ($f: ID!, $v: ID!, $input: AllocationInput!) { allocateVehicle(fleetId: $f, vehicleId: $v, input: $input) { allocation { type id } } }', {
        f: fleetId,
        v: vid,
        input: { type, id },
      });
    const deallocate = (vid: string) => c.gql('mutation ($f: ID!, $v: ID!) { deallocateVehicle(fleetId: $f, vehicleId: $v) { id } }', { f: fleetId, v: vid });
    const [v1, v2] = [await addVehicle(), await addVehicle()];

    const otherArea = await createArea(as(await (await newLsp()).ctx()));
    const foreign = await allocate(v1, 'AREA', otherArea.id);
    expect(foreign.body.errors?.[0]?.extensions?.code, JSON.stringify(foreign.body)).toBe('NOT_FOUND');
    const wrongKind = await allocate(v1, 'ROUTE', area.id);
    expect(wrongKind.body.errors?.[0]?.extensions?.code, JSON.stringify(wrongKind.body)).toBe('NOT_FOUND');

    const toArea = await allocate(v1, 'AREA', area.id);
    expect(toArea.body.errors, JSON.stringify(toArea.body)).toBeUndefined();
    expect(toArea.body.data.allocateVehicle.allocation).toEqual({ type: 'AREA', id: area.id });
    const toRoute = await allocate(v2, 'ROUTE', route.id);
    expect(toRoute.body.errors, JSON.stringify(toRoute.body)).toBeUndefined();

    expectFail(await c.call('DELETE', `${P}/areas/${area.id}`), 'CONFLICT');
    expectFail(await c.call('DELETE', `${P}/routes/${route.id}`), 'CONFLICT');
    await deallocate(v1);
    await deallocate(v2);
    expectCoverage(await c.call('DELETE', `${P}/areas/${area.id}`), 'COVERAGE::DELETED');
    expectCoverage(await c.call('DELETE', `${P}/routes/${route.id}`), 'COVERAGE::DELETED');
    const gone = await allocate(v1, 'AREA', area.id);
    expect(gone.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
