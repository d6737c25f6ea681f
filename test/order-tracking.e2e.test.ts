import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, newUser, type ApiResponse } from './helpers.js';
import { SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';
import { ROTTERDAM, SET_B, activeArea, callA, carrierAgent, eventually, newCarrier, newShop, rotterdamIntent, type Carrier, type Intent, type Shop } from './commerce-helpers.js';
import { facilityBody, vehicleBody } from './lsp-helpers.js';
import { graphqlAt } from './workspace-helpers.js';

/**
 * Tracking links (docs/orders.md "Tracking links", an extension of the spec): made by the client's integration (its
 * intent token) and by the CSP's desk, shown once; `orderTracking` answers the receiver without a credential, with the
 * vehicle's exact position and ETA only while the order is IN_TRANSIT, and the same null for every token that does not
 * work. The 7-day edge after delivery runs on a platform of its own with the test clock.
 */

const SECOND = 1000;
const DAY = 86_400 * SECOND;

const TRACKING = `query($t: String!) { orderTracking(token: $t) {
  reference status stage timeline { status at } packages { trackingCode status }
  stops { no type location { latitude longitude } address }
  vehicle { position { latitude longitude } heading recordedAt eta etaMinutes distanceKm }
  expiresAt updatedAt } }`;
const MOVE = `mutation($r: String!, $to: OrderMove!) { moveAssignedOrder(reference: $r, to: $to) { status } }`;

/** `orderTracking` with no credential at all. */
const track = async (token: string) => {
  const res = await gql(TRACKING, { t: token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return res.body.data!.orderTracking;
};

function fails(res: ApiResponse, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: true, status: code, ...(field ? { field } : {}) });
}

let shop: Shop;
let carrier: Carrier;
let agent: Awaited<ReturnType<typeof carrierAgent>>;
let vehicleId: string;
let utilitiesKey: string;

beforeAll(async () => {
  shop = await newShop();
  carrier = await newCarrier(shop.owner);
  await activeArea(carrier, { country: 'NL', city: 'Rotterdam' });
  agent = await carrierAgent(carrier);
  const fleet = await carrier.call('POST', '/v1/lsp/fleets/create', facilityBody());
  expect(fleet.status, JSON.stringify(fleet.body)).toBe(201);
  const vehicle = await carrier.call('POST', `/v1/lsp/fleets/${fleet.body.data.id}/vehicles/add`, vehicleBody());
  expect(vehicle.status, JSON.stringify(vehicle.body)).toBe(201);
  vehicleId = vehicle.body.data.id;
  const assigned = await carrier.call('PUT', `/v1/lsp/agents/${agent.agentId}/vehicle/assign`, { vid: vehicleId, terms: ['DRIVER'], isOwner: false });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const key = await callA('POST', `/v1/workspace/${shop.wid}/api-keys`, shop.owner.token, { name: 'fleet tracking', scopes: ['utilities'] });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  utilitiesKey = key.body.data.key;
}, 120_000);

/** A Rotterdam order placed with the carrier (card payment). */
async function placed(): Promise<Intent> {
  const intent = await rotterdamIntent(shop);
  const quoteId = await eventually(async () => {
    const res = await shop.call('GET', '/v1/order/operators', undefined, { token: intent.token });
    return res.status === 200 ? res.body.data[0]?.quoteId : undefined;
  }, 'a quote');
  const res = await shop.call('POST', '/v1/order/service', { quoteId, payment: { mode: 'card' } }, { token: intent.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return intent;
}

/** Assigns the order to the agent with their vehicle (the commerce family's copy of the agent follows the event log). */
async function assign(reference: string): Promise<void> {
  await eventually(async () => {
    const res = await carrier.desk('POST', `/v1/lsps/${carrier.code}/orders/${reference}/assign/${agent.agentId}`);
    if (res.status !== 200) return undefined;
    if (res.body.data.vehicleId === vehicleId) return true;
    // assigned before the copy knew the vehicle: take it back and assign again
    await carrier.desk('POST', `/v1/lsps/${carrier.code}/orders/${reference}/unassign/${agent.agentId}`);
    return undefined;
  }, 'the assignment with the vehicle');
}

async function move(reference: string, to: string): Promise<void> {
  const res = await gql(MOVE, { r: reference, to }, agent.user.accessToken);
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  expect(res.body.data.moveAssignedOrder.status).toBe(to);
}

const createByClient = (intent: Intent, headers: Record<string, string> = {}) => shop.call('POST', '/v1/order/tracking-links', undefined, { token: intent.token, headers });
const createByCsp = (reference: string) => api('POST', `/v1/rsps/${shop.csp.code}/orders/${reference}/tracking-links`, { headers: SET_B(shop.cspContext) });

describe('making a link', () => {
  it("by the client's integration: 201 with the token and URL, shown once", async () => {
    const intent = await placed();
    const res = await createByClient(intent);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ error: false, status: 'SUCCESS' });
    const link = res.body.data;
    expect(link.token).toMatch(/^otl_[A-Za-z0-9_-]{46}\.[A-Za-z0-9_-]{22}$/);
    expect(link.url).toMatch(new RegExp(`/track/${link.token.replace(/[.]/g, '\\.')}$`));
    expect(link).toMatchObject({ reference: intent.reference, expiresAt: null, revokedAt: null });
    // revoked afterwards: the answer names the link without its token or URL
    const revoked = await shop.call('DELETE', `/v1/order/tracking-links/${link.id}`, undefined, { token: intent.token });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: link.id, token: null, url: null, reference: intent.reference });
    expect(revoked.body.data.revokedAt).toEqual(expect.any(String));
  });

  it("by the CSP's desk (header set B): 201, and another CSP's order is 404", async () => {
    const intent = await placed();
    const res = await createByCsp(intent.reference);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.token).toMatch(/^otl_/);
    expect(await track(res.body.data.token)).toMatchObject({ reference: intent.reference, status: 'PLACED', stage: 'AWAITING_AGENT' });
    const other = await newShop();
    fails(await api('POST', `/v1/rsps/${other.csp.code}/orders/${intent.reference}/tracking-links`, { headers: SET_B(other.cspContext) }), 404, 'NOT_FOUND');
    // the desk revokes by the order's reference; another order's reference is 404
    const second = await placed();
    fails(await api('DELETE', `/v1/rsps/${shop.csp.code}/orders/${second.reference}/tracking-links/${res.body.data.id}`, { headers: SET_B(shop.cspContext) }), 404, 'NOT_FOUND');
    const revoked = await api('DELETE', `/v1/rsps/${shop.csp.code}/orders/${intent.reference}/tracking-links/${res.body.data.id}`, { headers: SET_B(shop.cspContext) });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await track(res.body.data.token)).toBeNull();
  });

  it('a DEVELOPER reads at the CSP desk but may not make or revoke a link (403): a link shows the order to anyone', async () => {
    const intent = await placed();
    const { joinAs, contextToken } = await import('./workspace-helpers.js');
    const dev = await joinAs(shop.cspContext, 'DEVELOPER');
    const devToken = await contextToken(dev.token, shop.wid, 'csp', shop.csp.code);
    expect((await api('GET', `/v1/rsps/${shop.csp.code}/orders`, { headers: SET_B(devToken) })).status).toBe(200);
    fails(await api('POST', `/v1/rsps/${shop.csp.code}/orders/${intent.reference}/tracking-links`, { headers: SET_B(devToken) }), 403, 'FORBIDDEN');
    const made = await createByCsp(intent.reference);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    fails(await api('DELETE', `/v1/rsps/${shop.csp.code}/orders/${intent.reference}/tracking-links/${made.body.data.id}`, { headers: SET_B(devToken) }), 403, 'FORBIDDEN');
    expect(await track(made.body.data.token)).toMatchObject({ reference: intent.reference });
  });

  it('an INTENT is 409 status; at most 10 links not revoked per order (409 links)', async () => {
    const draft = await rotterdamIntent(shop);
    fails(await createByClient(draft), 409, 'CONFLICT', 'status');
    const intent = await placed();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await createByClient(intent);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.id);
    }
    fails(await createByClient(intent), 409, 'CONFLICT', 'links');
    expect((await shop.call('DELETE', `/v1/order/tracking-links/${ids[0]}`, undefined, { token: intent.token })).status).toBe(200);
    expect((await createByClient(intent)).status).toBe(201);
  });

  it('honours Idempotency-Key: the same link and token again', async () => {
    const intent = await placed();
    const a = await createByClient(intent, { 'Idempotency-Key': 'link-1' });
    const b = await createByClient(intent, { 'Idempotency-Key': 'link-1' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.data).toEqual(a.body.data);
  });
});

describe('what a link shows', () => {
  it('stops, packages and timeline; the vehicle with position and ETA only while IN_TRANSIT; no contact, phone or agent name', async () => {
    const intent = await placed();
    const link = (await createByClient(intent)).body.data;
    const first = await track(link.token);
    expect(first.stops).toEqual([
      { no: 1, type: 'pickup', location: { latitude: ROTTERDAM.markthal[0], longitude: ROTTERDAM.markthal[1] }, address: 'Ds. Jan Scharpstraat 298, Rotterdam' },
      { no: 2, type: 'dropoff', location: { latitude: ROTTERDAM.erasmus[0], longitude: ROTTERDAM.erasmus[1] }, address: 'Burgemeester Oudlaan 50, Rotterdam' },
    ]);
    expect(first.packages).toEqual([{ trackingCode: expect.stringMatching(/^PTC-/), status: 'PENDING' }]);
    expect(first.timeline.map((s: any) => s.status)).toEqual(['PLACED']);
    expect(first.vehicle).toBeNull();

    await assign(intent.reference);
    await move(intent.reference, 'PICKED_UP');
    expect((await track(link.token)).vehicle).toBeNull();
    await move(intent.reference, 'IN_TRANSIT');
    // IN_TRANSIT without a reported position: the vehicle is there, its position and ETA null
    expect((await track(link.token)).vehicle).toEqual({ position: null, heading: null, recordedAt: null, eta: null, etaMinutes: null, distanceKm: null });

    const report = await gql(
      `mutation($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id } }`,
      { i: { vehicleId, type: 'VAN', status: 'BUSY', location: { latitude: ROTTERDAM.hall[0], longitude: ROTTERDAM.hall[1] }, heading: 90 } },
      utilitiesKey,
    );
    expect(report.body.errors, JSON.stringify(report.body)).toBeUndefined();
    const onTheWay = await track(link.token);
    expect(onTheWay).toMatchObject({ status: 'IN_TRANSIT', stage: 'ON_THE_WAY', expiresAt: null });
    expect(onTheWay.packages[0].status).toBe('IN_TRANSIT');
    expect(onTheWay.timeline.map((s: any) => s.status)).toEqual(['PLACED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT']);
    // golden (docs/utilities.md): city hall → Erasmus (the dropoff) is 3.232 km of great circle (R 6,371.0088 km),
    // × 1.30 = 4.20 road km; at 25 km/h (the first 10 km) 10.09 min, rounded up: 11 min
    expect(onTheWay.vehicle).toMatchObject({ position: { latitude: ROTTERDAM.hall[0], longitude: ROTTERDAM.hall[1] }, heading: 90, distanceKm: 4.2, etaMinutes: 11 });
    const ahead = Date.parse(onTheWay.vehicle.eta) - Date.now();
    expect(ahead).toBeGreaterThan(11 * 60 * SECOND - 30 * SECOND);
    expect(ahead).toBeLessThan(11 * 60 * SECOND + 30 * SECOND);
    // no agent, no phone, no e-mail, no workspace or vehicle id anywhere in the answer
    const text = JSON.stringify(onTheWay);
    for (const secret of ['+31101234567', 'client@example.test', 'Shop desk', 'Courier', vehicleId, shop.wid, agent.agentId]) expect(text).not.toContain(secret);
    // the key fields are not the client's to select
    const keyField = await gql(`query($t: String!) { orderTracking(token: $t) { vehicle { vehicleId } } }`, { t: link.token });
    expect(keyField.status).toBe(400);

    await move(intent.reference, 'DELIVERED');
    const done = await track(link.token);
    expect(done).toMatchObject({ status: 'DELIVERED', stage: 'COMPLETED', vehicle: null });
    const delivered = done.timeline.at(-1);
    expect(delivered.status).toBe('DELIVERED');
    expect(Date.parse(done.expiresAt) - Date.parse(delivered.at)).toBe(7 * DAY);
    // a final order takes no new link
    fails(await createByClient(intent), 409, 'CONFLICT', 'status');
  });

  it('the same null for a forged, unknown, malformed or revoked token; a second revocation is 409 status', async () => {
    const intent = await placed();
    const link = (await createByClient(intent)).body.data;
    expect(await track(link.token)).not.toBeNull();
    const [body, mac] = link.token.slice(4).split('.');
    const forged = `otl_${body}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(await track(forged)).toBeNull();
    expect(await track('otl_nothing')).toBeNull();
    expect(await track(intent.token)).toBeNull();
    expect((await shop.call('DELETE', `/v1/order/tracking-links/${link.id}`, undefined, { token: intent.token })).status).toBe(200);
    expect(await track(link.token)).toBeNull();
    fails(await shop.call('DELETE', `/v1/order/tracking-links/${link.id}`, undefined, { token: intent.token }), 409, 'CONFLICT', 'status');
  });

  it("another workspace's or another order's link id is 404", async () => {
    const a = await placed();
    const b = await placed();
    const linkB = (await createByClient(b)).body.data;
    fails(await shop.call('DELETE', `/v1/order/tracking-links/${linkB.id}`, undefined, { token: a.token }), 404, 'NOT_FOUND');
    const other = await newShop();
    fails(await api('DELETE', `/v1/rsps/${other.csp.code}/orders/${b.reference}/tracking-links/${linkB.id}`, { headers: SET_B(other.cspContext) }), 404, 'NOT_FOUND');
    expect(await track(linkB.token)).not.toBeNull();
  });

  it("cancelling the order revokes its links (the client's cancel and the LSP's)", async () => {
    const byClient = await placed();
    const l1 = (await createByClient(byClient)).body.data;
    const l2 = (await createByCsp(byClient.reference)).body.data;
    expect((await shop.call('DELETE', '/v1/order/intent/cancel', undefined, { token: byClient.token })).status).toBe(200);
    expect(await track(l1.token)).toBeNull();
    expect(await track(l2.token)).toBeNull();
    const byLsp = await placed();
    const l3 = (await createByCsp(byLsp.reference)).body.data;
    expect((await carrier.desk('GET', `/v1/lsps/${carrier.code}/orders/${byLsp.reference}/cancel`)).status).toBe(200);
    expect(await track(l3.token)).toBeNull();
    // already revoked by the cancellation: revoking is 409
    fails(await api('DELETE', `/v1/rsps/${shop.csp.code}/orders/${byLsp.reference}/tracking-links/${l3.id}`, { headers: SET_B(shop.cspContext) }), 409, 'CONFLICT', 'status');
  });
});

describe('the 7-day edge after delivery (test clock, a platform of its own)', () => {
  const DEVICE = 'tracking-device';
  const ORIGIN = 'https://tracking-shop.example';
  let p: OwnPlatform;
  let lspContext: string;
  let lspCode: string;
  let agentId: string;
  let agentToken: string;
  const call = (method: string, path: string, opts: Parameters<typeof api>[2] = {}) => api(method, path, { ...opts, base: p.bridgeUrl });
  const setA = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': 'tracking-e2e/1.0', 'svc-auth-device': DEVICE });
  const client = (method: string, path: string, body?: unknown, token?: string) => call(method, path, { body, headers: { origin: ORIGIN, ...(token ? { 'x-intent-token': token } : {}) } });
  async function must(res: ApiResponse, status: number, what: string) {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const trackAt = async (token: string) => (await graphqlAt(p.gatewayUrl, TRACKING, { t: token }, {})).body.data.orderTracking;

  beforeAll(async () => {
    p = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { TEST_CLOCK: 'true' } });
    const owner = await newUser({ name: 'Tracking owner' }, p.bridgeUrl);
    const login = await must(await call('POST', '/v1/auth/login', { body: { email: owner.email, password: owner.password, deviceId: DEVICE } }), 200, 'login');
    const token = login.accessToken as string;
    const wid = (await must(await call('POST', '/v1/workspace', { body: { name: 'Tracking shop' }, headers: setA(token) }), 201, 'workspace')).data.workspace.id;
    const provider = (kind: string) => ({ type: kind === 'lsp' ? 'CARRIER' : 'VENDOR', name: `Tracking ${kind}`, address: { city: 'Rotterdam', country: 'NL', coordinates: [51.92, 4.48] } });
    const csp = (await must(await call('POST', `/v1/${wid}/csp/setup`, { body: provider('csp'), headers: setA(token) }), 201, 'csp')).data;
    const lsp = (await must(await call('POST', `/v1/${wid}/lsp/setup`, { body: provider('lsp'), headers: setA(token) }), 201, 'lsp')).data;
    lspCode = lsp.code;
    const connector = await must(
      await call('POST', `/v1/${wid}/csp/${csp.code}/connectors`, {
        body: { type: 'ASI', name: 'Tracking shop', config: { protocol: 'http1', version: 'v1', scope: ['orders:write'] } },
        headers: setA(token),
      }),
      201,
      'connector',
    );
    await must(await call('PATCH', `/v1/${wid}/csp/${csp.code}/connectors/${connector.connectorId}/access`, { body: { origins: [ORIGIN] }, headers: setA(token) }), 200, 'origins');
    lspContext = (await must(await call('GET', `/v1/${wid}/lsp/${lsp.code}/context`, { headers: setA(token) }), 200, 'context')).data.token;
    const area = await must(
      await call('POST', '/v1/lsp/coverage/areas/last_mile', {
        body: { name: 'Rotterdam', code: 'RTM', reach: 'LOCAL', transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } }, country: 'NL', city: 'Rotterdam' },
        headers: setA(lspContext),
      }),
      201,
      'area',
    );
    await must(await call('PATCH', `/v1/lsp/coverage/areas/${area.area.id}/last_mile`, { body: { status: 'ACTIVE' }, headers: setA(lspContext) }), 200, 'activate');
    const courier = await newUser({ name: 'Tracking courier' }, p.bridgeUrl);
    const inv = await must(await call('POST', '/v1/lsp/agents/invitations', { body: { name: 'Courier', phone: '+31612345678' }, headers: setA(lspContext) }), 201, 'invite');
    agentId = (await must(await call('POST', '/v1/lsp/agents/invitations/accept', { body: { token: inv.data.token }, headers: setA(courier.accessToken) }), 201, 'accept')).data.id;
    agentToken = courier.accessToken;
  }, 180_000);

  afterAll(async () => {
    await p?.stop();
  });

  it('a link works until 7 days after delivery, and not a moment after', async () => {
    // (the clock stays where it is until the order is delivered: the members' and the agent's tokens are short-lived)
    const token = (await must(await client('POST', '/v1/order/intent', { clientId: 'tracking' }), 201, 'intent')).data.token as string;
    const stops = [
      { type: 'pickup', coordinates: [51.92, 4.4869] },
      { type: 'dropoff', coordinates: [51.9175, 4.5256] },
    ];
    await must(await client('PUT', '/v1/order/waypoints/add', stops, token), 201, 'stops');
    await must(await client('PUT', '/v1/order/packages/add', [{ waypointNo: 1, category: 'PARCEL', weight: 1 }], token), 201, 'package');
    let quoteId: string | undefined;
    for (let i = 0; i < 100 && !quoteId; i++) {
      quoteId = (await client('GET', '/v1/order/operators', undefined, token)).body.data?.[0]?.quoteId;
      if (!quoteId) await new Promise((r) => setTimeout(r, 100));
    }
    const order = (await must(await client('POST', '/v1/order/service', { quoteId, payment: { mode: 'cash' } }, token), 201, 'place')).data;
    const link = (await must(await client('POST', '/v1/order/tracking-links', undefined, token), 201, 'link')).data;
    const desk = { 'X-Auth-Token': lspContext, 'X-User-Agent': 'desk/1.0', 'X-Auth-Device': DEVICE };
    for (let i = 0; ; i++) {
      const res = await call('POST', `/v1/lsps/${lspCode}/orders/${order.reference}/assign/${agentId}`, { headers: desk });
      if (res.status === 200) break;
      if (i > 100) throw new Error(`assign: ${res.status} ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const to of ['PICKED_UP', 'IN_TRANSIT', 'DELIVERED']) {
      const res = await graphqlAt(p.gatewayUrl, MOVE, { r: order.reference, to }, { authorization: `Bearer ${agentToken}` });
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
    }
    const delivered = await trackAt(link.token);
    const at = Date.parse(delivered.timeline.at(-1).at);
    expect(Date.parse(delivered.expiresAt)).toBe(at + 7 * DAY);
    await p.clockTo(at + 7 * DAY - 5 * SECOND);
    expect(await trackAt(link.token)).toMatchObject({ status: 'DELIVERED' });
    await p.clockTo(at + 7 * DAY + 5 * SECOND);
    expect(await trackAt(link.token)).toBeNull();
  });
});
