import { beforeAll, describe, expect, it } from 'vitest';
import { callA } from './workspace-helpers.js';
import { fails, newLsp, ok, okList } from './lsp-helpers.js';
import { asLsp, createRule, gqlFails, gqlOk, iotConnector, invalid, memberOf, namedConnector, newImei, newIotsp, noOrigin, registerDevice, registerTopic, type Iotsp } from './iot-helpers.js';

/**
 * An IoTSP's MQTT topic filters (spec group 12): the ten routes through the bridge and the same operations through
 * the gateway. A topic's path is an MQTT 3.1.1 topic filter (§4.7), not starting with `$`; qos is "0", "1" or "2" in REST (read
 * from the string or the number, answered as the string), an MqttQos level in the graph. Only GET one topic needs `origin`.
 */

// ───────────────────────────── fixtures of this file ─────────────────────────────

const T = '/v1/iotsp/topics';
const CROCKFORD_REF = /^TOP-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/;

const register = (t: Iotsp, body: Record<string, unknown>) => noOrigin(t, 'POST', `${T}/register`, { description: 'Reports', ...body });
const TOPIC_FIELDS = 'id reference status description tags path qos createdAt createdBy updatedAt updatedBy';
const CONNECTOR_FIELDS = 'connectorId name status assignedAt assignedBy';

// ───────────────────────────── register and read ─────────────────────────────

describe('register and read', () => {
  it('registers with qos as the string "1" and as the number 2, answering qos as the spec writes it, a string; reads it back (with origin)', async () => {
    const t = await newIotsp();
    const before = Date.now();
    const one = ok(await register(t, { path: 'fleet/+/report', qos: '1', description: '  Position reports ', tags: ['Positions', 'positions', 'GPS'] }), 201);
    expect(one.reference).toMatch(CROCKFORD_REF);
    expect(one).toMatchObject({
      path: 'fleet/+/report',
      qos: '1',
      status: 'ACTIVE',
      description: 'Position reports',
      tags: ['positions', 'gps'],
      createdBy: t.owner.user.id,
      updatedBy: t.owner.user.id,
    });
    expect(Date.parse(one.createdAt)).toBeGreaterThanOrEqual(before - 2000);
    const two = ok(await register(t, { path: 'fleet/+/alarm', qos: 2 }), 201);
    expect(two.qos).toBe('2');
    expect(ok(await register(t, { path: 'fleet/+/heartbeat', qos: 0 }), 201).qos).toBe('0');
    expect(ok(await t.call('GET', `${T}/${one.reference}`))).toEqual(one);
    expect(ok(await t.call('GET', `${T}/${two.reference.toLowerCase()}`))).toEqual(two);
    const bare = await noOrigin(t, 'GET', `${T}/${one.reference}`);
    fails(bare, 'UNAUTHORIZED');
    expect(bare.body.message).toMatch(/header origin is required/);
    fails(await t.call('GET', `${T}/TOP-0000000000`), 'NOT_FOUND');
  });

  it('accepts the filters MQTT 3.1.1 §4.7 allows: +, #, /, a//b, sport/+/player1, sport/tennis/#', async () => {
    const t = await newIotsp();
    for (const path of ['+', '#', '/', 'a//b', 'sport/+/player1', 'sport/tennis/#']) {
      const topic = ok(await register(t, { path, qos: 1 }), 201);
      expect(topic.path).toBe(path);
      expect(ok(await t.call('GET', `${T}/${topic.reference}`)).path).toBe(path);
    }
    okList(await noOrigin(t, 'GET', T), 1, 20, 6);
  });

  it('filters that differ only in case or in a trailing level are distinct topics (MQTT compares them exactly)', async () => {
    const t = await newIotsp();
    for (const path of ['Fleet/+', 'fleet/+', 'fleet/+/', 'café/+']) expect(ok(await register(t, { path, qos: 1 }), 201).path).toBe(path);
    okList(await noOrigin(t, 'GET', T), 1, 20, 4);
  });

  it('a duplicate path in the same IoTSP is 409 naming path; another IoTSP, of this workspace or another, registers it', async () => {
    const t = await newIotsp();
    const path = 'depot/+/temperature';
    const first = ok(await register(t, { path, qos: '1' }), 201);
    const dup = await register(t, { path, qos: 2, description: 'again' });
    fails(dup, 'CONFLICT', 'path');
    expect(dup.body.message).toMatch(/^path: /);
    okList(await noOrigin(t, 'GET', T), 1, 20, 1);
    expect(ok(await t.call('GET', `${T}/${first.reference}`))).toEqual(first);
    for (const other of [await newIotsp(t.owner), await newIotsp()]) {
      const theirs = ok(await register(other, { path, qos: 0 }), 201);
      expect(theirs).toMatchObject({ path, qos: '0' });
      expect(theirs.reference).not.toBe(first.reference);
    }
  });
});

describe('refused filters and qos', () => {
  let t: Iotsp;
  beforeAll(async () => {
    t = await newIotsp();
  });

  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['"#" not a whole level (sport/tennis#)', { path: 'sport/tennis#' }, 'path', /"#" must be a whole level/],
    ['"+" not a whole level (sport+)', { path: 'sport+' }, 'path', /"\+" must be a whole level/],
    ['"#" not the last level (#/a)', { path: '#/a' }, 'path', /"#" must be the last level/],
    ['"#" in the middle (a/#/b)', { path: 'a/#/b' }, 'path', /"#" must be the last level/],
    ['a filter starting with $', { path: '$SYS/broker/load' }, 'path', /must not start with \$.*reserved/],
    ['a NUL character', { path: 'fleet/\u0000/report' }, 'path', /NUL|U\+0000/],
    ['an empty path', { path: '' }, 'path', /./],
    ['qos 3', { qos: 3 }, 'qos', /0, 1, 2/],
    ['qos "x"', { qos: 'x' }, 'qos', /0, 1, 2/],
    ['qos "3"', { qos: '3' }, 'qos', /0, 1, 2/],
  ];

  it.each(cases)('%s: 400 naming the problem, nothing registered', async (_name, body, field, problem) => {
    invalid(await register(t, { path: 'fleet/+/report', qos: 1, ...body }), field, problem);
    okList(await noOrigin(t, 'GET', T), 1, 20, 0);
  });

  it('a malformed JSON body, wrong JSON types and a missing qos are 400 and register nothing', async () => {
    fails(await noOrigin(t, 'POST', `${T}/register`, '{"path": "a/b", "qos": '), 'VALIDATION_ERROR', 'body');
    fails(await callA('POST', `${T}/register`, t.token, '{"path": "a/b", "qos": ', { headers: { 'content-type': 'application/json' } }), 'VALIDATION_ERROR', 'body');
    for (const [body, field] of [
      [{ path: 42, qos: 1 }, 'path'],
      [{ path: 'a/b', qos: true }, 'qos'],
      [{ path: 'a/b', qos: 1.5 }, 'qos'],
      [{ path: 'a/b' }, 'qos'],
      [{ qos: 1 }, 'path'],
      [{ path: 'a/b', qos: 1, tags: [3] }, 'tags.0'],
    ] as const) {
      fails(await noOrigin(t, 'POST', `${T}/register`, body), 'VALIDATION_ERROR', field);
    }
    okList(await noOrigin(t, 'GET', T), 1, 20, 0);
  });

  it('the same refusal over GraphQL names path', async () => {
    const res = await t.gql(`mutation { registerIotTopic(input: { path: "a/#/b", qos: AT_LEAST_ONCE }) { reference } }`);
    gqlFails(res, 'VALIDATION_ERROR', 'path');
    expect(res.body.errors![0].message).toMatch(/"#" must be the last level/);
    // a qos that is not a level, as a variable and as a literal: a validation error (docs/graphql.md "Errors")
    gqlFails(await t.gql(`mutation($i: IotTopicRegisterInput!) { registerIotTopic(input: $i) { reference } }`, { i: { path: 'a/b', qos: 'QOS_3' } }), 'VALIDATION_ERROR');
    gqlFails(await t.gql(`mutation { registerIotTopic(input: { path: "a/b", qos: QOS_3 }) { reference } }`), 'VALIDATION_ERROR');
    gqlFails(await t.gql(`mutation { registerIotTopic(input: { path: "a/b", qos: "x" }) { reference } }`), 'VALIDATION_ERROR');
    okList(await noOrigin(t, 'GET', T), 1, 20, 0);
  });
});

// ───────────────────────────── list, find, change, unregister ─────────────────────────────

describe('list, find and change', () => {
  it('lists newest first a page at a time, by status and tag; finds by path text, any case', async () => {
    const t = await newIotsp();
    const a = await registerTopic(t, 'yard/+/gate', '1');
    const b = await registerTopic(t, 'yard/+/reefer/temperature', 2);
    const c = ok(await register(t, { path: 'port/+/crane', qos: 0, tags: ['Cranes'] }), 201);
    expect(okList(await noOrigin(t, 'GET', T), 1, 20, 3).map((x) => x.reference)).toEqual([c.reference, b.reference, a.reference]);
    expect(okList(await noOrigin(t, 'GET', `${T}?limit=2&page=2`), 2, 2, 3).map((x) => x.reference)).toEqual([a.reference]);
    expect(okList(await noOrigin(t, 'GET', `${T}?tag=CRANES`), 1, 20, 1)[0].reference).toBe(c.reference);
    ok(await noOrigin(t, 'PATCH', `${T}/${a.reference}/inactive`));
    expect(okList(await noOrigin(t, 'GET', `${T}?status=INACTIVE`), 1, 20, 1)[0].reference).toBe(a.reference);
    const find = (q: string, extra = '') => noOrigin(t, 'GET', `${T}/find?query=${encodeURIComponent(q)}${extra}`);
    expect(okList(await find('REEFER'), 1, 20, 1)[0].reference).toBe(b.reference);
    expect(okList(await find('yard/+'), 1, 20, 2).map((x) => x.reference)).toEqual([b.reference, a.reference]);
    expect(okList(await find('yard', '&limit=1'), 1, 1, 2).map((x) => x.reference)).toEqual([b.reference]);
    expect(okList(await find('cranes'), 1, 20, 1)[0].reference).toBe(c.reference);
    okList(await find('nothing-here'), 1, 20, 0);
    fails(await noOrigin(t, 'GET', `${T}/find`), 'VALIDATION_ERROR', 'query');
    fails(await noOrigin(t, 'GET', `${T}?status=PAUSED`), 'VALIDATION_ERROR', 'status');
  });

  it('PATCH changes tags (lower case, no duplicates) and description; the path never changes', async () => {
    const t = await newIotsp();
    const topic = await registerTopic(t);
    const changed = ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}`, { tags: ['Cold', 'COLD', ' Chain  Link '], description: ' Reefer alarms ' }));
    expect(changed).toMatchObject({ tags: ['cold', 'chain link'], description: 'Reefer alarms', path: topic.path, qos: '1', status: 'ACTIVE' });
    expect(ok(await t.call('GET', `${T}/${topic.reference}`))).toEqual(changed);
    expect(ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}`, {}))).toEqual(changed);
    expect(ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}`, { description: null }))).toMatchObject({ description: null, tags: ['cold', 'chain link'] });
    fails(await noOrigin(t, 'PATCH', `${T}/${topic.reference}`, { path: 'other/#' }), 'VALIDATION_ERROR', 'path');
    fails(await noOrigin(t, 'PATCH', `${T}/${topic.reference}`, { tags: ['x'.repeat(41)] }), 'VALIDATION_ERROR', 'tags');
    expect(ok(await t.call('GET', `${T}/${topic.reference}`))).toMatchObject({ path: topic.path, tags: ['cold', 'chain link'], description: null });
    fails(await noOrigin(t, 'PATCH', `${T}/TOP-0000000000`, { tags: ['x'] }), 'NOT_FOUND');
  });

  it('moves ACTIVE → INACTIVE → ACTIVE; a move to the status it has is 409 CONFLICT', async () => {
    const t = await newIotsp();
    const topic = await registerTopic(t);
    expect(ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}/inactive`)).status).toBe('INACTIVE');
    const again = await noOrigin(t, 'PATCH', `${T}/${topic.reference}/Inactive`);
    fails(again, 'CONFLICT');
    expect(again.body.message).toMatch(/already INACTIVE/);
    expect(ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}/active`)).status).toBe('ACTIVE');
    fails(await noOrigin(t, 'PATCH', `${T}/${topic.reference}/active`), 'CONFLICT');
    expect(ok(await t.call('GET', `${T}/${topic.reference}`)).status).toBe('ACTIVE');
  });

  it('unregister is refused with 409 while a device is bound to the topic; once unbound it goes (then 404)', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const topic = await registerTopic(t);
    const reg = await registerDevice(t, { externalId: newImei(), rule: rule.reference, topic: topic.reference });
    const refused = await noOrigin(t, 'DELETE', `${T}/${topic.reference}`);
    fails(refused, 'CONFLICT');
    expect(refused.body.message).toMatch(/1 device/);
    expect(ok(await t.call('GET', `${T}/${topic.reference}`)).status).toBe('ACTIVE');
    const moved = ok(await noOrigin(t, 'PATCH', `/v1/iotsp/devices/${reg.device.reference}`, { topic: null }));
    expect(moved.device.topicReference).toBeNull();
    expect(ok(await noOrigin(t, 'DELETE', `${T}/${topic.reference.toLowerCase()}`))).toEqual({ reference: topic.reference, deleted: true });
    fails(await t.call('GET', `${T}/${topic.reference}`), 'NOT_FOUND');
    fails(await noOrigin(t, 'DELETE', `${T}/${topic.reference}`), 'NOT_FOUND');
    okList(await noOrigin(t, 'GET', T), 1, 20, 0);
    // the path is free again
    expect(ok(await register(t, { path: topic.path, qos: 1 }), 201).path).toBe(topic.path);
  });
});

// ───────────────────────────── connectors ─────────────────────────────

describe('connectors', () => {
  it('assigns an IOT connector (listed with name and status); again, an ASI one, or another IoTSP’s is refused; unassigns', async () => {
    const t = await newIotsp();
    const topic = await registerTopic(t);
    const c = await namedConnector(t);
    const assign = (connectorId: string) => noOrigin(t, 'PUT', `${T}/${topic.reference}/connector/assign`, { connectorId });
    const list = ok(await assign(c.id));
    expect(list).toEqual([{ connectorId: c.id, name: c.name, status: 'ENABLED', assignedAt: expect.any(String), assignedBy: t.owner.user.id }]);
    expect(ok(await noOrigin(t, 'GET', `${T}/${topic.reference}/connectors`))).toEqual(list);
    fails(await assign(c.id), 'CONFLICT', 'connectorId');
    const asi = await iotConnector(t, 'ASI');
    fails(await assign(asi), 'CONFLICT', 'connectorId');
    fails(await assign(await iotConnector(await newIotsp())), 'NOT_FOUND');
    fails(await assign(await iotConnector(await newIotsp(t.owner))), 'NOT_FOUND');
    expect(ok(await noOrigin(t, 'GET', `${T}/${topic.reference}/connectors`))).toEqual(list);
    expect(ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}/connector/unassign`, { connectorId: c.id }))).toEqual([]);
    fails(await noOrigin(t, 'PATCH', `${T}/${topic.reference}/connector/unassign`, { connectorId: c.id }), 'NOT_FOUND');
    expect(ok(await noOrigin(t, 'GET', `${T}/${topic.reference}/connectors`))).toEqual([]);
  });

  it('a connector deleted in the workspace family leaves the listing and cannot be assigned', async () => {
    const t = await newIotsp();
    const topic = await registerTopic(t);
    const kept = await namedConnector(t);
    const gone = await namedConnector(t);
    for (const c of [kept, gone]) ok(await noOrigin(t, 'PUT', `${T}/${topic.reference}/connector/assign`, { connectorId: c.id }));
    const del = await callA('DELETE', `/v1/${t.wid}/iotsp/${t.code}/connectors/${gone.id}`, t.owner.token);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(ok(await noOrigin(t, 'GET', `${T}/${topic.reference}/connectors`))).toEqual([expect.objectContaining({ connectorId: kept.id, name: kept.name })]);
    const other = await registerTopic(t);
    fails(await noOrigin(t, 'PUT', `${T}/${other.reference}/connector/assign`, { connectorId: gone.id }), 'NOT_FOUND');
    // a rename and a disable in the workspace family show in the listing
    const base = `/v1/${t.wid}/iotsp/${t.code}/connectors/${kept.id}`;
    expect((await callA('PATCH', base, t.owner.token, { name: 'Renamed IoT link' })).status).toBe(200);
    expect((await callA('PATCH', `${base}/disable`, t.owner.token)).status).toBe(200);
    expect(ok(await noOrigin(t, 'GET', `${T}/${topic.reference}/connectors`))).toEqual([expect.objectContaining({ connectorId: kept.id, name: 'Renamed IoT link', status: 'DISABLED' })]);
  });

  it('every topic route but GET one works without origin', async () => {
    const t = await newIotsp();
    const c = await iotConnector(t);
    const topic = ok(await register(t, { path: 'noorigin/+/x', qos: '1', tags: ['probe'] }), 201);
    okList(await noOrigin(t, 'GET', T), 1, 20, 1);
    okList(await noOrigin(t, 'GET', `${T}/find?query=noorigin`), 1, 20, 1);
    ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}`, { tags: ['probe', 'two'] }));
    ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}/inactive`));
    ok(await noOrigin(t, 'PUT', `${T}/${topic.reference}/connector/assign`, { connectorId: c }));
    ok(await noOrigin(t, 'GET', `${T}/${topic.reference}/connectors`));
    ok(await noOrigin(t, 'PATCH', `${T}/${topic.reference}/connector/unassign`, { connectorId: c }));
    fails(await noOrigin(t, 'GET', `${T}/${topic.reference}`), 'UNAUTHORIZED');
    ok(await noOrigin(t, 'DELETE', `${T}/${topic.reference}`));
  });
});

// ───────────────────────────── GraphQL ─────────────────────────────

describe('over GraphQL', () => {
  it('the same operations through the gateway: register (qos AT_LEAST_ONCE and EXACTLY_ONCE), read, list, find, tags, status, connectors, unregister', async () => {
    const t = await newIotsp();
    const reg = (path: string, qos: unknown) => t.gql(`mutation($i: IotTopicRegisterInput!) { registerIotTopic(input: $i) { ${TOPIC_FIELDS} } }`, { i: { path, qos, tags: ['Gql', 'gql'] } });
    const one = gqlOk(await reg('gql/+/report', 'AT_LEAST_ONCE')).registerIotTopic;
    expect(one.reference).toMatch(CROCKFORD_REF);
    expect(one).toMatchObject({ path: 'gql/+/report', qos: 'AT_LEAST_ONCE', tags: ['gql'], status: 'ACTIVE', createdBy: t.owner.user.id });
    const two = gqlOk(await t.gql(`mutation { registerIotTopic(input: { path: "gql/+/alarm", qos: EXACTLY_ONCE }) { qos reference } }`)).registerIotTopic;
    expect(two.qos).toBe('EXACTLY_ONCE');
    gqlFails(await reg('gql/+/report', 'AT_MOST_ONCE'), 'CONFLICT', 'path');

    expect(gqlOk(await t.gql(`query($r: String!) { iotTopic(reference: $r) { ${TOPIC_FIELDS} } }`, { r: one.reference.toLowerCase() })).iotTopic).toEqual(one);
    const page = gqlOk(await t.gql(`{ iotTopics(limit: 1, page: 2) { items { reference } pagination { page limit total pages hasNext hasPrevious } } }`)).iotTopics;
    expect(page).toEqual({ items: [{ reference: one.reference }], pagination: { page: 2, limit: 1, total: 2, pages: 2, hasNext: false, hasPrevious: true } });
    expect(gqlOk(await t.gql(`{ iotTopicSearch(query: "ALARM") { items { reference } pagination { total } } }`)).iotTopicSearch).toEqual({
      items: [{ reference: two.reference }],
      pagination: { total: 1 },
    });
    const updated = gqlOk(
      await t.gql(`mutation($r: String!) { updateIotTopic(reference: $r, input: { tags: ["X", "x"], description: "d" }) { tags description path } }`, { r: one.reference }),
    ).updateIotTopic;
    expect(updated).toEqual({ tags: ['x'], description: 'd', path: 'gql/+/report' });
    const status = (s: string) => t.gql(`mutation($r: String!) { changeIotTopicStatus(reference: $r, status: ${s}) { status } }`, { r: one.reference });
    expect(gqlOk(await status('INACTIVE')).changeIotTopicStatus.status).toBe('INACTIVE');
    gqlFails(await status('INACTIVE'), 'CONFLICT');
    expect(gqlOk(await status('ACTIVE')).changeIotTopicStatus.status).toBe('ACTIVE');

    const c = await namedConnector(t);
    const vars = { r: one.reference, c: c.id };
    const assigned = gqlOk(await t.gql(`mutation($r: String!, $c: ID!) { assignIotTopicConnector(reference: $r, input: { connectorId: $c }) { ${CONNECTOR_FIELDS} } }`, vars)).assignIotTopicConnector;
    expect(assigned).toEqual([{ connectorId: c.id, name: c.name, status: 'ENABLED', assignedAt: expect.any(String), assignedBy: t.owner.user.id }]);
    expect(gqlOk(await t.gql(`query($r: String!) { iotTopicConnectors(reference: $r) { ${CONNECTOR_FIELDS} } }`, { r: one.reference })).iotTopicConnectors).toEqual(assigned);
    expect(gqlOk(await t.gql(`mutation($r: String!, $c: ID!) { unassignIotTopicConnector(reference: $r, input: { connectorId: $c }) { connectorId } }`, vars)).unassignIotTopicConnector).toEqual([]);
    gqlFails(await t.gql(`mutation($r: String!, $c: ID!) { unassignIotTopicConnector(reference: $r, input: { connectorId: $c }) { connectorId } }`, vars), 'NOT_FOUND');

    expect(gqlOk(await t.gql(`mutation($r: String!) { unregisterIotTopic(reference: $r) { reference deleted } }`, { r: one.reference })).unregisterIotTopic).toEqual({
      reference: one.reference,
      deleted: true,
    });
    gqlFails(await t.gql(`query($r: String!) { iotTopic(reference: $r) { reference } }`, { r: one.reference }), 'NOT_FOUND');
    fails(await t.call('GET', `${T}/${one.reference}`), 'NOT_FOUND');
    expect(ok(await t.call('GET', `${T}/${two.reference}`)).qos).toBe('2');
  });
});

// ───────────────────────────── tenancy and roles ─────────────────────────────

/** Every topic route for `reference`, as [method, path, body]. */
const everyRoute = (reference: string, connectorId: string): [string, string, unknown?][] => [
  ['POST', `${T}/register`, { path: `x/${Date.now().toString(36)}/+`, qos: 1 }],
  ['GET', `${T}/find?query=fleet`],
  ['GET', T],
  ['GET', `${T}/${reference}`],
  ['PATCH', `${T}/${reference}`, { tags: ['theirs'], description: 'theirs' }],
  ['PATCH', `${T}/${reference}/inactive`],
  ['DELETE', `${T}/${reference}`],
  ['PUT', `${T}/${reference}/connector/assign`, { connectorId }],
  ['PATCH', `${T}/${reference}/connector/unassign`, { connectorId }],
  ['GET', `${T}/${reference}/connectors`],
];

describe('tenancy', () => {
  it("another IoTSP, of another workspace or of the same one, gets 404 for the first one's topic on every route, and nothing changes", async () => {
    const t = await newIotsp();
    const topic = ok(await register(t, { path: 'wombat/+/report', qos: 1, tags: ['wombat'] }), 201);
    const c = await namedConnector(t);
    ok(await noOrigin(t, 'PUT', `${T}/${topic.reference}/connector/assign`, { connectorId: c.id }));
    for (const other of [await newIotsp(), await newIotsp(t.owner)]) {
      const theirs = await iotConnector(other);
      for (const [method, path, body] of everyRoute(topic.reference, c.id).filter(([, path]) => path.includes(topic.reference))) {
        fails(await other.call(method, path, body), 'NOT_FOUND');
      }
      fails(await other.call('PUT', `${T}/${topic.reference}/connector/assign`, { connectorId: theirs }), 'NOT_FOUND');
      okList(await other.call('GET', T), 1, 20, 0);
      okList(await other.call('GET', `${T}/find?query=wombat`), 1, 20, 0);
      gqlFails(await other.gql(`query($r: String!) { iotTopic(reference: $r) { reference } }`, { r: topic.reference }), 'NOT_FOUND');
      gqlFails(await other.gql(`mutation($r: String!) { unregisterIotTopic(reference: $r) { deleted } }`, { r: topic.reference }), 'NOT_FOUND');
      // what they register is theirs, the same path included
      expect(ok(await other.call('POST', `${T}/register`, { path: topic.path, qos: 0 }), 201).reference).not.toBe(topic.reference);
    }
    expect(ok(await t.call('GET', `${T}/${topic.reference}`))).toEqual(topic);
    expect(ok(await noOrigin(t, 'GET', `${T}/${topic.reference}/connectors`)).map((x: any) => x.connectorId)).toEqual([c.id]);
    okList(await noOrigin(t, 'GET', T), 1, 20, 1);
  });

  it("an LSP's context token is 403 FORBIDDEN on every topic route (REST and GraphQL)", async () => {
    const t = await newIotsp();
    const topic = await registerTopic(t);
    const c = await iotConnector(t);
    const lsp = await newLsp(t.owner);
    for (const [method, path, body] of everyRoute(topic.reference, c)) fails(await asLsp(lsp, method, path, body), 'FORBIDDEN');
    gqlFails(await lsp.gql(`{ iotTopics { items { reference } } }`), 'FORBIDDEN');
    gqlFails(await lsp.gql(`mutation { registerIotTopic(input: { path: "lsp/+", qos: AT_LEAST_ONCE }) { reference } }`), 'FORBIDDEN');
    expect(ok(await t.call('GET', `${T}/${topic.reference}`))).toEqual(topic);
    okList(await noOrigin(t, 'GET', T), 1, 20, 1);
  });

  it('a SUPERVISOR or COORDINATOR reads but is 403 on every write; a DEVELOPER writes', async () => {
    const t = await newIotsp();
    const topic = await registerTopic(t);
    const c = await iotConnector(t);
    const assigned = await iotConnector(t);
    ok(await noOrigin(t, 'PUT', `${T}/${topic.reference}/connector/assign`, { connectorId: assigned }));
    for (const role of ['SUPERVISOR', 'COORDINATOR'] as const) {
      const m = await memberOf(t, role);
      expect(ok(await m.call('GET', `${T}/${topic.reference}`))).toEqual(topic);
      okList(await m.call('GET', T), 1, 20, 1);
      okList(await m.call('GET', `${T}/find?query=fleet`), 1, 20, 1);
      expect(ok(await m.call('GET', `${T}/${topic.reference}/connectors`))).toHaveLength(1);
      for (const [method, path, body] of [
        ['POST', `${T}/register`, { path: 'member/+/x', qos: 1 }],
        ['PATCH', `${T}/${topic.reference}`, { tags: ['mine'] }],
        ['PATCH', `${T}/${topic.reference}/inactive`],
        ['DELETE', `${T}/${topic.reference}`],
        ['PUT', `${T}/${topic.reference}/connector/assign`, { connectorId: c }],
        ['PATCH', `${T}/${topic.reference}/connector/unassign`, { connectorId: assigned }],
      ] as const) {
        fails(await m.call(method, path, body), 'FORBIDDEN');
      }
      gqlFails(await m.gql(`mutation($r: String!) { unregisterIotTopic(reference: $r) { deleted } }`, { r: topic.reference }), 'FORBIDDEN');
    }
    expect(ok(await t.call('GET', `${T}/${topic.reference}`))).toEqual(topic);
    expect(ok(await noOrigin(t, 'GET', `${T}/${topic.reference}/connectors`)).map((x: any) => x.connectorId)).toEqual([assigned]);
    okList(await noOrigin(t, 'GET', T), 1, 20, 1);
    const developer = await memberOf(t, 'DEVELOPER');
    expect(ok(await developer.call('POST', `${T}/register`, { path: 'dev/+/x', qos: 1 }), 201).createdBy).toBe(developer.userId);
    expect(ok(await developer.call('PATCH', `${T}/${topic.reference}/inactive`)).updatedBy).toBe(developer.userId);
  });
});
