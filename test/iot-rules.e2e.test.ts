import { beforeAll, describe, expect, it } from 'vitest';
import { callA } from './workspace-helpers.js';
import { fails, newLsp, ok, okList } from './lsp-helpers.js';
import { asLsp, createRule, gqlFails, gqlOk, iotConnector, invalid, memberOf, namedConnector, newImei, newIotsp, noOrigin, registerDevice, trackerRule, type Iotsp } from './iot-helpers.js';

/**
 * An IoTSP's rules (spec group 11 and the dry-run addition): the eleven routes through the bridge and the same
 * operations through the gateway. Creation checks a rule whole and names its first problem; the dry run parses a line
 * and stores nothing; connectors are the IoTSP's own IOT connectors. Tenancy: the IoTSP of the context token.
 */

// ───────────────────────────── fixtures of this file ─────────────────────────────

const R = '/v1/iotsp/rules';
const CROCKFORD_REF = /^RUL-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/;

const RULE_FIELDS = 'id reference type status description tags head struct schema createdAt createdBy updatedAt updatedBy';
const CONNECTOR_FIELDS = 'connectorId name status assignedAt assignedBy';

/** A rule for the dry runs: every value type, units, a hexadecimal LAC and a percentage. */
const probeRule = () =>
  trackerRule({
    head: ['+GTFRI', '+GTGEO'],
    struct: 'HEAD,{device.id},{position.latitude},{position.longitude},{position.speed},{gsm.lac},{ecu.lock.status},{battery.level},{position.time},$',
    schema: {
      'device.id': { type: 'string', description: 'IMEI' },
      'position.latitude': { type: 'number', unit: 'degrees' },
      'position.longitude': { type: 'number', unit: 'degrees' },
      'position.speed': { type: 'number', unit: 'km/h' },
      'gsm.lac': { type: 'number', description: 'Location area code, hexadecimal' },
      'ecu.lock.status': { type: 'boolean' },
      'battery.level': { type: 'number', unit: 'percentage' },
      'position.time': { type: 'number', unit: 'seconds' },
    },
  });
const T0 = 1_764_144_000; // 2025-11-26T08:00:00Z
const GOOD_LINE = `+GTFRI,862045030000001,-1.2921,36.8219,45km/h,0x1A2B,LOCKED,,${T0},$`;
const withTime = (t: number) => GOOD_LINE.replace(String(T0), String(t));
const GOOD_VALUES = {
  device: { id: '862045030000001' },
  position: { latitude: -1.2921, longitude: 36.8219, speed: 45, time: T0 },
  gsm: { lac: 6699 },
  ecu: { lock: { status: true } },
  battery: { level: null },
};

// ───────────────────────────── create, read, list, find ─────────────────────────────

describe('create and read', () => {
  it('creates a rule without a reference as RUL- and 10 Crockford characters, ACTIVE, and reads it back in any case', async () => {
    const t = await newIotsp();
    const before = Date.now();
    const body = trackerRule({ tags: ['Tracker', 'tracker', ' GT06 '] });
    const res = await t.call('POST', `${R}/add`, body);
    const rule = ok(res, 201);
    expect(rule.reference).toMatch(CROCKFORD_REF);
    expect(rule).toMatchObject({
      type: 'REPORT',
      status: 'ACTIVE',
      description: body.description,
      tags: ['tracker', 'gt06'],
      head: body.head,
      struct: body.struct,
      schema: body.schema,
      createdBy: t.owner.user.id,
      updatedBy: t.owner.user.id,
    });
    expect(Date.parse(rule.createdAt)).toBeGreaterThanOrEqual(before - 2000);
    expect(ok(await t.call('GET', `${R}/${rule.reference}`))).toEqual(rule);
    expect(ok(await t.call('GET', `${R}/${rule.reference.toLowerCase()}`))).toEqual(rule);
    fails(await t.call('GET', `${R}/RUL-0000000000`), 'NOT_FOUND');
  });

  it('keeps a client reference; the same reference again is 409 CONFLICT and adds nothing; another IoTSP may use it', async () => {
    const t = await newIotsp();
    const reference = `gt06-report.${Date.now().toString(36)}`;
    const rule = ok(await t.call('POST', `${R}/add`, trackerRule({ reference, type: 'REPORT' })), 201);
    expect(rule.reference).toBe(reference);
    expect(ok(await t.call('GET', `${R}/${reference}`)).id).toBe(rule.id);
    const again = await t.call('POST', `${R}/add`, trackerRule({ reference, description: 'a second one' }));
    fails(again, 'CONFLICT', 'reference');
    invalid(await t.call('POST', `${R}/add`, trackerRule({ reference: 'not a reference!' })), 'reference', /letters, digits/);
    fails(await t.call('POST', `${R}/add`, trackerRule({ reference: 'x'.repeat(65) })), 'VALIDATION_ERROR', 'reference');
    expect(okList(await t.call('GET', R), 1, 20, 1)[0]).toEqual(rule);
    const sibling = await newIotsp(t.owner);
    expect(ok(await sibling.call('POST', `${R}/add`, trackerRule({ reference })), 201).reference).toBe(reference);
    expect(ok(await t.call('GET', `${R}/${reference}`)).description).toBe(rule.description);
  });

  it('a client reference that GET /rules/:reference could never reach (`find`, the search route) is refused at creation', async () => {
    const t = await newIotsp();
    fails(await t.call('POST', `${R}/add`, trackerRule({ reference: 'find' })), 'VALIDATION_ERROR', 'reference');
    okList(await t.call('GET', R), 1, 20, 0);
  });

  it('lists by ?type=REPORT (any case) newest first, a page at a time, and by status and tag', async () => {
    const t = await newIotsp();
    const a = await createRule(t, { tags: ['alpha'] });
    const b = await createRule(t, { tags: ['beta'] });
    const c = await createRule(t, { tags: ['alpha', 'gamma'] });
    expect(okList(await t.call('GET', `${R}?type=REPORT`), 1, 20, 3).map((r) => r.reference)).toEqual([c.reference, b.reference, a.reference]);
    expect(okList(await t.call('GET', `${R}?type=REPORT&limit=2`), 1, 2, 3).map((r) => r.reference)).toEqual([c.reference, b.reference]);
    expect(okList(await t.call('GET', `${R}?type=REPORT&limit=2&page=2`), 2, 2, 3).map((r) => r.reference)).toEqual([a.reference]);
    expect(okList(await t.call('GET', `${R}?type=report`), 1, 20, 3)).toHaveLength(3);
    expect(okList(await t.call('GET', `${R}?tag=ALPHA`), 1, 20, 2).map((r) => r.reference)).toEqual([c.reference, a.reference]);
    ok(await t.call('PATCH', `${R}/${b.reference}/inactive`));
    expect(okList(await t.call('GET', `${R}?status=INACTIVE`), 1, 20, 1)[0].reference).toBe(b.reference);
    invalid(await t.call('GET', `${R}?type=ALERT`), 'type', /./);
    invalid(await t.call('GET', `${R}?limit=0`), 'limit', /./);
  });

  it('finds by text in the description, the tags and the head markers, any case, a page at a time', async () => {
    const t = await newIotsp();
    const byDescription = await createRule(t, { description: 'Reefer probe of the cold chain', tags: [] });
    const byTag = await createRule(t, { description: 'plain', tags: ['Zanzibar-route'] });
    const byHead = await createRule(t, { description: 'plain', tags: [], head: ['+GTXQZ'] });
    const find = (q: string, extra = '') => t.call('GET', `${R}/find?query=${encodeURIComponent(q)}${extra}`);
    expect(okList(await find('REEFER'), 1, 20, 1)[0].reference).toBe(byDescription.reference);
    expect(okList(await find('zanzibar'), 1, 20, 1)[0].reference).toBe(byTag.reference);
    expect(okList(await find('+gtxqz'), 1, 20, 1)[0].reference).toBe(byHead.reference);
    expect(okList(await find(byTag.reference.toLowerCase()), 1, 20, 1)[0].reference).toBe(byTag.reference);
    expect(okList(await find('plain', '&limit=1&page=2'), 2, 1, 2).map((r) => r.reference)).toEqual([byTag.reference]);
    okList(await find('nothing-like-this'), 1, 20, 0);
    invalid(await t.call('GET', `${R}/find`), 'query', /./);
  });
});

describe('change and delete', () => {
  it('PATCH changes the tags (lower case, no duplicates) and the description, nothing else', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const changed = ok(await t.call('PATCH', `${R}/${rule.reference}`, { tags: ['Fleet', 'FLEET', '  Cold   Chain '], description: '  Queclink GV300 reports  ' }));
    expect(changed).toMatchObject({ tags: ['fleet', 'cold chain'], description: 'Queclink GV300 reports', head: rule.head, struct: rule.struct, schema: rule.schema, status: 'ACTIVE' });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(rule.updatedAt));
    expect(ok(await t.call('GET', `${R}/${rule.reference}`))).toEqual(changed);
    // absent fields keep their value; null clears the description
    expect(ok(await t.call('PATCH', `${R}/${rule.reference}`, {}))).toEqual(changed);
    expect(ok(await t.call('PATCH', `${R}/${rule.reference}`, { description: null }))).toMatchObject({ description: null, tags: ['fleet', 'cold chain'] });
    // the head, struct and schema never change
    const head = await t.call('PATCH', `${R}/${rule.reference}`, { head: ['+EVIL'] });
    fails(head, 'VALIDATION_ERROR', 'head');
    fails(await t.call('PATCH', `${R}/${rule.reference}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 'VALIDATION_ERROR', 'tags');
    expect(ok(await t.call('GET', `${R}/${rule.reference}`))).toMatchObject({ head: rule.head, tags: ['fleet', 'cold chain'], description: null });
    fails(await t.call('PATCH', `${R}/RUL-0000000000`, { tags: ['x'] }), 'NOT_FOUND');
  });

  it('moves ACTIVE → INACTIVE → ACTIVE; a move to the status it has is 409 CONFLICT', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    expect(ok(await t.call('PATCH', `${R}/${rule.reference}/inactive`)).status).toBe('INACTIVE');
    const again = await t.call('PATCH', `${R}/${rule.reference}/INACTIVE`);
    fails(again, 'CONFLICT');
    expect(again.body.message).toMatch(/already INACTIVE/);
    expect(ok(await t.call('GET', `${R}/${rule.reference}`)).status).toBe('INACTIVE');
    expect(ok(await t.call('PATCH', `${R}/${rule.reference}/active`)).status).toBe('ACTIVE');
    fails(await t.call('PATCH', `${R}/${rule.reference}/active`), 'CONFLICT');
    expect(ok(await t.call('GET', `${R}/${rule.reference}`)).status).toBe('ACTIVE');
    fails(await t.call('PATCH', `${R}/RUL-0000000000/inactive`), 'NOT_FOUND');
  });

  it('DELETE is refused with 409 while a device speaks the rule; once the device is gone the rule goes (then 404)', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const other = await createRule(t);
    const reg = await registerDevice(t, { externalId: newImei(), rule: rule.reference });
    const refused = await t.call('DELETE', `${R}/${rule.reference}`);
    fails(refused, 'CONFLICT');
    expect(refused.body.message).toMatch(/1 device/);
    expect(ok(await t.call('GET', `${R}/${rule.reference}`)).status).toBe('ACTIVE');
    ok(await t.call('DELETE', `/v1/iotsp/devices/${reg.device.reference}`));
    expect(ok(await t.call('DELETE', `${R}/${rule.reference.toLowerCase()}`))).toEqual({ reference: rule.reference, deleted: true });
    fails(await t.call('GET', `${R}/${rule.reference}`), 'NOT_FOUND');
    fails(await t.call('DELETE', `${R}/${rule.reference}`), 'NOT_FOUND');
    expect(okList(await t.call('GET', R), 1, 20, 1).map((r) => r.reference)).toEqual([other.reference]);
  });
});

// ───────────────────────────── validation at creation ─────────────────────────────

describe('validation at creation', () => {
  let t: Iotsp;
  beforeAll(async () => {
    t = await newIotsp();
  });

  const base = trackerRule();
  const withSchema = (change: (s: Record<string, any>) => void) => {
    const schema = structuredClone(base.schema) as Record<string, any>;
    change(schema);
    return { schema };
  };
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['struct that does not start with HEAD', { struct: base.struct.replace(/^HEAD/, 'HDR') }, 'struct', /must start with HEAD.*got "HDR"/],
    ['struct that does not end with $', { struct: base.struct.replace(/,\$$/, '') }, 'struct', /must end with \$.*got "\{position\.time\}"/],
    ['placeholder missing from the schema', withSchema((s) => delete s['position.direction']), 'schema.position.direction', /is missing: struct uses \{position\.direction\}/],
    [
      'unknown field name in the schema (and in struct)',
      { struct: base.struct.replace('{position.direction}', '{position.heading}'), ...withSchema((s) => ((s['position.heading'] = s['position.direction']), delete s['position.direction'])) },
      'struct',
      /field 6 \(\{position\.heading\}\) is not a known field name/,
    ],
    ['unknown field name as a schema key', withSchema((s) => (s['vehicle.odometer'] = { type: 'number' })), 'schema.vehicle.odometer', /"vehicle\.odometer" is not a known field name/],
    ['schema field not used in struct', withSchema((s) => (s['gsm.lac'] = { type: 'number' })), 'schema.gsm.lac', /is not in struct; add \{gsm\.lac\} to struct or remove this entry/],
    ['bad type', withSchema((s) => (s['position.speed'].type = 'float')), 'schema.position.speed.type', /must be one of string, number, boolean, got the string "float"/],
    ['bad unit', withSchema((s) => (s['position.speed'].unit = 'mph')), 'schema.position.speed.unit', /must be one of meters, degrees, km\/h, seconds, percentage, volts .*"mph"/],
    ['unit on a non-number field', withSchema((s) => (s['device.id'].unit = 'meters')), 'schema.device.id.unit', /a unit is only allowed on a number field; device\.id is string/],
    ['empty head', { head: [] }, 'head', /at least (one|1)/],
    // field names are the dotted body path, array positions included (docs/contract.md "Field names")
    ['empty head marker', { head: ['+RESP', ''] }, 'head.1', /must not be empty/],
    ['duplicate head markers', { head: ['+RESP', '+BUFF', '+RESP'] }, 'head.2', /repeats head.0 \("\+RESP"\)/],
  ];

  it.each(cases)('%s: 400 naming the problem and its field', async (_name, overrides, field, problem) => {
    invalid(await t.call('POST', `${R}/add`, trackerRule(overrides)), field, problem);
    okList(await t.call('GET', R), 1, 20, 0);
  });

  it('the same problem over GraphQL: VALIDATION_ERROR with the field', async () => {
    const res = await t.gql(`mutation($i: IotRuleCreateInput!) { createIotRule(input: $i) { reference } }`, { i: trackerRule({ head: ['+RESP', '+RESP'] }) });
    gqlFails(res, 'VALIDATION_ERROR', 'head.1');
    expect(res.body.errors![0].message).toMatch(/repeats head.0/);
  });

  it('a malformed JSON body and wrong JSON types are 400 and create nothing', async () => {
    const malformed = await t.call('POST', `${R}/add`, '{"type":"REPORT","head":["+RESP"],', { 'content-type': 'application/json' });
    fails(malformed, 'VALIDATION_ERROR', 'body');
    for (const [overrides, field] of [
      [{ struct: 42 }, 'struct'],
      [{ head: [7] }, 'head.0'],
      [{ schema: 'device.id' }, 'schema'],
      [{ schema: [] }, 'schema'],
      [{ tags: [true] }, 'tags.0'],
      [{ description: 12 }, 'description'],
      [{ type: 'ALERT' }, 'type'],
      [{ reference: 5 }, 'reference'],
    ] as const) {
      fails(await t.call('POST', `${R}/add`, trackerRule(overrides)), 'VALIDATION_ERROR', field);
    }
    const { struct: _s, ...noStruct } = trackerRule();
    fails(await t.call('POST', `${R}/add`, noStruct), 'VALIDATION_ERROR', 'struct');
    okList(await t.call('GET', R), 1, 20, 0);
  });
});

// ───────────────────────────── dry run ─────────────────────────────

describe('dry run', () => {
  it('a good line answers typed nested values (units, hexadecimal, booleans, empty → null) and when it was measured', async () => {
    const t = await newIotsp();
    const rule = await createRule(t, probeRule());
    const res = ok(await t.call('POST', `${R}/${rule.reference}/dry-run`, { line: GOOD_LINE }));
    expect(res).toEqual({ ok: true, head: '+GTFRI', values: GOOD_VALUES, measuredAt: new Date(T0 * 1000).toISOString(), error: null });
    // spaced and spelled units, the other head, a trailing line break, other boolean words
    const other = ok(await t.call('POST', `${R}/${rule.reference}/dry-run`, { line: `+GTGEO,862045030000001,10.5,-20.25,  12.5 KPH ,0x00ff,unlocked,87 %,${T0 + 60},$\r\n` }));
    expect(other).toMatchObject({ ok: true, head: '+GTGEO', values: { position: { speed: 12.5 }, gsm: { lac: 255 }, ecu: { lock: { status: false } }, battery: { level: 87 } } });
    const g = await t.gql(`mutation($r: String!, $l: String!) { dryRunIotRule(reference: $r, input: { line: $l }) { ok head values measuredAt error { code } } }`, { r: rule.reference, l: GOOD_LINE });
    expect(gqlOk(g).dryRunIotRule).toEqual({ ok: true, head: '+GTFRI', values: GOOD_VALUES, measuredAt: new Date(T0 * 1000).toISOString(), error: null });
  });

  it('a bad line answers the exact error code, position and field', async () => {
    const t = await newIotsp();
    const rule = await createRule(t, probeRule());
    const dry = async (line: string) => ok(await t.call('POST', `${R}/${rule.reference}/dry-run`, { line }));
    const fields = GOOD_LINE.split(',');
    const withField = (i: number, v: string) => fields.map((f, k) => (k === i ? v : f)).join(',');
    const cases: [string, string, number, string | null][] = [
      ['+GTFRI,862045030000001,-1.2921,36.8219,$', 'FIELD_COUNT', 5, null], // too few: the line's own count
      [[...fields.slice(0, -1), 'extra', '$'].join(','), 'FIELD_COUNT', 11, null], // too many: the first extra field
      [withField(0, '+GTXXX'), 'HEAD_MISMATCH', 1, null],
      [withField(4, 'fast'), 'BAD_VALUE', 5, 'position.speed'],
      [withField(4, '45mph'), 'BAD_VALUE', 5, 'position.speed'],
      [withField(2, '91'), 'BAD_VALUE', 3, 'position.latitude'],
      [withField(6, 'maybe'), 'BAD_VALUE', 7, 'ecu.lock.status'],
      [withField(9, '#'), 'NO_TERMINATOR', 10, null],
    ];
    for (const [line, code, position, field] of cases) {
      const r = await dry(line);
      expect(r, line).toMatchObject({ ok: false, head: null, values: null, measuredAt: null, error: { code, position, field } });
      expect(r.error.message.length).toBeGreaterThan(0);
    }
    const g = await t.gql(`mutation($r: String!) { dryRunIotRule(reference: $r, input: { line: "+GTFRI,1,2,$" }) { ok error { code position field message } } }`, { r: rule.reference });
    expect(gqlOk(g).dryRunIotRule).toMatchObject({ ok: false, error: { code: 'FIELD_COUNT', position: 4, field: null } });
    invalid(await t.call('POST', `${R}/${rule.reference}/dry-run`, { line: '' }), 'line', /./);
    fails(await t.call('POST', `${R}/RUL-0000000000/dry-run`, { line: GOOD_LINE }), 'NOT_FOUND');
  });

  it('stores nothing: the device speaking the rule has no reports and the rule is unchanged', async () => {
    const t = await newIotsp();
    const rule = await createRule(t, probeRule());
    const reg = await registerDevice(t, { externalId: '862045030000001', rule: rule.reference });
    for (const line of [GOOD_LINE, 'garbage', withTime(T0 + 1)]) ok(await t.call('POST', `${R}/${rule.reference}/dry-run`, { line }));
    const device = ok(await t.call('GET', `/v1/iotsp/devices/${reg.device.reference}`));
    expect(device).toMatchObject({ reportsStored: 0, reportsFailed: 0, lastReportAt: null });
    const range = `from=${new Date((T0 - 3600) * 1000).toISOString()}&to=${new Date((T0 + 3600) * 1000).toISOString()}`;
    okList(await t.call('GET', `/v1/iotsp/devices/${reg.device.reference}/telemetry?${range}`), 1, 20, 0);
    okList(await t.call('GET', `/v1/iotsp/devices/${reg.device.reference}/telemetry?outcome=FAILED`), 1, 20, 0);
    expect(ok(await t.call('GET', `${R}/${rule.reference}`))).toEqual(rule);
  });
});

// ───────────────────────────── connectors ─────────────────────────────

describe('connectors', () => {
  it('assigns an IOT connector (listed with name and status); again, an ASI one, or another IoTSP’s is refused; unassigns', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const c = await namedConnector(t);
    const assign = (connectorId: string) => noOrigin(t, 'PUT', `${R}/${rule.reference}/connector/assign`, { connectorId });
    const list = ok(await assign(c.id));
    expect(list).toEqual([{ connectorId: c.id, name: c.name, status: 'ENABLED', assignedAt: expect.any(String), assignedBy: t.owner.user.id }]);
    expect(ok(await noOrigin(t, 'GET', `${R}/${rule.reference}/connectors`))).toEqual(list);
    fails(await assign(c.id), 'CONFLICT', 'connectorId');
    const asi = await iotConnector(t, 'ASI');
    const refusedAsi = await assign(asi);
    fails(refusedAsi, 'CONFLICT', 'connectorId');
    expect(refusedAsi.body.message).toMatch(/type ASI/);
    const stranger = await newIotsp();
    fails(await assign(await iotConnector(stranger)), 'NOT_FOUND');
    const sibling = await newIotsp(t.owner);
    fails(await assign(await iotConnector(sibling)), 'NOT_FOUND');
    fails(await assign('not-a-connector'), 'NOT_FOUND');
    expect(ok(await noOrigin(t, 'GET', `${R}/${rule.reference}/connectors`))).toEqual(list);
    expect(ok(await noOrigin(t, 'PATCH', `${R}/${rule.reference}/connector/unassign`, { connectorId: c.id }))).toEqual([]);
    fails(await noOrigin(t, 'PATCH', `${R}/${rule.reference}/connector/unassign`, { connectorId: c.id }), 'NOT_FOUND');
    fails(await noOrigin(t, 'PATCH', `${R}/${rule.reference}/connector/unassign`, { connectorId: asi }), 'NOT_FOUND');
    expect(ok(await noOrigin(t, 'GET', `${R}/${rule.reference}/connectors`))).toEqual([]);
    fails(await noOrigin(t, 'PUT', `${R}/RUL-0000000000/connector/assign`, { connectorId: c.id }), 'NOT_FOUND');
  });

  it('a connector deleted in the workspace family leaves the listing and cannot be assigned', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const kept = await namedConnector(t);
    const gone = await namedConnector(t);
    for (const c of [kept, gone]) ok(await noOrigin(t, 'PUT', `${R}/${rule.reference}/connector/assign`, { connectorId: c.id }));
    expect(ok(await noOrigin(t, 'GET', `${R}/${rule.reference}/connectors`)).map((c: any) => c.connectorId)).toEqual([kept.id, gone.id]);
    const del = await callA('DELETE', `/v1/${t.wid}/iotsp/${t.code}/connectors/${gone.id}`, t.owner.token);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(ok(await noOrigin(t, 'GET', `${R}/${rule.reference}/connectors`))).toEqual([expect.objectContaining({ connectorId: kept.id, name: kept.name })]);
    const other = await createRule(t);
    fails(await noOrigin(t, 'PUT', `${R}/${other.reference}/connector/assign`, { connectorId: gone.id }), 'NOT_FOUND');
    // a rename and a disable in the workspace family show in the listing
    const base = `/v1/${t.wid}/iotsp/${t.code}/connectors/${kept.id}`;
    expect((await callA('PATCH', base, t.owner.token, { name: 'Renamed IoT link' })).status).toBe(200);
    expect((await callA('PATCH', `${base}/disable`, t.owner.token)).status).toBe(200);
    expect(ok(await noOrigin(t, 'GET', `${R}/${rule.reference}/connectors`))).toEqual([expect.objectContaining({ connectorId: kept.id, name: 'Renamed IoT link', status: 'DISABLED' })]);
  });

  it('assign, unassign and the listing need no origin; every other rule route without origin is 401 naming the header', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const without = [
      ['POST', `${R}/add`, trackerRule()],
      ['GET', `${R}/find?query=tracker`],
      ['GET', R],
      ['GET', `${R}/${rule.reference}`],
      ['PATCH', `${R}/${rule.reference}`, { tags: ['changed'] }],
      ['PATCH', `${R}/${rule.reference}/inactive`],
      ['DELETE', `${R}/${rule.reference}`],
      ['POST', `${R}/${rule.reference}/dry-run`, { line: 'x' }],
    ] as const;
    for (const [method, path, body] of without) {
      const res = await noOrigin(t, method, path, body);
      fails(res, 'UNAUTHORIZED');
      expect(res.body.message, `${method} ${path}`).toMatch(/header origin is required/);
    }
    expect(ok(await t.call('GET', `${R}/${rule.reference}`))).toEqual(rule);
    okList(await t.call('GET', R), 1, 20, 1);
  });
});

// ───────────────────────────── GraphQL ─────────────────────────────

describe('over GraphQL', () => {
  it('the same operations through the gateway: create, read, list, find, tags, status, dry run, connectors, delete', async () => {
    const t = await newIotsp();
    const create = (input: Record<string, unknown>) => t.gql(`mutation($i: IotRuleCreateInput!) { createIotRule(input: $i) { ${RULE_FIELDS} } }`, { i: input });
    const platform = gqlOk(await create(trackerRule({ description: 'Platform-referenced rule' }))).createIotRule;
    expect(platform.reference).toMatch(CROCKFORD_REF);
    expect(platform).toMatchObject({ type: 'REPORT', status: 'ACTIVE', tags: ['tracker'], createdBy: t.owner.user.id });
    const reference = `gql-${Date.now().toString(36)}`;
    const client = gqlOk(await create(trackerRule({ reference, tags: ['Kappa', 'kappa'] }))).createIotRule;
    expect(client).toMatchObject({ reference, tags: ['kappa'] });
    gqlFails(await create(trackerRule({ reference })), 'CONFLICT', 'reference');

    const read = gqlOk(await t.gql(`query($r: String!) { iotRule(reference: $r) { ${RULE_FIELDS} } }`, { r: platform.reference.toLowerCase() })).iotRule;
    expect(read).toEqual(platform);
    const page = gqlOk(await t.gql(`{ iotRules(type: REPORT, limit: 1, page: 2) { items { reference } pagination { page limit total pages hasNext hasPrevious } } }`)).iotRules;
    expect(page).toEqual({ items: [{ reference: platform.reference }], pagination: { page: 2, limit: 1, total: 2, pages: 2, hasNext: false, hasPrevious: true } });
    const found = gqlOk(await t.gql(`{ iotRuleSearch(query: "platform-REFERENCED") { items { reference } pagination { total } } }`)).iotRuleSearch;
    expect(found).toEqual({ items: [{ reference: platform.reference }], pagination: { total: 1 } });

    const updated = gqlOk(
      await t.gql(`mutation($r: String!) { updateIotRule(reference: $r, input: { tags: ["A", "a", "B"], description: "changed" }) { tags description head } }`, { r: reference }),
    ).updateIotRule;
    expect(updated).toEqual({ tags: ['a', 'b'], description: 'changed', head: client.head });
    const status = (s: string) => t.gql(`mutation($r: String!) { changeIotRuleStatus(reference: $r, status: ${s}) { status } }`, { r: reference });
    expect(gqlOk(await status('INACTIVE')).changeIotRuleStatus.status).toBe('INACTIVE');
    gqlFails(await status('INACTIVE'), 'CONFLICT');
    expect(gqlOk(await status('ACTIVE')).changeIotRuleStatus.status).toBe('ACTIVE');

    const line = `+RESP,862045030000002,-1.5,36.5,30 km/h,90,${T0},$`;
    const dry = gqlOk(await t.gql(`mutation($r: String!, $l: String!) { dryRunIotRule(reference: $r, input: { line: $l }) { ok head values } }`, { r: reference, l: line })).dryRunIotRule;
    expect(dry).toEqual({ ok: true, head: '+RESP', values: { device: { id: '862045030000002' }, position: { latitude: -1.5, longitude: 36.5, speed: 30, direction: 90, time: T0 } } });

    const c = await namedConnector(t);
    const assigned = gqlOk(
      await t.gql(`mutation($r: String!, $c: ID!) { assignIotRuleConnector(reference: $r, input: { connectorId: $c }) { ${CONNECTOR_FIELDS} } }`, { r: reference, c: c.id }),
    ).assignIotRuleConnector;
    expect(assigned).toEqual([{ connectorId: c.id, name: c.name, status: 'ENABLED', assignedAt: expect.any(String), assignedBy: t.owner.user.id }]);
    gqlFails(await t.gql(`mutation($r: String!, $c: ID!) { assignIotRuleConnector(reference: $r, input: { connectorId: $c }) { connectorId } }`, { r: reference, c: c.id }), 'CONFLICT', 'connectorId');
    expect(gqlOk(await t.gql(`query($r: String!) { iotRuleConnectors(reference: $r) { ${CONNECTOR_FIELDS} } }`, { r: reference })).iotRuleConnectors).toEqual(assigned);
    expect(
      gqlOk(await t.gql(`mutation($r: String!, $c: ID!) { unassignIotRuleConnector(reference: $r, input: { connectorId: $c }) { connectorId } }`, { r: reference, c: c.id })).unassignIotRuleConnector,
    ).toEqual([]);

    expect(gqlOk(await t.gql(`mutation($r: String!) { deleteIotRule(reference: $r) { reference deleted } }`, { r: reference })).deleteIotRule).toEqual({ reference, deleted: true });
    gqlFails(await t.gql(`query($r: String!) { iotRule(reference: $r) { reference } }`, { r: reference }), 'NOT_FOUND');
    // and the REST side sees the same
    fails(await t.call('GET', `${R}/${reference}`), 'NOT_FOUND');
    expect(ok(await t.call('GET', `${R}/${platform.reference}`))).toEqual(platform);
  });
});

// ───────────────────────────── tenancy and roles ─────────────────────────────

/** Every rule route for `reference`, as [method, path, body]. */
const everyRoute = (reference: string, connectorId: string): [string, string, unknown?][] => [
  ['POST', `${R}/add`, trackerRule()],
  ['GET', `${R}/find?query=tracker`],
  ['GET', R],
  ['GET', `${R}/${reference}`],
  ['PATCH', `${R}/${reference}`, { tags: ['theirs'], description: 'theirs' }],
  ['PATCH', `${R}/${reference}/inactive`],
  ['DELETE', `${R}/${reference}`],
  ['POST', `${R}/${reference}/dry-run`, { line: GOOD_LINE }],
  ['PUT', `${R}/${reference}/connector/assign`, { connectorId }],
  ['PATCH', `${R}/${reference}/connector/unassign`, { connectorId }],
  ['GET', `${R}/${reference}/connectors`],
];

describe('tenancy', () => {
  it("another IoTSP, of another workspace or of the same one, gets 404 for the first one's rule on every route, and nothing changes", async () => {
    const t = await newIotsp();
    // a client reference: another IoTSP may choose the same one for its own rule (references are unique per IoTSP)
    const rule = await createRule(t, { reference: `quokka-${Date.now().toString(36)}`, description: 'Quokka tracker rule', tags: ['quokka'] });
    const c = await namedConnector(t);
    ok(await noOrigin(t, 'PUT', `${R}/${rule.reference}/connector/assign`, { connectorId: c.id }));
    const before = ok(await t.call('GET', `${R}/${rule.reference}`));
    for (const other of [await newIotsp(), await newIotsp(t.owner)]) {
      const theirs = await iotConnector(other);
      for (const [method, path, body] of everyRoute(rule.reference, c.id).filter(([, path]) => path.includes(rule.reference))) {
        fails(await other.call(method, path, body), 'NOT_FOUND');
      }
      fails(await other.call('PUT', `${R}/${rule.reference}/connector/assign`, { connectorId: theirs }), 'NOT_FOUND');
      // their list and search do not hold it; what they add is theirs
      okList(await other.call('GET', R), 1, 20, 0);
      okList(await other.call('GET', `${R}/find?query=quokka`), 1, 20, 0);
      // GraphQL too
      gqlFails(await other.gql(`query($r: String!) { iotRule(reference: $r) { reference } }`, { r: rule.reference }), 'NOT_FOUND');
      gqlFails(await other.gql(`mutation($r: String!) { deleteIotRule(reference: $r) { deleted } }`, { r: rule.reference }), 'NOT_FOUND');
      const mine = ok(await other.call('POST', `${R}/add`, trackerRule({ reference: rule.reference })), 201);
      expect(mine.reference).toBe(rule.reference);
      expect(mine.id).not.toBe(rule.id);
    }
    expect(ok(await t.call('GET', `${R}/${rule.reference}`))).toEqual(before);
    expect(ok(await noOrigin(t, 'GET', `${R}/${rule.reference}/connectors`)).map((x: any) => x.connectorId)).toEqual([c.id]);
    okList(await t.call('GET', R), 1, 20, 1);
  });

  it("an LSP's context token is 403 FORBIDDEN on every rule route (REST and GraphQL)", async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const c = await iotConnector(t);
    const lsp = await newLsp(t.owner);
    for (const [method, path, body] of everyRoute(rule.reference, c)) fails(await asLsp(lsp, method, path, body), 'FORBIDDEN');
    gqlFails(await lsp.gql(`{ iotRules { items { reference } } }`), 'FORBIDDEN');
    gqlFails(await lsp.gql(`mutation($i: IotRuleCreateInput!) { createIotRule(input: $i) { reference } }`, { i: trackerRule() }), 'FORBIDDEN');
    expect(ok(await t.call('GET', `${R}/${rule.reference}`))).toEqual(rule);
    okList(await t.call('GET', R), 1, 20, 1);
  });

  it('a SUPERVISOR or COORDINATOR reads (and dry-runs) but is 403 on every write; a DEVELOPER writes', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const c = await iotConnector(t);
    const assigned = await iotConnector(t);
    ok(await noOrigin(t, 'PUT', `${R}/${rule.reference}/connector/assign`, { connectorId: assigned }));
    for (const role of ['SUPERVISOR', 'COORDINATOR'] as const) {
      const m = await memberOf(t, role);
      expect(ok(await m.call('GET', `${R}/${rule.reference}`))).toEqual(ok(await t.call('GET', `${R}/${rule.reference}`)));
      okList(await m.call('GET', R), 1, 20, 1);
      okList(await m.call('GET', `${R}/find?query=tracker`), 1, 20, 1);
      expect(ok(await m.call('GET', `${R}/${rule.reference}/connectors`))).toHaveLength(1);
      expect(ok(await m.call('POST', `${R}/${rule.reference}/dry-run`, { line: 'garbage' })).ok).toBe(false);
      for (const [method, path, body] of [
        ['POST', `${R}/add`, trackerRule()],
        ['PATCH', `${R}/${rule.reference}`, { tags: ['mine'] }],
        ['PATCH', `${R}/${rule.reference}/inactive`],
        ['DELETE', `${R}/${rule.reference}`],
        ['PUT', `${R}/${rule.reference}/connector/assign`, { connectorId: c }],
        ['PATCH', `${R}/${rule.reference}/connector/unassign`, { connectorId: assigned }],
      ] as const) {
        fails(await m.call(method, path, body), 'FORBIDDEN');
        // permission before the request's form (docs/contract.md "Order of checks"): a malformed body is the same 403
        if (body) fails(await m.call(method, path, '{"tags": '), 'FORBIDDEN');
      }
      gqlFails(await m.gql(`mutation($r: String!) { deleteIotRule(reference: $r) { deleted } }`, { r: rule.reference }), 'FORBIDDEN');
    }
    expect(ok(await t.call('GET', `${R}/${rule.reference}`))).toEqual(rule);
    expect(ok(await noOrigin(t, 'GET', `${R}/${rule.reference}/connectors`)).map((x: any) => x.connectorId)).toEqual([assigned]);
    okList(await t.call('GET', R), 1, 20, 1);
    const developer = await memberOf(t, 'DEVELOPER');
    expect(ok(await developer.call('POST', `${R}/add`, trackerRule()), 201).createdBy).toBe(developer.userId);
    expect(ok(await developer.call('PATCH', `${R}/${rule.reference}/inactive`)).updatedBy).toBe(developer.userId);
  });
});
