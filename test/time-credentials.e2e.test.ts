import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PNG, api, expectError, form, newUser, type ApiResponse } from './helpers.js';
import { SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';

/**
 * Every documented credential lifetime, at its edge, on a platform of this file's own with the test clock
 * (kernel/clock.ts): the platform's clock is moved, never waited for. Lifetimes are the documented defaults
 * (docs/contract.md "Credentials", "Providers", "Access tokens", "CSP invitations", "User management"):
 * access token 15 minutes, provider-context token 3600 s, connector access token 3600 s, API key `expiresInDays`,
 * CSP invitation 7 days, refresh token 30 days from last use, account purge 30 days after deletion.
 *
 * Real time keeps running while the clock is moved, so each edge is tested with a margin of seconds either side.
 * The clock only moves forward in this file: each test starts a day after the previous one ended.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DEVICE = 'time-device-1';
const AGENT = 'time-e2e/1.0';
const ORIGIN = 'https://shop.example.com';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let p: OwnPlatform;

beforeAll(async () => {
  p = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { TEST_CLOCK: 'true', PURGE_SWEEP_INTERVAL_SECONDS: '1' } });
}, 180_000);

afterAll(async () => {
  await p?.stop();
});

// ───────────────────────────── the clock ─────────────────────────────

/** Starts a test a day after wherever the previous one left the clock; returns the platform time. */
async function nextEra(): Promise<number> {
  await p.clockTo(p.now() + DAY);
  return p.now();
}

// ───────────────────────────── calls to this file's platform ─────────────────────────────

const call = <T = any>(method: string, path: string, opts: Parameters<typeof api>[2] = {}) => api<T>(method, path, { ...opts, base: p.bridgeUrl });

const setA = (token: string, device = DEVICE): Record<string, string> => ({ 'svc-auth-token': token, 'svc-user-agent': AGENT, 'svc-auth-device': device });
const callA = (method: string, path: string, token: string, body?: unknown) => call(method, path, { body, headers: setA(token) });

async function gql(query: string, headers: Record<string, string>, variables: Record<string, unknown> = {}) {
  const res = await fetch(p.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } };
}

const register = (name: string) => newUser({ name }, p.bridgeUrl);

/** Signs in again (a fresh access token, valid for the next 15 minutes of the platform clock). */
async function signIn(u: { email: string }): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await call('POST', '/v1/auth/login', { body: { email: u.email, password: PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The generic success envelope (workspace, providers, invitations, LSP). */
function ok(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: false, status: 'SUCCESS' });
  return res.body.data;
}

/** The generic failure envelope with its code. */
function fails(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: true, status: code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body).not.toHaveProperty('data');
}

/** A GraphQL answer refusing the credential: HTTP 401, UNAUTHORIZED, no data. */
function gqlUnauthorized(res: Awaited<ReturnType<typeof gql>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(401);
  expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  expect(res.body.data ?? null).toBeNull();
}

/** A new user owning a new workspace. */
async function newOwner(label: string) {
  const user = await register(`${label} owner`);
  const wid = ok(await callA('POST', '/v1/workspace', user.accessToken, { name: `${label} ${Date.now().toString(36)}` }), 201).workspace.id as string;
  expect(wid).toMatch(UUID_RE);
  return { user, wid };
}

const providerBody = (type: string) => ({
  type,
  name: `Provider ${Math.random().toString(36).slice(2, 8)}`,
  contacts: { emails: ['ops@provider.example'], phones: ['+254700000001'] },
  address: { name: 'HQ', street1: '1 Main St', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: [-1.2921, 36.8219] },
});

/** Sets up a provider of `kind` in the workspace; returns its code. */
async function setupProvider(token: string, wid: string, kind: 'lsp' | 'csp', type: string): Promise<string> {
  const code = ok(await callA('POST', `/v1/${wid}/${kind}/setup`, token, providerBody(type)), 201).code as string;
  expect(code).toMatch(new RegExp(`^${kind.toUpperCase()}-`));
  return code;
}

/** A provider-context token and what the answer says about it. */
async function context(token: string, wid: string, kind: 'lsp' | 'csp', code: string) {
  return ok(await callA('GET', `/v1/${wid}/${kind}/${code}/context`, token)) as { token: string; expiresIn: number };
}

const VIEWER = '{ viewer { kind connectorId } }';
const UTIL_BODY = { origin: { coordinates: [-1.2864, 36.8172], country: 'KE' }, destination: { coordinates: [-1.3194, 36.7073], country: 'KE' }, mode: 'AIR' };
const distance = (key: string) => call('POST', '/realm/utilities/distance', { token: key, body: UTIL_BODY });

function distanceOk(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ error: false, status: 'UTILITY::DISTANCE_CALCULATED' });
}

function keyRefused(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(401);
  expect(res.body).toMatchObject({ error: true, status: 'AUTH::INVALID_API_KEY' });
  expect(res.body).not.toHaveProperty('result');
}

// ───────────────────────────── tokens ─────────────────────────────

describe('access tokens (15 minutes)', () => {
  it('an access token works at +890 s and is 401 UNAUTHORIZED at +910 s, through the bridge and at the gateway; its session still refreshes', async () => {
    const before = await nextEra();
    const u = await register('Access Expiry');
    const after = p.now();
    const login = await call('POST', '/v1/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.expiresIn).toBe(900);

    await p.clockTo(before + 890 * SECOND);
    const rest = await call('GET', '/v1/users/me', { token: u.accessToken });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.user.id).toBe(u.id);
    const graph = await gql('{ me { id } }', { authorization: `Bearer ${u.accessToken}` });
    expect(graph.status, JSON.stringify(graph.body)).toBe(200);
    expect(graph.body.data?.me.id).toBe(u.id);

    await p.clockTo(after + 910 * SECOND);
    expectError(await call('GET', '/v1/users/me', { token: u.accessToken }), 401, 'UNAUTHORIZED');
    gqlUnauthorized(await gql('{ me { id } }', { authorization: `Bearer ${u.accessToken}` }));

    // only the access token ran out: its session refreshes, and the new access token works
    const refreshed = await call('POST', '/v1/auth/refresh', { body: { refreshToken: u.refreshToken } });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const me = await call('GET', '/v1/users/me', { token: refreshed.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(u.id);
  });
});

describe('provider-context tokens (3600 s)', () => {
  it('a context token works at +3590 s and is 401 UNAUTHORIZED at +3610 s (REST and gateway); a new one from a new sign-in works', async () => {
    const o = await newOwner('Context Expiry');
    const code = await setupProvider(o.user.accessToken, o.wid, 'lsp', 'CARRIER');
    const before = p.now();
    const ctx = await context(o.user.accessToken, o.wid, 'lsp', code);
    const after = p.now();
    expect(ctx.expiresIn).toBe(3600);

    await p.clockTo(before + 3590 * SECOND);
    ok(await callA('GET', '/v1/lsp/fleets', ctx.token));
    const viewer = await gql('{ viewer { kind providerCode } }', setA(ctx.token));
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(200);
    expect(viewer.body.data?.viewer).toEqual({ kind: 'provider', providerCode: code });

    await p.clockTo(after + 3610 * SECOND);
    fails(await callA('GET', '/v1/lsp/fleets', ctx.token), 401, 'UNAUTHORIZED');
    gqlUnauthorized(await gql('{ viewer { kind providerCode } }', setA(ctx.token)));

    // the membership and the provider are intact: a fresh context token works
    const fresh = await context((await signIn(o.user)).accessToken, o.wid, 'lsp', code);
    ok(await callA('GET', '/v1/lsp/fleets', fresh.token));
  });
});

describe('connector access tokens (3600 s)', () => {
  it('a connector token works at +3590 s and is 401 UNAUTHORIZED at +3610 s; the expired token can still be revoked; a new one works', async () => {
    const o = await newOwner('Connector Expiry');
    const code = await setupProvider(o.user.accessToken, o.wid, 'lsp', 'CARRIER');
    const base = `/v1/${o.wid}/lsp/${code}/connectors`;
    const created = await callA('POST', base, o.user.accessToken, {
      type: 'ASI',
      name: 'Shop',
      config: { protocol: 'http1', version: 'v1', scope: ['orders:read'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { connectorId, secret } = created.body as { connectorId: string; secret: string };
    expect(secret).toMatch(/^lcs_/);
    const access = await callA('PATCH', `${base}/${connectorId}/access`, o.user.accessToken, { origins: [ORIGIN] });
    expect(access.status, JSON.stringify(access.body)).toBe(200);
    const issue = () => call('POST', '/v1/access/token', { body: { connectorId, secret }, headers: { origin: ORIGIN, 'svc-user-agent': AGENT } });

    const before = p.now();
    const issued = ok(await issue(), 201);
    const after = p.now();
    expect(issued).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, connectorId });
    const bearer = { authorization: `Bearer ${issued.accessToken}` };

    await p.clockTo(before + 3590 * SECOND);
    const good = await gql(VIEWER, bearer);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data?.viewer).toEqual({ kind: 'connector', connectorId });

    await p.clockTo(after + 3610 * SECOND);
    gqlUnauthorized(await gql(VIEWER, bearer));

    // "an expired token may be revoked too"
    const revoked = await call('PATCH', '/v1/access/token/revoke', { body: { accessToken: issued.accessToken }, headers: { origin: ORIGIN } });
    expect(ok(revoked)).toEqual({ revoked: true, connectorId });
    // the connector itself is fine: a new token works
    const fresh = ok(await issue(), 201);
    const v = await gql(VIEWER, { authorization: `Bearer ${fresh.accessToken}` });
    expect(v.status).toBe(200);
    expect(v.body.data?.viewer).toEqual({ kind: 'connector', connectorId });
  });
});

// ───────────────────────────── API keys ─────────────────────────────

describe('API keys (expiresInDays)', () => {
  /** A workspace with a utilities key expiring in `days` days; returns the key and its expiry. */
  async function keyExpiringIn(days: number) {
    const o = await newOwner('Key Expiry');
    const res = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.user.accessToken, { name: 'expiring', scopes: ['utilities'], expiresInDays: days });
    const data = ok(res, 201);
    expect(data.key).toMatch(/^lpk_/);
    const expiresAt = Date.parse(data.apiKey.expiresAt);
    // expiresInDays days from its creation
    expect(Math.abs(expiresAt - Date.parse(data.apiKey.createdAt) - days * DAY)).toBeLessThan(5 * SECOND);
    return { o, key: data.key as string, id: data.apiKey.id as string, expiresAt };
  }

  it('a key of expiresInDays 30 works the day before it expires and is 401 AUTH::INVALID_API_KEY (gateway: 401 UNAUTHORIZED) the day after; it is listed expired, not revoked; a key without expiry still works', async () => {
    await nextEra();
    const { o, key, id, expiresAt } = await keyExpiringIn(30);
    const lasting = ok(await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.user.accessToken, { name: 'lasting', scopes: ['utilities'] }), 201);
    expect(lasting.apiKey.expiresAt).toBeNull();

    await p.clockTo(expiresAt - DAY);
    distanceOk(await distance(key));

    await p.clockTo(expiresAt + DAY);
    keyRefused(await distance(key));
    gqlUnauthorized(await gql('{ viewer { kind } }', { authorization: `Bearer ${key}` }));
    distanceOk(await distance(lasting.key));

    const listed = ok(await callA('GET', `/v1/workspace/${o.wid}/api-keys`, (await signIn(o.user)).accessToken));
    expect(listed.find((k: any) => k.id === id)).toMatchObject({ id, revokedAt: null, expiresAt: new Date(expiresAt).toISOString() });
  });

  it('the credential cache does not keep an expired key alive: used 20 s before its expiry (its answer cached for up to 60 s), it is refused every time 20 s after', async () => {
    await nextEra();
    const { key, expiresAt } = await keyExpiringIn(1);

    // the gateway caches the owner's "yes" (CREDENTIAL_CACHE_TTL_SECONDS, 60 s) unless its revocation listener is
    // momentarily behind: several uses, so that the answer is cached, and several refusals expected after
    await p.clockTo(expiresAt - 20 * SECOND);
    for (let i = 0; i < 3; i++) distanceOk(await distance(key));

    await p.clockTo(expiresAt + 20 * SECOND);
    for (let i = 0; i < 5; i++) keyRefused(await distance(key));
  });
});

// ───────────────────────────── invitations ─────────────────────────────

describe('CSP invitations (7 days)', () => {
  it('accepting 30 s before expiresAt (7 days) works; accepting 30 s after is 404 NOT_FOUND and the invitee did not become a member', async () => {
    await nextEra();
    const o = await newOwner('CSP Invitation Expiry');
    const code = await setupProvider(o.user.accessToken, o.wid, 'csp', 'VENDOR');
    const ctx = await context(o.user.accessToken, o.wid, 'csp', code);
    const invite = async (name: string) => {
      const data = ok(await callA('POST', '/v1/csp/invitation/manager', ctx.token, { phone: '+254712345678', name }), 201);
      expect(data.invitation.status).toBe('PENDING');
      const expiresAt = Date.parse(data.invitation.expiresAt);
      expect(Math.abs(expiresAt - Date.parse(data.invitation.createdAt) - 7 * DAY)).toBeLessThan(5 * SECOND);
      return { token: data.token as string, id: data.invitation.id as string, expiresAt };
    };
    const early = await invite('Early Invitee');
    const late = await invite('Late Invitee');
    const earlyUser = await register('Early Invitee');
    const lateUser = await register('Late Invitee');

    await p.clockTo(early.expiresAt - 30 * SECOND);
    const accepted = ok(await callA('POST', '/v1/csp/invitation/accept', (await signIn(earlyUser)).accessToken, { token: early.token }));
    expect(accepted.invitation).toMatchObject({ id: early.id, status: 'ACCEPTED', acceptedBy: earlyUser.id });
    expect(accepted.member).toMatchObject({ userId: earlyUser.id, role: 'MANAGER' });

    await p.clockTo(late.expiresAt + 30 * SECOND);
    const lateToken = (await signIn(lateUser)).accessToken;
    fails(await callA('POST', '/v1/csp/invitation/accept', lateToken, { token: late.token }), 404, 'NOT_FOUND');

    // read back: the late invitee is in no workspace; the members are the owner and the early invitee
    const mine = await callA('GET', '/v1/workspace', lateToken);
    expect(ok(mine)).toEqual([]);
    fails(await callA('GET', `/v1/workspace/${o.wid}`, lateToken), 404, 'NOT_FOUND');
    const members = ok(await callA('GET', `/v1/workspace/${o.wid}/members`, (await signIn(o.user)).accessToken));
    expect(members.map((m: any) => [m.userId, m.role]).sort()).toEqual(
      [
        [o.user.id, 'OWNER'],
        [earlyUser.id, 'MANAGER'],
      ].sort(),
    );
  });
});

// docs/lsp.md says an expired agent invitation is 404 but gives no lifetime: the edge is the invitation's own expiresAt
describe('LSP agent invitations (until expiresAt)', () => {
  it("accepting 30 s before the invitation's expiresAt works (201); accepting 30 s after is 404 NOT_FOUND and no agent is added", async () => {
    await nextEra();
    const o = await newOwner('Agent Invitation Expiry');
    const code = await setupProvider(o.user.accessToken, o.wid, 'lsp', 'CARRIER');
    const ctx = await context(o.user.accessToken, o.wid, 'lsp', code);
    const invite = async (name: string) => {
      const data = ok(await callA('POST', '/v1/lsp/agents/invitations', ctx.token, { name }), 201);
      expect(data.token).toMatch(/^agt_/);
      expect(data.invitation.status).toBe('PENDING');
      const expiresAt = Date.parse(data.invitation.expiresAt);
      expect(expiresAt).toBeGreaterThan(p.now() + HOUR);
      return { token: data.token as string, expiresAt };
    };
    const early = await invite('Early Agent');
    const late = await invite('Late Agent');
    const earlyUser = await register('Early Agent');
    const lateUser = await register('Late Agent');

    await p.clockTo(early.expiresAt - 30 * SECOND);
    const agent = ok(await callA('POST', '/v1/lsp/agents/invitations/accept', (await signIn(earlyUser)).accessToken, { token: early.token }), 201);
    expect(agent).toMatchObject({ userId: earlyUser.id, status: 'ACTIVE', workspace: { type: 'LSP', icode: code } });

    await p.clockTo(late.expiresAt + 30 * SECOND);
    fails(await callA('POST', '/v1/lsp/agents/invitations/accept', (await signIn(lateUser)).accessToken, { token: late.token }), 404, 'NOT_FOUND');

    // read back: the LSP's agents are the early invitee alone
    const fresh = await context((await signIn(o.user)).accessToken, o.wid, 'lsp', code);
    const agents = ok(await callA('GET', '/v1/lsp/agents?limit=100', fresh.token));
    expect(agents.map((a: any) => a.userId)).toEqual([earlyUser.id]);
  });
});

// ───────────────────────────── refresh sessions ─────────────────────────────

describe('refresh sessions (30 days from last use)', () => {
  const refresh = (refreshToken: string) => call('POST', '/v1/auth/refresh', { body: { refreshToken } });
  const sessions = async (accessToken: string) => {
    const res = await call('GET', '/v1/auth/sessions', { token: accessToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.sessions as { id: string; expiresAt: string; lastUsedAt: string; current: boolean }[];
  };

  it('a session refreshed 30 s before its 30 days slides to 30 days from then; an unused one is refused 30 s after its 30 days (401) and drops from the list; the slid one ends 30 days after its last use', async () => {
    await nextEra();
    const u = await register('Refresh Lifetime');
    const second = await signIn(u);
    const listed = await sessions(u.accessToken);
    expect(listed).toHaveLength(2);
    const [a, b] = [listed.find((s) => s.current)!, listed.find((s) => !s.current)!];
    // 30 days from sign-in
    for (const s of [a, b]) expect(Math.abs(Date.parse(s.expiresAt) - Date.parse(s.lastUsedAt) - 30 * DAY)).toBeLessThan(5 * SECOND);

    // session A, refreshed just before its end, lives on for 30 days from that use
    await p.clockTo(Date.parse(a.expiresAt) - 30 * SECOND);
    const usedAt = p.now();
    const a1 = await refresh(u.refreshToken);
    expect(a1.status, JSON.stringify(a1.body)).toBe(200);
    const slid = (await sessions(a1.body.accessToken)).find((s) => s.id === a.id)!;
    expect(Math.abs(Date.parse(slid.expiresAt) - (usedAt + 30 * DAY))).toBeLessThan(5 * SECOND);

    // session B, never refreshed, is over 30 s after its 30 days
    await p.clockTo(Date.parse(b.expiresAt) + 30 * SECOND);
    expectError(await refresh(second.refreshToken), 401, 'UNAUTHORIZED');
    // …while A, past its first 30 days, still refreshes (its lifetime slid)
    const a2 = await refresh(a1.body.refreshToken);
    expect(a2.status, JSON.stringify(a2.body)).toBe(200);
    const now = await sessions(a2.body.accessToken);
    expect(now.map((s) => s.id)).toEqual([a.id]);

    // and A ends in turn 30 days after its last use
    const last = (await sessions(a2.body.accessToken))[0];
    await p.clockTo(Date.parse(last.expiresAt) + 30 * SECOND);
    expectError(await refresh(a2.body.refreshToken), 401, 'UNAUTHORIZED');
    const fresh = await signIn(u);
    const after = await sessions(fresh.accessToken);
    expect(after).toHaveLength(1);
    expect(after[0].id).not.toBe(a.id);
    expect(after[0].current).toBe(true);
  });
});

// ───────────────────────────── account purge ─────────────────────────────

describe('account deletion: 30 days of grace, then the purge', () => {
  it('deleted: still held at +29 days (sign-in 401, e-mail taken 409, hidden from others); purged by the sweep after +31 days (e-mail free again, avatar file gone)', async () => {
    await nextEra();
    const name = `Purge ${Math.random().toString(36).slice(2, 10)}`;
    const u = await register(name);
    const viewer = await register('Purge Viewer');
    const upload = await call('POST', '/v1/users/me/avatar', { token: u.accessToken, body: form({ file: [PNG, 'image/png', 'me.png'] }) });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const avatarUrl = upload.body.avatarUrl as string;
    expect((await fetch(avatarUrl)).status).toBe(200);
    const found = await call('GET', `/v1/users/search?q=${encodeURIComponent(name)}`, { token: viewer.accessToken });
    expect(found.status).toBe(200);
    expect(found.body.users.map((x: any) => x.id)).toEqual([u.id]);

    const requested = p.now();
    const del = await call('DELETE', '/v1/users/me', { token: u.accessToken, body: { password: PASSWORD, confirmation: 'DELETE_MY_ACCOUNT' } });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.success).toBe(true);
    const deletionDate = Date.parse(del.body.deletionDate);
    expect(Math.abs(deletionDate - requested - 30 * DAY)).toBeLessThan(MINUTE);
    // every session ends at once
    expectError(await call('GET', '/v1/users/me', { token: u.accessToken }), 401, 'UNAUTHORIZED');

    // +29 days: in its grace period; the sweep (every second here) is given a few rounds to leave it alone
    await p.clockTo(requested + 29 * DAY);
    await new Promise((r) => setTimeout(r, 2500));
    expectError(await call('POST', '/v1/auth/login', { body: { email: u.email, password: PASSWORD } }), 401, 'UNAUTHORIZED');
    expectError(await call('POST', '/v1/auth/register', { body: { email: u.email, password: PASSWORD, name } }), 409, 'CONFLICT', 'email');
    const viewerToken = (await signIn(viewer)).accessToken;
    expectError(await call('GET', `/v1/users/${u.id}`, { token: viewerToken }), 404, 'NOT_FOUND');
    const hidden = await call('GET', `/v1/users/search?q=${encodeURIComponent(name)}`, { token: viewerToken });
    expect(hidden.status).toBe(200);
    expect(hidden.body.total).toBe(0);

    // +31 days: past the grace period; the sweep purges the account, and the e-mail can be registered again
    await p.clockTo(requested + 31 * DAY);
    let again: ApiResponse | undefined;
    for (let i = 0; i < 40; i++) {
      again = await call('POST', '/v1/auth/register', { body: { email: u.email, password: PASSWORD, name } });
      if (again.status !== 409) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(again!.status, JSON.stringify(again!.body)).toBe(201);
    expect(again!.body.user.email).toBe(u.email);
    expect(again!.body.user.id).not.toBe(u.id);
    // purged with its files
    expect((await fetch(avatarUrl)).status).toBe(404);
    expectError(await call('GET', `/v1/users/${u.id}`, { token: again!.body.accessToken }), 404, 'NOT_FOUND');
  }, 60_000);
});
