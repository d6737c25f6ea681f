import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from './support/platform.js';
import { join } from 'node:path';
import { api, newUser, randomIp, type ApiResponse } from './helpers.js';
import { allowOrigins, callA, contextToken, createConnector, DEVICE, issueToken, newOwner, setA, setupProvider, VIEWER } from './workspace-helpers.js';
import { signAccessToken, signContextToken } from '../kernel/tokens.js';

/**
 * Credential answers are cached by each gateway; a revocation made through one replica reaches every other within
 * 1 s (PostgreSQL: the event log, NOTIFY, a 250 ms poll). This file starts a SECOND gateway and a SECOND bridge on the
 * test platform's database, warms the second replica's cache with a credential, revokes it through the first
 * replica, and polls the second every 50 ms until it answers 401.
 */
const platformEnv = inject('platformEnv');
const databaseUrl = inject('databaseUrl');
const BUDGET_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const replicas: { name: string; proc: ChildProcess; output: () => string }[] = [];

function startReplica(name: string, script: string, env: Record<string, string>) {
  const proc = spawn(process.execPath, [script], {
    cwd: process.cwd(),
    env: { ...platformEnv, DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
  replicas.push({ name, proc, output: () => output });
  return proc;
}

async function waitReady(url: string, proc: ChildProcess, name: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode}): ${replicas.find((r) => r.proc === proc)?.output()}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`${name} not ready in 60 s: ${replicas.find((r) => r.proc === proc)?.output()}`);
}

let bridge2 = '';
let gateway2 = '';

beforeAll(async () => {
  const [gatewayPort, bridgePort] = [await freePort(), await freePort()];
  gateway2 = `http://127.0.0.1:${gatewayPort}/graphql`;
  bridge2 = `http://127.0.0.1:${bridgePort}`;
  const gw = startReplica('gateway-2', 'dist/gateway/main.js', { GATEWAY_PORT: String(gatewayPort) });
  await waitReady(`http://127.0.0.1:${gatewayPort}/readyz`, gw, 'gateway-2');
  const br = startReplica('bridge-2', 'dist/rest-bridge/main.js', { BRIDGE_PORT: String(bridgePort), GATEWAY_URL: gateway2 });
  await waitReady(`${bridge2}/readyz`, br, 'bridge-2');
});

afterAll(async () => {
  for (const { proc } of replicas.reverse()) {
    if (!proc.pid || proc.exitCode !== null) continue;
    const exited = new Promise((r) => proc.once('exit', r));
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    await Promise.race([exited, sleep(5000)]);
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    proc.stdout?.destroy();
    proc.stderr?.destroy();
  }
});

/** One REST call through the SECOND bridge. */
async function api2(method: string, path: string, opts: { token?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(bridge2 + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

/** `viewer` at the SECOND gateway (connector tokens have no REST route of their own). */
async function viewer2(headers: Record<string, string>) {
  const res = await fetch(gateway2, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers },
    body: JSON.stringify({ query: VIEWER }),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Calls `probe` every 50 ms until it answers 401; every answer before must be 200. Returns the milliseconds between
 * `since` (when the revocation's response arrived) and the 401.
 */
async function msUntil401(probe: () => Promise<{ status: number; body?: unknown }>, since: number): Promise<number> {
  for (;;) {
    const res = await probe();
    const elapsed = Date.now() - since;
    if (res.status === 401) return elapsed;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (elapsed > 5000) throw new Error(`still ${res.status} ${elapsed} ms after the revocation`);
    await sleep(50);
  }
}

/** Warms the replica: the credential must work there (twice: the second answer comes from its cache). */
async function warm(probe: () => Promise<{ status: number; body?: unknown }>) {
  for (let i = 0; i < 2; i++) {
    const res = await probe();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const NBO: [number, number] = [-1.2864, 36.8172];
const KAREN: [number, number] = [-1.3194, 36.7073];
const distanceBody = { origin: { coordinates: NBO, country: 'KE' }, destination: { coordinates: KAREN, country: 'KE' }, mode: 'AIR' };

describe('credential revocation reaches another replica within 1 s', () => {
  it('a user access token: logout through replica 1, 401 at replica 2', async () => {
    const u = await newUser();
    const me = () => api2('GET', '/v1/users/me', { token: u.accessToken });
    await warm(me);
    const out = await api('POST', '/v1/auth/logout', { token: u.accessToken });
    expect(out.status).toBe(200);
    expect(await msUntil401(me, Date.now())).toBeLessThan(BUDGET_MS);
  });

  it('a user access token: another session revoked by id through replica 1, 401 at replica 2', async () => {
    const u = await newUser();
    const login = await api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password, deviceId: 'second-device' } });
    expect(login.status).toBe(200);
    const other = login.body.accessToken as string;
    const me = () => api2('GET', '/v1/users/me', { token: other });
    await warm(me);
    const sessions = await api('GET', '/v1/auth/sessions', { token: u.accessToken });
    expect(sessions.status, JSON.stringify(sessions.body)).toBe(200);
    const target = sessions.body.sessions.find((s: any) => s.deviceId === 'second-device');
    expect(target, JSON.stringify(sessions.body)).toBeTruthy();
    const res = await api('DELETE', `/v1/auth/sessions/${target.id}`, { token: u.accessToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await msUntil401(me, Date.now())).toBeLessThan(BUDGET_MS);
    // the caller's own session is untouched
    expect((await api2('GET', '/v1/users/me', { token: u.accessToken })).status).toBe(200);
  });

  it('an API key: revoked through replica 1, 401 at replica 2', async () => {
    const o = await newOwner();
    const created = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'replicas', scopes: ['utilities'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { key, apiKey } = created.body.data;
    const distance = () => api2('POST', '/realm/utilities/distance', { token: key, body: distanceBody });
    await warm(distance);
    const revoked = await callA('DELETE', `/v1/workspace/${o.wid}/api-keys/${apiKey.id}`, o.token);
    expect(revoked.status).toBe(200);
    const since = Date.now();
    expect(await msUntil401(distance, since)).toBeLessThan(BUDGET_MS);
  });

  /** An LSP connector with an access token, whose `viewer` at replica 2 is warm (cached). */
  async function warmConnectorToken() {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'lsp');
    const c = await createConnector(o.token, o.wid, 'lsp', p.code);
    const origin = 'https://replicas.example.com';
    await allowOrigins(o.token, o.wid, 'lsp', p.code, c.connectorId, [origin]);
    const token = (await issueToken(c.connectorId, c.secret, origin)).body.data.accessToken as string;
    const view = () => viewer2({ authorization: `Bearer ${token}` });
    await warm(view);
    return { o, p, c, origin, token, view };
  }

  it('a connector access token: revoked through replica 1, 401 at replica 2', async () => {
    const { c, origin, token, view } = await warmConnectorToken();
    expect((await view()).body.data.viewer).toMatchObject({ kind: 'connector', connectorId: c.connectorId });
    const res = await api('PATCH', '/v1/access/token/revoke', { body: { accessToken: token }, headers: { origin } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await msUntil401(view, Date.now())).toBeLessThan(BUDGET_MS);
  });

  it('a connector access token: its connector disabled through replica 1, 401 at replica 2', async () => {
    const { o, p, c, view } = await warmConnectorToken();
    const off = await callA('PATCH', `/v1/${o.wid}/lsp/${p.code}/connectors/${c.connectorId}/disable`, o.token);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await msUntil401(view, Date.now())).toBeLessThan(BUDGET_MS);
  });

  it('a provider-context token: its provider deleted through replica 1, 401 at replica 2', async () => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'lsp');
    const ctx = await contextToken(o.token, o.wid, 'lsp', p.code);
    const fleets = () => api2('GET', '/v1/lsp/fleets?limit=1', { headers: setA(ctx) });
    await warm(fleets);
    const del = await callA('DELETE', `/v1/${o.wid}/lsp/${p.code}`, o.token);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await msUntil401(fleets, Date.now())).toBeLessThan(BUDGET_MS);
  });

  it('a provider-context token: its member removed through replica 1, 401 at replica 2', async () => {
    const o = await newOwner();
    const csp = await setupProvider(o.token, o.wid, 'csp', { type: 'VENDOR' });
    const cspContext = await contextToken(o.token, o.wid, 'csp', csp.code);
    const lsp = await setupProvider(o.token, o.wid, 'lsp');
    const member = await newUser({ name: 'Member' });
    const inv = await callA('POST', '/v1/csp/invitation/manager', cspContext, { phone: '+254711000000', name: 'Member' });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect((await callA('POST', '/v1/csp/invitation/accept', member.accessToken, { token: inv.body.data.token })).status).toBe(200);
    const ctx = await contextToken(member.accessToken, o.wid, 'lsp', lsp.code);
    const fleets = () => api2('GET', '/v1/lsp/fleets?limit=1', { headers: setA(ctx) });
    await warm(fleets);
    const removed = await callA('DELETE', `/v1/workspace/${o.wid}/members/${member.id}`, o.token);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await msUntil401(fleets, Date.now())).toBeLessThan(BUDGET_MS);
  });
});

describe('what fails verification is never cached', () => {
  const secrets = () => JSON.parse(readFileSync(join(platformEnv.DATA_DIR, 'secrets.json'), 'utf8')) as { jwtSecret: string };

  it('forged and expired tokens for a cached, live session are 401 every time', async () => {
    const u = await newUser();
    const claims = JSON.parse(Buffer.from(u.accessToken.split('.')[1], 'base64url').toString());
    const me = (token: string) => api2('GET', '/v1/users/me', { token });
    await warm(() => me(u.accessToken)); // the session's "still good" is now cached at replica 2
    const forged = await signAccessToken({ userId: u.id, sessionId: claims.sid }, 'x'.repeat(48), 900);
    const expired = await signAccessToken({ userId: u.id, sessionId: claims.sid }, secrets().jwtSecret, -60);
    const tampered = u.accessToken.slice(0, -4) + (u.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (let i = 0; i < 3; i++) {
      for (const token of [forged, expired, tampered]) expect((await me(token)).status).toBe(401);
      expect((await me(u.accessToken)).status).toBe(200);
    }
  });

  it('an expired provider-context token for a cached context is 401 every time', async () => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'lsp');
    const ctx = await contextToken(o.token, o.wid, 'lsp', p.code);
    const c = JSON.parse(Buffer.from(ctx.split('.')[1], 'base64url').toString());
    const fleets = (token: string) => api2('GET', '/v1/lsp/fleets?limit=1', { headers: setA(token) });
    await warm(() => fleets(ctx));
    const expired = await signContextToken(
      {
        userId: o.user.id,
        sessionId: c.sid,
        workspaceId: o.wid,
        providerKind: 'lsp',
        providerId: p.id,
        providerCode: p.code,
        role: 'OWNER',
        deviceId: DEVICE,
      },
      secrets().jwtSecret,
      -60,
    );
    expect(JSON.parse(Buffer.from(expired.split('.')[1], 'base64url').toString())).toMatchObject({ typ: 'context' });
    for (let i = 0; i < 3; i++) {
      expect((await fleets(expired)).status).toBe(401);
      expect((await fleets(ctx)).status).toBe(200);
    }
  });

  it('an unknown API key, and one that differs from a cached key after its prefix, are 401 every time', async () => {
    const o = await newOwner();
    const created = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'forged', scopes: ['utilities'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { key, apiKey } = created.body.data;
    const distance = (token: string) => api2('POST', '/realm/utilities/distance', { token, body: distanceBody });
    await warm(() => distance(key));
    const sameName = `${apiKey.prefix}_${'A'.repeat(43)}`;
    for (let i = 0; i < 3; i++) {
      expect((await distance(sameName)).status).toBe(401);
      expect((await distance('lpk_notareal_keyAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(401);
      expect((await distance(key)).status).toBe(200);
    }
  });
});
