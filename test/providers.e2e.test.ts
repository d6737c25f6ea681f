import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { api, newUser, withinRevocationBound } from './helpers.js';
import {
  DEVICE,
  KINDS,
  UUID_RE,
  VIEWER,
  callA,
  codeRe,
  contextToken,
  createConnector,
  expectError,
  expectOk,
  gqlH,
  joinAs,
  newOwner,
  ownerWithCsp,
  providerBody,
  setA,
  setupProvider,
  uniqueName,
  allowOrigins,
  issueToken,
  viewerBearer,
} from './workspace-helpers.js';

/**
 * Providers of four kinds (docs/contract.md "Providers"): set-up, codes, read, list, update, delete, validation,
 * and the provider-context token (`GET /v1/:wid/<kind>/:xcode/context`).
 */

describe.each(KINDS)('providers: %s', (kind) => {
  it('sets up, reads (case-insensitive code), lists, updates and deletes a provider', async () => {
    const o = await newOwner();
    const body = providerBody({ type: 'FLEET_TRACKING' });
    const res = await callA('POST', `/v1/${o.wid}/${kind}/setup`, o.token, body);
    expectOk(res, 201);
    const p = res.body.data;
    expect(p.id).toMatch(UUID_RE);
    expect(p.code).toMatch(codeRe(kind));
    expect(p).toMatchObject({
      kind,
      type: 'FLEET_TRACKING',
      name: body.name,
      description: body.description,
      logo: body.logo,
      contacts: body.contacts,
      address: body.address,
      createdBy: o.user.id,
    });

    const get = await callA('GET', `/v1/${o.wid}/${kind}/${p.code}`, o.token);
    expectOk(get);
    expect(get.body.data).toEqual(p);
    const lower = await callA('GET', `/v1/${o.wid}/${kind}/${p.code.toLowerCase()}`, o.token);
    expectOk(lower);
    expect(lower.body.data.id).toBe(p.id);

    const list = await callA('GET', `/v1/${o.wid}/${kind}s`, o.token);
    expectOk(list);
    expect(list.body.data).toEqual([p]);
    expect(list.body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1, hasNext: false, hasPrevious: false });
    // other kinds' lists do not show it
    for (const other of KINDS.filter((k) => k !== kind)) {
      const l = await callA('GET', `/v1/${o.wid}/${other}s`, o.token);
      expectOk(l);
      expect(l.body.data).toEqual([]);
    }

    const upd = await callA('PATCH', `/v1/${o.wid}/${kind}/${p.code}`, o.token, { name: 'Renamed provider' });
    expectOk(upd);
    expect(upd.body.data).toMatchObject({ id: p.id, code: p.code, name: 'Renamed provider', type: 'FLEET_TRACKING', logo: body.logo, contacts: body.contacts, address: body.address });

    const del = await callA('DELETE', `/v1/${o.wid}/${kind}/${p.code}`, o.token);
    expectOk(del);
    expect(del.body.data).toEqual({ deleted: true });
    expectError(await callA('GET', `/v1/${o.wid}/${kind}/${p.code}`, o.token), 'NOT_FOUND');
    const after = await callA('GET', `/v1/${o.wid}/${kind}s`, o.token);
    expectOk(after);
    expect(after.body.data).toEqual([]);
    expectError(await callA('DELETE', `/v1/${o.wid}/${kind}/${p.code}`, o.token), 'NOT_FOUND');
  });

  it('issues a provider-context token bound to the device, which acts as that provider', async () => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, kind);
    const res = await callA('GET', `/v1/${o.wid}/${kind}/${p.code}/context`, o.token, undefined, { device: 'ctx-device' });
    expectOk(res);
    const c = res.body.data;
    expect(typeof c.token).toBe('string');
    expect(c.token.split('.')).toHaveLength(3);
    expect(c).toMatchObject({
      expiresIn: 3600,
      workspaceId: o.wid,
      role: 'OWNER',
      deviceId: 'ctx-device',
      workspace: { type: kind.toUpperCase(), icode: p.code },
      provider: { id: p.id, code: p.code, kind },
    });

    const viewer = await gqlH(VIEWER, {}, setA(c.token, 'ctx-device'));
    expect(viewer.status).toBe(200);
    expect(viewer.body.data?.viewer).toMatchObject({
      kind: 'provider',
      userId: o.user.id,
      workspaceId: o.wid,
      providerKind: kind.toUpperCase(),
      providerCode: p.code,
      role: 'OWNER',
    });
    // set A with the context token works on the workspace routes from the same device ...
    const ws = await callA('GET', `/v1/workspace/${o.wid}`, c.token, undefined, { device: 'ctx-device' });
    expectOk(ws);
    expect(ws.body.data.role).toBe('OWNER');
    // ... and not from another
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, c.token, undefined, { device: 'other-device' }), 'UNAUTHORIZED');
    const gqlOther = await gqlH(VIEWER, {}, setA(c.token, 'other-device'));
    expect(gqlOther.status).toBe(401);
  });
});

describe('providers: validation', () => {
  const bad: [string, Record<string, unknown>, string | RegExp][] = [
    ['lower-case type', { type: 'carrier' }, 'type'],
    ['type with a dash', { type: 'CAR-RIER' }, 'type'],
    ['missing type', { type: undefined }, 'type'],
    ['empty name', { name: '' }, 'name'],
    ['name of 121 characters', { name: 'n'.repeat(121) }, 'name'],
    ['missing name', { name: undefined }, 'name'],
    ['logo not a URL', { logo: 'not a url' }, 'logo'],
    ['logo with ftp scheme', { logo: 'ftp://cdn.example.com/logo.png' }, 'logo'],
    ['invalid contact e-mail', { contacts: { emails: ['nope'], phones: [] } }, /^contacts\.emails/],
    ['11 contact e-mails', { contacts: { emails: Array.from({ length: 11 }, (_, i) => `a${i}@x.example`) } }, /^contacts\.emails/],
    ['latitude over 90', { address: { city: 'X', coordinates: [91, 10] } }, 'address.coordinates'],
    ['latitude under -90', { address: { city: 'X', coordinates: [-90.5, 10] } }, 'address.coordinates'],
    ['longitude over 180', { address: { city: 'X', coordinates: [10, 181] } }, 'address.coordinates'],
    ['longitude first ([lng, lat] with lng > 90)', { address: { city: 'X', coordinates: [170.1, -1.2] } }, 'address.coordinates'],
    ['three coordinates', { address: { city: 'X', coordinates: [1, 2, 3] } }, 'address.coordinates'],
    ['one coordinate', { address: { city: 'X', coordinates: [1] } }, 'address.coordinates'],
    ['unknown top-level field', { colour: 'red' }, 'colour'],
    ['unknown address field', { address: { city: 'X', zip: '00100' } }, 'address.zip'],
    ['coordinates as strings', { address: { city: 'X', coordinates: ['a', 'b'] } }, /^address\.coordinates/],
  ];

  let o: Awaited<ReturnType<typeof newOwner>>;
  beforeAll(async () => {
    o = await newOwner();
  });

  it.each(bad)('set-up refuses %s with 400 naming the field, and creates nothing', async (_label, overrides, field) => {
    const body: Record<string, unknown> = providerBody(overrides);
    for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete body[k];
    const res = await callA('POST', `/v1/${o.wid}/lsp/setup`, o.token, body);
    expectError(res, 'VALIDATION_ERROR');
    if (typeof field === 'string') expect(res.body.field, JSON.stringify(res.body)).toBe(field);
    else expect(res.body.field, JSON.stringify(res.body)).toMatch(field);
    const list = await callA('GET', `/v1/${o.wid}/lsps`, o.token);
    expect(list.body.pagination.total).toBe(0);
  });

  it('accepts boundary values: [lat, lng] = [-90, 180] and [90, -180], name of 120, a minimal body', async () => {
    const o = await newOwner();
    for (const coordinates of [
      [-90, 180],
      [90, -180],
      [10, 170],
    ]) {
      const res = await callA('POST', `/v1/${o.wid}/lsp/setup`, o.token, providerBody({ address: { city: 'Edge', coordinates } }));
      expectOk(res, 201);
      expect(res.body.data.address.coordinates).toEqual(coordinates);
    }
    const long = await callA('POST', `/v1/${o.wid}/lsp/setup`, o.token, providerBody({ name: 'n'.repeat(120) }));
    expectOk(long, 201);
    const minimal = await callA('POST', `/v1/${o.wid}/lsp/setup`, o.token, { type: 'VENDOR', name: 'Minimal' });
    expectOk(minimal, 201);
    expect(minimal.body.data).toMatchObject({ type: 'VENDOR', name: 'Minimal', description: null, logo: null, address: null, contacts: { emails: [], phones: [] } });
  });

  it('malformed JSON and a non-JSON body are 400 field body', async () => {
    const o = await newOwner();
    const malformed = await callA('POST', `/v1/${o.wid}/csp/setup`, o.token, '{"type":"VENDOR",', { headers: { 'content-type': 'application/json' } });
    expectError(malformed, 'VALIDATION_ERROR', 'body');
    const text = await callA('POST', `/v1/${o.wid}/csp/setup`, o.token, 'type=VENDOR', { headers: { 'content-type': 'text/plain' } });
    expectError(text, 'VALIDATION_ERROR', 'body');
    const list = await callA('GET', `/v1/${o.wid}/csps`, o.token);
    expect(list.body.pagination.total).toBe(0);
  });

  it('update validates the same fields, replaces contacts and address whole, and a refused update changes nothing', async () => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'dev', { type: 'ENTERPRISE' });
    const path = `/v1/${o.wid}/dev/${p.code}`;
    expectError(await callA('PATCH', path, o.token, { type: 'enterprise' }), 'VALIDATION_ERROR', 'type');
    expectError(await callA('PATCH', path, o.token, { name: '' }), 'VALIDATION_ERROR', 'name');
    expectError(await callA('PATCH', path, o.token, { logo: 'javascript:alert(1)' }), 'VALIDATION_ERROR', 'logo');
    expectError(await callA('PATCH', path, o.token, { address: { coordinates: [0, 200] } }), 'VALIDATION_ERROR', 'address.coordinates');
    expectError(await callA('PATCH', path, o.token, { code: 'DEV-00000000' }), 'VALIDATION_ERROR', 'code');
    expectError(await callA('PATCH', path, o.token, { kind: 'lsp' }), 'VALIDATION_ERROR', 'kind');
    const unchanged = await callA('GET', path, o.token);
    expect(unchanged.body.data).toEqual(p);

    const res = await callA('PATCH', path, o.token, {
      type: 'FLEET',
      contacts: { emails: ['new@x.example'] },
      address: { city: 'Mombasa', coordinates: [-4.04, 39.67] },
    });
    expectOk(res);
    expect(res.body.data).toMatchObject({
      type: 'FLEET',
      name: p.name,
      description: p.description,
      logo: p.logo,
      contacts: { emails: ['new@x.example'], phones: [] },
      address: { city: 'Mombasa', coordinates: [-4.04, 39.67], street1: null, name: null, state: null, country: null },
    });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(p.updatedAt));
    const get = await callA('GET', path, o.token);
    expect(get.body.data).toEqual(res.body.data);
  });

  it('list pagination and the limit bound', async () => {
    const o = await newOwner();
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push((await setupProvider(o.token, o.wid, 'iotsp', { type: 'FLEET_TRACKING' })).code);
    const p1 = await callA('GET', `/v1/${o.wid}/iotsps?limit=2`, o.token);
    expectOk(p1);
    expect(p1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, hasNext: true, hasPrevious: false });
    const p2 = await callA('GET', `/v1/${o.wid}/iotsps?limit=2&page=2`, o.token);
    expect(p2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, hasNext: false, hasPrevious: true });
    expect([...p1.body.data, ...p2.body.data].map((p: any) => p.code).sort()).toEqual([...codes].sort());
    expectError(await callA('GET', `/v1/${o.wid}/iotsps?limit=101`, o.token), 'VALIDATION_ERROR', 'limit');
    expectError(await callA('GET', `/v1/${o.wid}/iotsps?page=abc`, o.token), 'VALIDATION_ERROR', 'page');
  });

  it('codes are unique across set-ups', async () => {
    const o = await newOwner();
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await setupProvider(o.token, o.wid, 'csp', { type: 'VENDOR' })).code);
    expect(codes.size).toBe(5);
  });
});

describe('providers: kinds and codes in paths', () => {
  it('a provider is not found under another kind, nor by an unknown or malformed code', async () => {
    const o = await newOwner();
    const lsp = await setupProvider(o.token, o.wid, 'lsp');
    for (const kind of ['csp', 'dev', 'iotsp']) {
      expectError(await callA('GET', `/v1/${o.wid}/${kind}/${lsp.code}`, o.token), 'NOT_FOUND');
      expectError(await callA('PATCH', `/v1/${o.wid}/${kind}/${lsp.code}`, o.token, { name: 'x' }), 'NOT_FOUND');
      expectError(await callA('DELETE', `/v1/${o.wid}/${kind}/${lsp.code}`, o.token), 'NOT_FOUND');
      expectError(await callA('GET', `/v1/${o.wid}/${kind}/${lsp.code}/context`, o.token), 'NOT_FOUND');
    }
    expectError(await callA('GET', `/v1/${o.wid}/lsp/LSP-00000000`, o.token), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/${o.wid}/lsp/garbage`, o.token), 'NOT_FOUND');
    // an unknown kind is no route at all
    expectError(await callA('GET', `/v1/${o.wid}/xyz/${lsp.code}`, o.token), 'NOT_FOUND');
    // still there, unchanged
    const get = await callA('GET', `/v1/${o.wid}/lsp/${lsp.code}`, o.token);
    expect(get.body.data).toEqual(lsp);
  });
});

describe('providers: the context token', () => {
  it('needs svc-auth-device on the issuing request (set A) and the context token needs all of set A', async () => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'lsp');
    const headers = setA(o.token);
    delete headers['svc-auth-device'];
    const res = await api('GET', `/v1/${o.wid}/lsp/${p.code}/context`, { headers });
    expectError(res, 'UNAUTHORIZED');
    expect(res.body.message).toContain('svc-auth-device');

    const ctx = await contextToken(o.token, o.wid, 'lsp', p.code);
    const noDevice = setA(ctx);
    delete noDevice['svc-auth-device'];
    const r2 = await api('GET', `/v1/workspace/${o.wid}`, { headers: noDevice });
    expectError(r2, 'UNAUTHORIZED');
    expect(r2.body.message).toContain('svc-auth-device');
  });

  it('a user token bound to a device cannot get a context token from another device', async () => {
    const u = await newUser({ deviceId: 'phone-1' });
    const ws = await callA('POST', '/v1/workspace', u.accessToken, { name: uniqueName('Bound') }, { device: 'phone-1' });
    expectOk(ws, 201);
    const wid = ws.body.data.workspace.id;
    const p = await callA('POST', `/v1/${wid}/lsp/setup`, u.accessToken, providerBody(), { device: 'phone-1' });
    expectOk(p, 201);
    expectError(await callA('GET', `/v1/${wid}/lsp/${p.body.data.code}/context`, u.accessToken, undefined, { device: 'phone-2' }), 'UNAUTHORIZED');
    const ok = await callA('GET', `/v1/${wid}/lsp/${p.body.data.code}/context`, u.accessToken, undefined, { device: 'phone-1' });
    expectOk(ok);
    expect(ok.body.data.deviceId).toBe('phone-1');
  });

  it('stops working when the provider is deleted', async () => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'dev', { type: 'ENTERPRISE' });
    const ctx = await contextToken(o.token, o.wid, 'dev', p.code);
    expectOk(await callA('GET', `/v1/workspace/${o.wid}`, ctx));
    expectOk(await callA('DELETE', `/v1/${o.wid}/dev/${p.code}`, o.token));
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, ctx), 'UNAUTHORIZED');
    expect((await gqlH(VIEWER, {}, setA(ctx))).status).toBe(401);
  });

  it('stops working when the session that issued it ends', async () => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'lsp');
    const ctx = await contextToken(o.token, o.wid, 'lsp', p.code);
    expectOk(await callA('GET', `/v1/workspace/${o.wid}`, ctx));
    const out = await api('POST', '/v1/auth/logout', { token: o.token });
    expect(out.status).toBe(200);
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, ctx), 'UNAUTHORIZED');
  });

  it("grants the member's current role, not the role at issue", async () => {
    const o = await ownerWithCsp();
    const mgr = await joinAs(o.cspContext, 'MANAGER');
    const lsp = await setupProvider(o.token, o.wid, 'lsp');
    const ctxRes = await callA('GET', `/v1/${o.wid}/lsp/${lsp.code}/context`, mgr.token);
    expectOk(ctxRes);
    expect(ctxRes.body.data.role).toBe('MANAGER');
    const ctx = ctxRes.body.data.token;
    // a MANAGER may set up providers
    expectOk(await callA('POST', `/v1/${o.wid}/iotsp/setup`, ctx, providerBody()), 201);

    expectOk(await callA('PATCH', `/v1/workspace/${o.wid}/members/${mgr.user.id}`, o.token, { role: 'SUPERVISOR' }));
    const viewer = await gqlH(VIEWER, {}, setA(ctx));
    expect(viewer.body.data?.viewer.role).toBe('SUPERVISOR');
    expectError(await callA('POST', `/v1/${o.wid}/iotsp/setup`, ctx, providerBody()), 'FORBIDDEN');
    const list = await callA('GET', `/v1/${o.wid}/iotsps`, o.token);
    expect(list.body.pagination.total).toBe(1);
  });

  it('a context token acts only in its own workspace, even where its user is a member of another', async () => {
    const a = await newOwner();
    const lsp = await setupProvider(a.token, a.wid, 'lsp');
    // the same user owns a second workspace
    const second = await callA('POST', '/v1/workspace', a.token, { name: uniqueName('Second') });
    expectOk(second, 201);
    const wid2 = second.body.data.workspace.id;
    const csp2 = await setupProvider(a.token, wid2, 'csp', { type: 'VENDOR' });
    const ctx = await contextToken(a.token, a.wid, 'lsp', lsp.code);
    expectOk(await callA('GET', `/v1/workspace/${a.wid}`, ctx));
    expectError(await callA('GET', `/v1/workspace/${wid2}`, ctx), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/${wid2}/csp/${csp2.code}`, ctx), 'NOT_FOUND');
    expectError(await callA('POST', `/v1/${wid2}/lsp/setup`, ctx, providerBody()), 'NOT_FOUND');
    const l2 = await callA('GET', `/v1/${wid2}/lsps`, a.token);
    expect(l2.body.pagination.total).toBe(0);
  });
});

describe('providers: deletion takes connectors with it', () => {
  it('deleting a provider deletes its connectors; their tokens stop at once and they cannot issue new ones', async () => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'lsp');
    const keep = await setupProvider(o.token, o.wid, 'lsp');
    const conn = await createConnector(o.token, o.wid, 'lsp', p.code);
    const other = await createConnector(o.token, o.wid, 'lsp', keep.code);
    const origin = 'https://app.provider.example';
    await allowOrigins(o.token, o.wid, 'lsp', p.code, conn.connectorId, [origin]);
    await allowOrigins(o.token, o.wid, 'lsp', keep.code, other.connectorId, [origin]);
    const t1 = (await issueToken(conn.connectorId, conn.secret, origin)).body.data.accessToken;
    const t2 = (await issueToken(other.connectorId, other.secret, origin)).body.data.accessToken;
    expect((await viewerBearer(t1)).status).toBe(200);

    expectOk(await callA('DELETE', `/v1/${o.wid}/lsp/${p.code}`, o.token));
    expect(
      (
        await withinRevocationBound(
          () => viewerBearer(t1),
          (v) => v.status === 401,
        )
      ).status,
    ).toBe(401);
    expectError(await issueToken(conn.connectorId, conn.secret, origin), 'UNAUTHORIZED');
    // the other provider's connector is untouched
    const v2 = await viewerBearer(t2);
    expect(v2.status).toBe(200);
    expect(v2.body.data?.viewer).toMatchObject({ kind: 'connector', connectorId: other.connectorId, providerCode: keep.code });
    const still = await callA('GET', `/v1/${o.wid}/lsp/${keep.code}/connectors/${other.connectorId}`, o.token);
    expect(still.status).toBe(200);
  });
});

describe('providers: GraphQL through the gateway', () => {
  it('setupProvider / provider / providers with header set A (kind in upper case, coordinates as a GeoPoint)', async () => {
    const o = await newOwner();
    const headers = setA(o.token, DEVICE);
    const created = await gqlH(
      'mutation($wid: ID!, $input: ProviderSetupInput!) { setupProvider(workspaceId: $wid, providerKind: CSP, input: $input) { code kind workspaceId type name address { coordinates { latitude longitude } } } }',
      { wid: o.wid, input: { type: 'VENDOR', name: 'Gql Vendor', address: { coordinates: { latitude: 1.5, longitude: 2.5 } } } },
      headers,
    );
    expect(created.status).toBe(200);
    expect(created.body.errors).toBeUndefined();
    const p = created.body.data.setupProvider;
    expect(p).toMatchObject({ kind: 'CSP', workspaceId: o.wid, type: 'VENDOR', name: 'Gql Vendor', address: { coordinates: { latitude: 1.5, longitude: 2.5 } } });
    expect(p.code).toMatch(codeRe('csp'));
    const read = await gqlH(
      'query($wid: ID!, $x: String!) { provider(workspaceId: $wid, providerKind: CSP, providerCode: $x) { name } providers(workspaceId: $wid, providerKind: CSP) { pagination { total } } }',
      { wid: o.wid, x: p.code },
      headers,
    );
    expect(read.body.data).toEqual({ provider: { name: 'Gql Vendor' }, providers: { pagination: { total: 1 } } });
    // REST keeps its own forms: the kind in lower case, coordinates as [lat, lng]
    const rest = await callA('GET', `/v1/${o.wid}/csp/${p.code}`, o.token);
    expectOk(rest);
    expect(rest.body.data).toMatchObject({ name: 'Gql Vendor', kind: 'csp', address: { coordinates: [1.5, 2.5] } });
    const bad = await gqlH(
      'mutation($wid: ID!, $input: ProviderSetupInput!) { setupProvider(workspaceId: $wid, providerKind: CSP, input: $input) { code } }',
      { wid: o.wid, input: { type: 'VENDOR', name: 'Bad', address: { coordinates: { latitude: 100, longitude: 0 } } } },
      headers,
    );
    expect(bad.status).toBe(200);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'address.coordinates.latitude' });
    expect(bad.body.data).toBeNull();
  });
});

/**
 * The workspace family's `workspace.provider` events (docs/contract.md "Providers"), read from the platform event log
 * (`events.log`) as test/events.e2e.test.ts reads the LSP family's: one per set-up, update and delete, in the
 * transaction of the change, keyed by the provider's id, in its workspace; a refused write leaves none; deleting a
 * workspace publishes each of its providers deleted.
 */
describe('providers: workspace.provider events', () => {
  const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  afterAll(() => db.end());
  const events = async (wid: string) =>
    (await db.query("select key, workspace_id, payload from events.log where workspace_id = $1 and topic = 'workspace.provider' order by id", [wid])).rows.map((r) => ({
      key: r.key,
      workspaceId: r.workspace_id,
      payload: r.payload,
    }));
  /** The payload of a provider as its REST answer shows it. */
  const payloadOf = (p: any, change: 'created' | 'updated' | 'deleted') => ({
    id: p.id,
    kind: p.kind,
    code: p.code,
    type: p.type,
    name: p.name,
    description: p.description,
    address: p.address,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    deleted: change === 'deleted',
    // what happened: the public events provider.created, .updated, .deleted (docs/events.md)
    change,
  });

  it.each(KINDS)('%s: set-up, update and delete each write one event with the provider; refused writes write none', async (kind) => {
    const o = await newOwner();
    const set = await callA('POST', `/v1/${o.wid}/${kind}/setup`, o.token, providerBody({ type: 'FLEET_TRACKING' }));
    expectOk(set, 201);
    const p = set.body.data;
    expect(await events(o.wid)).toEqual([{ key: p.id, workspaceId: o.wid, payload: payloadOf(p, 'created') }]);
    expect(p.kind).toBe(kind); // the lower-case kind, as stored

    expectError(await callA('PATCH', `/v1/${o.wid}/${kind}/${p.code}`, o.token, { name: '' }), 'VALIDATION_ERROR', 'name');
    expectError(await callA('POST', `/v1/${o.wid}/${kind}/setup`, o.token, providerBody({ type: 'fleet' })), 'VALIDATION_ERROR', 'type');
    expect(await events(o.wid)).toHaveLength(1);

    const upd = await callA('PATCH', `/v1/${o.wid}/${kind}/${p.code}`, o.token, { name: 'Renamed provider', description: null, address: null });
    expectOk(upd);
    const updated = upd.body.data;
    expect(updated).toMatchObject({ description: null, address: null });
    const afterUpdate = await events(o.wid);
    expect(afterUpdate).toHaveLength(2);
    expect(afterUpdate[1]).toEqual({ key: p.id, workspaceId: o.wid, payload: payloadOf(updated, 'updated') });

    expectOk(await callA('DELETE', `/v1/${o.wid}/${kind}/${p.code}`, o.token));
    const afterDelete = await events(o.wid);
    expect(afterDelete).toHaveLength(3);
    expect(afterDelete[2]).toEqual({ key: p.id, workspaceId: o.wid, payload: payloadOf(updated, 'deleted') });
    expectError(await callA('DELETE', `/v1/${o.wid}/${kind}/${p.code}`, o.token), 'NOT_FOUND');
    expect(await events(o.wid)).toHaveLength(3);
  });

  it('deleting a workspace publishes each of its providers deleted', async () => {
    const o = await newOwner();
    const providers = [];
    for (const kind of KINDS) providers.push(await setupProvider(o.token, o.wid, kind));
    const gone = await setupProvider(o.token, o.wid, 'lsp');
    expectOk(await callA('DELETE', `/v1/${o.wid}/lsp/${gone.code}`, o.token));
    const before = (await events(o.wid)).length;
    expect(before).toBe(KINDS.length + 2);

    expectOk(await callA('DELETE', `/v1/workspace/${o.wid}`, o.token));
    const deleted = (await events(o.wid)).slice(before);
    expect(deleted.map((e) => e.key).sort()).toEqual(providers.map((p) => p.id).sort());
    for (const e of deleted) {
      const p = providers.find((x) => x.id === e.key)!;
      expect(e).toEqual({ key: p.id, workspaceId: o.wid, payload: payloadOf(p, 'deleted') });
    }
  });
});
