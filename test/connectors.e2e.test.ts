import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, withinRevocationBound } from './helpers.js';
import {
  UUID_RE,
  allowOrigins,
  callA,
  connectorBody,
  createConnector,
  expectError,
  expectOk,
  expectResult,
  expectResultError,
  gqlH,
  newOwner,
  setA,
  setupProvider,
  issueToken,
  viewerBearer,
  type Kind,
} from './workspace-helpers.js';

/**
 * Connectors (`/v1/:wid/:ctype/:xcode/connectors`, result envelope `CONNECTOR::…`) and their access tokens
 * (`/v1/access`, generic envelope; the token works as `Authorization: Bearer` at the gateway).
 */

async function fixture(kind: Kind = 'lsp') {
  const o = await newOwner();
  const p = await setupProvider(o.token, o.wid, kind);
  const base = `/v1/${o.wid}/${kind}/${p.code}/connectors`;
  return { ...o, p, kind, base };
}

const ORIGIN = 'https://shop.example.com';

describe('connectors: create, read, list, update', () => {
  it('creates a connector: 201 CONNECTOR::CREATED with connectorId, a secret shown once, the connector and a trace', async () => {
    const f = await fixture();
    const body = connectorBody({ type: 'MSI', config: { protocol: 'grpc', version: '1.0.0', scope: ['orders:read', 'orders:write', 'orders:read'], auth: 'internal' } });
    const res = await callA('POST', f.base, f.token, body);
    expectResult(res, 'CONNECTOR::CREATED', 201);
    expect(res.body.connectorId).toMatch(UUID_RE);
    expect(res.body.secret).toMatch(/^lcs_.{20,}$/);
    expect(res.body).not.toHaveProperty('data');
    const c = res.body.connector;
    expect(c).toMatchObject({
      id: res.body.connectorId,
      providerKind: 'lsp',
      providerCode: f.p.code,
      type: 'MSI',
      name: body.name,
      description: body.description,
      config: { protocol: 'grpc', version: '1.0.0', scope: ['orders:read', 'orders:write'], auth: 'internal' },
      origins: [],
      status: 'ENABLED',
      secretRotatedAt: null,
    });
    expect(c).not.toHaveProperty('secret');
    expect(c).not.toHaveProperty('secretHash');

    const get = await callA('GET', `${f.base}/${c.id}`, f.token);
    expectResult(get, 'CONNECTOR::FETCHED');
    expect(get.body.connector).toEqual(c);
    expect(JSON.stringify(get.body)).not.toContain(res.body.secret);

    const list = await callA('GET', f.base, f.token);
    expectResult(list, 'CONNECTOR::LISTED');
    expect(list.body.connectors).toEqual([c]);
    expect(list.body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1, hasNext: false, hasPrevious: false });
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
  });

  it('the trace is the x-request-id given (when a UUID), on success and on error', async () => {
    const f = await fixture();
    const id = randomUUID();
    const ok = await callA('POST', f.base, f.token, connectorBody(), { headers: { 'x-request-id': id } });
    expectResult(ok, 'CONNECTOR::CREATED', 201);
    expect(ok.body.trace).toBe(id);
    const id2 = randomUUID();
    const err = await callA('GET', `${f.base}/${randomUUID()}`, f.token, undefined, { headers: { 'x-request-id': id2 } });
    expectResultError(err, 'NOT_FOUND');
    expect(err.body.trace).toBe(id2);
    const t1 = (await callA('GET', f.base, f.token)).body.trace;
    const t2 = (await callA('GET', f.base, f.token)).body.trace;
    expect(t1).toMatch(UUID_RE);
    expect(t1).not.toBe(t2);
  });

  it('refuses bad create bodies with 400 naming the field (with a trace), and creates nothing', async () => {
    const f = await fixture('csp');
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [connectorBody({ type: 'XYZ' }), 'type'],
      [connectorBody({ type: undefined }), 'type'],
      [connectorBody({ name: '' }), 'name'],
      [connectorBody({ name: 'n'.repeat(121) }), 'name'],
      [connectorBody({ config: undefined }), 'config'],
      [connectorBody({ config: { protocol: 'HTTP1', version: 'v1', scope: [] } }), 'config.protocol'],
      [connectorBody({ config: { protocol: 'http1', version: 'latest', scope: [] } }), 'config.version'],
      [connectorBody({ config: { protocol: 'http1', version: 'v1', scope: ['Orders Read'] } }), /^config\.scope/],
      [connectorBody({ config: { protocol: 'http1', version: 'v1', scope: Array.from({ length: 33 }, (_, i) => `s${i}:read`) } }), /^config\.scope/],
      [connectorBody({ config: { protocol: 'http1', version: 'v1', scope: [], auth: 'magic' } }), 'config.auth'],
      [connectorBody({ config: { version: 'v1', scope: [] } }), 'config.protocol'],
      [connectorBody({ secret: 'mine' }), 'secret'],
      [connectorBody({ origins: [ORIGIN] }), 'origins'],
    ];
    for (const [body, field] of cases) {
      for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
      const res = await callA('POST', f.base, f.token, body);
      expectResultError(res, 'VALIDATION_ERROR');
      if (typeof field === 'string') expect(res.body.field, JSON.stringify({ body, res: res.body })).toBe(field);
      else expect(res.body.field, JSON.stringify({ body, res: res.body })).toMatch(field);
    }
    const malformed = await callA('POST', f.base, f.token, '{"type":', { headers: { 'content-type': 'application/json' } });
    expectError(malformed, 'VALIDATION_ERROR', 'body');
    const list = await callA('GET', f.base, f.token);
    expectResult(list, 'CONNECTOR::LISTED');
    expect(list.body.pagination.total).toBe(0);
  });

  it('updates name and description (CONNECTOR::UPDATED), read back; bad updates change nothing', async () => {
    const f = await fixture('dev');
    const c = await createConnector(f.token, f.wid, 'dev', f.p.code);
    const res = await callA('PATCH', `${f.base}/${c.connectorId}`, f.token, { name: 'Renamed', description: 'New text' });
    expectResult(res, 'CONNECTOR::UPDATED');
    expect(res.body.connector).toMatchObject({ id: c.connectorId, name: 'Renamed', description: 'New text', config: c.connector.config, status: 'ENABLED' });
    expectResultError(await callA('PATCH', `${f.base}/${c.connectorId}`, f.token, { name: '' }), 'VALIDATION_ERROR', 'name');
    expectResultError(await callA('PATCH', `${f.base}/${c.connectorId}`, f.token, { status: 'DISABLED' }), 'VALIDATION_ERROR', 'status');
    const get = await callA('GET', `${f.base}/${c.connectorId}`, f.token);
    expect(get.body.connector).toMatchObject({ name: 'Renamed', description: 'New text', status: 'ENABLED' });
  });

  it('enables and disables (CONNECTOR::UPDATED); another action is 400 field action', async () => {
    const f = await fixture('iotsp');
    const c = await createConnector(f.token, f.wid, 'iotsp', f.p.code, { type: 'IOT', config: { protocol: 'mqtt', version: 'v2', scope: ['telemetry:write'] } });
    const off = await callA('PATCH', `${f.base}/${c.connectorId}/disable`, f.token);
    expectResult(off, 'CONNECTOR::UPDATED');
    expect(off.body.connector.status).toBe('DISABLED');
    expect((await callA('GET', `${f.base}/${c.connectorId}`, f.token)).body.connector.status).toBe('DISABLED');
    const on = await callA('PATCH', `${f.base}/${c.connectorId}/enable`, f.token);
    expectResult(on, 'CONNECTOR::UPDATED');
    expect(on.body.connector.status).toBe('ENABLED');
    expectResultError(await callA('PATCH', `${f.base}/${c.connectorId}/explode`, f.token), 'VALIDATION_ERROR', 'action');
    expect((await callA('GET', `${f.base}/${c.connectorId}`, f.token)).body.connector.status).toBe('ENABLED');
  });

  it('sets the allowed origins (CONNECTOR::ACCESS_UPDATED): normalised, de-duplicated, replacing the list; bad origins refused', async () => {
    const f = await fixture();
    const c = await createConnector(f.token, f.wid, 'lsp', f.p.code);
    const path = `${f.base}/${c.connectorId}/access`;
    const res = await callA('PATCH', path, f.token, { origins: ['https://Shop.Example.com', 'http://localhost:3000', 'https://shop.example.com'] });
    expectResult(res, 'CONNECTOR::ACCESS_UPDATED');
    expect(res.body.connector.origins).toEqual(['https://shop.example.com', 'http://localhost:3000']);
    const replaced = await callA('PATCH', path, f.token, { origins: ['https://other.example'] });
    expectResult(replaced, 'CONNECTOR::ACCESS_UPDATED');
    expect(replaced.body.connector.origins).toEqual(['https://other.example']);
    for (const bad of ['https://shop.example.com/path', 'ftp://shop.example.com', 'not an origin', 'https://shop.example.com?x=1']) {
      const r = await callA('PATCH', path, f.token, { origins: ['https://fine.example', bad] });
      expectResultError(r, 'VALIDATION_ERROR', 'origins.1');
    }
    expectResultError(await callA('PATCH', path, f.token, {}), 'VALIDATION_ERROR', 'origins');
    expect((await callA('GET', `${f.base}/${c.connectorId}`, f.token)).body.connector.origins).toEqual(['https://other.example']);
    const cleared = await callA('PATCH', path, f.token, { origins: [] });
    expectResult(cleared, 'CONNECTOR::ACCESS_UPDATED');
    expect(cleared.body.connector.origins).toEqual([]);
  });

  it('replaces the configuration with PUT (all four fields required) and changes part of it with PATCH', async () => {
    const f = await fixture();
    const c = await createConnector(f.token, f.wid, 'lsp', f.p.code);
    const path = `${f.base}/${c.connectorId}/config`;
    const full = { protocol: 'http2', version: '2.1.0', scope: ['orders:read', 'shipments:write'], auth: 'external' };
    const put = await callA('PUT', path, f.token, full);
    expectResult(put, 'CONNECTOR::CONFIG_UPDATED');
    expect(put.body.connector.config).toEqual(full);
    for (const missing of ['protocol', 'version', 'scope', 'auth']) {
      const body: Record<string, unknown> = { ...full };
      delete body[missing];
      expectResultError(await callA('PUT', path, f.token, body), 'VALIDATION_ERROR', missing);
    }
    expectResultError(await callA('PUT', path, f.token, { ...full, auth: 'none' }), 'VALIDATION_ERROR', 'auth');
    expect((await callA('GET', `${f.base}/${c.connectorId}`, f.token)).body.connector.config).toEqual(full);

    const patch = await callA('PATCH', path, f.token, { scope: ['tracking:read'] });
    expectResult(patch, 'CONNECTOR::CONFIG_UPDATED');
    expect(patch.body.connector.config).toEqual({ ...full, scope: ['tracking:read'] });
    const patch2 = await callA('PATCH', path, f.token, { version: 'v3', auth: 'internal' });
    expectResult(patch2, 'CONNECTOR::CONFIG_UPDATED');
    expect(patch2.body.connector.config).toEqual({ protocol: 'http2', version: 'v3', scope: ['tracking:read'], auth: 'internal' });
    expectResultError(await callA('PATCH', path, f.token, {}), 'VALIDATION_ERROR');
    expectResultError(await callA('PATCH', path, f.token, { protocol: 'HTTP/2' }), 'VALIDATION_ERROR', 'protocol');
    expectResultError(await callA('PATCH', path, f.token, { colour: 'red' }), 'VALIDATION_ERROR', 'colour');
    expect((await callA('GET', `${f.base}/${c.connectorId}`, f.token)).body.connector.config).toEqual(patch2.body.connector.config);
  });

  it('deletes a connector (CONNECTOR::DELETED, deleted: true); afterwards it is 404 everywhere', async () => {
    const f = await fixture();
    const c = await createConnector(f.token, f.wid, 'lsp', f.p.code);
    const keep = await createConnector(f.token, f.wid, 'lsp', f.p.code);
    const del = await callA('DELETE', `${f.base}/${c.connectorId}`, f.token);
    expectResult(del, 'CONNECTOR::DELETED');
    expect(del.body.deleted).toBe(true);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'x' }],
      ['DELETE', '', undefined],
      ['PATCH', '/enable', undefined],
      ['PATCH', '/access', { origins: [ORIGIN] }],
      ['PATCH', '/secret/rotate', undefined],
      ['PATCH', '/config', { version: 'v9' }],
    ] as const) {
      expectResultError(await callA(method, `${f.base}/${c.connectorId}${suffix}`, f.token, body), 'NOT_FOUND');
    }
    const list = await callA('GET', f.base, f.token);
    expect(list.body.connectors.map((x: any) => x.id)).toEqual([keep.connectorId]);
  });

  it('lists with pagination; limit over 100 is 400', async () => {
    const f = await fixture();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createConnector(f.token, f.wid, 'lsp', f.p.code)).connectorId);
    const p1 = await callA('GET', `${f.base}?limit=2`, f.token);
    expectResult(p1, 'CONNECTOR::LISTED');
    expect(p1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, hasNext: true, hasPrevious: false });
    const p2 = await callA('GET', `${f.base}?limit=2&page=2`, f.token);
    expect(p2.body.pagination).toMatchObject({ page: 2, hasNext: false, hasPrevious: true });
    expect([...p1.body.connectors, ...p2.body.connectors].map((c: any) => c.id).sort()).toEqual([...ids].sort());
    expectResultError(await callA('GET', `${f.base}?limit=101`, f.token), 'VALIDATION_ERROR', 'limit');
  });

  it('connectors live under their provider: another provider, another kind or an unknown id is 404', async () => {
    const f = await fixture();
    const c = await createConnector(f.token, f.wid, 'lsp', f.p.code);
    const lsp2 = await setupProvider(f.token, f.wid, 'lsp');
    expectResultError(await callA('GET', `/v1/${f.wid}/lsp/${lsp2.code}/connectors/${c.connectorId}`, f.token), 'NOT_FOUND');
    expectResultError(await callA('DELETE', `/v1/${f.wid}/lsp/${lsp2.code}/connectors/${c.connectorId}`, f.token), 'NOT_FOUND');
    expectResultError(await callA('GET', `/v1/${f.wid}/csp/${f.p.code}/connectors/${c.connectorId}`, f.token), 'NOT_FOUND');
    expectResultError(await callA('GET', `/v1/${f.wid}/csp/${f.p.code}/connectors`, f.token), 'NOT_FOUND');
    expectResultError(await callA('GET', `/v1/${f.wid}/xyz/${f.p.code}/connectors`, f.token), 'VALIDATION_ERROR', 'ctype');
    expectResultError(await callA('GET', `${f.base}/${randomUUID()}`, f.token), 'NOT_FOUND');
    expectResultError(await callA('GET', `${f.base}/not-a-uuid`, f.token), 'NOT_FOUND');
    const l2 = await callA('GET', `/v1/${f.wid}/lsp/${lsp2.code}/connectors`, f.token);
    expectResult(l2, 'CONNECTOR::LISTED');
    expect(l2.body.connectors).toEqual([]);
    // still intact under its own provider; provider codes are case-insensitive in connector paths too
    expectResult(await callA('GET', `${f.base}/${c.connectorId}`, f.token), 'CONNECTOR::FETCHED');
    const lower = await callA('GET', `/v1/${f.wid}/lsp/${f.p.code.toLowerCase()}/connectors/${c.connectorId}`, f.token);
    expectResult(lower, 'CONNECTOR::FETCHED');
    expect(lower.body.connector.id).toBe(c.connectorId);
  });

  it('connector routes need header set A (401 with a trace)', async () => {
    const f = await fixture();
    const headers = setA(f.token);
    delete headers['svc-user-agent'];
    const res = await api('GET', f.base, { headers });
    expectResultError(res, 'UNAUTHORIZED');
    expect(res.body.message).toContain('svc-user-agent');
    const none = await api('POST', f.base, { body: connectorBody() });
    expectResultError(none, 'UNAUTHORIZED');
    expect(none.body.message).toContain('svc-auth-token');
    const list = await callA('GET', f.base, f.token);
    expectResult(list, 'CONNECTOR::LISTED');
    expect(list.body.pagination.total).toBe(0);
  });
});

/** An access token issued for the connector (201; anything else fails the test). */
async function tokenOf(connectorId: string, secret: string, origin: string): Promise<string> {
  const res = await issueToken(connectorId, secret, origin);
  expectOk(res, 201);
  expect(typeof res.body.data.accessToken).toBe('string');
  return res.body.data.accessToken;
}

describe('access tokens', () => {
  async function ready(scope = ['orders:read']) {
    const f = await fixture();
    const c = await createConnector(f.token, f.wid, 'lsp', f.p.code, { config: { protocol: 'http1', version: 'v1', scope } });
    return { ...f, c, cbase: `${f.base}/${c.connectorId}` };
  }

  it('a new connector allows no origin: a token request is 403 until PATCH …/access names one', async () => {
    const r = await ready();
    expectError(await issueToken(r.c.connectorId, r.c.secret, ORIGIN), 'FORBIDDEN');
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN]);
    const res = await issueToken(r.c.connectorId, r.c.secret, ORIGIN);
    expectOk(res, 201);
    expect(res.body.data).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, scope: ['orders:read'], connectorId: r.c.connectorId });
    expect(res.body.data.accessToken.split('.')).toHaveLength(3);
    // the origin is compared normalised
    expectOk(await issueToken(r.c.connectorId, r.c.secret, 'HTTPS://SHOP.EXAMPLE.COM'), 201);
  });

  it('wrong secret, unknown connector, malformed id: 401; other origin 403; missing origin or agent 401', async () => {
    const r = await ready();
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN]);
    expectError(await issueToken(r.c.connectorId, `${r.c.secret}x`, ORIGIN), 'UNAUTHORIZED');
    expectError(await issueToken(r.c.connectorId, 'lcs_wrong', ORIGIN), 'UNAUTHORIZED');
    expectError(await issueToken(randomUUID(), r.c.secret, ORIGIN), 'UNAUTHORIZED');
    expectError(await issueToken('nope', r.c.secret, ORIGIN), 'UNAUTHORIZED');
    expectError(await issueToken(r.c.connectorId, r.c.secret, 'https://evil.example'), 'FORBIDDEN');
    expectError(await issueToken(r.c.connectorId, r.c.secret, 'https://shop.example.com:8443'), 'FORBIDDEN');
    const noOrigin = await api('POST', '/v1/access/token', { body: { connectorId: r.c.connectorId, secret: r.c.secret }, headers: { 'svc-user-agent': 'shop/2.1' } });
    expectError(noOrigin, 'UNAUTHORIZED');
    expect(noOrigin.body.message).toContain('origin');
    const noAgent = await api('POST', '/v1/access/token', { body: { connectorId: r.c.connectorId, secret: r.c.secret }, headers: { origin: ORIGIN } });
    expectError(noAgent, 'UNAUTHORIZED');
    expect(noAgent.body.message).toContain('svc-user-agent');
    // bad bodies
    const missing = await api('POST', '/v1/access/token', { body: { connectorId: r.c.connectorId }, headers: { origin: ORIGIN, 'svc-user-agent': 'x' } });
    expectError(missing, 'VALIDATION_ERROR', 'secret');
    const extra = await api('POST', '/v1/access/token', { body: { connectorId: r.c.connectorId, secret: r.c.secret, scope: ['*'] }, headers: { origin: ORIGIN, 'svc-user-agent': 'x' } });
    expectError(extra, 'VALIDATION_ERROR', 'scope');
  });

  it('the token works as Bearer at the gateway: viewer is the connector with its current scopes', async () => {
    const r = await ready(['orders:read', 'tracking:read']);
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN]);
    const token = await tokenOf(r.c.connectorId, r.c.secret, ORIGIN);
    const v = await viewerBearer(token);
    expect(v.status).toBe(200);
    expect(v.body.data?.viewer).toEqual({
      kind: 'connector',
      userId: null,
      workspaceId: r.wid,
      providerKind: 'LSP',
      providerCode: r.p.code,
      role: null,
      connectorId: r.c.connectorId,
      scopes: ['orders:read', 'tracking:read'],
    });
    // scopes follow the connector's config: PATCH and PUT
    const scopesWithin1s = (want: string[]) =>
      withinRevocationBound(
        () => viewerBearer(token),
        (v) => JSON.stringify(v.body.data?.viewer.scopes) === JSON.stringify(want),
      );
    expectResult(await callA('PATCH', `${r.cbase}/config`, r.token, { scope: ['shipments:write'] }), 'CONNECTOR::CONFIG_UPDATED');
    expect((await scopesWithin1s(['shipments:write'])).body.data?.viewer.scopes).toEqual(['shipments:write']);
    expectResult(await callA('PUT', `${r.cbase}/config`, r.token, { protocol: 'http1', version: 'v1', scope: ['a:b', 'c:d'], auth: 'external' }), 'CONNECTOR::CONFIG_UPDATED');
    expect((await scopesWithin1s(['a:b', 'c:d'])).body.data?.viewer.scopes).toEqual(['a:b', 'c:d']);
    // a new token reports the new scopes too
    const fresh = await issueToken(r.c.connectorId, r.c.secret, ORIGIN);
    expectOk(fresh, 201);
    expect(fresh.body.data.scope).toEqual(['a:b', 'c:d']);
    // a tampered token is 401
    const tampered = token.slice(0, -3) + (token.endsWith('abc') ? 'xyz' : 'abc');
    expect((await viewerBearer(tampered)).status).toBe(401);
  });

  it('disabling the connector stops its tokens at once (401) and refuses new ones (403); enabling restores them', async () => {
    const r = await ready();
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN]);
    const token = await tokenOf(r.c.connectorId, r.c.secret, ORIGIN);
    expect((await viewerBearer(token)).status).toBe(200);
    expectResult(await callA('PATCH', `${r.cbase}/disable`, r.token), 'CONNECTOR::UPDATED');
    const off = await viewerBearer(token);
    expect(off.status).toBe(401);
    expect(off.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expectError(await issueToken(r.c.connectorId, r.c.secret, ORIGIN), 'FORBIDDEN');
    expectError(await api('PATCH', '/v1/access/token/rotate', { body: { accessToken: token }, headers: { origin: ORIGIN, 'svc-user-agent': 'shop/2.1' } }), 'FORBIDDEN');
    expectResult(await callA('PATCH', `${r.cbase}/enable`, r.token), 'CONNECTOR::UPDATED');
    const on = await viewerBearer(token);
    expect(on.status).toBe(200);
    expect(on.body.data?.viewer.connectorId).toBe(r.c.connectorId);
  });

  it('secret rotation: CONNECTOR::SECRET_ROTATED with a new secret; the old one is 401, the new one works, issued tokens keep working', async () => {
    const r = await ready();
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN]);
    const before = await tokenOf(r.c.connectorId, r.c.secret, ORIGIN);
    const rot = await callA('PATCH', `${r.cbase}/secret/rotate`, r.token);
    expectResult(rot, 'CONNECTOR::SECRET_ROTATED');
    expect(rot.body.connectorId).toBe(r.c.connectorId);
    expect(rot.body.secret).toMatch(/^lcs_/);
    expect(rot.body.secret).not.toBe(r.c.secret);
    expectError(await issueToken(r.c.connectorId, r.c.secret, ORIGIN), 'UNAUTHORIZED');
    const after = await issueToken(r.c.connectorId, rot.body.secret, ORIGIN);
    expectOk(after, 201);
    expect((await viewerBearer(after.body.data.accessToken)).status).toBe(200);
    expect((await viewerBearer(before)).status).toBe(200);
    const got = await callA('GET', r.cbase, r.token);
    expectResult(got, 'CONNECTOR::FETCHED');
    expect(Number.isNaN(Date.parse(got.body.connector.secretRotatedAt))).toBe(false);
  });

  it('rotate: a new token that works, the old one 401; only from the issuing origin; needs origin and agent', async () => {
    const r = await ready();
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN, 'https://admin.example.com']);
    const old = await tokenOf(r.c.connectorId, r.c.secret, ORIGIN);
    const rotate = (accessToken: string, headers: Record<string, string>) => api('PATCH', '/v1/access/token/rotate', { body: { accessToken }, headers });

    expectError(await rotate(old, { origin: 'https://admin.example.com', 'svc-user-agent': 'a' }), 'FORBIDDEN');
    const noAgent = await rotate(old, { origin: ORIGIN });
    expectError(noAgent, 'UNAUTHORIZED');
    expect(noAgent.body.message).toContain('svc-user-agent');
    expectError(await rotate(old, { 'svc-user-agent': 'a' }), 'UNAUTHORIZED');
    expect((await viewerBearer(old)).status).toBe(200);

    const res = await rotate(old, { origin: ORIGIN, 'svc-user-agent': 'shop/2.2' });
    expectOk(res);
    expect(res.body.data).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, scope: ['orders:read'], connectorId: r.c.connectorId });
    const fresh = res.body.data.accessToken;
    expect(fresh).not.toBe(old);
    expect((await viewerBearer(fresh)).status).toBe(200);
    expect((await viewerBearer(old)).status).toBe(401);
    // the old token cannot be rotated again
    expectError(await rotate(old, { origin: ORIGIN, 'svc-user-agent': 'shop/2.2' }), 'UNAUTHORIZED');
    expectError(await rotate('garbage', { origin: ORIGIN, 'svc-user-agent': 'shop/2.2' }), 'UNAUTHORIZED');
  });

  it('revoke: {revoked: true, connectorId}; the token is 401 afterwards; only from the issuing origin', async () => {
    const r = await ready();
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN, 'https://admin.example.com']);
    const token = await tokenOf(r.c.connectorId, r.c.secret, ORIGIN);
    const other = await tokenOf(r.c.connectorId, r.c.secret, ORIGIN);
    const revoke = (accessToken: string, headers: Record<string, string>) => api('PATCH', '/v1/access/token/revoke', { body: { accessToken }, headers });

    const noOrigin = await revoke(token, {});
    expectError(noOrigin, 'UNAUTHORIZED');
    expect(noOrigin.body.message).toContain('origin');
    expectError(await revoke(token, { origin: 'https://admin.example.com' }), 'FORBIDDEN');
    expect((await viewerBearer(token)).status).toBe(200);

    // origin alone is enough (no svc-user-agent)
    const res = await revoke(token, { origin: ORIGIN });
    expectOk(res);
    expect(res.body.data).toEqual({ revoked: true, connectorId: r.c.connectorId });
    expect((await viewerBearer(token)).status).toBe(401);
    expectError(await revoke(token, { origin: ORIGIN }), 'UNAUTHORIZED');
    // another token of the same connector is unaffected
    expect((await viewerBearer(other)).status).toBe(200);
  });

  it('deleting the connector stops its tokens at once and its secret no longer issues any', async () => {
    const r = await ready();
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN]);
    const token = await tokenOf(r.c.connectorId, r.c.secret, ORIGIN);
    expect((await viewerBearer(token)).status).toBe(200);
    expectResult(await callA('DELETE', r.cbase, r.token), 'CONNECTOR::DELETED');
    expect((await viewerBearer(token)).status).toBe(401);
    expectError(await issueToken(r.c.connectorId, r.c.secret, ORIGIN), 'UNAUTHORIZED');
  });

  it('removing an origin from the list refuses new tokens from it (403)', async () => {
    const r = await ready();
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN]);
    expectOk(await issueToken(r.c.connectorId, r.c.secret, ORIGIN), 201);
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, ['https://new.example']);
    expectError(await issueToken(r.c.connectorId, r.c.secret, ORIGIN), 'FORBIDDEN');
    expectOk(await issueToken(r.c.connectorId, r.c.secret, 'https://new.example'), 201);
  });

  it('GET /v1/access/config?expects=<type> describes a connector type; an unknown type is 400 field expects', async () => {
    const headers = { origin: ORIGIN, 'svc-user-agent': 'docs/1.0' };
    for (const type of ['ASI', 'MSI', 'IOT', 'API']) {
      const res = await api('GET', `/v1/access/config?expects=${type}`, { headers });
      expectOk(res);
      expect(res.body.data).toMatchObject({ connectorType: type, tokenLifetime: 3600, authModes: ['external', 'internal'] });
      expect(res.body.data.requiredHeaders).toEqual(expect.arrayContaining(['origin', 'svc-user-agent']));
      expect(res.body.data.tokenEndpoint).toMatch(/\/v1\/access\/token$/);
      expect(res.body.data.protocols.length).toBeGreaterThan(0);
      expect(typeof res.body.data.description).toBe('string');
      expect(typeof res.body.data.usage).toBe('string');
    }
    expect((await api('GET', '/v1/access/config?expects=IOT', { headers })).body.data.protocols).toContain('mqtt');
    expectError(await api('GET', '/v1/access/config?expects=XYZ', { headers }), 'VALIDATION_ERROR', 'expects');
    expectError(await api('GET', '/v1/access/config', { headers }), 'VALIDATION_ERROR', 'expects');
    const noAgent = await api('GET', '/v1/access/config?expects=ASI', { headers: { origin: ORIGIN } });
    expectError(noAgent, 'UNAUTHORIZED');
    const noOrigin = await api('GET', '/v1/access/config?expects=ASI', { headers: { 'svc-user-agent': 'x' } });
    expectError(noOrigin, 'UNAUTHORIZED');
  });

  it('the access-token operations work through the gateway as GraphQL too', async () => {
    const r = await ready();
    await allowOrigins(r.token, r.wid, 'lsp', r.p.code, r.c.connectorId, [ORIGIN]);
    const issued = await gqlH(
      'mutation($input: IssueAccessTokenInput!) { issueAccessToken(input: $input) { accessToken scope connectorId } }',
      { input: { connectorId: r.c.connectorId, secret: r.c.secret } },
      { origin: ORIGIN, 'svc-user-agent': 'gql/1.0' },
    );
    expect(issued.body.errors).toBeUndefined();
    expect(issued.body.data.issueAccessToken).toMatchObject({ scope: ['orders:read'], connectorId: r.c.connectorId });
    const token = issued.body.data.issueAccessToken.accessToken;
    expect((await viewerBearer(token)).body.data?.viewer.kind).toBe('connector');
    const wrong = await gqlH(
      'mutation($input: IssueAccessTokenInput!) { issueAccessToken(input: $input) { accessToken } }',
      { input: { connectorId: r.c.connectorId, secret: 'lcs_nope' } },
      { origin: ORIGIN, 'svc-user-agent': 'gql/1.0' },
    );
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  });
});
