import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect, inject } from 'vitest';
import { api, newUser, type ApiResponse, type TestUser } from './helpers.js';
import { AGENT, DEVICE, UUID_RE, accept, callA, contextToken, gqlH, graphqlAt, invite, newOwner, setA, setupProvider, uniqueName, type Owner, type Role } from './workspace-helpers.js';

/**
 * Fixtures for the LSP family tests (fleets, vehicles, parking, warehouses, hubs, pricing, agents).
 *
 * Rate limits: the bridge allows 100 requests a minute per credential, and every provider-context token is its own
 * caller. An `Lsp` therefore hands out fresh context tokens (`lsp.fresh()`) so that a long test can spread its calls;
 * bulk set-up goes through the gateway (`lsp.gql`), which is not rate-limited.
 */

export { UUID_RE, DEVICE, AGENT, setA, callA, gqlH, uniqueName };
export type { Owner, Role, TestUser, ApiResponse };

let seq = 0;
/** A code unique across runs (the CI database is persistent): letters, digits and `-`. */
export const uniqueCode = (prefix = 'C') => `${prefix}-${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase().slice(0, 40);

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** A random, valid 17-character VIN (no I, O, Q). */
export const randomVin = () => Array.from({ length: 17 }, () => VIN_CHARS[(Math.random() * VIN_CHARS.length) | 0]).join('');

export const THIS_YEAR = new Date().getUTCFullYear();

/** A provider-context token and everything about the LSP it acts as. */
export interface Lsp {
  owner: Owner;
  wid: string;
  code: string;
  provider: { id: string; code: string; [k: string]: any };
  /** The context token (header set A). */
  token: string;
  /** The user behind the token. */
  userId: string;
  /** One REST call through the bridge as this LSP (header set A). */
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** One GraphQL call through the gateway as this LSP (header set A; not rate-limited). */
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: { data?: T; errors?: any[] } }>;
  /** The same LSP with a new context token of the same user (a new rate-limit caller). */
  fresh(): Promise<Lsp>;
}

function lspOf(owner: Owner, provider: Lsp['provider'], token: string, userToken: string, userId: string): Lsp {
  const lsp: Lsp = {
    owner,
    wid: owner.wid,
    code: provider.code,
    provider,
    token,
    userId,
    call: (method, path, body, headers) => callA(method, path, token, body, { headers }),
    gql: (query, variables = {}) => gqlH(query, variables, setA(token)),
    fresh: async () => lspOf(owner, provider, await contextToken(userToken, owner.wid, 'lsp', provider.code), userToken, userId),
  };
  return lsp;
}

/** A new LSP (CARRIER) in `owner`'s workspace (a new user and workspace when not given), acting as its OWNER. */
export async function newLsp(owner?: Owner): Promise<Lsp> {
  const o = owner ?? (await newOwner());
  const provider = await setupProvider(o.token, o.wid, 'lsp', { type: 'CARRIER' });
  const token = await contextToken(o.token, o.wid, 'lsp', provider.code);
  return lspOf(o, provider, token, o.token, o.user.id);
}

/** A CSP in the LSP's workspace with a context token, to invite members. */
export async function cspOf(lsp: Lsp) {
  const csp = await setupProvider(lsp.owner.token, lsp.wid, 'csp', { type: 'VENDOR' });
  const cspContext = await contextToken(lsp.owner.token, lsp.wid, 'csp', csp.code);
  return { csp, cspContext };
}

/** A new user who joins the LSP's workspace with `role` (through a CSP invitation) and acts as the LSP. */
export async function memberAs(lsp: Lsp, role: Exclude<Role, 'OWNER'>, cspContext?: string): Promise<Lsp> {
  const ctx = cspContext ?? (await cspOf(lsp)).cspContext;
  const user = await newUser({ name: uniqueName(role) });
  const inv = await invite(ctx, role.toLowerCase(), { name: uniqueName(role) });
  await accept(user, inv.token);
  const token = await contextToken(user.accessToken, lsp.wid, 'lsp', lsp.code);
  return lspOf(lsp.owner, lsp.provider, token, user.accessToken, user.id);
}

// ───────────────────────────── bodies ─────────────────────────────

export const facilityBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'URBAN_TRANSIT',
  code: uniqueCode('F'),
  name: uniqueName('Facility'),
  description: 'A facility for tests',
  contacts: { emails: ['ops@lsp.example'], phones: ['+254700000002'] },
  address: { name: 'Depot', street1: '2 Dock Rd', city: 'Mombasa', state: 'Mombasa', country: 'KE', coordinates: [-4.0435, 39.6682] },
  timezone: 'Africa/Nairobi',
  level: 'PREMIUM',
  operatingMode: 'SCHEDULED',
  operatingHours: [
    { dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '17:00' },
    { dayOfWeek: 'SATURDAY', openTime: '22:00', closeTime: '06:00' },
    { dayOfWeek: 'SUNDAY', isClosed: true },
  ],
  digitalTwinSync: true,
  ...overrides,
});

export const specsBody = (overrides: Record<string, unknown> = {}) => ({
  category: 'CARGO',
  VIN: randomVin(),
  brand: 'Isuzu',
  model: 'NQR',
  color: 'White',
  engine: 'DIESEL',
  mode: 'MANUAL',
  condition: 'GOOD',
  seats: 3,
  manufactured: 2019,
  registrationNumber: 'KDA 123A',
  maxWeightCapacity: { value: 5.5, unit: 't' },
  ...overrides,
});

export const vehicleBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'TRUCK',
  grade: 'STANDARD',
  ownership: 'OWNED',
  specs: specsBody(),
  ...overrides,
});

export const parkingBody = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('Parking'),
  type: 'DEPOT',
  address: { name: 'Yard', street1: '3 Yard Ln', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: [-1.3, 36.8] },
  access: { type: 'CONTROLLED', restrictions: ['Permit holders only'] },
  securityLevel: 'HIGH',
  amenities: { charging: 'true', washBay: { bays: '2' } },
  ...overrides,
});

export const ruleBody = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('Rule'),
  basis: 'PER_KG',
  rate: { amount: 12.5, currency: 'KES' },
  minimumCharge: { amount: 500, currency: 'KES' },
  conditions: { minWeightKg: 1, maxWeightKg: 1000, serviceTypes: ['STORAGE'], requirements: ['COLD_CHAIN'] },
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  ...overrides,
});

// ───────────────────────────── set-up through the gateway ─────────────────────────────

/**
 * A REST body as a GraphQL input (the bridge maps one to the other): REST writes points `[lat, lng]` and money amounts
 * as numbers, GraphQL clients send GeoPointInput `{latitude, longitude}` and Decimal strings, so every `coordinates`
 * pair and every money `amount` is turned into the graph's form.
 */
export function graphInput<T>(body: T): T {
  if (Array.isArray(body)) return body.map(graphInput) as T;
  if (!body || typeof body !== 'object') return body;
  const graph = (k: string, v: unknown) => (k === 'coordinates' && Array.isArray(v) ? { latitude: v[0], longitude: v[1] } : k === 'amount' && typeof v === 'number' ? String(v) : graphInput(v));
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, graph(k, v)])) as T;
}

const FLEET_FIELDS = 'id code name type timezone vehicleCount';

/** Creates `n` fleets through the gateway (one request per chunk of aliases); returns their ids in order. */
export async function gqlFleets(lsp: Lsp, n: number, chunk = 25): Promise<{ id: string; code: string }[]> {
  const out: { id: string; code: string }[] = [];
  for (let start = 0; start < n; start += chunk) {
    const size = Math.min(chunk, n - start);
    const inputs = Array.from({ length: size }, () => graphInput(facilityBody({ code: uniqueCode('DL'), operatingHours: [] })));
    const vars = Object.fromEntries(inputs.map((input, i) => [`i${i}`, input]));
    const decl = inputs.map((_, i) => `$i${i}: FacilityInput!`).join(', ');
    const fields = inputs.map((_, i) => `f${i}: createFleet(input: $i${i}) { ${FLEET_FIELDS} }`).join('\n');
    const res = await lsp.gql(`mutation(${decl}) { ${fields} }`, vars);
    if (res.status !== 200 || res.body.errors) throw new Error(`createFleet failed: ${JSON.stringify(res.body)}`);
    for (let i = 0; i < size; i++) out.push({ id: res.body.data[`f${i}`].id, code: res.body.data[`f${i}`].code });
  }
  return out;
}

/** Adds `perFleet` vehicles to each fleet through the gateway; returns the vehicle ids per fleet id. */
export async function gqlVehicles(lsp: Lsp, fleetIds: string[], perFleet: number, chunk = 50): Promise<Map<string, string[]>> {
  const jobs = fleetIds.flatMap((id) => Array.from({ length: perFleet }, () => id));
  const out = new Map<string, string[]>(fleetIds.map((id) => [id, []]));
  for (let start = 0; start < jobs.length; start += chunk) {
    const part = jobs.slice(start, start + chunk);
    const vars: Record<string, unknown> = {};
    part.forEach((fid, i) => {
      vars[`f${i}`] = fid;
      vars[`v${i}`] = vehicleBody();
    });
    const decl = part.map((_, i) => `$f${i}: ID!, $v${i}: VehicleInput!`).join(', ');
    const fields = part.map((_, i) => `a${i}: addVehicle(fleetId: $f${i}, input: $v${i}) { id fleetId }`).join('\n');
    const res = await lsp.gql(`mutation(${decl}) { ${fields} }`, vars);
    if (res.status !== 200 || res.body.errors) throw new Error(`addVehicle failed: ${JSON.stringify(res.body)}`);
    part.forEach((fid, i) => {
      expect(res.body.data[`a${i}`].fleetId).toBe(fid);
      out.get(fid)!.push(res.body.data[`a${i}`].id);
    });
  }
  return out;
}

// ───────────────────────────── REST set-up ─────────────────────────────

export async function createFleet(lsp: Lsp, overrides: Record<string, unknown> = {}) {
  const res = await lsp.call('POST', '/v1/lsp/fleets/create', facilityBody(overrides));
  if (res.status !== 201) throw new Error(`create fleet failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function addVehicle(lsp: Lsp, fleetId: string, overrides: Record<string, unknown> = {}) {
  const res = await lsp.call('POST', `/v1/lsp/fleets/${fleetId}/vehicles/add`, vehicleBody(overrides));
  if (res.status !== 201) throw new Error(`add vehicle failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createSite(lsp: Lsp, kind: 'warehouse' | 'hub', overrides: Record<string, unknown> = {}) {
  const res = await lsp.call('POST', `/v1/lsp/${kind}s/create`, facilityBody({ type: kind === 'hub' ? 'DISTRIBUTION' : 'FULFILLMENT', ...overrides }));
  if (res.status !== 201) throw new Error(`create ${kind} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createParking(lsp: Lsp, overrides: Record<string, unknown> = {}) {
  const res = await lsp.call('POST', '/v1/lsp/fleet/parking/facilities', parkingBody(overrides));
  if (res.status !== 201) throw new Error(`create parking failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function addRule(lsp: Lsp, kind: 'warehouse' | 'hub', id: string, overrides: Record<string, unknown> = {}) {
  const res = await lsp.call('PUT', `/v1/lsp/${kind}s/${id}/pricing/add`, { rule: ruleBody(overrides) });
  if (res.status !== 200) throw new Error(`add rule failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** An agent invitation from the LSP; returns `{token, invitation}`. */
export async function inviteAgent(lsp: Lsp, body: Record<string, unknown> = {}) {
  const res = await lsp.call('POST', '/v1/lsp/agents/invitations', { name: uniqueName('Agent'), phone: '+254722000111', ...body });
  if (res.status !== 201) throw new Error(`invite agent failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { token: string; invitation: any };
}

/** Accepts an agent invitation with the user's own token. */
export const acceptAgent = (user: TestUser, token: string) => callA('POST', '/v1/lsp/agents/invitations/accept', user.accessToken, { token });

/** A new user who becomes an agent of the LSP; returns the user and the agent record. */
export async function newAgent(lsp: Lsp, body: Record<string, unknown> = {}) {
  const user = await newUser({ name: uniqueName('Agent user') });
  const inv = await inviteAgent(lsp, body);
  const res = await acceptAgent(user, inv.token);
  if (res.status !== 201) throw new Error(`accept agent failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user, agent: res.body.data };
}

/** A minimal coverage area body (a last-mile area in Nairobi). */
export const areaBody = () => ({
  name: uniqueName('Area'),
  code: uniqueCode('AREA'),
  reach: 'LOCAL',
  transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } },
  country: 'KE',
  city: 'Nairobi',
});

/** A coverage area of the LSP through the coverage routes; returns its id. Anything but 201 fails the caller. */
export async function coverageArea(lsp: Lsp): Promise<string> {
  const res = await lsp.call('POST', '/v1/lsp/coverage/areas/last_mile', areaBody());
  if (res.status !== 201) throw new Error(`create coverage area failed: ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.area.id, JSON.stringify(res.body)).toMatch(UUID_RE);
  return res.body.area.id;
}

/** A coverage route of the LSP; returns its id. Anything but 201 fails the caller. */
export async function coverageRoute(lsp: Lsp): Promise<string> {
  const res = await lsp.call('POST', '/v1/lsp/coverage/routes/line_haul', {
    name: uniqueName('Route'),
    code: uniqueCode('ROUTE'),
    reach: 'NATIONAL',
    transit: { mode: 'GROUND', time: { min: { hour: 6 }, max: { hour: 12 } } },
  });
  if (res.status !== 201) throw new Error(`create coverage route failed: ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.route.id, JSON.stringify(res.body)).toMatch(UUID_RE);
  return res.body.route.id;
}

// ───────────────────────────── assertions ─────────────────────────────

/** Success envelope with `data`; returns `data`. */
export function ok(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error, JSON.stringify(res.body)).toBe(false);
  expect(res.body.status).toBe('SUCCESS');
  expect(res.body).toHaveProperty('data');
  return res.body.data;
}

/**
 * A list answer: `data` an array and `pagination` complete; returns `data`. With `total` (the number of records the
 * test itself created) the pagination and the page's length are checked exactly against it; without it only the
 * shape and the internal consistency of the pagination are.
 */
export function okList(res: ApiResponse, page = 1, limit = 20, total?: number) {
  const data = ok(res);
  expect(Array.isArray(data)).toBe(true);
  const p = res.body.pagination;
  const t = total ?? p.total;
  if (total === undefined) expect(p.total).toEqual(expect.any(Number));
  const pages = Math.ceil(t / limit);
  expect(p, JSON.stringify(p)).toEqual({ page, limit, total: t, pages, hasNext: page < pages, hasPrevious: page > 1 });
  if (total !== undefined) expect(data.length).toBe(Math.max(0, Math.min(limit, total - (page - 1) * limit)));
  else expect(data.length).toBeLessThanOrEqual(limit);
  return data as any[];
}

const HTTP: Record<string, number> = { VALIDATION_ERROR: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };

/** The error envelope `{error:true, status, message, field?}` with the HTTP status of the code. */
export function fails(res: ApiResponse, code: keyof typeof HTTP, field?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(HTTP[code]);
  expect(res.body.error, JSON.stringify(res.body)).toBe(true);
  expect(res.body.status, JSON.stringify(res.body)).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.body).not.toHaveProperty('data');
  if (field instanceof RegExp) expect(res.body.field, JSON.stringify(res.body)).toMatch(field);
  else if (field !== undefined) expect(res.body.field, JSON.stringify(res.body)).toBe(field);
}

/** A record stamp `{at {timestamp, timezone}, by}` made by `userId` between `from` and now. */
export function expectStamp(stamp: any, userId: string, timezone: string, from: number) {
  expect(stamp.by).toBe(userId);
  expect(stamp.at.timezone).toBe(timezone);
  expect(typeof stamp.at.timestamp).toBe('number');
  expect(stamp.at.timestamp).toBeGreaterThanOrEqual(from - 2000);
  expect(stamp.at.timestamp).toBeLessThanOrEqual(Date.now() + 2000);
}

/** Fields every LSP record has, as REST answers them: id, owner reference, stamps (by `userId`, at `timezone`). */
export function expectRecord(rec: any, lsp: Lsp, opts: { userId?: string; timezone?: string; from?: number } = {}) {
  expect(rec.id).toMatch(UUID_RE);
  expect(rec.workspace).toEqual({ type: 'LSP', icode: lsp.code });
  const from = opts.from ?? Date.now() - 60_000;
  expectStamp(rec.added, opts.userId ?? lsp.userId, opts.timezone ?? 'UTC', from);
  expectStamp(rec.updated, opts.userId ?? lsp.userId, opts.timezone ?? 'UTC', from);
}

/** The facility fields of a record equal the create body (defaults applied for what was omitted). */
export function expectFacility(rec: any, body: any) {
  expect(rec.type).toBe(body.type);
  expect(rec.code).toBe(body.code);
  expect(rec.name).toBe(body.name);
  expect(rec.description).toBe(body.description ?? null);
  expect(rec.contacts).toEqual({ emails: body.contacts?.emails ?? [], phones: body.contacts?.phones ?? [] });
  if (body.address) {
    expect(rec.address).toEqual({ name: null, street1: null, city: null, state: null, country: null, coordinates: null, ...body.address });
  } else expect(rec.address).toBeNull();
  expect(rec.timezone).toBe(body.timezone);
  expect(rec.level).toBe(body.level ?? 'STANDARD');
  expect(rec.operatingMode).toBe(body.operatingMode ?? 'SCHEDULED');
  expect(rec.operatingHours).toEqual(
    (body.operatingHours ?? []).map((h: any) => ({
      dayOfWeek: h.dayOfWeek,
      openTime: h.isClosed ? null : h.openTime,
      closeTime: h.isClosed ? null : h.closeTime,
      isClosed: h.isClosed ?? false,
    })),
  );
  expect(rec.digitalTwinSync).toBe(body.digitalTwinSync ?? false);
}

// ───────────────────────────── the subgraph, called directly ─────────────────────────────

export const lspSubgraphUrl = () => {
  const port = Number(new URL(inject('gatewayUrl')).port) + 4; // LSP_PORT = base + 44, gateway = base + 40
  return `http://127.0.0.1:${port}/graphql`;
};

function internalSecret(): string {
  if (process.env.INTERNAL_SECRET) return process.env.INTERNAL_SECRET;
  return JSON.parse(readFileSync(join(inject('dataDir'), 'secrets.json'), 'utf8')).internalSecret;
}

/** Signs a principal as the gateway does (HS256, issuer platform-gateway, audience platform-subgraph, 60 s). */
export function signPrincipal(p: unknown, secret = internalSecret()): Promise<string> {
  return new SignJWT({ p })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('platform-gateway')
    .setAudience('platform-subgraph')
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(new TextEncoder().encode(secret));
}

/** The claims of a JWT (no verification: the test only reads the session id of its own token). */
export const jwtClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** The provider principal the gateway makes of an LSP's context token. */
export function lspPrincipal(lsp: Lsp) {
  const claims = jwtClaims(lsp.token);
  return {
    kind: 'provider',
    userId: lsp.userId,
    sessionId: claims.sid,
    workspaceId: lsp.wid,
    providerKind: 'lsp',
    providerId: lsp.provider.id,
    providerCode: lsp.code,
    role: 'OWNER',
    client: {},
  };
}

/** A GraphQL request straight to the lsp subgraph with `headers`. */
export const subgraphCall = (query: string, variables: Record<string, unknown>, headers: Record<string, string>) => graphqlAt(lspSubgraphUrl(), query, variables, headers);

export { api, newUser, newOwner, contextToken, setupProvider, invite, accept, randomUUID };
