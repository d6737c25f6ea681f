import { beforeAll, describe, expect, it } from 'vitest';
import { api, newUser } from './helpers.js';
import {
  KINDS,
  allowOrigins,
  callA,
  connectorBody,
  contextToken,
  createConnector,
  expectError,
  expectOk,
  expectResult,
  gqlH,
  invite,
  issueToken,
  ownerWithCsp,
  providerBody,
  setA,
  setupProvider,
  viewerBearer,
  type Owner,
} from './workspace-helpers.js';

/**
 * Tenant isolation: two users, each with their own workspace, providers, connectors and API keys. The second
 * must not see or touch anything of the first (404 NOT_FOUND, never the data), by any route or credential, and
 * the first's data must be unchanged afterwards.
 */

interface Tenant extends Owner {
  lsp: any;
  csp: any;
  cspContext: string;
  lspContext: string;
  connector: { connectorId: string; secret: string; connector: any };
  key: { key: string; apiKey: any };
  /** A second session of the owner, for read-backs (the bridge counts requests per credential). */
  reader: string;
}

async function tenant(): Promise<Tenant> {
  const o = await ownerWithCsp();
  const lsp = await setupProvider(o.token, o.wid, 'lsp');
  const lspContext = await contextToken(o.token, o.wid, 'lsp', lsp.code);
  const connector = await createConnector(o.token, o.wid, 'lsp', lsp.code);
  const keyRes = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'tenant key' });
  if (keyRes.status !== 201) throw new Error(`create api key failed: ${keyRes.status} ${JSON.stringify(keyRes.body)}`);
  const login = await api('POST', '/v1/auth/login', { body: { email: o.user.email, password: o.user.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { ...o, lsp, lspContext, connector, key: keyRes.body.data, reader: login.body.accessToken };
}

let one: Tenant;
let two: Tenant;

beforeAll(async () => {
  one = await tenant();
  two = await tenant();
});

/** Every route of the workspace family addressed at tenant one's resources, with their bodies. */
function routesOf(t: Tenant, wid = t.wid, kind = 'lsp', xcode = t.lsp.code, cid = t.connector.connectorId): [string, string, unknown?][] {
  const cbase = `/v1/${wid}/${kind}/${xcode}/connectors`;
  return [
    ['GET', `/v1/workspace/${wid}`],
    ['PATCH', `/v1/workspace/${wid}`, { name: 'hijacked' }],
    ['DELETE', `/v1/workspace/${wid}`],
    ['GET', `/v1/workspace/${wid}/members`],
    ['PATCH', `/v1/workspace/${wid}/members/${t.user.id}`, { role: 'ADMIN' }],
    ['DELETE', `/v1/workspace/${wid}/members/${t.user.id}`],
    ['POST', `/v1/workspace/${wid}/api-keys`, { name: 'stolen' }],
    ['GET', `/v1/workspace/${wid}/api-keys`],
    ['DELETE', `/v1/workspace/${wid}/api-keys/${t.key.apiKey.id}`],
    ['POST', `/v1/${wid}/${kind}/setup`, providerBody()],
    ['GET', `/v1/${wid}/${kind}s`],
    ['GET', `/v1/${wid}/${kind}/${xcode}`],
    ['PATCH', `/v1/${wid}/${kind}/${xcode}`, { name: 'hijacked' }],
    ['DELETE', `/v1/${wid}/${kind}/${xcode}`],
    ['GET', `/v1/${wid}/${kind}/${xcode}/context`],
    ['POST', cbase, connectorBody()],
    ['GET', cbase],
    ['GET', `${cbase}/${cid}`],
    ['PATCH', `${cbase}/${cid}`, { name: 'hijacked' }],
    ['PATCH', `${cbase}/${cid}/access`, { origins: ['https://evil.example'] }],
    ['PATCH', `${cbase}/${cid}/secret/rotate`],
    ['PUT', `${cbase}/${cid}/config`, { protocol: 'http1', version: 'v1', scope: ['*'], auth: 'external' }],
    ['PATCH', `${cbase}/${cid}/config`, { scope: ['*'] }],
    ['PATCH', `${cbase}/${cid}/disable`],
    ['DELETE', `${cbase}/${cid}`],
  ];
}

/** Tenant one's data is exactly as it was. */
async function expectOneIntact() {
  const ws = await callA('GET', `/v1/workspace/${one.wid}`, one.reader);
  expectOk(ws);
  expect(ws.body.data.workspace).toEqual(one.workspace);
  const members = await callA('GET', `/v1/workspace/${one.wid}/members`, one.reader);
  expectOk(members);
  expect(members.body.data.map((m: any) => [m.userId, m.role])).toEqual([[one.user.id, 'OWNER']]);
  const keys = await callA('GET', `/v1/workspace/${one.wid}/api-keys`, one.reader);
  expectOk(keys);
  expect(keys.body.data.map((k: any) => [k.id, k.revokedAt])).toEqual([[one.key.apiKey.id, null]]);
  const lsps = await callA('GET', `/v1/${one.wid}/lsps`, one.reader);
  expectOk(lsps);
  expect(lsps.body.data).toEqual([one.lsp]);
  const conn = await callA('GET', `/v1/${one.wid}/lsp/${one.lsp.code}/connectors/${one.connector.connectorId}`, one.reader);
  expectResult(conn, 'CONNECTOR::FETCHED');
  expect(conn.body.connector).toEqual(one.connector.connector);
  const conns = await callA('GET', `/v1/${one.wid}/lsp/${one.lsp.code}/connectors`, one.reader);
  expectResult(conns, 'CONNECTOR::LISTED');
  expect(conns.body.pagination.total).toBe(1);
}

describe('isolation between two workspaces', () => {
  it("the second owner gets 404 NOT_FOUND (and no data) for every route addressed at the first's workspace", async () => {
    for (const [method, path, body] of routesOf(one)) {
      const res = await callA(method, path, two.token, body);
      expectError(res, 'NOT_FOUND');
      const raw = JSON.stringify(res.body);
      expect(raw, `${method} ${path}`).not.toContain(one.workspace.name);
      expect(raw).not.toContain(one.lsp.name);
    }
    await expectOneIntact();
  });

  it("the second's own wid and provider with the first's connector id, key id and member id: 404", async () => {
    // the first's connector under the second's own workspace and provider
    const cbase = `/v1/${two.wid}/lsp/${two.lsp.code}/connectors/${one.connector.connectorId}`;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'x' }],
      ['DELETE', '', undefined],
      ['PATCH', '/disable', undefined],
      ['PATCH', '/access', { origins: ['https://evil.example'] }],
      ['PATCH', '/secret/rotate', undefined],
      ['PATCH', '/config', { scope: ['*'] }],
    ] as const) {
      expectError(await callA(method, `${cbase}${suffix}`, two.token, body), 'NOT_FOUND');
    }
    // the first's provider code under the second's workspace
    expectError(await callA('GET', `/v1/${two.wid}/lsp/${one.lsp.code}`, two.token), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/${two.wid}/lsp/${one.lsp.code}/context`, two.token), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/${two.wid}/lsp/${one.lsp.code}/connectors`, two.token), 'NOT_FOUND');
    expectError(await callA('POST', `/v1/${two.wid}/lsp/${one.lsp.code}/connectors`, two.token, connectorBody()), 'NOT_FOUND');
    // the first's API key and member through the second's workspace
    expectError(await callA('DELETE', `/v1/workspace/${two.wid}/api-keys/${one.key.apiKey.id}`, two.token), 'NOT_FOUND');
    expectError(await callA('PATCH', `/v1/workspace/${two.wid}/members/${one.user.id}`, two.token, { role: 'ADMIN' }), 'NOT_FOUND');
    expectError(await callA('DELETE', `/v1/workspace/${two.wid}/members/${one.user.id}`, two.token), 'NOT_FOUND');
    // the second's lists show only their own things
    const lsps = await callA('GET', `/v1/${two.wid}/lsps`, two.token);
    expectOk(lsps);
    expect(lsps.body.data.map((p: any) => p.code)).toEqual([two.lsp.code]);
    const keys = await callA('GET', `/v1/workspace/${two.wid}/api-keys`, two.token);
    expectOk(keys);
    expect(keys.body.data.map((k: any) => k.id)).toEqual([two.key.apiKey.id]);
    const mine = await callA('GET', '/v1/workspace', two.token);
    expectOk(mine);
    expect(mine.body.data.map((m: any) => m.workspace.id)).toEqual([two.wid]);
    await expectOneIntact();
  });

  it('a context token of workspace one on workspace-two paths is 404, and vice versa', async () => {
    for (const [method, path, body] of routesOf(two)) {
      expectError(await callA(method, path, one.lspContext, body), 'NOT_FOUND');
    }
    const cspOne = await callA('GET', `/v1/${two.wid}/csp/${two.csp.code}`, one.cspContext);
    expectError(cspOne, 'NOT_FOUND');
    expectError(await callA('GET', `/v1/workspace/${one.wid}`, two.lspContext), 'NOT_FOUND');
    // but each works in its own workspace
    expectOk(await callA('GET', `/v1/workspace/${one.wid}`, one.lspContext));
    expectOk(await callA('GET', `/v1/workspace/${two.wid}`, two.lspContext));
    await expectOneIntact();
  });

  it('changing :ctype (or the kind of a provider path) to a kind the provider is not is 404', async () => {
    for (const kind of KINDS.filter((k) => k !== 'lsp')) {
      const r = routesOf(one, one.wid, kind).filter(([, path]) => path.includes(one.lsp.code));
      for (const [method, path, body] of r) expectError(await callA(method, path, one.token, body), 'NOT_FOUND');
    }
    await expectOneIntact();
  });

  it("the second cannot use the first's connector or key: tokens and keys resolve to their own workspace only", async () => {
    const origin = 'https://tenant-one.example';
    expect((await allowOrigins(one.token, one.wid, 'lsp', one.lsp.code, one.connector.connectorId, [origin])).origins).toEqual([origin]);
    // the second's connector secret does not open the first's connector
    expectError(await issueToken(one.connector.connectorId, two.connector.secret, origin), 'UNAUTHORIZED');
    const issued = await issueToken(one.connector.connectorId, one.connector.secret, origin);
    expectOk(issued, 201);
    const token = issued.body.data.accessToken as string;
    const v = await viewerBearer(token);
    expect(v.body.data?.viewer).toMatchObject({ kind: 'connector', workspaceId: one.wid, connectorId: one.connector.connectorId });
    const k = await viewerBearer(two.key.key);
    expect(k.body.data?.viewer).toMatchObject({ kind: 'apiKey', workspaceId: two.wid });
    // someone at another origin cannot revoke the first's connector token
    const rev = await callA('PATCH', '/v1/access/token/revoke', two.token, { accessToken: token }, { headers: { origin: 'https://tenant-two.example' } });
    expectError(rev, 'FORBIDDEN');
    expect((await viewerBearer(token)).status).toBe(200);
    // a connector token is no credential for the workspace routes
    expectError(await callA('GET', `/v1/workspace/${one.wid}`, token), 'UNAUTHORIZED');
    // put things back: no origins
    expect((await allowOrigins(one.token, one.wid, 'lsp', one.lsp.code, one.connector.connectorId, [])).origins).toEqual([]);
    const restored = await callA('GET', `/v1/${one.wid}/lsp/${one.lsp.code}/connectors/${one.connector.connectorId}`, one.token);
    expectResult(restored, 'CONNECTOR::FETCHED');
    one.connector.connector = restored.body.connector;
  });

  it('an invitation accepted in workspace two gives no access to workspace one', async () => {
    const member = await newUser();
    const inv = await invite(two.cspContext, 'admin');
    expectOk(await callA('POST', '/v1/csp/invitation/accept', member.accessToken, { token: inv.token }));
    expectOk(await callA('GET', `/v1/workspace/${two.wid}`, member.accessToken));
    for (const [method, path, body] of routesOf(one)) {
      expectError(await callA(method, path, member.accessToken, body), 'NOT_FOUND');
    }
    // remove them again so that other tests see two's original members
    expectOk(await callA('DELETE', `/v1/workspace/${two.wid}/members/${member.id}`, two.token));
    await expectOneIntact();
  });

  it("over GraphQL too: the other tenant's workspace, provider, connector and API keys are NOT_FOUND; its API key is no credential for listing keys", async () => {
    const h = setA(two.token);
    const ws = await gqlH('query($wid: ID!) { workspace(workspaceId: $wid) { role } }', { wid: one.wid }, h);
    expect(ws.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const p = await gqlH('query($wid: ID!, $x: String!) { provider(workspaceId: $wid, providerKind: LSP, providerCode: $x) { name } }', { wid: one.wid, x: one.lsp.code }, h);
    expect(p.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const c = await gqlH(
      'query($wid: ID!, $x: String!, $id: ID!) { connector(workspaceId: $wid, providerKind: LSP, providerCode: $x, id: $id) { name } }',
      { wid: two.wid, x: two.lsp.code, id: one.connector.connectorId },
      h,
    );
    expect(c.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const del = await gqlH('mutation($wid: ID!) { deleteWorkspace(workspaceId: $wid) }', { wid: one.wid }, h);
    expect(del.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const keys = await gqlH('query($wid: ID!) { apiKeys(workspaceId: $wid) { items { id } } }', { wid: one.wid }, h);
    expect(keys.status).toBe(200);
    expect(keys.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(keys.body.data).toBeNull();
    // an API key (of workspace two) is not a user: listing keys needs a user access token, whichever workspace
    const key = await gqlH('query($wid: ID!) { apiKeys(workspaceId: $wid) { items { id } } }', { wid: one.wid }, { authorization: `Bearer ${two.key.key}` });
    expect(key.status).toBe(200);
    expect(key.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(key.body.data).toBeNull();
    await expectOneIntact();
  });

  it('deleting workspace two leaves workspace one whole', async () => {
    const extra = await tenant();
    expectOk(await callA('DELETE', `/v1/workspace/${extra.wid}`, extra.token));
    expectError(await callA('GET', `/v1/workspace/${extra.wid}`, extra.token), 'NOT_FOUND');
    await expectOneIntact();
    expect((await viewerBearer(one.key.key)).status).toBe(200);
    expect((await viewerBearer(extra.key.key)).status).toBe(401);
  });
});
