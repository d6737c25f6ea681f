import { expect } from 'vitest';
import { api, newUser, type ApiResponse, type TestUser } from './helpers.js';
import { allowOrigins, callA, contextToken, createConnector, gqlH, issueToken, newOwner, setupProvider, uniqueName, type Owner } from './workspace-helpers.js';
import { facilityBody, uniqueCode } from './lsp-helpers.js';

/**
 * Fixtures for the commerce family (docs/orders.md): a workspace with a CSP whose connector allows a shop origin,
 * LSPs with ACTIVE coverage (and pricing rules), agents, and a client's intent built over REST.
 */

/** Rotterdam (Coolsingel, city hall) and two stops in the city, [lat, lng]. */
export const ROTTERDAM = { hall: [51.9225, 4.47917], markthal: [51.92, 4.4869], erasmus: [51.9175, 4.5256], kuip: [51.8939, 4.5231] } as const;
/** Amsterdam (Dam), outside Rotterdam's areas. */
export const AMSTERDAM = [52.3731, 4.8926] as const;

export const SET_B = (token: string) => ({ 'X-Auth-Token': token, 'X-User-Agent': 'desk/1.0', 'X-Auth-Device': 'ws-device-1' });

let originSeq = 0;
/** An origin nobody else uses (a shop's web origin). */
export const uniqueOrigin = () => `https://shop-${Date.now().toString(36)}${(originSeq++).toString(36)}${Math.random().toString(36).slice(2, 6)}.example`;

export interface Shop {
  owner: Owner;
  wid: string;
  csp: { id: string; code: string };
  cspContext: string;
  connectorId: string;
  secret: string;
  origin: string;
  sandbox: boolean;
  /** A REST call as the shop's client (the origin, and the intent token when given). */
  call<T = any>(method: string, path: string, body?: unknown, opts?: { token?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** A GraphQL call through the gateway with the origin (and an intent token). */
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ status: number; body: { data?: T; errors?: any[] } }>;
}

/** A CSP in `owner`'s workspace (a new one when not given) with a connector that allows a fresh origin. */
export async function newShop(owner?: Owner, opts: { sandbox?: boolean; origin?: string } = {}): Promise<Shop> {
  const o = owner ?? (await newOwner());
  const csp = await setupProvider(o.token, o.wid, 'csp', { type: 'VENDOR' });
  const cspContext = await contextToken(o.token, o.wid, 'csp', csp.code);
  const c = await createConnector(o.token, o.wid, 'csp', csp.code, { name: uniqueName('Shop'), ...(opts.sandbox ? { sandbox: true } : {}) });
  const origin = opts.origin ?? uniqueOrigin();
  await allowOrigins(o.token, o.wid, 'csp', csp.code, c.connectorId, [origin]);
  return {
    owner: o,
    wid: o.wid,
    csp,
    cspContext,
    connectorId: c.connectorId,
    secret: c.secret,
    origin,
    sandbox: opts.sandbox === true,
    call: (method, path, body, { token, headers } = {}) => api(method, path, { body, headers: { origin, ...(token ? { 'x-intent-token': token } : {}), ...headers } }),
    gql: (query, variables = {}, token) => gqlH(query, variables, { origin, ...(token ? { 'x-intent-token': token } : {}) }),
  };
}

/** A connector access token of the shop's connector, issued to its origin. */
export async function shopAccessToken(shop: Shop): Promise<string> {
  const res = await issueToken(shop.connectorId, shop.secret, shop.origin);
  if (res.status !== 201 && res.status !== 200) throw new Error(`issue token failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data?.accessToken ?? res.body.accessToken;
}

export interface Carrier {
  code: string;
  id: string;
  token: string;
  call<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** The LSP desk (header set B). */
  desk<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
}

/** An LSP in the workspace, acting as its owner (set A for the LSP family, set B for the desk). */
export async function newCarrier(owner: Owner, name = uniqueName('Carrier')): Promise<Carrier> {
  const p = await setupProvider(owner.token, owner.wid, 'lsp', { type: 'CARRIER', name });
  const token = await contextToken(owner.token, owner.wid, 'lsp', p.code);
  return {
    code: p.code,
    id: p.id,
    token,
    call: (method, path, body) => callA(method, path, token, body),
    desk: (method, path, body, headers = {}) => api(method, path, { body, headers: { ...SET_B(token), ...headers } }),
  };
}

/** An ACTIVE coverage area of the carrier: a city of a country, or a radius around a point. Returns its id. */
export async function activeArea(carrier: Carrier, where: { country: string; city?: string; around?: readonly number[]; radiusKm?: number }, extra: Record<string, unknown> = {}): Promise<string> {
  const body: Record<string, unknown> = {
    name: uniqueName('Area'),
    code: uniqueCode('AREA'),
    reach: 'LOCAL',
    transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } },
    country: where.country,
    ...(where.city ? { city: where.city } : {}),
    ...(where.radiusKm ? { radius: { value: where.radiusKm, unit: 'km' } } : {}),
    ...extra,
  };
  const created = await carrier.call('POST', '/v1/lsp/coverage/areas/last_mile', body);
  if (created.status !== 201) throw new Error(`area failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.area.id as string;
  if (where.around) {
    const link = await carrier.call('PUT', `/v1/lsp/coverage/areas/${id}/link`, {
      type: 'ANY',
      address: { name: 'Depot', city: where.city ?? 'Depot', country: where.country, coordinates: where.around },
    });
    if (link.status !== 200) throw new Error(`link failed: ${link.status} ${JSON.stringify(link.body)}`);
  }
  const active = await carrier.call('PATCH', `/v1/lsp/coverage/areas/${id}/last_mile`, { status: 'ACTIVE' });
  if (active.status !== 200) throw new Error(`activate failed: ${active.status} ${JSON.stringify(active.body)}`);
  return id;
}

/** A hub of the carrier with delivery pricing rules. */
export async function pricedHub(carrier: Carrier, rules: Record<string, unknown>[]): Promise<string> {
  const hub = await carrier.call(
    'POST',
    '/v1/lsp/hubs/create',
    facilityBody({ type: 'CROSS_DOCK', timezone: 'Europe/Amsterdam', address: { name: 'Hub', street1: 'Waalhaven 1', city: 'Rotterdam', state: 'ZH', country: 'NL', coordinates: [51.88, 4.43] } }),
  );
  if (hub.status !== 201) throw new Error(`hub failed: ${hub.status} ${JSON.stringify(hub.body)}`);
  for (const rule of rules) {
    const r = await carrier.call('PUT', `/v1/lsp/hubs/${hub.body.data.id}/pricing/add`, { rule });
    if (r.status !== 200) throw new Error(`rule failed: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return hub.body.data.id;
}

/** A user who becomes an ACTIVE agent of the carrier; returns the user and the agent id. */
export async function carrierAgent(carrier: Carrier): Promise<{ user: TestUser; agentId: string }> {
  const user = await newUser({ name: uniqueName('Courier') });
  const inv = await carrier.call('POST', '/v1/lsp/agents/invitations', { name: uniqueName('Courier'), phone: '+31612345678' });
  if (inv.status !== 201) throw new Error(`invite agent failed: ${inv.status} ${JSON.stringify(inv.body)}`);
  const acc = await callA('POST', '/v1/lsp/agents/invitations/accept', user.accessToken, { token: inv.body.data.token });
  if (acc.status !== 201) throw new Error(`accept agent failed: ${acc.status} ${JSON.stringify(acc.body)}`);
  return { user, agentId: acc.body.data.id };
}

/** Waits until `probe` holds (the commerce family's copy of the LSP network follows the event log within a second). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Intent {
  token: string;
  reference: string;
  id: string;
}

/** An intent of `clientId` with a pickup and a dropoff in Rotterdam and one package. */
export async function rotterdamIntent(shop: Shop, clientId = uniqueName('client'), headers: Record<string, string> = {}): Promise<Intent> {
  const res = await shop.call('POST', '/v1/order/intent', { clientId }, { headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = res.body.data.token as string;
  const w = await shop.call(
    'PUT',
    '/v1/order/waypoints/add',
    [
      { type: 'pickup', coordinates: ROTTERDAM.markthal, address: 'Ds. Jan Scharpstraat 298, Rotterdam', country: 'NL', contact: { type: 'business', reference: 'Shop desk', phone: '+31101234567' } },
      { type: 'dropoff', coordinates: ROTTERDAM.erasmus, address: 'Burgemeester Oudlaan 50, Rotterdam', country: 'NL', contact: { type: 'person', reference: 'Client', email: 'client@example.test' } },
    ],
    { token },
  );
  expect(w.status, JSON.stringify(w.body)).toBe(201);
  const p = await shop.call('PUT', '/v1/order/packages/add', [{ waypointNo: 1, careLevel: 1, category: 'ELECTRONICS', weight: 2.5, note: 'Handle with care' }], { token });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  return { token, reference: res.body.data.intent.reference, id: res.body.data.intent.id };
}

export { api, callA };
