import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, type ApiResponse } from './helpers.js';
import { SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';

/**
 * The commerce family's lifetimes at their edges (docs/orders.md "Limits"), on a platform of this file's own with the
 * test clock: an intent token 24 h as a draft (INTENT_TTL_HOURS) and 30 days after placement, a quote 900 s
 * (QUOTE_TTL_SECONDS), an Idempotency-Key 24 h. The clock only moves forward; each test starts a day after the last.
 */

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
const DEVICE = 'clock-device';
const AGENT = 'clock-e2e/1.0';
const ORIGIN = 'https://clock-shop.example';

let p: OwnPlatform;
const call = (method: string, path: string, opts: Parameters<typeof api>[2] = {}) => api(method, path, { ...opts, base: p.bridgeUrl });
const setA = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': AGENT, 'svc-auth-device': DEVICE });
const client = (method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
  call(method, path, { body, headers: { origin: ORIGIN, ...(token ? { 'x-intent-token': token } : {}), ...headers } });

async function must(res: ApiResponse, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function fails(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: true, status: code });
}

beforeAll(async () => {
  p = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { TEST_CLOCK: 'true' } });
  const owner = await newUser({ name: 'Clock owner' }, p.bridgeUrl);
  const login = await must(await call('POST', '/v1/auth/login', { body: { email: owner.email, password: owner.password, deviceId: DEVICE } }), 200, 'login');
  const token = login.accessToken as string;
  const wid = (await must(await call('POST', '/v1/workspace', { body: { name: 'Clock shop' }, headers: setA(token) }), 201, 'workspace')).data.workspace.id;
  const provider = (kind: string) => ({ type: kind === 'lsp' ? 'CARRIER' : 'VENDOR', name: `Clock ${kind}`, address: { city: 'Rotterdam', country: 'NL', coordinates: [51.92, 4.48] } });
  const csp = (await must(await call('POST', `/v1/${wid}/csp/setup`, { body: provider('csp'), headers: setA(token) }), 201, 'csp')).data;
  const lsp = (await must(await call('POST', `/v1/${wid}/lsp/setup`, { body: provider('lsp'), headers: setA(token) }), 201, 'lsp')).data;
  const connector = await must(
    await call('POST', `/v1/${wid}/csp/${csp.code}/connectors`, {
      body: { type: 'ASI', name: 'Clock shop', config: { protocol: 'http1', version: 'v1', scope: ['orders:write'] } },
      headers: setA(token),
    }),
    201,
    'connector',
  );
  await must(await call('PATCH', `/v1/${wid}/csp/${csp.code}/connectors/${connector.connectorId}/access`, { body: { origins: [ORIGIN] }, headers: setA(token) }), 200, 'origins');
  const context = (await must(await call('GET', `/v1/${wid}/lsp/${lsp.code}/context`, { headers: setA(token) }), 200, 'context')).data.token;
  const area = await must(
    await call('POST', '/v1/lsp/coverage/areas/last_mile', {
      body: { name: 'Rotterdam', code: 'RTM', reach: 'LOCAL', transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } }, country: 'NL', city: 'Rotterdam' },
      headers: setA(context),
    }),
    201,
    'area',
  );
  await must(await call('PATCH', `/v1/lsp/coverage/areas/${area.area.id}/last_mile`, { body: { status: 'ACTIVE' }, headers: setA(context) }), 200, 'activate');
}, 180_000);

afterAll(async () => {
  await p?.stop();
});

async function nextEra(): Promise<number> {
  await p.clockTo(p.now() + DAY);
  return p.now();
}

/** An intent with two Rotterdam stops and a package; its token. */
async function intent(): Promise<string> {
  const token = (await must(await client('POST', '/v1/order/intent', { clientId: 'clock' }), 201, 'intent')).data.token as string;
  await must(
    await client(
      'PUT',
      '/v1/order/waypoints/add',
      [
        { type: 'pickup', coordinates: [51.92, 4.4869] },
        { type: 'dropoff', coordinates: [51.9175, 4.5256] },
      ],
      token,
    ),
    201,
    'stops',
  );
  await must(await client('PUT', '/v1/order/packages/add', [{ waypointNo: 1, category: 'PARCEL', weight: 1 }], token), 201, 'package');
  return token;
}

/** The first quote of an intent (waits for the network copy). */
async function quote(token: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await client('GET', '/v1/order/operators', undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.data.length) return res.body.data[0].quoteId;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no operator');
}

describe('lifetimes at their edges', () => {
  it('an intent token works 24 h as a draft, and not a moment after', async () => {
    const t0 = await nextEra();
    const token = await intent();
    await p.clockTo(t0 + DAY - 5 * SECOND);
    expect((await client('GET', '/v1/order/stage', undefined, token)).status).toBe(200);
    await p.clockTo(t0 + DAY + 5 * SECOND);
    const res = await client('GET', '/v1/order/stage', undefined, token);
    fails(res, 401, 'UNAUTHORIZED');
    expect(res.body.message).toContain('expired');
  });

  it('a quote binds 900 s: placed at 895 s, refused with QUOTE_EXPIRED at 905 s (and the order stays an intent)', async () => {
    const t0 = await nextEra();
    const a = await intent();
    const qa = await quote(a);
    await p.clockTo(t0 + 895 * SECOND);
    expect((await client('POST', '/v1/order/service', { quoteId: qa, payment: { mode: 'cash' } }, a)).status).toBe(201);
    const t1 = await nextEra();
    const b = await intent();
    const qb = await quote(b);
    await p.clockTo(t1 + 905 * SECOND);
    const res = await client('POST', '/v1/order/service', { quoteId: qb, payment: { mode: 'cash' } }, b);
    fails(res, 409, 'QUOTE_EXPIRED');
    expect(res.body.field).toBe('quoteId');
    expect((await client('GET', '/v1/order/stage', undefined, b)).body.data.status).toBe('INTENT');
  });

  it("a placed order's token works 30 days from placement, then 401", async () => {
    await nextEra();
    const token = await intent();
    const placed = await must(await client('POST', '/v1/order/service', { quoteId: await quote(token), payment: { mode: 'cash' } }, token), 201, 'place');
    const at = Date.parse(placed.data.placedAt);
    expect(Date.parse(placed.data.tokenExpiresAt) - at).toBe(30 * DAY);
    await p.clockTo(at + 30 * DAY - 5 * SECOND);
    expect((await client('GET', '/v1/order/stage', undefined, token)).body.data.status).toBe('PLACED');
    await p.clockTo(at + 30 * DAY + 5 * SECOND);
    fails(await client('GET', '/v1/order/stage', undefined, token), 401, 'UNAUTHORIZED');
  });

  it('an Idempotency-Key is remembered 24 h: another request with it is 422 before, a new intent after', async () => {
    const t0 = await nextEra();
    const headers = { 'idempotency-key': 'clock-key-1' };
    const first = await must(await client('POST', '/v1/order/intent', { clientId: 'k1' }, undefined, headers), 201, 'first');
    await p.clockTo(t0 + DAY - 5 * SECOND);
    fails(await client('POST', '/v1/order/intent', { clientId: 'k2' }, undefined, headers), 422, 'IDEMPOTENCY_KEY_REUSED');
    await p.clockTo(t0 + DAY + 5 * SECOND);
    const later = await must(await client('POST', '/v1/order/intent', { clientId: 'k2' }, undefined, headers), 201, 'after');
    expect(later.data.intent.id).not.toBe(first.data.intent.id);
    expect(later.data.intent.clientId).toBe('k2');
  });
});
