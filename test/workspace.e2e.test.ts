import { describe, expect, it } from 'vitest';
import { api, newUser } from './helpers.js';
import {
  UUID_RE,
  callA,
  contextToken,
  createConnector,
  expectError,
  expectOk,
  gqlH,
  joinAs,
  newOwner,
  ownerWithCsp,
  setA,
  setupProvider,
  uniqueName,
  viewerBearer,
  allowOrigins,
  issueToken,
} from './workspace-helpers.js';

/**
 * Workspaces (`/v1/workspace`, docs/contract.md "Workspaces"): header set A, creation, reading, listing with
 * pagination, update, members (role changes, removal), API keys (and their use at the gateway), deletion with
 * everything in it, and the same operations as GraphQL through the gateway.
 */

describe('workspace: header set A', () => {
  it('each missing header of set A is a 401 naming that header, before anything runs', async () => {
    const u = await newUser();
    const full = setA(u.accessToken);
    for (const header of ['svc-auth-token', 'svc-user-agent', 'svc-auth-device']) {
      const headers = { ...full };
      delete headers[header];
      const name = uniqueName('missing');
      const res = await api('POST', '/v1/workspace', { headers, body: { name } });
      expectError(res, 'UNAUTHORIZED');
      expect(res.body.message).toContain(header);
      const get = await api('GET', '/v1/workspace', { headers });
      expectError(get, 'UNAUTHORIZED');
      expect(get.body.message).toContain(header);
    }
    // nothing was created by the refused requests
    const list = await callA('GET', '/v1/workspace', u.accessToken);
    expectOk(list);
    expect(list.body.data).toEqual([]);
    expect(list.body.pagination.total).toBe(0);
  });

  it('no header at all names svc-auth-token; a Bearer user token instead of set A is refused too', async () => {
    const u = await newUser();
    const none = await api('GET', '/v1/workspace');
    expectError(none, 'UNAUTHORIZED');
    expect(none.body.message).toContain('svc-auth-token');
    const bearer = await api('GET', '/v1/workspace', { token: u.accessToken });
    expectError(bearer, 'UNAUTHORIZED');
    expect(bearer.body.message).toContain('svc-auth-token');
  });

  it('an invalid or garbage svc-auth-token is 401', async () => {
    const u = await newUser();
    const tampered = u.accessToken.slice(0, -4) + (u.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of ['not-a-token', tampered, u.refreshToken]) {
      const res = await callA('GET', '/v1/workspace', token);
      expectError(res, 'UNAUTHORIZED');
    }
  });

  it('a user token bound to a device works from that device and is 401 from another', async () => {
    const u = await newUser({ deviceId: 'dev-x' });
    const created = await callA('POST', '/v1/workspace', u.accessToken, { name: uniqueName('Bound') }, { device: 'dev-x' });
    expectOk(created, 201);
    const wid = created.body.data.workspace.id;
    const same = await callA('GET', `/v1/workspace/${wid}`, u.accessToken, undefined, { device: 'dev-x' });
    expectOk(same);
    const other = await callA('GET', `/v1/workspace/${wid}`, u.accessToken, undefined, { device: 'dev-y' });
    expectError(other, 'UNAUTHORIZED');
    const otherCreate = await callA('POST', '/v1/workspace', u.accessToken, { name: uniqueName('Other') }, { device: 'dev-y' });
    expectError(otherCreate, 'UNAUTHORIZED');
    const list = await callA('GET', '/v1/workspace', u.accessToken, undefined, { device: 'dev-x' });
    expect(list.body.data).toHaveLength(1);
  });

  it('a token of a logged-out session stops working at once', async () => {
    const u = await newUser();
    const ok = await callA('POST', '/v1/workspace', u.accessToken, { name: uniqueName('Logout') });
    expectOk(ok, 201);
    const out = await api('POST', '/v1/auth/logout', { token: u.accessToken });
    expect(out.status).toBe(200);
    const res = await callA('GET', `/v1/workspace/${ok.body.data.workspace.id}`, u.accessToken);
    expectError(res, 'UNAUTHORIZED');
  });
});

describe('workspace: create, read, list, update', () => {
  it('creates a workspace: 201, the caller is OWNER, and it reads back the same', async () => {
    const u = await newUser();
    const name = uniqueName('Acme Logistics');
    const res = await callA('POST', '/v1/workspace', u.accessToken, { name, description: 'Freight across East Africa' });
    expectOk(res, 201);
    const { workspace, role } = res.body.data;
    expect(role).toBe('OWNER');
    expect(workspace).toMatchObject({ name, description: 'Freight across East Africa', ownerId: u.id });
    expect(workspace.id).toMatch(UUID_RE);
    expect(Number.isNaN(Date.parse(workspace.createdAt))).toBe(false);
    expect(Number.isNaN(Date.parse(workspace.updatedAt))).toBe(false);

    const get = await callA('GET', `/v1/workspace/${workspace.id}`, u.accessToken);
    expectOk(get);
    expect(get.body.data).toEqual({ workspace, role: 'OWNER' });
    expect(get.body).not.toHaveProperty('pagination');
  });

  it('description is optional and null when not given', async () => {
    const u = await newUser();
    const res = await callA('POST', '/v1/workspace', u.accessToken, { name: uniqueName('NoDesc') });
    expectOk(res, 201);
    expect(res.body.data.workspace.description).toBeNull();
  });

  it('refuses bad creation bodies with 400 naming the field, and creates nothing', async () => {
    const u = await newUser();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'ok', description: 'd'.repeat(1001) }, 'description'],
      [{ name: 'ok', colour: 'blue' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await callA('POST', '/v1/workspace', u.accessToken, body);
      expectError(res, 'VALIDATION_ERROR');
      expect(res.body.field, JSON.stringify({ body, res: res.body })).toBe(field);
    }
    const malformed = await callA('POST', '/v1/workspace', u.accessToken, '{"name": "x",', { headers: { 'content-type': 'application/json' } });
    expectError(malformed, 'VALIDATION_ERROR', 'body');
    const notObject = await callA('POST', '/v1/workspace', u.accessToken, '["name"]', { headers: { 'content-type': 'application/json' } });
    expectError(notObject, 'VALIDATION_ERROR', 'body');
    const wrongType = await callA('POST', '/v1/workspace', u.accessToken, 'name=x', { headers: { 'content-type': 'text/plain' } });
    expectError(wrongType, 'VALIDATION_ERROR', 'body');
    const list = await callA('GET', '/v1/workspace', u.accessToken);
    expectOk(list);
    expect(list.body.pagination.total).toBe(0);
  });

  it("lists only the caller's workspaces, paginated", async () => {
    const u = await newUser();
    const other = await newOwner();
    const names = [uniqueName('P1'), uniqueName('P2'), uniqueName('P3')];
    const ids: string[] = [];
    for (const name of names) {
      const res = await callA('POST', '/v1/workspace', u.accessToken, { name });
      expectOk(res, 201);
      ids.push(res.body.data.workspace.id);
    }
    const all = await callA('GET', '/v1/workspace', u.accessToken);
    expectOk(all);
    expect(all.body.data.map((m: any) => m.workspace.id).sort()).toEqual([...ids].sort());
    expect(all.body.data.every((m: any) => m.role === 'OWNER')).toBe(true);
    expect(all.body.data.map((m: any) => m.workspace.id)).not.toContain(other.wid);
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1, hasNext: false, hasPrevious: false });

    const p1 = await callA('GET', '/v1/workspace?page=1&limit=2', u.accessToken);
    expectOk(p1);
    expect(p1.body.data).toHaveLength(2);
    expect(p1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, hasNext: true, hasPrevious: false });
    const p2 = await callA('GET', '/v1/workspace?page=2&limit=2', u.accessToken);
    expectOk(p2);
    expect(p2.body.data).toHaveLength(1);
    expect(p2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, hasNext: false, hasPrevious: true });
    const seen = [...p1.body.data, ...p2.body.data].map((m: any) => m.workspace.id).sort();
    expect(seen).toEqual([...ids].sort());

    const p3 = await callA('GET', '/v1/workspace?page=3&limit=2', u.accessToken);
    expectOk(p3);
    expect(p3.body.data).toEqual([]);
  });

  it('refuses bad page parameters with 400 naming the parameter', async () => {
    const u = await newUser();
    expectError(await callA('GET', '/v1/workspace?limit=101', u.accessToken), 'VALIDATION_ERROR', 'limit');
    expectError(await callA('GET', '/v1/workspace?limit=0', u.accessToken), 'VALIDATION_ERROR', 'limit');
    expectError(await callA('GET', '/v1/workspace?limit=abc', u.accessToken), 'VALIDATION_ERROR', 'limit');
    expectError(await callA('GET', '/v1/workspace?page=0', u.accessToken), 'VALIDATION_ERROR', 'page');
    const max = await callA('GET', '/v1/workspace?limit=100', u.accessToken);
    expectOk(max);
    expect(max.body.pagination.limit).toBe(100);
  });

  it('updates name and description; omitted fields keep their value', async () => {
    const o = await newOwner();
    const newName = uniqueName('Renamed');
    const res = await callA('PATCH', `/v1/workspace/${o.wid}`, o.token, { name: newName });
    expectOk(res);
    expect(res.body.data.role).toBe('OWNER');
    expect(res.body.data.workspace).toMatchObject({ id: o.wid, name: newName, description: o.workspace.description });
    expect(Date.parse(res.body.data.workspace.updatedAt)).toBeGreaterThanOrEqual(Date.parse(o.workspace.updatedAt));

    const desc = await callA('PATCH', `/v1/workspace/${o.wid}`, o.token, { description: 'Now described' });
    expectOk(desc);
    const get = await callA('GET', `/v1/workspace/${o.wid}`, o.token);
    expect(get.body.data.workspace).toMatchObject({ name: newName, description: 'Now described' });

    expectError(await callA('PATCH', `/v1/workspace/${o.wid}`, o.token, { name: '' }), 'VALIDATION_ERROR', 'name');
    expectError(await callA('PATCH', `/v1/workspace/${o.wid}`, o.token, { ownerId: o.user.id }), 'VALIDATION_ERROR', 'ownerId');
    const after = await callA('GET', `/v1/workspace/${o.wid}`, o.token);
    expect(after.body.data.workspace).toMatchObject({ name: newName, description: 'Now described' });
  });

  it('unknown or malformed workspace ids are 404', async () => {
    const u = await newUser();
    expectError(await callA('GET', '/v1/workspace/00000000-0000-4000-8000-000000000000', u.accessToken), 'NOT_FOUND');
    expectError(await callA('GET', '/v1/workspace/not-a-uuid', u.accessToken), 'NOT_FOUND');
    expectError(await callA('PATCH', '/v1/workspace/00000000-0000-4000-8000-000000000000', u.accessToken, { name: 'x' }), 'NOT_FOUND');
    expectError(await callA('DELETE', '/v1/workspace/00000000-0000-4000-8000-000000000000', u.accessToken), 'NOT_FOUND');
  });
});

describe('workspace: members', () => {
  it('lists the owner as its first member', async () => {
    const o = await newOwner();
    const res = await callA('GET', `/v1/workspace/${o.wid}/members`, o.token);
    expectOk(res);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ userId: o.user.id, role: 'OWNER' });
    expect(res.body.data[0].id).toMatch(UUID_RE);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1, hasNext: false, hasPrevious: false });
    expectError(await callA('GET', `/v1/workspace/${o.wid}/members?limit=101`, o.token), 'VALIDATION_ERROR', 'limit');
  });

  it('an invited member appears with the name and role of the invitation; the workspace lists for them with that role', async () => {
    const o = await ownerWithCsp();
    const dev = await joinAs(o.cspContext, 'DEVELOPER', 'Dev Eloper');
    const members = await callA('GET', `/v1/workspace/${o.wid}/members`, o.token);
    expectOk(members);
    expect(members.body.pagination.total).toBe(2);
    expect(members.body.data).toContainEqual(expect.objectContaining({ userId: dev.user.id, role: 'DEVELOPER', name: 'Dev Eloper' }));

    const mine = await callA('GET', '/v1/workspace', dev.token);
    expectOk(mine);
    expect(mine.body.data).toEqual([expect.objectContaining({ role: 'DEVELOPER', workspace: expect.objectContaining({ id: o.wid }) })]);
    const get = await callA('GET', `/v1/workspace/${o.wid}`, dev.token);
    expectOk(get);
    expect(get.body.data.role).toBe('DEVELOPER');
  });

  it("the owner changes a member's role, which takes effect at once", async () => {
    const o = await ownerWithCsp();
    const dev = await joinAs(o.cspContext, 'DEVELOPER');
    // a DEVELOPER may list API keys
    expectOk(await callA('GET', `/v1/workspace/${o.wid}/api-keys`, dev.token));

    const res = await callA('PATCH', `/v1/workspace/${o.wid}/members/${dev.user.id}`, o.token, { role: 'COORDINATOR' });
    expectOk(res);
    expect(res.body.data).toMatchObject({ userId: dev.user.id, role: 'COORDINATOR' });
    const members = await callA('GET', `/v1/workspace/${o.wid}/members`, o.token);
    expect(members.body.data.find((m: any) => m.userId === dev.user.id).role).toBe('COORDINATOR');
    // now a COORDINATOR: API keys are forbidden, the workspace is still readable with the new role
    expectError(await callA('GET', `/v1/workspace/${o.wid}/api-keys`, dev.token), 'FORBIDDEN');
    const get = await callA('GET', `/v1/workspace/${o.wid}`, dev.token);
    expect(get.body.data.role).toBe('COORDINATOR');
  });

  it('nobody can give or take the OWNER role; bad roles and unknown members are refused', async () => {
    const o = await ownerWithCsp();
    const admin = await joinAs(o.cspContext, 'ADMIN');
    const dev = await joinAs(o.cspContext, 'DEVELOPER');
    expectError(await callA('PATCH', `/v1/workspace/${o.wid}/members/${dev.user.id}`, o.token, { role: 'OWNER' }), 'VALIDATION_ERROR', 'role');
    expectError(await callA('PATCH', `/v1/workspace/${o.wid}/members/${dev.user.id}`, o.token, { role: 'KING' }), 'VALIDATION_ERROR', 'role');
    expectError(await callA('PATCH', `/v1/workspace/${o.wid}/members/${dev.user.id}`, o.token, {}), 'VALIDATION_ERROR', 'role');
    // the admin may manage members, but not the owner's membership
    expectError(await callA('PATCH', `/v1/workspace/${o.wid}/members/${o.user.id}`, admin.token, { role: 'DEVELOPER' }), 'FORBIDDEN');
    expectError(await callA('DELETE', `/v1/workspace/${o.wid}/members/${o.user.id}`, admin.token), 'FORBIDDEN');
    expectError(await callA('DELETE', `/v1/workspace/${o.wid}/members/${o.user.id}`, o.token), 'FORBIDDEN');
    // a user who is not a member, and a malformed id
    const stranger = await newUser();
    expectError(await callA('PATCH', `/v1/workspace/${o.wid}/members/${stranger.id}`, o.token, { role: 'ADMIN' }), 'NOT_FOUND');
    expectError(await callA('DELETE', `/v1/workspace/${o.wid}/members/not-a-uuid`, o.token), 'NOT_FOUND');
    // nothing changed
    const members = await callA('GET', `/v1/workspace/${o.wid}/members`, o.token);
    expectOk(members);
    const roles = Object.fromEntries(members.body.data.map((m: any) => [m.userId, m.role]));
    expect(roles).toEqual({ [o.user.id]: 'OWNER', [admin.user.id]: 'ADMIN', [dev.user.id]: 'DEVELOPER' });
  });

  it('an ADMIN changes roles and removes members; a removed member loses access (404)', async () => {
    const o = await ownerWithCsp();
    const admin = await joinAs(o.cspContext, 'ADMIN');
    const sup = await joinAs(o.cspContext, 'SUPERVISOR');
    const changed = await callA('PATCH', `/v1/workspace/${o.wid}/members/${sup.user.id}`, admin.token, { role: 'MANAGER' });
    expectOk(changed);
    expect(changed.body.data.role).toBe('MANAGER');

    const removed = await callA('DELETE', `/v1/workspace/${o.wid}/members/${sup.user.id}`, admin.token);
    expectOk(removed);
    expect(removed.body.data).toEqual({ removed: true });
    const members = await callA('GET', `/v1/workspace/${o.wid}/members`, o.token);
    expectOk(members);
    expect(members.body.data.map((m: any) => m.userId)).not.toContain(sup.user.id);
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, sup.token), 'NOT_FOUND');
    const mine = await callA('GET', '/v1/workspace', sup.token);
    expectOk(mine);
    expect(mine.body.data).toEqual([]);
    // removing them again: not a member any more
    expectError(await callA('DELETE', `/v1/workspace/${o.wid}/members/${sup.user.id}`, admin.token), 'NOT_FOUND');
  });

  it("a removed member's provider-context token stops working", async () => {
    const o = await ownerWithCsp();
    const coord = await joinAs(o.cspContext, 'COORDINATOR');
    const lsp = await setupProvider(o.token, o.wid, 'lsp');
    const ctx = await contextToken(coord.token, o.wid, 'lsp', lsp.code);
    expectOk(await callA('GET', `/v1/workspace/${o.wid}`, ctx));
    expectOk(await callA('DELETE', `/v1/workspace/${o.wid}/members/${coord.user.id}`, o.token));
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, ctx), 'UNAUTHORIZED');
  });
});

describe('workspace: API keys', () => {
  it('creates a key shown once; the list shows its prefix but never the key or a hash', async () => {
    const o = await newOwner();
    const res = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'backend', scopes: ['utilities', 'queries'] });
    expectOk(res, 201);
    const { key, apiKey } = res.body.data;
    expect(key).toMatch(/^lpk_/);
    expect(apiKey).toMatchObject({ name: 'backend', scopes: ['utilities', 'queries'], createdBy: o.user.id, revokedAt: null, expiresAt: null });
    expect(apiKey.id).toMatch(UUID_RE);
    expect(apiKey.prefix).toMatch(/^lpk_/);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    expect(key.length).toBeGreaterThan(apiKey.prefix.length + 16);
    expect(apiKey).not.toHaveProperty('key');
    expect(apiKey).not.toHaveProperty('hash');

    const list = await callA('GET', `/v1/workspace/${o.wid}/api-keys`, o.token);
    expectOk(list);
    expect(list.body.pagination).toMatchObject({ page: 1, total: 1 });
    expect(list.body.data).toHaveLength(1);
    const listed = list.body.data[0];
    expect(listed).toMatchObject({ id: apiKey.id, name: 'backend', prefix: apiKey.prefix, scopes: ['utilities', 'queries'], revokedAt: null });
    for (const f of ['id', 'name', 'prefix', 'scopes', 'createdAt', 'lastUsedAt', 'expiresAt', 'revokedAt']) expect(listed).toHaveProperty(f);
    expect(listed).not.toHaveProperty('key');
    expect(listed).not.toHaveProperty('hash');
    const raw = JSON.stringify(list.body);
    expect(raw).not.toContain(key);
    expect(raw).not.toContain(key.slice(apiKey.prefix.length + 1));
  });

  it('defaults scopes to * and sets expiresAt from expiresInDays', async () => {
    const o = await newOwner();
    const res = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'all', expiresInDays: 30 });
    expectOk(res, 201);
    expect(res.body.data.apiKey.scopes).toEqual(['*']);
    const expires = Date.parse(res.body.data.apiKey.expiresAt);
    const expected = Date.now() + 30 * 86_400_000;
    expect(Math.abs(expires - expected)).toBeLessThan(5 * 60_000);
  });

  it('refuses bad key bodies with 400 naming the field', async () => {
    const o = await newOwner();
    const path = `/v1/workspace/${o.wid}/api-keys`;
    expectError(await callA('POST', path, o.token, {}), 'VALIDATION_ERROR', 'name');
    expectError(await callA('POST', path, o.token, { name: '' }), 'VALIDATION_ERROR', 'name');
    const badScope = await callA('POST', path, o.token, { name: 'k', scopes: ['users'] });
    expectError(badScope, 'VALIDATION_ERROR');
    expect(badScope.body.field).toMatch(/^scopes/);
    expectError(await callA('POST', path, o.token, { name: 'k', expiresInDays: 0 }), 'VALIDATION_ERROR', 'expiresInDays');
    expectError(await callA('POST', path, o.token, { name: 'k', expiresInDays: 3651 }), 'VALIDATION_ERROR', 'expiresInDays');
    expectError(await callA('POST', path, o.token, { name: 'k', secret: 'mine' }), 'VALIDATION_ERROR', 'secret');
    const list = await callA('GET', path, o.token);
    expect(list.body.data).toEqual([]);
  });

  it('a live key resolves at the gateway to its workspace and scopes; a revoked one is 401 at once', async () => {
    const o = await newOwner();
    const created = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'gw', scopes: ['pipelines'] });
    expectOk(created, 201);
    const { key, apiKey } = created.body.data;

    // an API key is no credential for header set A
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, key), 'UNAUTHORIZED');

    const live = await viewerBearer(key);
    expect(live.status).toBe(200);
    expect(live.body.data?.viewer).toMatchObject({ kind: 'apiKey', workspaceId: o.wid, scopes: ['pipelines'], userId: null });

    // a key that differs only after the prefix is not the key
    const forged = await viewerBearer(`${apiKey.prefix}_${'A'.repeat(43)}`);
    expect(forged.status).toBe(401);

    const revoked = await callA('DELETE', `/v1/workspace/${o.wid}/api-keys/${apiKey.id}`, o.token);
    expectOk(revoked);
    expect(revoked.body.data).toMatchObject({ id: apiKey.id, prefix: apiKey.prefix });
    expect(Number.isNaN(Date.parse(revoked.body.data.revokedAt))).toBe(false);
    expect(revoked.body.data).not.toHaveProperty('key');

    const after = await viewerBearer(key);
    expect(after.status).toBe(401);
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(after.body).not.toHaveProperty('data'); // refused before anything ran

    const list = await callA('GET', `/v1/workspace/${o.wid}/api-keys`, o.token);
    expectOk(list);
    expect(list.body.data[0].revokedAt).toBe(revoked.body.data.revokedAt);
    // lastUsedAt was recorded by the gateway check
    expect(list.body.data[0].lastUsedAt).not.toBeNull();
  });

  it('revoking an unknown or malformed key id is 404', async () => {
    const o = await newOwner();
    expectError(await callA('DELETE', `/v1/workspace/${o.wid}/api-keys/00000000-0000-4000-8000-000000000000`, o.token), 'NOT_FOUND');
    expectError(await callA('DELETE', `/v1/workspace/${o.wid}/api-keys/nope`, o.token), 'NOT_FOUND');
  });

  it('lists keys newest first, paginated', async () => {
    const o = await newOwner();
    for (const name of ['k1', 'k2', 'k3']) expectOk(await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name }), 201);
    const p1 = await callA('GET', `/v1/workspace/${o.wid}/api-keys?limit=2`, o.token);
    expectOk(p1);
    expect(p1.body.data.map((k: any) => k.name)).toEqual(['k3', 'k2']);
    expect(p1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, hasNext: true, hasPrevious: false });
    const p2 = await callA('GET', `/v1/workspace/${o.wid}/api-keys?limit=2&page=2`, o.token);
    expect(p2.body.data.map((k: any) => k.name)).toEqual(['k1']);
    expectError(await callA('GET', `/v1/workspace/${o.wid}/api-keys?limit=500`, o.token), 'VALIDATION_ERROR', 'limit');
  });
});

describe('workspace: deletion', () => {
  it('only the OWNER deletes; everything in it goes: reads 404, keys, context and connector tokens 401', async () => {
    const o = await ownerWithCsp();
    const admin = await joinAs(o.cspContext, 'ADMIN');
    const lsp = await setupProvider(o.token, o.wid, 'lsp');
    const ctx = await contextToken(o.token, o.wid, 'lsp', lsp.code);
    const key = (await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'doomed' })).body.data.key;
    const conn = await createConnector(o.token, o.wid, 'lsp', lsp.code);
    await allowOrigins(o.token, o.wid, 'lsp', lsp.code, conn.connectorId, ['https://doomed.example']);
    const issued = await issueToken(conn.connectorId, conn.secret, 'https://doomed.example');
    expectOk(issued, 201);
    const accessToken = issued.body.data.accessToken;
    expect((await viewerBearer(accessToken)).status).toBe(200);
    expect((await viewerBearer(key)).status).toBe(200);

    // an ADMIN may not delete it
    expectError(await callA('DELETE', `/v1/workspace/${o.wid}`, admin.token), 'FORBIDDEN');
    expectOk(await callA('GET', `/v1/workspace/${o.wid}`, o.token));

    const del = await callA('DELETE', `/v1/workspace/${o.wid}`, o.token);
    expectOk(del);
    expect(del.body.data).toEqual({ deleted: true });

    expectError(await callA('GET', `/v1/workspace/${o.wid}`, o.token), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, admin.token), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/${o.wid}/lsp/${lsp.code}`, o.token), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/workspace/${o.wid}/members`, o.token), 'NOT_FOUND');
    const mine = await callA('GET', '/v1/workspace', o.token);
    expectOk(mine);
    expect(mine.body.data.map((m: any) => m.workspace.id)).not.toContain(o.wid);
    const adminMine = await callA('GET', '/v1/workspace', admin.token);
    expectOk(adminMine);
    expect(adminMine.body.data).toEqual([]);

    expectError(await callA('GET', `/v1/workspace/${o.wid}`, ctx), 'UNAUTHORIZED');
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, o.cspContext), 'UNAUTHORIZED');
    expect((await viewerBearer(key)).status).toBe(401);
    expect((await viewerBearer(accessToken)).status).toBe(401);
    // the connector cannot issue new tokens either
    const again = await issueToken(conn.connectorId, conn.secret, 'https://doomed.example');
    expectError(again, 'UNAUTHORIZED');
    // deleting it again: it does not exist
    expectError(await callA('DELETE', `/v1/workspace/${o.wid}`, o.token), 'NOT_FOUND');
  });
});

describe('workspace: the same operations as GraphQL through the gateway', () => {
  const MEMBERSHIP = 'workspace { id name description ownerId } role';

  it('createWorkspace / workspace / myWorkspaces with header set A', async () => {
    const u = await newUser();
    const headers = setA(u.accessToken);
    const name = uniqueName('GQL');
    const created = await gqlH(`mutation($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { ${MEMBERSHIP} } }`, { input: { name } }, headers);
    expect(created.status).toBe(200);
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createWorkspace).toMatchObject({ role: 'OWNER', workspace: { name, ownerId: u.id, description: null } });
    const wid = created.body.data.createWorkspace.workspace.id;

    const rest = await callA('GET', `/v1/workspace/${wid}`, u.accessToken);
    expectOk(rest);
    expect(rest.body.data.workspace.name).toBe(name);

    const read = await gqlH(`query($wid: ID!) { workspace(workspaceId: $wid) { ${MEMBERSHIP} } myWorkspaces { items { workspace { id } role } pagination { total } } }`, { wid }, headers);
    expect(read.status).toBe(200);
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.workspace.workspace.id).toBe(wid);
    expect(read.body.data.myWorkspaces.items).toEqual([{ workspace: { id: wid }, role: 'OWNER' }]);
    expect(read.body.data.myWorkspaces.pagination.total).toBe(1);

    // the user token also works as Authorization: Bearer at the gateway
    const viaBearer = await gqlH(`query($wid: ID!) { workspace(workspaceId: $wid) { role } }`, { wid }, { authorization: `Bearer ${u.accessToken}` });
    expect(viaBearer.body.data?.workspace.role).toBe('OWNER');
  });

  it('GraphQL errors carry the platform codes: not a member NOT_FOUND, bad input VALIDATION_ERROR, anonymous UNAUTHORIZED', async () => {
    const o = await newOwner();
    const stranger = await newUser();
    const q = `query($wid: ID!) { workspace(workspaceId: $wid) { role } }`;
    const hidden = await gqlH(q, { wid: o.wid }, setA(stranger.accessToken));
    expect(hidden.status).toBe(200);
    expect(hidden.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(hidden.body.data).toBeNull();

    const bad = await gqlH(`mutation { createWorkspace(input: { name: "" }) { role } }`, {}, setA(stranger.accessToken));
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');

    const anon = await gqlH(q, { wid: o.wid });
    expect(anon.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');

    const viewer = await gqlH('{ viewer { kind userId } }', {}, setA(o.token));
    expect(viewer.body.data.viewer).toEqual({ kind: 'user', userId: o.user.id });
  });
});

describe('workspace: concurrent requests', () => {
  // Clients send requests in parallel (a dashboard loading its panels, an operator inviting a team). Every request
  // must be answered on its merits: a 500 is a bug (docs/contract.md: INTERNAL_ERROR is "a bug; logged, never an
  // answer to bad input").
  it('parallel reads and writes in a workspace are all served', async () => {
    const o = await ownerWithCsp();
    const admin = await joinAs(o.cspContext, 'ADMIN');
    const failures: string[] = [];
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => callA('POST', `/v1/csp/invitation/coordinator`, o.cspContext, { phone: '+254733000000', name: `Parallel ${round}-${i}` })),
        ...Array.from({ length: 4 }, (_, i) => callA('POST', `/v1/workspace/${o.wid}/api-keys`, admin.token, { name: `parallel ${round}-${i}` })),
        ...Array.from({ length: 4 }, () => callA('GET', `/v1/workspace/${o.wid}/members`, o.token)),
      ]);
      results.forEach((r, i) => {
        const expected = i < 8 ? 201 : 200;
        if (r.status !== expected) failures.push(`round ${round} request ${i}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      });
    }
    expect(failures).toEqual([]);
    const keys = await callA('GET', `/v1/workspace/${o.wid}/api-keys?limit=100`, o.token);
    expectOk(keys);
    expect(keys.body.pagination.total).toBe(12);
  });
});
