import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PASSWORD, api, gatewayUrl, gql, newUser, randomIp, uniqueEmail, type ApiResponse, type TestUser } from './helpers.js';
import { callA, gqlH, newOwner, ownerWithCsp, providerBody, connectorBody, setupProvider, type Owner } from './workspace-helpers.js';
import { callB, faqBody, gqlB, newDevProvider } from './dev-helpers.js';
import { createRule, newImei, newIotsp, registerDevice, trackerRule, type Iotsp } from './iot-helpers.js';
import { acceptAgent, addVehicle, createFleet, createSite, graphInput, newAgent, newLsp, parkingBody, ruleBody, uniqueCode, uniqueName, type Lsp } from './lsp-helpers.js';

/**
 * Every documented cap of the served routes, at its edge (issue 11). One table entry per cap, each naming in a comment
 * the document and section it comes from. For each cap:
 * - the value AT the cap is accepted with the exact success status, and reading it back shows it stored;
 * - one past the cap is refused with the contract's status, code and `field`, in the route family's envelope;
 * - the refused write changed nothing (read back, or: the name or code it would have taken is still free).
 *
 * Sources: the spec (/work/shared/spec/logistics-platform-interface.md, "Limits"), docs/contract.md (its "Limits"
 * section lists every length and count cap of the users, auth, workspace, provider, connector, access-token and
 * invitation families, and the over-count rule), docs/lsp.md "Limits", docs/lsp-coverage.md "Limits",
 * docs/utilities.md "Limits", docs/dev.md "FAQs" and "Developers", docs/iot.md, and the published GraphQL schema's descriptions (schema/supergraph.graphql).
 *
 * A collection that is full (100 pricing rules, 100 linkedTo entries, 50 transit points) answers 409 CONFLICT naming
 * the collection (docs/contract.md "Limits", "A full collection").
 */

// ───────────────────────────── the table's machinery ─────────────────────────────

type Family = 'user' | 'generic' | 'result' | 'utility' | 'graphql';

interface Refusal {
  family: Family;
  status: number;
  code: string;
  /** The offending field (for a full collection: the collection); `null`: the answer names none. */
  field: string | null;
}

interface Cap<C> {
  /** What is capped and the documented cap. */
  cap: string;
  setup: () => Promise<C>;
  /** The write (or read) at the cap. */
  atCap: (c: C) => Promise<ApiResponse>;
  /** Its success status. */
  accepted: number;
  /** Reads back what the accepted write stored (or checks what the read answered). */
  stored: (c: C, res: ApiResponse) => Promise<void> | void;
  /** The same one past the cap. */
  pastCap: (c: C) => Promise<ApiResponse>;
  refused: Refusal;
  /** Reads back that the refused write changed nothing (none for a read: it stores nothing). */
  unchanged?: (c: C) => Promise<void>;
}

/** Keeps each entry's context type (the table holds entries of many types). */
const cap = <C>(c: Cap<C>): Cap<unknown> => c as Cap<unknown>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectRefused(res: ApiResponse, r: Refusal) {
  const body = res.body;
  expect(res.status, JSON.stringify(body)).toBe(r.status);
  if (r.family === 'graphql') {
    expect(body.data ?? null, JSON.stringify(body)).toBeNull();
    expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body)).toBe(r.code);
    if (r.field === null) expect(body.errors[0].extensions.field, JSON.stringify(body)).toBeUndefined();
    else {
      expect(body.errors[0].extensions.field, JSON.stringify(body)).toBe(r.field);
      expect(body.errors[0].message.startsWith(`${r.field}:`), body.errors[0].message).toBe(true);
    }
    return;
  }
  if (r.family === 'user') {
    expect(body, JSON.stringify(body)).toMatchObject({ success: false, code: r.code });
  } else {
    expect(body, JSON.stringify(body)).toMatchObject({ error: true, status: r.code });
    if (r.family === 'result' || r.family === 'utility') expect(body.trace).toMatch(UUID_RE);
    expect(body).not.toHaveProperty('data');
  }
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (r.field === null) expect(body.field, JSON.stringify(body)).toBeUndefined();
  else {
    expect(body.field, JSON.stringify(body)).toBe(r.field);
    expect(body.message.startsWith(`${r.field}:`), body.message).toBe(true);
  }
}

const invalid = (family: Family, field: string): Refusal => ({
  family,
  status: 400,
  code: family === 'utility' ? 'UTILITY::VALIDATION_FAILED' : 'VALIDATION_ERROR',
  field,
});
/** A full collection (docs/contract.md "Limits", "A full collection"): 409 CONFLICT naming the collection. */
const full = (family: Family, collection: string): Refusal => ({ family, status: 409, code: 'CONFLICT', field: collection });

/** The success envelope of a family with `status`; returns its payload. */
function okUser(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body;
}
function okData(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ error: false, status: 'SUCCESS' });
  return res.body.data;
}
function okResult(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error, JSON.stringify(res.body)).toBe(false);
  expect(res.body.trace).toMatch(UUID_RE);
  return res.body;
}

/** A string of exactly `n` characters, unique to this run at its start (so search and codes never meet another's). */
/** The `pagination.total` of a list answer. */
const okTotal = (res: ApiResponse): number => {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body.pagination.total;
};
const text = (n: number, fill = 'x') => `${randomUUID().replace(/-/g, '')}${fill.repeat(Math.max(0, n))}`.slice(0, n);

// ───────────────────────────── fixtures ─────────────────────────────

const login = (email: string, password: string) => api('POST', '/v1/auth/login', { body: { email, password } });
const patchMe = (u: TestUser, body: unknown) => api('PATCH', '/v1/users/me', { token: u.accessToken, body });
const patchMetadata = (u: TestUser, body: unknown) => api('PATCH', '/v1/users/me/metadata', { token: u.accessToken, body });
/** The signed-in user's own record, through the gateway (a read that counts against no per-action limit). */
async function me(u: TestUser) {
  const res = await gql('{ me { name bio customMetadata { preferences { theme mapStyle units } customFields } } }', {}, u.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return res.body.data!.me as { name: string; bio: string | null; customMetadata: { preferences: any; customFields: any } };
}

/** The signed-in user's sessions. */
const sessionsOf = (token: string) => api('GET', '/v1/auth/sessions', { token });

/** Registration: an e-mail whose registration was refused is still free (nothing was stored). */
async function emailStillFree(email: string) {
  const again = await api('POST', '/v1/auth/register', { body: { email, password: PASSWORD, name: 'Second try' } });
  expect(again.status, JSON.stringify(again.body)).toBe(201);
}

/** One LSP for all the LSP entries, made once; each entry acts through a fresh context token (its own rate-limit caller). */
let lspOnce: Promise<Lsp> | undefined;
const lsp = async () => (await (lspOnce ??= newLsp())).fresh();

const COV = '/v1/lsp/coverage';
const areaBody = (over: Record<string, unknown> = {}) => ({
  name: uniqueName('Cap area'),
  code: uniqueCode('CAPA'),
  reach: 'LOCAL',
  transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } },
  country: 'KE',
  city: 'Nairobi',
  ...over,
});
const routeBody = (over: Record<string, unknown> = {}) => ({
  name: uniqueName('Cap route'),
  code: uniqueCode('CAPR'),
  reach: 'NATIONAL',
  transit: { mode: 'GROUND', time: { min: { hour: 6 }, max: { hour: 12 } } },
  ...over,
});
async function newArea(l: Lsp, over: Record<string, unknown> = {}): Promise<string> {
  return okResult(await l.call('POST', `${COV}/areas/last_mile`, areaBody(over)), 201).area.id;
}
async function newRoute(l: Lsp, over: Record<string, unknown> = {}): Promise<string> {
  return okResult(await l.call('POST', `${COV}/routes/line_haul`, routeBody(over)), 201).route.id;
}
const getArea = async (l: Lsp, id: string) => okResult(await l.call('GET', `${COV}/areas/${id}`)).area;
const getRoute = async (l: Lsp, id: string) => okResult(await l.call('GET', `${COV}/routes/${id}`)).route;

/** Runs `field` `n` times in one GraphQL mutation through the gateway (aliases); fails on any error. */
async function bulk(l: Lsp, n: number, field: (i: number) => string, variables: Record<string, unknown>, decl: string) {
  const fields = Array.from({ length: n }, (_, i) => `m${i}: ${field(i)}`).join('\n');
  const res = await l.gql(`mutation(${decl}) { ${fields} }`, variables);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body.errors)?.slice(0, 500)).toBeUndefined();
}

/** 96 distinct departures: every quarter of an hour. */
const QUARTERS = Array.from({ length: 96 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);
const schedule = (over: Record<string, unknown> = {}) => ({ frequency: 'DAILY', departureTimes: [{ value: '08:00', timezone: 'Africa/Nairobi' }], operatingDays: ['MONDAY'], ...over });

const DAY_MS = 86_400_000;

const JSON_TYPE = { 'content-type': 'application/json' };

/** `value` as JSON, padded with trailing blanks (still valid JSON) to exactly `bytes` bytes. */
function padded(value: unknown, bytes: number): string {
  const json = JSON.stringify(value);
  expect(Buffer.byteLength(json)).toBeLessThan(bytes);
  return json + ' '.repeat(bytes - Buffer.byteLength(json));
}

/** An object of `n` keys. */
function keysObject(n: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
}

/** `levels` arrays, one in another (the outermost is the value itself: level 1). */
function nested(levels: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

/** A raw POST of `body` to the gateway's /graphql (application/json) from a fresh address. */
async function gatewayRaw(body: string): Promise<ApiResponse> {
  const res = await fetch(gatewayUrl(), { method: 'POST', headers: { ...JSON_TYPE, 'x-forwarded-for': randomIp() }, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

// ───────────────────────────── the caps ─────────────────────────────

const CAPS: Cap<unknown>[] = [
  // ── authentication (docs/contract.md "Authentication service": password (8–128), name (1–100)) ──
  cap({
    cap: 'register: password at most 128 characters',
    setup: async () => ({ email: uniqueEmail('cap'), over: uniqueEmail('cap'), password: 'p'.repeat(128) }),
    atCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.email, password: c.password, name: 'Long password' } }),
    accepted: 201,
    stored: async (c) => okUser(await login(c.email, c.password)),
    pastCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.over, password: 'p'.repeat(129), name: 'Too long' } }),
    refused: invalid('user', 'password'),
    unchanged: (c) => emailStillFree(c.over),
  }),
  cap({
    cap: 'register: password at least 8 characters',
    setup: async () => ({ email: uniqueEmail('cap'), over: uniqueEmail('cap') }),
    atCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.email, password: '8chars!!', name: 'Short password' } }),
    accepted: 201,
    stored: async (c) => okUser(await login(c.email, '8chars!!')),
    pastCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.over, password: '7chars!', name: 'Too short' } }),
    refused: invalid('user', 'password'),
    unchanged: (c) => emailStillFree(c.over),
  }),
  cap({
    cap: 'register: name at most 100 characters',
    setup: async () => ({ email: uniqueEmail('cap'), over: uniqueEmail('cap'), name: text(100, 'n') }),
    atCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.email, password: PASSWORD, name: c.name } }),
    accepted: 201,
    stored: async (c, res) => {
      expect(res.body.user.name).toBe(c.name);
      expect((await me({ accessToken: res.body.accessToken } as TestUser)).name).toBe(c.name);
    },
    pastCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.over, password: PASSWORD, name: text(101, 'n') } }),
    refused: invalid('user', 'name'),
    unchanged: (c) => emailStillFree(c.over),
  }),

  // ── authentication, the rest (docs/contract.md "Limits": register email ≤ 254 and deviceId ≤ 128; login password ≤ 128 and deviceId ≤ 128) ──
  cap({
    // docs/contract.md "Limits": register email at most 254 characters
    cap: 'register: email at most 254 characters (64 before the @)',
    setup: async () => {
      const local = `${randomUUID().replace(/-/g, '')}${'a'.repeat(32)}`; // 64 characters, the most an address's local part has
      const at = (n: number) => `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(n)}.test`;
      return { email: at(56), over: at(57) };
    },
    atCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.email, password: PASSWORD, name: 'Long address' } }),
    accepted: 201,
    stored: async (c, res) => {
      expect(c.email).toHaveLength(254);
      expect(res.body.user.email).toBe(c.email);
      expect(okUser(await login(c.email, PASSWORD)).user.email).toBe(c.email);
    },
    pastCap: (c) => {
      expect(c.over).toHaveLength(255);
      return api('POST', '/v1/auth/register', { body: { email: c.over, password: PASSWORD, name: 'Too long an address' } });
    },
    refused: invalid('user', 'email'),
  }),
  cap({
    // docs/contract.md "Limits": register deviceId at most 128 characters
    cap: 'register: deviceId at most 128 characters (recorded on the session)',
    setup: async () => ({ email: uniqueEmail('cap'), over: uniqueEmail('cap'), device: text(128, 'd') }),
    atCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.email, password: PASSWORD, name: 'Device', deviceId: c.device } }),
    accepted: 201,
    stored: async (c, res) => {
      const list = okUser(await sessionsOf(res.body.accessToken)).sessions;
      expect(list.map((x: any) => x.deviceId)).toEqual([c.device]);
    },
    pastCap: (c) => api('POST', '/v1/auth/register', { body: { email: c.over, password: PASSWORD, name: 'Device', deviceId: text(129, 'd') } }),
    refused: invalid('user', 'deviceId'),
    unchanged: (c) => emailStillFree(c.over),
  }),
  cap({
    // docs/contract.md "Limits": login deviceId at most 128 characters
    cap: 'login: deviceId at most 128 characters (recorded on the session)',
    setup: async () => ({ user: await newUser(), device: text(128, 'e') }),
    atCap: (c) => api('POST', '/v1/auth/login', { body: { email: c.user.email, password: PASSWORD, deviceId: c.device } }),
    accepted: 200,
    stored: async (c, res) => {
      (c as any).token = res.body.accessToken;
      const list = okUser(await sessionsOf(res.body.accessToken)).sessions;
      expect(list).toHaveLength(2);
      expect(list.find((x: any) => x.current).deviceId).toBe(c.device);
    },
    pastCap: (c) => api('POST', '/v1/auth/login', { body: { email: c.user.email, password: PASSWORD, deviceId: text(129, 'e') } }),
    refused: invalid('user', 'deviceId'),
    // no session was opened
    unchanged: async (c) => expect(okUser(await sessionsOf((c as any).token)).sessions).toHaveLength(2),
  }),
  cap({
    // docs/contract.md "Limits": login password at most 128 characters (a longer one is refused as input, not judged)
    cap: 'login: password at most 128 characters (129 is 400, not a wrong password)',
    setup: async () => {
      const c = { email: uniqueEmail('cap'), password: text(128, 'p') };
      okUser(await api('POST', '/v1/auth/register', { body: { email: c.email, password: c.password, name: 'Long password' } }), 201);
      return c;
    },
    atCap: (c) => login(c.email, c.password),
    accepted: 200,
    stored: async (c, res) => {
      (c as any).token = res.body.accessToken;
      expect(res.body.user.email).toBe(c.email);
      expect(okUser(await sessionsOf(res.body.accessToken)).sessions).toHaveLength(2);
    },
    pastCap: (c) => login(c.email, `${c.password}p`),
    refused: invalid('user', 'password'),
    unchanged: async (c) => expect(okUser(await sessionsOf((c as any).token)).sessions).toHaveLength(2),
  }),

  // ── user management (docs/contract.md "User management"; spec "Limits") ──
  cap({
    // docs/contract.md "User management", Profile: bio (≤ 500)
    cap: 'profile: bio at most 500 characters',
    setup: () => newUser(),
    atCap: (u) => patchMe(u, { bio: 'b'.repeat(500) }),
    accepted: 200,
    stored: async (u, res) => {
      expect(res.body.user.bio).toBe('b'.repeat(500));
      const pub = await api('GET', `/v1/users/${u.id}`, { token: u.accessToken });
      expect(okUser(pub).user.public.bio).toBe('b'.repeat(500));
    },
    pastCap: (u) => patchMe(u, { bio: 'c'.repeat(501) }),
    refused: invalid('user', 'bio'),
    unchanged: async (u) => expect((await me(u)).bio).toBe('b'.repeat(500)),
  }),
  cap({
    // docs/contract.md "Authentication service": a user's name is 1–100 characters (the profile changes the same name)
    cap: 'profile: name at most 100 characters',
    setup: async () => ({ user: await newUser(), name: text(100, 'm') }),
    atCap: (c) => patchMe(c.user, { name: c.name }),
    accepted: 200,
    stored: async (c) => expect((await me(c.user)).name).toBe(c.name),
    pastCap: (c) => patchMe(c.user, { name: text(101, 'o') }),
    refused: invalid('user', 'name'),
    unchanged: async (c) => expect((await me(c.user)).name).toBe(c.name),
  }),
  cap({
    // docs/contract.md "User management", Search: q (1–100 characters)
    cap: 'search: q at most 100 characters (finds the user whose name is those 100 characters)',
    setup: async () => {
      const name = text(100, 'q');
      const found = await newUser({ name });
      return { user: await newUser(), name, found };
    },
    atCap: (c) => api('GET', `/v1/users/search?q=${c.name}`, { token: c.user.accessToken }),
    accepted: 200,
    stored: (c, res) => {
      expect(res.body.total).toBe(1);
      expect(res.body.users).toEqual([{ id: c.found.id, name: c.name, avatar: null, userType: 'client', verified: false }]);
    },
    pastCap: (c) => api('GET', `/v1/users/search?q=${c.name}q`, { token: c.user.accessToken }),
    refused: invalid('user', 'q'),
  }),
  cap({
    // docs/contract.md "User management", Search: q (1–100 characters)
    cap: 'search: q at least 1 character',
    setup: () => newUser(),
    atCap: (u) => api('GET', '/v1/users/search?q=a&limit=1', { token: u.accessToken }),
    accepted: 200,
    stored: (_u, res) => expect(res.body).toMatchObject({ success: true, limit: 1, offset: 0 }),
    pastCap: (u) => api('GET', '/v1/users/search?q=', { token: u.accessToken }),
    refused: invalid('user', 'q'),
  }),
  cap({
    // spec "Limits": User search `limit` default 20, max 100; docs/contract.md "Numbers": user search limit 1 to 100
    cap: 'search: limit at most 100',
    setup: () => newUser(),
    atCap: (u) => api('GET', '/v1/users/search?q=a&limit=100', { token: u.accessToken }),
    accepted: 200,
    stored: (_u, res) => {
      expect(res.body.limit).toBe(100);
      expect(res.body.users.length).toBeLessThanOrEqual(100);
    },
    pastCap: (u) => api('GET', '/v1/users/search?q=a&limit=101', { token: u.accessToken }),
    refused: invalid('user', 'limit'),
  }),
  cap({
    // docs/contract.md "Numbers": user search limit 1 to 100
    cap: 'search: limit at least 1',
    setup: () => newUser(),
    atCap: (u) => api('GET', '/v1/users/search?q=a&limit=1', { token: u.accessToken }),
    accepted: 200,
    stored: (_u, res) => {
      expect(res.body.limit).toBe(1);
      expect(res.body.users.length).toBeLessThanOrEqual(1);
    },
    pastCap: (u) => api('GET', '/v1/users/search?q=a&limit=0', { token: u.accessToken }),
    refused: invalid('user', 'limit'),
  }),
  cap({
    // spec "Limits": User metadata max nesting depth 3 levels; docs/contract.md "Custom metadata": at most 3 levels ({a:{b:{c:"x"}}})
    cap: 'custom metadata: at most 3 levels',
    setup: () => newUser(),
    atCap: (u) => patchMetadata(u, { customFields: { a: { b: { c: 'x' } } } }),
    accepted: 200,
    stored: async (u, res) => {
      expect(res.body.metadata.customFields).toEqual({ a: { b: { c: 'x' } } });
      expect((await me(u)).customMetadata.customFields).toEqual({ a: { b: { c: 'x' } } });
    },
    pastCap: (u) => patchMetadata(u, { customFields: { z: 'new', d: { e: { f: { g: 'x' } } } } }),
    refused: invalid('user', 'customFields.d.e.f'),
    unchanged: async (u) => expect((await me(u)).customMetadata.customFields).toEqual({ a: { b: { c: 'x' } } }),
  }),
  cap({
    // spec "Limits": User metadata max size 10 KB; docs/contract.md: the stored metadata is at most 10 KB (UTF-8 JSON)
    cap: 'custom metadata: the stored metadata ({preferences, customFields} as UTF-8 JSON) at most 10 KB = 10,240 bytes',
    setup: async () => {
      const preferences = { theme: 'dark', mapStyle: 'satellite', units: 'metric' };
      // the stored metadata is {preferences, customFields}: fill customFields.big so that its JSON is exactly 10,240 bytes
      const empty = Buffer.byteLength(JSON.stringify({ preferences, customFields: { big: '' } }));
      return { user: await newUser(), preferences, big: 'é'.repeat(100) + 'x'.repeat(10 * 1024 - empty - 200) };
    },
    atCap: (c) => patchMetadata(c.user, { preferences: c.preferences, customFields: { big: c.big } }),
    accepted: 200,
    stored: async (c, res) => {
      expect(Buffer.byteLength(JSON.stringify(res.body.metadata))).toBe(10 * 1024);
      expect((await me(c.user)).customMetadata).toEqual({ preferences: c.preferences, customFields: { big: c.big } });
    },
    pastCap: (c) => patchMetadata(c.user, { customFields: { big: `${c.big}x` } }),
    refused: invalid('user', 'customFields'),
    unchanged: async (c) => expect((await me(c.user)).customMetadata.customFields).toEqual({ big: c.big }),
  }),

  // ── user management, the rest (docs/contract.md "Limits": profile avatar URL ≤ 2,048; metadata preferences ≤ 64 each) ──
  cap({
    // docs/contract.md "Limits": profile avatar URL at most 2,048 characters
    cap: 'profile: avatar URL at most 2,048 characters',
    setup: async () => {
      const prefix = `https://cdn.example.com/${randomUUID()}/`;
      return { user: await newUser(), url: (n: number) => `${prefix}${'a'.repeat(n - prefix.length)}` };
    },
    atCap: (c) => patchMe(c.user, { avatar: c.url(2048) }),
    accepted: 200,
    stored: async (c) => {
      const got = okUser(await api('GET', '/v1/users/me', { token: c.user.accessToken })).user.avatar;
      expect(got).toHaveLength(2048);
      expect(got).toBe(c.url(2048));
    },
    pastCap: (c) => patchMe(c.user, { avatar: c.url(2049) }),
    refused: invalid('user', 'avatar'),
    unchanged: async (c) => expect(okUser(await api('GET', '/v1/users/me', { token: c.user.accessToken })).user.avatar).toBe(c.url(2048)),
  }),
  ...(['theme', 'mapStyle', 'units'] as const).map((key) =>
    cap({
      // docs/contract.md "Limits": metadata preferences.theme, mapStyle, units at most 64 characters each
      cap: `custom metadata: preferences.${key} at most 64 characters`,
      setup: async () => ({ user: await newUser(), value: text(64, 'v') }),
      atCap: (c) => patchMetadata(c.user, { preferences: { [key]: c.value } }),
      accepted: 200,
      stored: async (c, res) => {
        expect(res.body.metadata.preferences[key]).toBe(c.value);
        expect((await me(c.user)).customMetadata.preferences[key]).toBe(c.value);
      },
      pastCap: (c) => patchMetadata(c.user, { preferences: { [key]: text(65, 'w') } }),
      refused: invalid('user', `preferences.${key}`),
      unchanged: async (c) => expect((await me(c.user)).customMetadata.preferences[key]).toBe(c.value),
    }),
  ),

  // ── the input boundary (docs/contract.md "Input boundary": body 100 KB, strings 65,536 characters, arrays 10,000
  //    elements, objects 1,000 keys, keys 256 characters, path and query parameters 256 characters, 64 levels). At the gateway the
  //    limits apply to `variables` too (a variable the operation does not declare is read, checked, and ignored). ──
  cap({
    cap: 'input boundary: a REST body of at most 100 KB = 102,400 bytes',
    setup: () => newOwner(),
    atCap: (o) => callA('PATCH', `/v1/workspace/${o.wid}`, o.token, padded({ description: 'at the cap' }, 100 * 1024), { headers: JSON_TYPE }),
    accepted: 200,
    stored: async (o) => expect(okData(await callA('GET', `/v1/workspace/${o.wid}`, o.token)).workspace.description).toBe('at the cap'),
    pastCap: (o) => callA('PATCH', `/v1/workspace/${o.wid}`, o.token, padded({ description: 'one past' }, 100 * 1024 + 1), { headers: JSON_TYPE }),
    refused: invalid('generic', 'body'),
    unchanged: async (o) => expect(okData(await callA('GET', `/v1/workspace/${o.wid}`, o.token)).workspace.description).toBe('at the cap'),
  }),
  cap({
    cap: 'input boundary: a GraphQL request body of at most 100 KB = 102,400 bytes (over: 413)',
    setup: async () => null,
    atCap: () => gatewayRaw(padded({ query: '{ __typename }' }, 100 * 1024)),
    accepted: 200,
    stored: (_c, res) => expect(res.body).toEqual({ data: { __typename: 'Query' } }),
    pastCap: () => gatewayRaw(padded({ query: '{ __typename }' }, 100 * 1024 + 1)),
    refused: { family: 'graphql', status: 413, code: 'BAD_REQUEST', field: null },
  }),
  ...(
    [
      ['a string of at most 65,536 characters', 'x'.repeat(65_536), 'x'.repeat(65_537), 'variables.pad'],
      ['an array of at most 10,000 elements', Array.from({ length: 10_000 }, () => 0), Array.from({ length: 10_001 }, () => 0), 'variables.pad'],
      ['an object of at most 1,000 keys', keysObject(1_000), keysObject(1_001), 'variables.pad'],
      ['an object key of at most 256 characters', { ['k'.repeat(256)]: 1 }, { ['k'.repeat(257)]: 1 }, 'variables.pad'],
      ['a value nested at most 64 levels', nested(64), nested(65), `variables.pad${'.0'.repeat(64)}`],
    ] as const
  ).map(([what, at, past, field]) =>
    cap({
      cap: `input boundary: ${what} (a GraphQL variable)`,
      setup: async () => null,
      atCap: () => gatewayRaw(JSON.stringify({ query: '{ __typename }', variables: { pad: at } })),
      accepted: 200,
      stored: (_c, res) => expect(res.body).toEqual({ data: { __typename: 'Query' } }),
      pastCap: () => gatewayRaw(JSON.stringify({ query: '{ __typename }', variables: { pad: past } })),
      refused: { family: 'graphql', status: 400, code: 'VALIDATION_ERROR', field },
    }),
  ),
  cap({
    // a path parameter of 256 characters passes the boundary and reaches the lookup (an unknown code: 404);
    // 257 are refused before any lookup
    cap: 'input boundary: a path parameter of at most 256 characters (:xcode)',
    setup: () => newOwner(),
    atCap: (o) => callA('GET', `/v1/${o.wid}/lsp/${'X'.repeat(256)}`, o.token),
    accepted: 404,
    stored: (_o, res) => expect(res.body).toMatchObject({ error: true, status: 'NOT_FOUND' }),
    pastCap: (o) => callA('GET', `/v1/${o.wid}/lsp/${'X'.repeat(257)}`, o.token),
    refused: invalid('generic', 'xcode'),
  }),

  // ── lists (spec "Limits", Pagination (general): limit default 20, max 100; docs/contract.md "Numbers": page 1 to 100,000) ──
  cap({
    cap: 'lists: limit at most 100 (GET /v1/workspace)',
    setup: () => newOwner(),
    atCap: (o) => callA('GET', '/v1/workspace?limit=100', o.token),
    accepted: 200,
    stored: (o, res) => {
      expect(okData(res).map((m: any) => m.workspace.id)).toEqual([o.wid]);
      expect(res.body.pagination).toEqual({ page: 1, limit: 100, total: 1, pages: 1, hasNext: false, hasPrevious: false });
    },
    pastCap: (o) => callA('GET', '/v1/workspace?limit=101', o.token),
    refused: invalid('generic', 'limit'),
  }),
  cap({
    cap: 'lists: page at most 100,000 (GET /v1/workspace)',
    setup: () => newOwner(),
    atCap: (o) => callA('GET', '/v1/workspace?page=100000', o.token),
    accepted: 200,
    stored: (_o, res) => {
      expect(okData(res)).toEqual([]);
      expect(res.body.pagination).toEqual({ page: 100_000, limit: 20, total: 1, pages: 1, hasNext: false, hasPrevious: true });
    },
    pastCap: (o) => callA('GET', '/v1/workspace?page=100001', o.token),
    refused: invalid('generic', 'page'),
  }),
  cap({
    // docs/lsp-coverage.md "Routes and answers": lists page as everywhere (limit 1–100)
    cap: 'lists: limit at most 100 (GET /v1/lsp/coverage/areas, result envelope)',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l) };
    },
    atCap: (c) => c.l.call('GET', `${COV}/areas?limit=100`),
    accepted: 200,
    stored: (c, res) => {
      expect(okResult(res).pagination.limit).toBe(100);
      expect(res.body.areas.length).toBeLessThanOrEqual(100);
      expect(res.body.pagination.total).toBeGreaterThanOrEqual(1);
    },
    pastCap: (c) => c.l.call('GET', `${COV}/areas?limit=101`),
    refused: invalid('result', 'limit'),
  }),

  // ── workspaces (docs/contract.md "Limits": workspace name 1–100, description ≤ 1,000; API key name 1–100, scopes ≤ 10; "Numbers": expiresInDays) ──
  cap({
    cap: 'workspace: name at most 100 characters',
    setup: async () => ({ user: await newUser(), name: text(100, 'w') }),
    atCap: (c) => callA('POST', '/v1/workspace', c.user.accessToken, { name: c.name }),
    accepted: 201,
    stored: async (c, res) => {
      const wid = okData(res, 201).workspace.id;
      (c as any).wid = wid;
      expect(okData(await callA('GET', `/v1/workspace/${wid}`, c.user.accessToken)).workspace.name).toBe(c.name);
    },
    pastCap: (c) => callA('PATCH', `/v1/workspace/${(c as any).wid}`, c.user.accessToken, { name: text(101, 'v') }),
    refused: invalid('generic', 'name'),
    unchanged: async (c) => expect(okData(await callA('GET', `/v1/workspace/${(c as any).wid}`, c.user.accessToken)).workspace.name).toBe(c.name),
  }),
  cap({
    cap: 'workspace: description at most 1,000 characters',
    setup: () => newOwner(),
    atCap: (o) => callA('PATCH', `/v1/workspace/${o.wid}`, o.token, { description: 'd'.repeat(1000) }),
    accepted: 200,
    stored: async (o) => expect(okData(await callA('GET', `/v1/workspace/${o.wid}`, o.token)).workspace.description).toBe('d'.repeat(1000)),
    pastCap: (o) => callA('PATCH', `/v1/workspace/${o.wid}`, o.token, { description: 'e'.repeat(1001) }),
    refused: invalid('generic', 'description'),
    unchanged: async (o) => expect(okData(await callA('GET', `/v1/workspace/${o.wid}`, o.token)).workspace.description).toBe('d'.repeat(1000)),
  }),
  cap({
    cap: 'API key: name at most 100 characters',
    setup: async () => ({ owner: await newOwner(), name: text(100, 'k') }),
    atCap: (c) => callA('POST', `/v1/workspace/${c.owner.wid}/api-keys`, c.owner.token, { name: c.name }),
    accepted: 201,
    stored: async (c) => {
      const keys = okData(await callA('GET', `/v1/workspace/${c.owner.wid}/api-keys`, c.owner.token));
      expect(keys.map((k: any) => k.name)).toEqual([c.name]);
    },
    pastCap: (c) => callA('POST', `/v1/workspace/${c.owner.wid}/api-keys`, c.owner.token, { name: text(101, 'k') }),
    refused: invalid('generic', 'name'),
    unchanged: async (c) => {
      const keys = okData(await callA('GET', `/v1/workspace/${c.owner.wid}/api-keys`, c.owner.token));
      expect(keys.map((k: any) => k.name)).toEqual([c.name]);
    },
  }),
  cap({
    // docs/contract.md "Numbers": API key expiresInDays 1 to 3650
    cap: 'API key: expiresInDays at most 3650 (the key expires 3650 days after its creation)',
    setup: () => newOwner(),
    atCap: (o) => callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'ten years', expiresInDays: 3650 }),
    accepted: 201,
    stored: async (o) => {
      const [key, ...more] = okData(await callA('GET', `/v1/workspace/${o.wid}/api-keys`, o.token));
      expect(more).toEqual([]);
      expect(key.name).toBe('ten years');
      expect(Math.abs(Date.parse(key.expiresAt) - Date.parse(key.createdAt) - 3650 * DAY_MS)).toBeLessThan(5_000);
    },
    pastCap: (o) => callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'too long', expiresInDays: 3651 }),
    refused: invalid('generic', 'expiresInDays'),
    unchanged: async (o) => expect(okData(await callA('GET', `/v1/workspace/${o.wid}/api-keys`, o.token)).map((k: any) => k.name)).toEqual(['ten years']),
  }),

  cap({
    // docs/contract.md "Limits": API key scopes at most 10 entries (a scope given twice is stored once)
    cap: 'API key: scopes at most 10 entries',
    setup: () => newOwner(),
    atCap: (o) =>
      callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, {
        name: 'ten scopes',
        scopes: ['utilities', 'pipelines', 'queries', '*', 'utilities', 'pipelines', 'queries', '*', 'utilities', 'queries'],
      }),
    accepted: 201,
    stored: async (o) => {
      const keys = okData(await callA('GET', `/v1/workspace/${o.wid}/api-keys`, o.token));
      expect(keys.map((k: any) => [k.name, k.scopes])).toEqual([['ten scopes', ['utilities', 'pipelines', 'queries', '*']]]);
    },
    pastCap: (o) =>
      callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, {
        name: 'eleven scopes',
        scopes: ['utilities', 'pipelines', 'queries', '*', 'utilities', 'pipelines', 'queries', '*', 'utilities', 'queries', '*'],
      }),
    refused: invalid('generic', 'scopes'),
    unchanged: async (o) => expect(okData(await callA('GET', `/v1/workspace/${o.wid}/api-keys`, o.token)).map((k: any) => k.name)).toEqual(['ten scopes']),
  }),

  // ── providers (docs/contract.md "Providers (group 2)" and "Limits": name 1–120, contacts {emails[], phones[]} (≤ 10 each)) ──
  cap({
    cap: 'provider: name at most 120 characters',
    setup: async () => ({ owner: await newOwner(), name: text(120, 'p') }),
    atCap: (c) => callA('POST', `/v1/${c.owner.wid}/lsp/setup`, c.owner.token, providerBody({ name: c.name })),
    accepted: 201,
    stored: async (c, res) => {
      const code = okData(res, 201).code;
      (c as any).code = code;
      expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${code}`, c.owner.token)).name).toBe(c.name);
    },
    pastCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${(c as any).code}`, c.owner.token, { name: text(121, 'p') }),
    refused: invalid('generic', 'name'),
    unchanged: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${(c as any).code}`, c.owner.token)).name).toBe(c.name),
  }),
  ...(['emails', 'phones'] as const).map((list) =>
    cap({
      cap: `provider: contacts.${list} at most 10`,
      setup: async () => {
        const owner = await newOwner();
        const provider = await setupProvider(owner.token, owner.wid, 'lsp');
        const item = (i: number) => (list === 'emails' ? `ops${i}@cap.example` : `+25470000${String(i).padStart(4, '0')}`);
        return { owner, provider, ten: Array.from({ length: 10 }, (_, i) => item(i)), eleven: Array.from({ length: 11 }, (_, i) => item(100 + i)) };
      },
      atCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token, { contacts: { [list]: c.ten } }),
      accepted: 200,
      stored: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token)).contacts[list]).toEqual(c.ten),
      pastCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token, { contacts: { [list]: c.eleven } }),
      refused: invalid('generic', `contacts.${list}`),
      unchanged: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token)).contacts[list]).toEqual(c.ten),
    }),
  ),

  // ── providers, the rest (docs/contract.md "Limits": provider type 2–40, description ≤ 2,000, a phone 6–20 after an optional +;
  //    every address: name and street1 ≤ 200, city and state ≤ 100, country 2–64) ──
  ...(
    [
      ['type', 40, (n: number) => `T${'X'.repeat(n - 1)}`],
      ['description', 2000, (n: number) => text(n, 'd')],
    ] as const
  ).map(([field, max, value]) =>
    cap({
      cap: `provider: ${field} at most ${max.toLocaleString('en-US')} characters`,
      setup: async () => {
        const owner = await newOwner();
        return { owner, provider: await setupProvider(owner.token, owner.wid, 'lsp'), value: value(max) };
      },
      atCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token, { [field]: c.value }),
      accepted: 200,
      stored: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token))[field]).toBe(c.value),
      pastCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token, { [field]: value(max + 1) }),
      refused: invalid('generic', field),
      unchanged: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token))[field]).toBe(c.value),
    }),
  ),
  cap({
    // docs/contract.md "Limits": each contact phone at most 20 characters after an optional +
    cap: 'provider: a contact phone at most 20 characters after the +',
    setup: async () => {
      const owner = await newOwner();
      return { owner, provider: await setupProvider(owner.token, owner.wid, 'lsp'), phone: `+${'2547'.padEnd(20, '0')}` };
    },
    atCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token, { contacts: { phones: [c.phone] } }),
    accepted: 200,
    stored: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token)).contacts.phones).toEqual([c.phone]),
    pastCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token, { contacts: { phones: [`${c.phone}1`] } }),
    refused: invalid('generic', 'contacts.phones'),
    unchanged: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token)).contacts.phones).toEqual([c.phone]),
  }),
  ...(
    [
      ['name', 200],
      ['street1', 200],
      ['city', 100],
      ['state', 100],
      ['country', 64],
    ] as const
  ).map(([field, max]) =>
    cap({
      // docs/contract.md "Limits", Addresses (every address of the platform; here a provider's)
      cap: `address: ${field} at most ${max} characters`,
      setup: async () => {
        const owner = await newOwner();
        const address = { name: 'HQ', street1: '1 Main St', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: [-1.2921, 36.8219] };
        return { owner, provider: await setupProvider(owner.token, owner.wid, 'lsp'), address, value: text(max, 'a') };
      },
      atCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token, { address: { ...c.address, [field]: c.value } }),
      accepted: 200,
      stored: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token)).address).toEqual({ ...c.address, [field]: c.value }),
      pastCap: (c) => callA('PATCH', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token, { address: { ...c.address, [field]: text(max + 1, 'b') } }),
      refused: invalid('generic', `address.${field}`),
      unchanged: async (c) => expect(okData(await callA('GET', `/v1/${c.owner.wid}/lsp/${c.provider.code}`, c.owner.token)).address[field]).toBe(c.value),
    }),
  ),

  // ── connectors (docs/contract.md "Connectors (group 3)" and "Limits": config.scope ≤ 32, name 1–120) ──
  cap({
    cap: 'connector: config.scope at most 32 scopes',
    setup: async () => {
      const owner = await newOwner();
      const provider = await setupProvider(owner.token, owner.wid, 'csp', { type: 'VENDOR' });
      return { owner, provider, base: `/v1/${owner.wid}/csp/${provider.code}/connectors`, scopes: Array.from({ length: 32 }, (_, i) => `res${i}:read`) };
    },
    atCap: (c) => callA('POST', c.base, c.owner.token, connectorBody({ config: { protocol: 'http1', version: 'v1', scope: c.scopes } })),
    accepted: 201,
    stored: async (c, res) => {
      (c as any).id = res.body.connectorId;
      const got = await callA('GET', `${c.base}/${res.body.connectorId}`, c.owner.token);
      expect(okResult(got).connector.config.scope).toEqual(c.scopes);
    },
    pastCap: (c) => callA('PATCH', `${c.base}/${(c as any).id}/config`, c.owner.token, { scope: [...c.scopes, 'one:more'] }),
    refused: invalid('result', 'scope'),
    unchanged: async (c) => expect(okResult(await callA('GET', `${c.base}/${(c as any).id}`, c.owner.token)).connector.config.scope).toEqual(c.scopes),
  }),
  cap({
    cap: 'connector: name at most 120 characters',
    setup: async () => {
      const owner = await newOwner();
      const provider = await setupProvider(owner.token, owner.wid, 'csp', { type: 'VENDOR' });
      return { owner, base: `/v1/${owner.wid}/csp/${provider.code}/connectors`, name: text(120, 'c') };
    },
    atCap: (c) => callA('POST', c.base, c.owner.token, connectorBody({ name: c.name })),
    accepted: 201,
    stored: async (c, res) => {
      (c as any).id = res.body.connectorId;
      expect(okResult(await callA('GET', `${c.base}/${res.body.connectorId}`, c.owner.token)).connector.name).toBe(c.name);
    },
    pastCap: (c) => callA('PATCH', `${c.base}/${(c as any).id}`, c.owner.token, { name: text(121, 'c') }),
    refused: invalid('result', 'name'),
    unchanged: async (c) => expect(okResult(await callA('GET', `${c.base}/${(c as any).id}`, c.owner.token)).connector.name).toBe(c.name),
  }),

  // ── connectors, the rest (docs/contract.md "Limits": description ≤ 2,000, config.protocol 1–20, origins ≤ 50) ──
  cap({
    cap: 'connector: description at most 2,000 characters',
    setup: async () => {
      const c = await newConnector();
      return { ...c, value: text(2000, 'd') };
    },
    atCap: (c) => callA('PATCH', `${c.base}/${c.id}`, c.owner.token, { description: c.value }),
    accepted: 200,
    stored: async (c) => expect(okResult(await callA('GET', `${c.base}/${c.id}`, c.owner.token)).connector.description).toBe(c.value),
    pastCap: (c) => callA('PATCH', `${c.base}/${c.id}`, c.owner.token, { description: text(2001, 'e') }),
    refused: invalid('result', 'description'),
    unchanged: async (c) => expect(okResult(await callA('GET', `${c.base}/${c.id}`, c.owner.token)).connector.description).toBe(c.value),
  }),
  cap({
    cap: 'connector: config.protocol at most 20 characters',
    setup: async () => ({ ...(await newConnector()), value: `h${'t'.repeat(19)}` }),
    atCap: (c) => callA('PATCH', `${c.base}/${c.id}/config`, c.owner.token, { protocol: c.value }),
    accepted: 200,
    stored: async (c) => expect(okResult(await callA('GET', `${c.base}/${c.id}`, c.owner.token)).connector.config.protocol).toBe(c.value),
    pastCap: (c) => callA('PATCH', `${c.base}/${c.id}/config`, c.owner.token, { protocol: `${c.value}t` }),
    refused: invalid('result', 'protocol'),
    unchanged: async (c) => expect(okResult(await callA('GET', `${c.base}/${c.id}`, c.owner.token)).connector.config.protocol).toBe(c.value),
  }),
  cap({
    cap: 'connector: origins at most 50',
    setup: async () => ({ ...(await newConnector()), origins: (n: number) => Array.from({ length: n }, (_, i) => `https://app${i}.example.com`) }),
    atCap: (c) => callA('PATCH', `${c.base}/${c.id}/access`, c.owner.token, { origins: c.origins(50) }),
    accepted: 200,
    stored: async (c) => expect(okResult(await callA('GET', `${c.base}/${c.id}`, c.owner.token)).connector.origins).toEqual(c.origins(50)),
    pastCap: (c) => callA('PATCH', `${c.base}/${c.id}/access`, c.owner.token, { origins: c.origins(51) }),
    refused: invalid('result', 'origins'),
    unchanged: async (c) => expect(okResult(await callA('GET', `${c.base}/${c.id}`, c.owner.token)).connector.origins).toEqual(c.origins(50)),
  }),

  // ── access tokens (docs/contract.md "Limits": secret 1–200, accessToken 1–4,096; within the cap a value is judged (a wrong one is 401),
  //    a longer one is refused as input) ──
  cap({
    cap: 'access token: secret at most 200 characters (200: judged, a wrong secret is 401)',
    setup: async () => {
      const c = await newConnector();
      const origin = 'https://shop.example.com';
      const allowed = await callA('PATCH', `${c.base}/${c.id}/access`, c.owner.token, { origins: [origin] });
      expect(okResult(allowed).connector.origins).toEqual([origin]);
      return { ...c, origin };
    },
    atCap: (c) => api('POST', '/v1/access/token', { body: { connectorId: c.id, secret: `lcs_${'s'.repeat(196)}` }, headers: { origin: c.origin, 'svc-user-agent': 'caps/1' } }),
    accepted: 401,
    stored: (_c, res) => expect(res.body).toMatchObject({ error: true, status: 'UNAUTHORIZED' }),
    pastCap: (c) => api('POST', '/v1/access/token', { body: { connectorId: c.id, secret: `lcs_${'s'.repeat(197)}` }, headers: { origin: c.origin, 'svc-user-agent': 'caps/1' } }),
    refused: invalid('generic', 'secret'),
  }),
  cap({
    cap: 'access token: accessToken at most 4,096 characters (4,096: judged, an unknown token is 401)',
    setup: async () => null,
    atCap: () => api('PATCH', '/v1/access/token/revoke', { body: { accessToken: 'a'.repeat(4096) }, headers: { origin: 'https://shop.example.com' } }),
    accepted: 401,
    stored: (_c, res) => expect(res.body).toMatchObject({ error: true, status: 'UNAUTHORIZED' }),
    pastCap: () => api('PATCH', '/v1/access/token/revoke', { body: { accessToken: 'a'.repeat(4097) }, headers: { origin: 'https://shop.example.com' } }),
    refused: invalid('generic', 'accessToken'),
  }),

  // ── CSP invitations (docs/contract.md "Limits": name 1–100, operator.status 2–20, operator.bio ≤ 500); cancelling answers the stored invitation ──
  ...(
    [
      ['name', 100, (n: number) => text(n, 'i'), (b: Record<string, unknown>, v: string) => ({ ...b, name: v }), (inv: any) => inv.name],
      ['operator.status', 20, (n: number) => `S${'T'.repeat(n - 1)}`, (b: Record<string, unknown>, v: string) => ({ ...b, operator: { status: v } }), (inv: any) => inv.operator.status],
      ['operator.bio', 500, (n: number) => text(n, 'o'), (b: Record<string, unknown>, v: string) => ({ ...b, operator: { bio: v } }), (inv: any) => inv.operator.bio],
    ] as const
  ).map(([field, max, value, body, read]) =>
    cap({
      cap: `CSP invitation: ${field} at most ${max} characters`,
      setup: async () => ({ owner: await ownerWithCsp(), value: value(max), base: { phone: '+254711000000', name: uniqueName('Invitee') } }),
      atCap: (c) => callA('POST', '/v1/csp/invitation/coordinator', c.owner.cspContext, body(c.base, c.value)),
      accepted: 201,
      stored: async (c, res) => {
        const sent = okData(res, 201).invitation;
        const cancelled = okData(await callA('DELETE', '/v1/csp/invitation', c.owner.cspContext, { invitationId: sent.id }));
        expect(cancelled.status).toBe('CANCELLED');
        expect(read(cancelled)).toBe(c.value);
      },
      pastCap: (c) => callA('POST', '/v1/csp/invitation/coordinator', c.owner.cspContext, body(c.base, value(max + 1))),
      refused: invalid('generic', field),
    }),
  ),

  // ── LSP facilities (docs/lsp.md "Facilities" and "Limits": code 1–40, name 1–120, operatingHours at most one entry per day) ──
  cap({
    cap: 'facility: code at most 40 characters',
    setup: async () => ({ l: await lsp(), code: text(40, 'F').toUpperCase(), over: text(41, 'G').toUpperCase() }),
    atCap: (c) => c.l.call('POST', '/v1/lsp/fleets/create', { type: 'URBAN_TRANSIT', code: c.code, name: 'Forty', timezone: 'UTC' }),
    accepted: 201,
    stored: async (c, res) => expect(okData(await c.l.call('GET', `/v1/lsp/fleets/${okData(res, 201).id}`)).code).toBe(c.code),
    pastCap: (c) => c.l.call('POST', '/v1/lsp/fleets/create', { type: 'URBAN_TRANSIT', code: c.over, name: 'Forty-one', timezone: 'UTC' }),
    refused: invalid('generic', 'code'),
    // nothing stored: the first 40 characters of the refused code are still free
    unchanged: async (c) => {
      okData(await c.l.call('POST', '/v1/lsp/fleets/create', { type: 'URBAN_TRANSIT', code: c.over.slice(0, 40), name: 'Second try', timezone: 'UTC' }), 201);
    },
  }),
  cap({
    cap: 'facility: name at most 120 characters',
    setup: async () => {
      const l = await lsp();
      return { l, fleet: await createFleet(l), name: text(120, 'n') };
    },
    atCap: (c) => c.l.call('PATCH', `/v1/lsp/fleets/${c.fleet.id}`, { name: c.name }),
    accepted: 200,
    stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/fleets/${c.fleet.id}`)).name).toBe(c.name),
    pastCap: (c) => c.l.call('PATCH', `/v1/lsp/fleets/${c.fleet.id}`, { name: text(121, 'n') }),
    refused: invalid('generic', 'name'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/fleets/${c.fleet.id}`)).name).toBe(c.name),
  }),
  cap({
    cap: 'facility: operatingHours at most one entry per day (7)',
    setup: async () => {
      const l = await lsp();
      const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
      return { l, site: await createSite(l, 'warehouse'), week: days.map((d) => ({ dayOfWeek: d, openTime: '07:00', closeTime: '19:00' })) };
    },
    atCap: (c) => c.l.call('PATCH', `/v1/lsp/warehouses/${c.site.id}`, { operatingHours: c.week }),
    accepted: 200,
    stored: async (c) => {
      const hours = okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).operatingHours;
      expect(hours).toEqual(c.week.map((h) => ({ ...h, isClosed: false })));
    },
    pastCap: (c) => c.l.call('PATCH', `/v1/lsp/warehouses/${c.site.id}`, { operatingHours: [...c.week, { dayOfWeek: 'MONDAY', isClosed: true }] }),
    refused: invalid('generic', 'operatingHours'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).operatingHours).toHaveLength(7),
  }),

  // ── facilities, the rest (docs/lsp.md "Limits": description ≤ 2,000, type and level identifiers of 1–40) ──
  ...(
    [
      ['description', 2000, (n: number) => text(n, 'd')],
      ['type', 40, (n: number) => `T${'Y'.repeat(n - 1)}`],
      ['level', 40, (n: number) => `L${'V'.repeat(n - 1)}`],
    ] as const
  ).map(([field, max, value]) =>
    cap({
      cap: `facility: ${field} at most ${max.toLocaleString('en-US')} characters`,
      setup: async () => {
        const l = await lsp();
        return { l, fleet: await createFleet(l), value: value(max) };
      },
      atCap: (c) => c.l.call('PATCH', `/v1/lsp/fleets/${c.fleet.id}`, { [field]: c.value }),
      accepted: 200,
      stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/fleets/${c.fleet.id}`))[field]).toBe(c.value),
      pastCap: (c) => c.l.call('PATCH', `/v1/lsp/fleets/${c.fleet.id}`, { [field]: value(max + 1) }),
      refused: invalid('generic', field),
      unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/fleets/${c.fleet.id}`))[field]).toBe(c.value),
    }),
  ),

  // ── facility capabilities and capacities (docs/lsp.md "Facilities" and "Limits": at most 30 capabilities, each an identifier
  //    of 1–40; at most 20 capacities, one per type; a capacity's type an identifier of 1–40, unit 1–20, total ≤ 1,000,000,000) ──
  cap({
    cap: 'facility: capabilities at most 30',
    setup: async () => {
      const l = await lsp();
      return { l, site: await createSite(l, 'warehouse'), ids: (n: number) => Array.from({ length: n }, (_, i) => `CAP_${i}`) };
    },
    atCap: (c) => c.l.call('PATCH', `/v1/lsp/warehouses/${c.site.id}`, { capabilities: c.ids(30) }),
    accepted: 200,
    stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).capabilities).toEqual(c.ids(30)),
    pastCap: (c) => c.l.call('PATCH', `/v1/lsp/warehouses/${c.site.id}`, { capabilities: c.ids(31) }),
    refused: invalid('generic', 'capabilities'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).capabilities).toEqual(c.ids(30)),
  }),
  cap({
    cap: 'facility: each capability an identifier of at most 40 characters',
    setup: async () => {
      const l = await lsp();
      return { l, fleet: await createFleet(l), value: `C${'A'.repeat(39)}` };
    },
    atCap: (c) => c.l.call('PATCH', `/v1/lsp/fleets/${c.fleet.id}`, { capabilities: [c.value] }),
    accepted: 200,
    stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/fleets/${c.fleet.id}`)).capabilities).toEqual([c.value]),
    pastCap: (c) => c.l.call('PATCH', `/v1/lsp/fleets/${c.fleet.id}`, { capabilities: [`${c.value}A`] }),
    refused: invalid('generic', 'capabilities'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/fleets/${c.fleet.id}`)).capabilities).toEqual([c.value]),
  }),
  cap({
    cap: 'facility: capacities at most 20',
    setup: async () => {
      const l = await lsp();
      const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ type: `KIND_${i}`, total: 10, used: 1, reserved: 2, unit: 'slots' }));
      return { l, site: await createSite(l, 'hub'), entries };
    },
    atCap: (c) => c.l.call('PATCH', `/v1/lsp/hubs/${c.site.id}`, { capacities: c.entries(20) }),
    accepted: 200,
    stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/hubs/${c.site.id}`)).capacities).toEqual(c.entries(20)),
    pastCap: (c) => c.l.call('PATCH', `/v1/lsp/hubs/${c.site.id}`, { capacities: c.entries(21) }),
    refused: invalid('generic', 'capacities'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/hubs/${c.site.id}`)).capacities).toEqual(c.entries(20)),
  }),
  ...(
    [
      ['type', 40, (n: number) => `P${'X'.repeat(n - 1)}`],
      ['unit', 20, (n: number) => `m${'3'.repeat(n - 1)}`],
      ['total', 1_000_000_000, (n: number) => n],
    ] as const
  ).map(([field, max, value]) =>
    cap({
      cap: `facility: capacities.0.${field} at most ${max.toLocaleString('en-US')}${field === 'total' ? '' : ' characters'}`,
      setup: async () => {
        const l = await lsp();
        const entry = (v: string | number) => ({ type: 'PALLET_POSITIONS', total: 100, used: 0, reserved: 0, unit: 'pallets', [field]: v });
        return { l, site: await createSite(l, 'warehouse'), entry };
      },
      atCap: (c) => c.l.call('PATCH', `/v1/lsp/warehouses/${c.site.id}`, { capacities: [c.entry(value(max))] }),
      accepted: 200,
      stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).capacities).toEqual([c.entry(value(max))]),
      pastCap: (c) => c.l.call('PATCH', `/v1/lsp/warehouses/${c.site.id}`, { capacities: [c.entry(value(max + 1))] }),
      refused: invalid('generic', `capacities.0.${field}`),
      unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).capacities).toEqual([c.entry(value(max))]),
    }),
  ),

  // ── vehicles (docs/lsp.md "Limits": type, grade, specs.category 1–40; brand, model 1–60; color 1–40; registrationNumber 2–15;
  //    device: deviceId 1–100, topic 1–200, protocol 1–20, iotsp 1–40) ──
  ...(
    [
      ['type', '', 40, (n: number) => `V${'A'.repeat(n - 1)}`],
      ['grade', '', 40, (n: number) => `G${'R'.repeat(n - 1)}`],
      ['category', '/specs', 40, (n: number) => `C${'A'.repeat(n - 1)}`],
      ['brand', '/specs', 60, (n: number) => text(n, 'b')],
      ['model', '/specs', 60, (n: number) => text(n, 'm')],
      ['color', '/specs', 40, (n: number) => text(n, 'c')],
      ['registrationNumber', '/specs', 15, (n: number) => `KDA ${'1'.repeat(n - 4)}`],
    ] as const
  ).map(([field, route, max, value]) =>
    cap({
      cap: `vehicle: ${route ? 'specs.' : ''}${field} at most ${max} characters`,
      setup: async () => {
        const l = await lsp();
        const fleet = await createFleet(l);
        return { l, path: `/v1/lsp/fleets/${fleet.id}/vehicles/${(await addVehicle(l, fleet.id)).id}`, value: value(max) };
      },
      atCap: (c) => c.l.call('PATCH', `${c.path}${route}`, { [field]: c.value }),
      accepted: 200,
      stored: async (c) => {
        const v = okData(await c.l.call('GET', c.path));
        expect(route ? v.specs[field] : v[field]).toBe(c.value);
      },
      pastCap: (c) => c.l.call('PATCH', `${c.path}${route}`, { [field]: value(max + 1) }),
      refused: invalid('generic', field),
      unchanged: async (c) => {
        const v = okData(await c.l.call('GET', c.path));
        expect(route ? v.specs[field] : v[field]).toBe(c.value);
      },
    }),
  ),
  ...(
    [
      ['deviceId', 100, (n: number) => text(n, 'd')],
      ['topic', 200, (n: number) => `fleet/${'t'.repeat(n - 16)}/telemetry`],
      ['protocol', 20, (n: number) => `m${'q'.repeat(n - 1)}`],
      ['iotsp', 40, (n: number) => text(n, 'i')],
    ] as const
  ).map(([field, max, value]) =>
    cap({
      cap: `vehicle: iot.${field} at most ${max} characters`,
      setup: async () => {
        const l = await lsp();
        const fleet = await createFleet(l);
        const iot = { deviceId: 'dev-1', topic: 'fleet/kbx123/telemetry', protocol: 'mqtt', iotsp: 'IOTSP-1' };
        return { l, path: `/v1/lsp/fleets/${fleet.id}/vehicles/${(await addVehicle(l, fleet.id)).id}`, iot, value: value(max) };
      },
      atCap: (c) => c.l.call('PATCH', `${c.path}/iot`, { ...c.iot, [field]: c.value }),
      accepted: 200,
      stored: async (c) => expect(okData(await c.l.call('GET', c.path)).iot).toEqual({ ...c.iot, [field]: c.value }),
      pastCap: (c) => c.l.call('PATCH', `${c.path}/iot`, { ...c.iot, [field]: value(max + 1) }),
      refused: invalid('generic', field),
      unchanged: async (c) => expect(okData(await c.l.call('GET', c.path)).iot).toEqual({ ...c.iot, [field]: c.value }),
    }),
  ),

  // ── pricing (docs/lsp.md "Pricing rules" and "Limits": at most 100 rules per facility, the 101st 409 naming `pricing`
  //    (docs/contract.md "Limits", "A full collection"); rule name 1–120) ──
  ...(['warehouse', 'hub'] as const).map((kind) =>
    cap({
      cap: `pricing: at most 100 rules per ${kind} (the 100th is added, the 101st refused)`,
      setup: async () => {
        const l = await lsp();
        const site = await createSite(l, kind);
        const K = kind === 'hub' ? 'Hub' : 'Warehouse';
        await bulk(l, 99, () => `update${K}Pricing(id: $id, action: add, input: $in) { id }`, { id: site.id, in: { rule: graphInput(ruleBody()) } }, '$id: ID!, $in: PricingChangeInput!');
        expect(okData(await l.call('GET', `/v1/lsp/${kind}s/${site.id}`)).pricing).toHaveLength(99);
        return { l, site };
      },
      atCap: (c) => c.l.call('PUT', `/v1/lsp/${kind}s/${c.site.id}/pricing/add`, { rule: ruleBody({ name: 'The hundredth' }) }),
      accepted: 200,
      stored: async (c) => {
        const pricing = okData(await c.l.call('GET', `/v1/lsp/${kind}s/${c.site.id}`)).pricing;
        expect(pricing).toHaveLength(100);
        expect(pricing[99].name).toBe('The hundredth');
      },
      pastCap: (c) => c.l.call('PUT', `/v1/lsp/${kind}s/${c.site.id}/pricing/add`, { rule: ruleBody({ name: 'One too many' }) }),
      refused: full('generic', 'pricing'),
      unchanged: async (c) => {
        const pricing = okData(await c.l.call('GET', `/v1/lsp/${kind}s/${c.site.id}`)).pricing;
        expect(pricing).toHaveLength(100);
        expect(pricing.map((r: any) => r.name)).not.toContain('One too many');
      },
    }),
  ),
  cap({
    cap: 'pricing: rule name at most 120 characters',
    setup: async () => {
      const l = await lsp();
      return { l, site: await createSite(l, 'warehouse'), name: text(120, 'r') };
    },
    atCap: (c) => c.l.call('PUT', `/v1/lsp/warehouses/${c.site.id}/pricing/add`, { rule: ruleBody({ name: c.name }) }),
    accepted: 200,
    stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).pricing.map((r: any) => r.name)).toEqual([c.name]),
    pastCap: (c) => c.l.call('PUT', `/v1/lsp/warehouses/${c.site.id}/pricing/add`, { rule: ruleBody({ name: text(121, 'r') }) }),
    refused: invalid('generic', 'rule.name'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).pricing.map((r: any) => r.name)).toEqual([c.name]),
  }),

  ...(['serviceTypes', 'requirements'] as const).flatMap((list) => [
    cap({
      // docs/lsp.md "Limits": pricing conditions.serviceTypes and requirements at most 20 entries
      cap: `pricing: rule conditions.${list} at most 20 entries`,
      setup: async () => {
        const l = await lsp();
        return { l, site: await createSite(l, 'warehouse'), ids: (n: number) => Array.from({ length: n }, (_, i) => `K${i}`) };
      },
      atCap: (c) => c.l.call('PUT', `/v1/lsp/warehouses/${c.site.id}/pricing/add`, { rule: ruleBody({ conditions: { [list]: c.ids(20) } }) }),
      accepted: 200,
      stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).pricing.map((r: any) => r.conditions[list])).toEqual([c.ids(20)]),
      pastCap: (c) => c.l.call('PUT', `/v1/lsp/warehouses/${c.site.id}/pricing/add`, { rule: ruleBody({ conditions: { [list]: c.ids(21) } }) }),
      refused: invalid('generic', `rule.conditions.${list}`),
      unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).pricing).toHaveLength(1),
    }),
    cap({
      // docs/lsp.md "Limits": each entry an upper-case identifier of at most 40 characters
      cap: `pricing: a rule conditions.${list} entry at most 40 characters`,
      setup: async () => {
        const l = await lsp();
        return { l, site: await createSite(l, 'warehouse'), value: `K${'X'.repeat(39)}` };
      },
      atCap: (c) => c.l.call('PUT', `/v1/lsp/warehouses/${c.site.id}/pricing/add`, { rule: ruleBody({ conditions: { [list]: [c.value] } }) }),
      accepted: 200,
      stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).pricing.map((r: any) => r.conditions[list])).toEqual([[c.value]]),
      pastCap: (c) => c.l.call('PUT', `/v1/lsp/warehouses/${c.site.id}/pricing/add`, { rule: ruleBody({ conditions: { [list]: [`${c.value}X`] } }) }),
      refused: invalid('generic', `rule.conditions.${list}`),
      unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/warehouses/${c.site.id}`)).pricing).toHaveLength(1),
    }),
  ]),

  // ── parking (docs/lsp.md "Parking facilities" and "Limits": amenities ≤ 10 KB, restrictions at most 20) ──
  cap({
    cap: 'parking: amenities at most 10 KB = 10,240 bytes of JSON',
    setup: async () => {
      const l = await lsp();
      const empty = Buffer.byteLength(JSON.stringify({ note: '' }));
      return { l, amenities: { note: 'x'.repeat(10 * 1024 - empty) }, name: uniqueName('Amenities') };
    },
    atCap: (c) => c.l.call('POST', '/v1/lsp/fleet/parking/facilities', parkingBody({ amenities: c.amenities })),
    accepted: 201,
    stored: async (c, res) => {
      expect(Buffer.byteLength(JSON.stringify(c.amenities))).toBe(10 * 1024);
      expect(okData(await c.l.call('GET', `/v1/lsp/fleet/parking/facilities/${okData(res, 201).id}`)).amenities).toEqual(c.amenities);
    },
    pastCap: (c) => c.l.call('POST', '/v1/lsp/fleet/parking/facilities', parkingBody({ name: c.name, amenities: { note: `${c.amenities.note}x` } })),
    refused: invalid('generic', 'amenities'),
    unchanged: async (c) => {
      const list = okData(await c.l.call('GET', '/v1/lsp/fleet/parking/facilities?limit=100'));
      expect(list.map((p: any) => p.name)).not.toContain(c.name);
    },
  }),
  cap({
    cap: 'parking: access.restrictions at most 20',
    setup: async () => ({ l: await lsp(), name: uniqueName('Restricted') }),
    atCap: (c) => c.l.call('POST', '/v1/lsp/fleet/parking/facilities', parkingBody({ access: { type: 'CONTROLLED', restrictions: Array.from({ length: 20 }, (_, i) => `rule ${i}`) } })),
    accepted: 201,
    stored: async (c, res) => {
      const got = okData(await c.l.call('GET', `/v1/lsp/fleet/parking/facilities/${okData(res, 201).id}`));
      expect(got.access.restrictions).toEqual(Array.from({ length: 20 }, (_, i) => `rule ${i}`));
    },
    pastCap: (c) =>
      c.l.call('POST', '/v1/lsp/fleet/parking/facilities', parkingBody({ name: c.name, access: { type: 'CONTROLLED', restrictions: Array.from({ length: 21 }, (_, i) => `rule ${i}`) } })),
    refused: invalid('generic', 'access.restrictions'),
    unchanged: async (c) => {
      const list = okData(await c.l.call('GET', '/v1/lsp/fleet/parking/facilities?limit=100'));
      expect(list.map((p: any) => p.name)).not.toContain(c.name);
    },
  }),

  // ── parking, the rest (docs/lsp.md "Limits": name 1–120, type and securityLevel 1–40, each restriction 1–200); a refused facility is not in the list ──
  ...(
    [
      ['name', 120, (n: number) => text(n, 'p'), (v: string) => ({ name: v })],
      ['type', 40, (n: number) => `D${'E'.repeat(n - 1)}`, (v: string) => ({ type: v })],
      ['securityLevel', 40, (n: number) => `H${'I'.repeat(n - 1)}`, (v: string) => ({ securityLevel: v })],
      ['access.restrictions', 200, (n: number) => text(n, 'r'), (v: string) => ({ access: { type: 'CONTROLLED', restrictions: [v] } })],
    ] as const
  ).map(([field, max, value, body]) =>
    cap({
      cap: `parking: ${field === 'access.restrictions' ? 'a restriction' : field} at most ${max} characters`,
      setup: async () => ({
        l: await lsp(),
        value: value(max),
        // the name the refused facility would have had
        refusedName: field === 'name' ? value(max + 1) : uniqueName('Parking cap'),
      }),
      atCap: (c) => c.l.call('POST', '/v1/lsp/fleet/parking/facilities', parkingBody(body(c.value))),
      accepted: 201,
      stored: async (c, res) => {
        const got = okData(await c.l.call('GET', `/v1/lsp/fleet/parking/facilities/${okData(res, 201).id}`));
        if (field === 'access.restrictions') expect(got.access.restrictions).toEqual([c.value]);
        else expect(got[field]).toBe(c.value);
      },
      pastCap: (c) => c.l.call('POST', '/v1/lsp/fleet/parking/facilities', field === 'name' ? parkingBody({ name: c.refusedName }) : parkingBody({ ...body(value(max + 1)), name: c.refusedName })),
      refused: invalid('generic', field),
      unchanged: async (c) => {
        const names = okData(await c.l.call('GET', '/v1/lsp/fleet/parking/facilities?limit=100')).map((p: any) => p.name);
        expect(names).not.toContain(c.refusedName);
      },
    }),
  ),

  // ── agents (docs/lsp.md "Limits": name 1–100, bio ≤ 500, vehicle assignment terms at most 20) ──
  ...(
    [
      ['name', 100],
      ['bio', 500],
    ] as const
  ).map(([field, max]) =>
    cap({
      cap: `agent: ${field} at most ${max} characters`,
      setup: async () => {
        const l = await lsp();
        const { agent } = await newAgent(l);
        return { l, agent, value: text(max, 'a') };
      },
      atCap: (c) => c.l.call('PATCH', `/v1/lsp/agents/${c.agent.id}`, { [field]: c.value }),
      accepted: 200,
      stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}`))[field]).toBe(c.value),
      pastCap: (c) => c.l.call('PATCH', `/v1/lsp/agents/${c.agent.id}`, { [field]: text(max + 1, 'b') }),
      refused: invalid('generic', field),
      unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}`))[field]).toBe(c.value),
    }),
  ),
  cap({
    cap: 'agent: vehicle assignment terms at most 20',
    setup: async () => {
      const l = await lsp();
      const fleet = await createFleet(l);
      const vehicle = await addVehicle(l, fleet.id);
      const { agent } = await newAgent(l);
      return { l, agent, vehicle, terms: Array.from({ length: 20 }, (_, i) => `term ${i}`) };
    },
    atCap: (c) => c.l.call('PUT', `/v1/lsp/agents/${c.agent.id}/vehicle/assign`, { vid: c.vehicle.id, terms: c.terms, isOwner: false }),
    accepted: 200,
    stored: async (c) => {
      const got = okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}?verbose=1`));
      expect(got.vehicles.map((v: any) => [v.vid, v.terms])).toEqual([[c.vehicle.id, c.terms]]);
    },
    pastCap: (c) => c.l.call('PUT', `/v1/lsp/agents/${c.agent.id}/vehicle/assign`, { vid: c.vehicle.id, terms: [...c.terms, 'term 20'], isOwner: false }),
    refused: invalid('generic', 'terms'),
    unchanged: async (c) => {
      const got = okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}?verbose=1`));
      expect(got.vehicles.map((v: any) => v.terms)).toEqual([c.terms]);
    },
  }),

  // ── agents, the rest (docs/lsp.md "Limits": invitation name 1–100, licenseNumber 3–30, each term 1–500, vid 1–64) ──
  cap({
    cap: 'agent invitation: name at most 100 characters (the agent who accepts carries it)',
    setup: async () => ({ l: await lsp(), name: text(100, 'a') }),
    atCap: (c) => c.l.call('POST', '/v1/lsp/agents/invitations', { name: c.name, phone: '+254722000111' }),
    accepted: 201,
    stored: async (c, res) => {
      expect(okData(res, 201).invitation.name).toBe(c.name);
      const user = await newUser();
      const agent = okData(await acceptAgent(user, res.body.data.token), 201);
      expect(agent.name).toBe(c.name);
      expect(okData(await c.l.call('GET', `/v1/lsp/agents/${agent.id}`)).name).toBe(c.name);
    },
    pastCap: (c) => c.l.call('POST', '/v1/lsp/agents/invitations', { name: text(101, 'a'), phone: '+254722000111' }),
    refused: invalid('generic', 'name'),
  }),
  cap({
    cap: 'agent: licenseNumber at most 30 characters',
    setup: async () => {
      const l = await lsp();
      const { agent } = await newAgent(l);
      return { l, agent, value: `DL-${'7'.repeat(27)}` };
    },
    atCap: (c) => c.l.call('PATCH', `/v1/lsp/agents/${c.agent.id}`, { licenseNumber: c.value }),
    accepted: 200,
    stored: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}`)).licenseNumber).toBe(c.value),
    pastCap: (c) => c.l.call('PATCH', `/v1/lsp/agents/${c.agent.id}`, { licenseNumber: `${c.value}7` }),
    refused: invalid('generic', 'licenseNumber'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}`)).licenseNumber).toBe(c.value),
  }),
  cap({
    cap: 'agent: a vehicle assignment term at most 500 characters',
    setup: async () => {
      const l = await lsp();
      const fleet = await createFleet(l);
      const vehicle = await addVehicle(l, fleet.id);
      const { agent } = await newAgent(l);
      return { l, agent, vehicle, term: text(500, 't') };
    },
    atCap: (c) => c.l.call('PUT', `/v1/lsp/agents/${c.agent.id}/vehicle/assign`, { vid: c.vehicle.id, terms: [c.term], isOwner: false }),
    accepted: 200,
    stored: async (c) => {
      const got = okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}?verbose=1`));
      expect(got.vehicles.map((v: any) => [v.vid, v.terms])).toEqual([[c.vehicle.id, [c.term]]]);
    },
    pastCap: (c) => c.l.call('PUT', `/v1/lsp/agents/${c.agent.id}/vehicle/assign`, { vid: c.vehicle.id, terms: [text(501, 'u')], isOwner: false }),
    refused: invalid('generic', 'terms'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}?verbose=1`)).vehicles.map((v: any) => v.terms)).toEqual([[c.term]]),
  }),
  cap({
    cap: 'agent: vehicle assignment vid at most 64 characters (64: looked up, an unknown vehicle is 404)',
    setup: async () => {
      const l = await lsp();
      const { agent } = await newAgent(l);
      return { l, agent };
    },
    atCap: (c) => c.l.call('PUT', `/v1/lsp/agents/${c.agent.id}/vehicle/assign`, { vid: 'v'.repeat(64), terms: [], isOwner: false }),
    accepted: 404,
    stored: (_c, res) => expect(res.body).toMatchObject({ error: true, status: 'NOT_FOUND' }),
    pastCap: (c) => c.l.call('PUT', `/v1/lsp/agents/${c.agent.id}/vehicle/assign`, { vid: 'v'.repeat(65), terms: [], isOwner: false }),
    refused: invalid('generic', 'vid'),
    unchanged: async (c) => expect(okData(await c.l.call('GET', `/v1/lsp/agents/${c.agent.id}?verbose=1`)).vehicles).toEqual([]),
  }),

  // ── coverage (docs/lsp-coverage.md "Create bodies", "Link, unlink, transit points", "Limits" (linkedTo ≤ 100 and transitPoints ≤ 50:
  //    409 naming the collection); docs/contract.md "Numbers") ──
  cap({
    cap: 'coverage: name at most 120 characters',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l), name: text(120, 'n') };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { name: c.name }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).name).toBe(c.name),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { name: text(121, 'n') }),
    refused: invalid('result', 'name'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).name).toBe(c.name),
  }),
  cap({
    cap: 'coverage: code at most 40 characters',
    setup: async () => ({ l: await lsp(), code: text(40, 'C').toUpperCase(), over: text(41, 'D').toUpperCase() }),
    atCap: (c) => c.l.call('POST', `${COV}/areas/last_mile`, areaBody({ code: c.code })),
    accepted: 201,
    stored: async (c, res) => expect((await getArea(c.l, res.body.area.id)).code).toBe(c.code),
    pastCap: (c) => c.l.call('POST', `${COV}/areas/last_mile`, areaBody({ code: c.over })),
    refused: invalid('result', 'code'),
    unchanged: async (c) => {
      okResult(await c.l.call('POST', `${COV}/areas/last_mile`, areaBody({ code: c.over.slice(0, 40) })), 201);
    },
  }),
  cap({
    cap: 'coverage: region at most 100 characters',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l), region: text(100, 'r') };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { region: c.region }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).region).toBe(c.region),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { region: text(101, 'r') }),
    refused: invalid('result', 'region'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).region).toBe(c.region),
  }),
  cap({
    cap: 'coverage: cities at most 50',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l), cities: Array.from({ length: 50 }, (_, i) => `Town ${i}`) };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { cities: c.cities }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).cities).toEqual(c.cities),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { cities: [...c.cities, 'Town 50'] }),
    refused: invalid('result', 'cities'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).cities).toEqual(c.cities),
  }),
  cap({
    cap: 'coverage: schedules at most 20',
    setup: async () => {
      const l = await lsp();
      const list = (n: number) => Array.from({ length: n }, (_, i) => schedule({ departureTimes: [{ value: QUARTERS[i], timezone: 'Africa/Nairobi' }] }));
      return { l, area: await newArea(l), list };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { schedules: c.list(20) }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).schedules).toHaveLength(20),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { schedules: c.list(21) }),
    refused: invalid('result', 'schedules'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).schedules).toHaveLength(20),
  }),
  cap({
    cap: 'coverage: departureTimes at most 96 per schedule (every quarter of an hour)',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l), times: QUARTERS.map((value) => ({ value, timezone: 'Africa/Nairobi' })) };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { schedules: [schedule({ departureTimes: c.times })] }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).schedules[0].departureTimes).toEqual(c.times),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { schedules: [schedule({ departureTimes: [...c.times, { value: '00:07', timezone: 'Africa/Nairobi' }] })] }),
    refused: invalid('result', 'schedules.0.departureTimes'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).schedules[0].departureTimes).toEqual(c.times),
  }),
  cap({
    cap: 'coverage: operatingDays at least 1 per schedule',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l) };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { schedules: [schedule({ operatingDays: ['FRIDAY'] })] }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).schedules[0].operatingDays).toEqual(['FRIDAY']),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { schedules: [schedule({ operatingDays: [] })] }),
    refused: invalid('result', 'schedules.0.operatingDays'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).schedules[0].operatingDays).toEqual(['FRIDAY']),
  }),
  cap({
    cap: 'coverage: transit time max.hour at most 2160 (90 days)',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l) };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { transit: { time: { min: { hour: 0 }, max: { hour: 2160 } } } }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).transitTime).toEqual({ min: { hour: 0 }, max: { hour: 2160 } }),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { transit: { time: { min: { hour: 0 }, max: { hour: 2160.5 } } } }),
    refused: invalid('result', 'transit.time.max.hour'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).transitTime).toEqual({ min: { hour: 0 }, max: { hour: 2160 } }),
  }),
  cap({
    cap: 'coverage: area capacity.packages at most 10,000,000',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l) };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { capacity: { packages: 10_000_000 } }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).capacity).toEqual({ packages: 10_000_000 }),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { capacity: { packages: 10_000_001 } }),
    refused: invalid('result', 'capacity.packages'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).capacity).toEqual({ packages: 10_000_000 }),
  }),
  cap({
    cap: 'coverage: route capacity.sits at most 10,000',
    setup: async () => {
      const l = await lsp();
      return { l, route: await newRoute(l) };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/routes/${c.route}/line_haul`, { capacity: { sits: 10_000 } }),
    accepted: 200,
    stored: async (c) => expect((await getRoute(c.l, c.route)).capacity).toEqual({ sits: 10_000, packages: null }),
    pastCap: (c) => c.l.call('PATCH', `${COV}/routes/${c.route}/line_haul`, { capacity: { sits: 10_001 } }),
    refused: invalid('result', 'capacity.sits'),
    unchanged: async (c) => expect((await getRoute(c.l, c.route)).capacity).toEqual({ sits: 10_000, packages: null }),
  }),
  ...(['km', 'mi'] as const).map((unit) =>
    cap({
      cap: `coverage: route distance.value at most 40,000 ${unit}`,
      setup: async () => {
        const l = await lsp();
        return { l, route: await newRoute(l) };
      },
      atCap: (c) => c.l.call('PATCH', `${COV}/routes/${c.route}/line_haul`, { distance: { value: 40_000, unit } }),
      accepted: 200,
      stored: async (c) => expect((await getRoute(c.l, c.route)).distance).toEqual({ value: 40_000, unit }),
      pastCap: (c) => c.l.call('PATCH', `${COV}/routes/${c.route}/line_haul`, { distance: { value: 40_000.001, unit } }),
      refused: invalid('result', 'distance.value'),
      unchanged: async (c) => expect((await getRoute(c.l, c.route)).distance).toEqual({ value: 40_000, unit }),
    }),
  ),
  cap({
    cap: 'coverage: area radius.value at most 40,000 km',
    setup: async () => {
      const l = await lsp();
      return { l, area: await newArea(l) };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { radius: { value: 40_000, unit: 'km' } }),
    accepted: 200,
    stored: async (c) => expect((await getArea(c.l, c.area)).radius).toEqual({ value: 40_000, unit: 'km' }),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/last_mile`, { radius: { value: 40_000.001, unit: 'km' } }),
    refused: invalid('result', 'radius.value'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).radius).toEqual({ value: 40_000, unit: 'km' }),
  }),
  cap({
    cap: 'coverage: at most 100 linkedTo entries per area (the 100th link is added, the 101st refused)',
    setup: async () => {
      const l = await lsp();
      const area = await newArea(l);
      await bulk(l, 99, (i) => `linkCoverageArea(id: $id, input: { type: "ANY", address: { city: "Place ${i}" } }) { id }`, { id: area }, '$id: ID!');
      expect((await getArea(l, area)).linkedTo).toHaveLength(99);
      return { l, area };
    },
    atCap: (c) => c.l.call('PUT', `${COV}/areas/${c.area}/link`, { type: 'ANY', address: { city: 'Place 99' } }),
    accepted: 200,
    stored: async (c) => {
      const links = (await getArea(c.l, c.area)).linkedTo;
      expect(links).toHaveLength(100);
      expect(links[99].address.city).toBe('Place 99');
    },
    pastCap: (c) => c.l.call('PUT', `${COV}/areas/${c.area}/link`, { type: 'ANY', address: { city: 'Place 100' } }),
    refused: full('result', 'linkedTo'),
    unchanged: async (c) => {
      const links = (await getArea(c.l, c.area)).linkedTo;
      expect(links).toHaveLength(100);
      expect(links.map((e: any) => e.address.city)).not.toContain('Place 100');
    },
  }),
  cap({
    cap: 'coverage: unlink index at most 99 (the 100th entry can be removed by index)',
    setup: async () => {
      const l = await lsp();
      const area = await newArea(l);
      await bulk(l, 100, (i) => `linkCoverageArea(id: $id, input: { type: "ANY", address: { city: "Spot ${i}" } }) { id }`, { id: area }, '$id: ID!');
      return { l, area };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/unlink`, { index: 99 }),
    accepted: 200,
    stored: async (c) => {
      const links = (await getArea(c.l, c.area)).linkedTo;
      expect(links.map((e: any) => e.address.city)).toEqual(Array.from({ length: 99 }, (_, i) => `Spot ${i}`));
    },
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/unlink`, { index: 100 }),
    refused: invalid('result', 'index'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).linkedTo).toHaveLength(99),
  }),
  cap({
    cap: 'coverage: at most 50 transit points per route (the 50th is added, the 51st refused)',
    setup: async () => {
      const l = await lsp();
      const route = await newRoute(l);
      await bulk(l, 49, (i) => `addCoverageTransitPoint(id: $id, input: { type: "STOP", address: { city: "Stop ${i}" } }) { id }`, { id: route }, '$id: ID!');
      expect((await getRoute(l, route)).transitPoints).toHaveLength(49);
      return { l, route };
    },
    atCap: (c) => c.l.call('PUT', `${COV}/routes/${c.route}/transit-point`, { type: 'STOP', address: { city: 'Stop 49' } }),
    accepted: 200,
    stored: async (c) => {
      const points = (await getRoute(c.l, c.route)).transitPoints;
      expect(points).toHaveLength(50);
      expect(points[49].address.city).toBe('Stop 49');
    },
    pastCap: (c) => c.l.call('PUT', `${COV}/routes/${c.route}/transit-point`, { type: 'STOP', address: { city: 'Stop 50' } }),
    refused: full('result', 'transitPoints'),
    unchanged: async (c) => {
      const points = (await getRoute(c.l, c.route)).transitPoints;
      expect(points).toHaveLength(50);
      expect(points.map((p: any) => p.address.city)).not.toContain('Stop 50');
    },
  }),
  cap({
    cap: 'coverage: transit point position at most the number of points',
    setup: async () => {
      const l = await lsp();
      const route = await newRoute(l);
      await bulk(l, 2, (i) => `addCoverageTransitPoint(id: $id, input: { type: "STOP", address: { city: "Halt ${i}" } }) { id }`, { id: route }, '$id: ID!');
      return { l, route };
    },
    // 2 points: position 2 appends
    atCap: (c) => c.l.call('PUT', `${COV}/routes/${c.route}/transit-point`, { type: 'STOP', address: { city: 'Halt 2' }, position: 2 }),
    accepted: 200,
    stored: async (c) => expect((await getRoute(c.l, c.route)).transitPoints.map((p: any) => p.address.city)).toEqual(['Halt 0', 'Halt 1', 'Halt 2']),
    // 3 points now: position 4 is one past
    pastCap: (c) => c.l.call('PUT', `${COV}/routes/${c.route}/transit-point`, { type: 'STOP', address: { city: 'Halt 4' }, position: 4 }),
    refused: invalid('result', 'position'),
    unchanged: async (c) => expect((await getRoute(c.l, c.route)).transitPoints.map((p: any) => p.address.city)).toEqual(['Halt 0', 'Halt 1', 'Halt 2']),
  }),

  // ── coverage points (docs/lsp-coverage.md "Limits": a point's type 1–40 and description 1–200, unlink id 1–100) ──
  ...(
    [
      ['description', 200, (n: number) => text(n, 'd')],
      ['type', 40, (n: number) => `P${'T'.repeat(n - 1)}`],
    ] as const
  ).map(([field, max, value]) =>
    cap({
      cap: `coverage: a point's ${field} at most ${max} characters`,
      setup: async () => {
        const l = await lsp();
        return { l, area: await newArea(l), value: value(max) };
      },
      atCap: (c) => c.l.call('PUT', `${COV}/areas/${c.area}/link`, { type: 'ANY', address: { city: 'Thika' }, [field]: c.value }),
      accepted: 200,
      stored: async (c) => expect((await getArea(c.l, c.area)).linkedTo.map((e: any) => e[field])).toEqual([c.value]),
      pastCap: (c) => c.l.call('PUT', `${COV}/areas/${c.area}/link`, { type: 'ANY', address: { city: 'Thika' }, [field]: value(max + 1) }),
      refused: invalid('result', field),
      unchanged: async (c) => expect((await getArea(c.l, c.area)).linkedTo.map((e: any) => e[field])).toEqual([c.value]),
    }),
  ),
  cap({
    cap: 'coverage: unlink id at most 100 characters (100: looked up, no such entry is 404)',
    setup: async () => {
      const l = await lsp();
      const area = await newArea(l);
      okResult(await l.call('PUT', `${COV}/areas/${area}/link`, { type: 'ANY', address: { city: 'Ruiru' } }));
      return { l, area };
    },
    atCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/unlink`, { id: 'n'.repeat(100) }),
    accepted: 404,
    stored: (_c, res) => expect(res.body).toMatchObject({ error: true, status: 'NOT_FOUND' }),
    pastCap: (c) => c.l.call('PATCH', `${COV}/areas/${c.area}/unlink`, { id: 'n'.repeat(101) }),
    refused: invalid('result', 'id'),
    unchanged: async (c) => expect((await getArea(c.l, c.area)).linkedTo.map((e: any) => e.address.city)).toEqual(['Ruiru']),
  }),

  // ── utilities (docs/utilities.md "Live vehicle positions" and "Limits": nearby limit default 20 max 100, nearest count 1–100,
  //    reportVehiclePositions up to 500) ──
  cap({
    cap: 'utilities: /nearby/search limit at most 100',
    setup: () => utilitiesKey(),
    atCap: (k) => api('POST', '/realm/utilities/nearby/search', { headers: k.headers, body: { location: { lat: -1.29, lng: 36.82 }, radius: 1000, limit: 100 } }),
    accepted: 200,
    stored: (_k, res) => {
      expect(okResult(res).status).toBe('UTILITY::SEARCH_COMPLETE');
      expect(res.body.result.vehicles.length).toBeLessThanOrEqual(100);
    },
    pastCap: (k) => api('POST', '/realm/utilities/nearby/search', { headers: k.headers, body: { location: { lat: -1.29, lng: 36.82 }, radius: 1000, limit: 101 } }),
    refused: invalid('utility', 'limit'),
  }),
  cap({
    cap: 'utilities: /nearby/nearest count at most 100',
    setup: () => utilitiesKey(),
    atCap: (k) => api('POST', '/realm/utilities/nearby/nearest', { headers: k.headers, body: { location: { lat: -1.29, lng: 36.82 }, count: 100 } }),
    accepted: 200,
    stored: (_k, res) => {
      okResult(res);
      expect(res.body.result.requested).toBe(100);
      expect(res.body.result.vehicles.length).toBeLessThanOrEqual(100);
    },
    pastCap: (k) => api('POST', '/realm/utilities/nearby/nearest', { headers: k.headers, body: { location: { lat: -1.29, lng: 36.82 }, count: 101 } }),
    refused: invalid('utility', 'count'),
  }),
  cap({
    cap: 'utilities: reportVehiclePositions at most 500 reports at once (GraphQL)',
    setup: async () => {
      const k = await utilitiesKey();
      const tag = randomUUID().slice(0, 8);
      const reports = (n: number, prefix: string) =>
        Array.from({ length: n }, (_, i) => ({ vehicleId: `${prefix}-${tag}-${i}`, type: 'VAN', status: 'AVAILABLE', location: { latitude: -1.2 - i / 1e4, longitude: 36.8 } }));
      return { k, reports };
    },
    atCap: (c) => gqlRes('mutation($p: [VehiclePositionInput!]!) { reportVehiclePositions(positions: $p) { __typename } }', { p: c.reports(500, 'ok') }, c.k.headers),
    accepted: 200,
    stored: async (c, res) => {
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      const last = c.reports(500, 'ok')[499];
      const got = await gqlRes('query($id: ID!) { vehiclePosition(vehicleId: $id) { id status } }', { id: last.vehicleId }, c.k.headers);
      expect(got.body.data.vehiclePosition).toEqual({ id: last.vehicleId, status: 'AVAILABLE' });
    },
    pastCap: (c) => gqlRes('mutation($p: [VehiclePositionInput!]!) { reportVehiclePositions(positions: $p) { __typename } }', { p: c.reports(501, 'no') }, c.k.headers),
    refused: { family: 'graphql', status: 200, code: 'UTILITY::VALIDATION_FAILED', field: 'positions' },
    unchanged: async (c) => {
      const first = c.reports(501, 'no')[0];
      const got = await gqlRes('query($id: ID!) { vehiclePosition(vehicleId: $id) { id } }', { id: first.vehicleId }, c.k.headers);
      expect(got.status).toBe(200);
      expect(got.body.errors).toBeUndefined();
      expect(got.body.data.vehiclePosition).toBeNull();
    },
  }),
  // ── utilities, the rest (docs/utilities.md "Limits": a place's address ≤ 300, city ≤ 100, country ≤ 64; cargo.type ≤ 60;
  //    shipment.description ≤ 500; vehicleType 1–40) ──
  cap({
    cap: 'utilities: a place address at most 300 characters (its last part is found as the city)',
    setup: async () => {
      const k = await utilitiesKey();
      const address = (n: number) => `${'1 Kenyatta Avenue'.padEnd(n - ', Nairobi'.length, ' x')}, Nairobi`;
      return { k, address };
    },
    atCap: (c) => {
      expect(c.address(300)).toHaveLength(300);
      return api('POST', '/realm/utilities/zone', { headers: c.k.headers, body: { location: { address: c.address(300), country: 'KE' } } });
    },
    accepted: 200,
    stored: (_c, res) => {
      expect(okResult(res).status).toBe('UTILITY::ZONE_ASSIGNED');
      expect(res.body.result.metadata.locations).toMatchObject([{ role: 'location', source: 'GAZETTEER', matchedName: 'Nairobi', country: 'KE' }]);
    },
    pastCap: (c) => api('POST', '/realm/utilities/zone', { headers: c.k.headers, body: { location: { address: c.address(301), country: 'KE' } } }),
    refused: invalid('utility', 'location.address'),
  }),
  ...(
    [
      ['city', 100, { country: 'KE' }],
      ['country', 64, {}],
    ] as const
  ).map(([field, max, rest]) =>
    cap({
      // within the cap the value is looked up (an unknown place is 422 UTILITY::INSUFFICIENT_DATA); over it, refused as input
      cap: `utilities: a place ${field} at most ${max} characters (${max}: looked up, an unknown one is 422)`,
      setup: () => utilitiesKey(),
      atCap: (k) => api('POST', '/realm/utilities/zone', { headers: k.headers, body: { location: { ...rest, [field]: 'q'.repeat(max) } } }),
      accepted: 422,
      stored: (_k, res) => expect(res.body).toMatchObject({ error: true, status: 'UTILITY::INSUFFICIENT_DATA', field: `location.${field}` }),
      pastCap: (k) => api('POST', '/realm/utilities/zone', { headers: k.headers, body: { location: { ...rest, [field]: 'q'.repeat(max + 1) } } }),
      refused: invalid('utility', `location.${field}`),
    }),
  ),
  cap({
    cap: 'utilities: transport cargo.type at most 60 characters',
    setup: () => utilitiesKey(),
    atCap: (k) => api('POST', '/realm/utilities/fares/transport', { headers: k.headers, body: transportBody('G'.repeat(60)) }),
    accepted: 200,
    stored: (_k, res) => expect(okResult(res).status).toBe('UTILITY::FARE_CALCULATED'),
    pastCap: (k) => api('POST', '/realm/utilities/fares/transport', { headers: k.headers, body: transportBody('G'.repeat(61)) }),
    refused: invalid('utility', 'cargo.type'),
  }),
  cap({
    cap: 'utilities: cross-border shipment.description at most 500 characters',
    setup: () => utilitiesKey(),
    atCap: (k) => api('POST', '/realm/utilities/fares/crossborder', { headers: k.headers, body: crossBorderBody('g'.repeat(500)) }),
    accepted: 200,
    stored: (_k, res) => expect(okResult(res).status).toBe('UTILITY::FARE_ESTIMATED'),
    pastCap: (k) => api('POST', '/realm/utilities/fares/crossborder', { headers: k.headers, body: crossBorderBody('g'.repeat(501)) }),
    refused: invalid('utility', 'shipment.description'),
  }),
  cap({
    cap: 'utilities: vehicleType at most 40 characters (a report of that type is found by /nearby/search)',
    setup: async () => {
      const k = await utilitiesKey();
      const type = `T${'Y'.repeat(39)}`;
      const reported = await gqlRes(
        'mutation($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id type } }',
        { i: { vehicleId: 'long-type-1', type, status: 'AVAILABLE', location: { latitude: -1.29, longitude: 36.82 } } },
        k.headers,
      );
      expect(reported.body, JSON.stringify(reported.body)).toEqual({ data: { reportVehiclePosition: { id: 'long-type-1', type } } });
      return { k, type };
    },
    atCap: (c) => api('POST', '/realm/utilities/nearby/search', { headers: c.k.headers, body: { location: { lat: -1.29, lng: 36.82 }, radius: 1000, vehicleType: c.type } }),
    accepted: 200,
    stored: (c, res) => expect(okResult(res).result.vehicles.map((v: any) => [v.id, v.type])).toEqual([['long-type-1', c.type]]),
    pastCap: (c) => api('POST', '/realm/utilities/nearby/search', { headers: c.k.headers, body: { location: { lat: -1.29, lng: 36.82 }, radius: 1000, vehicleType: `${c.type}Y` } }),
    refused: invalid('utility', 'vehicleType'),
  }),
  cap({
    // docs/contract.md "Numbers" and docs/utilities.md "Live vehicle positions": speed 0 to 2,000 km/h
    cap: 'utilities: a position report speed at most 2,000 km/h (GraphQL)',
    setup: async () => ({ k: await utilitiesKey(), id: `fast-${randomUUID().slice(0, 8)}` }),
    atCap: (c) =>
      gqlRes(
        'mutation($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id speed } }',
        { i: { vehicleId: c.id, type: 'JET_CAR', status: 'AVAILABLE', location: { latitude: -1.29, longitude: 36.82 }, speed: 2000 } },
        c.k.headers,
      ),
    accepted: 200,
    stored: async (c, res) => {
      expect(res.body, JSON.stringify(res.body)).toEqual({ data: { reportVehiclePosition: { id: c.id, speed: 2000 } } });
      const got = await gqlRes('query($id: ID!) { vehiclePosition(vehicleId: $id) { id speed } }', { id: c.id }, c.k.headers);
      expect(got.body).toEqual({ data: { vehiclePosition: { id: c.id, speed: 2000 } } });
    },
    pastCap: (c) =>
      gqlRes(
        'mutation($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id speed } }',
        { i: { vehicleId: c.id, type: 'JET_CAR', status: 'AVAILABLE', location: { latitude: -1.3, longitude: 36.8 }, speed: 2000.001 } },
        c.k.headers,
      ),
    refused: { family: 'graphql', status: 200, code: 'UTILITY::VALIDATION_FAILED', field: 'speed' },
    unchanged: async (c) => {
      const got = await gqlRes('query($id: ID!) { vehiclePosition(vehicleId: $id) { location { latitude longitude } speed } }', { id: c.id }, c.k.headers);
      expect(got.body).toEqual({ data: { vehiclePosition: { location: { latitude: -1.29, longitude: 36.82 }, speed: 2000 } } });
    },
  }),
  // ── the DEV family (docs/dev.md "FAQs", "Developers") ──
  ...(
    [
      ['question', 300, 'question: at most 300 characters'],
      ['answer', 5000, 'answer: at most 5,000 characters'],
    ] as const
  ).map(([field, max, what]) =>
    cap({
      cap: `faqs: ${what}`,
      setup: async () => {
        const l = await lsp();
        return { l, value: text(max, 'a'), before: okTotal(await callB('GET', `/v1/lsps/${l.code}/faqs?limit=1`, l.token)) };
      },
      atCap: (c) => callB('POST', `/v1/lsps/${c.l.code}/faqs`, c.l.token, faqBody({ [field]: c.value })),
      accepted: 201,
      stored: async (c, res) => expect(okData(await callB('GET', `/v1/lsps/${c.l.code}/faqs/${res.body.data.reference}`, c.l.token))[field]).toBe(c.value),
      pastCap: (c) => callB('POST', `/v1/lsps/${c.l.code}/faqs`, c.l.token, faqBody({ [field]: text(max + 1, 'a') })),
      refused: invalid('generic', field),
      unchanged: async (c) => expect(okTotal(await callB('GET', `/v1/lsps/${c.l.code}/faqs?limit=1`, c.l.token))).toBe(c.before + 1),
    }),
  ),
  ...(
    [
      [Array.from({ length: 20 }, (_, i) => `tag ${i}`), Array.from({ length: 21 }, (_, i) => `tag ${i}`), 'tags: at most 20'],
      [['t'.repeat(40)], ['t'.repeat(41)], 'a tag: at most 40 characters'],
    ] as const
  ).map(([atCap, past, what]) =>
    cap({
      cap: `faqs: ${what}`,
      setup: async () => {
        const l = await lsp();
        return { l, before: okTotal(await callB('GET', `/v1/lsps/${l.code}/faqs?limit=1`, l.token)) };
      },
      atCap: (c) => callB('POST', `/v1/lsps/${c.l.code}/faqs`, c.l.token, faqBody({ tags: atCap })),
      accepted: 201,
      stored: async (c, res) => expect(okData(await callB('GET', `/v1/lsps/${c.l.code}/faqs/${res.body.data.reference}`, c.l.token)).tags).toEqual(atCap),
      pastCap: (c) => callB('POST', `/v1/lsps/${c.l.code}/faqs`, c.l.token, faqBody({ tags: past })),
      refused: invalid('generic', 'tags'),
      unchanged: async (c) => expect(okTotal(await callB('GET', `/v1/lsps/${c.l.code}/faqs?limit=1`, c.l.token))).toBe(c.before + 1),
    }),
  ),
  cap({
    cap: 'faqs: at most 50 context links per FAQ (the 50th is added, the 51st refused)',
    setup: async () => {
      const l = await lsp();
      const hubs: string[] = [];
      for (let i = 0; i < 51; i += 17) hubs.push(...(await Promise.all(Array.from({ length: Math.min(17, 51 - i) }, async () => (await createSite(l, 'hub')).id))));
      const faq = okData(await callB('POST', `/v1/lsps/${l.code}/faqs`, l.token, faqBody()), 201);
      const fields = hubs.slice(0, 49).map((id, i) => `m${i}: addFaqContext(providerCode: $c, reference: $r, input: { context: { type: HUB, id: "${id}" } }) { revision }`);
      const res = await gqlB(`mutation($c: String!, $r: String!) { ${fields.join('\n')} }`, { c: l.code, r: faq.reference }, l.token);
      expect(res.body.errors, JSON.stringify(res.body.errors)?.slice(0, 500)).toBeUndefined();
      return { l, hubs, faq };
    },
    atCap: (c) => callB('PUT', `/v1/lsps/${c.l.code}/faqs/${c.faq.reference}/context/add`, c.l.token, { context: { type: 'HUB', id: c.hubs[49] } }),
    accepted: 200,
    stored: (_c, res) => expect(res.body.data.contexts).toHaveLength(50),
    pastCap: (c) => callB('PUT', `/v1/lsps/${c.l.code}/faqs/${c.faq.reference}/context/add`, c.l.token, { context: { type: 'HUB', id: c.hubs[50] } }),
    refused: full('generic', 'context'),
    unchanged: async (c) => {
      const faq = okData(await callB('GET', `/v1/lsps/${c.l.code}/faqs/${c.faq.reference}`, c.l.token));
      expect(faq.contexts).toHaveLength(50);
      expect(faq.contexts.map((x: any) => x.id)).not.toContain(c.hubs[50]);
    },
  }),
  cap({
    cap: 'faqs: a search query at most 200 characters',
    setup: async () => ({ l: await lsp() }),
    atCap: (c) => callB('GET', `/v1/lsps/${c.l.code}/faqs/search?query=${encodeURIComponent(`${'parcel '.repeat(28)}parc`)}`, c.l.token),
    accepted: 200,
    stored: (_c, res) => expect(Array.isArray(res.body.data)).toBe(true),
    pastCap: (c) => callB('GET', `/v1/lsps/${c.l.code}/faqs/search?query=${encodeURIComponent(`${'parcel '.repeat(28)}parce`)}`, c.l.token),
    refused: invalid('generic', 'query'),
  }),
  cap({
    cap: 'developers: a name search at most 100 characters',
    setup: async () => ({ d: await newDevProvider() }),
    atCap: (c) => callB('GET', `/v1/devs/${c.d.code}/developers?search=${text(100, 's')}`, c.d.token),
    accepted: 200,
    stored: (_c, res) => expect(res.body.data).toEqual([]),
    pastCap: (c) => callB('GET', `/v1/devs/${c.d.code}/developers?search=${text(101, 's')}`, c.d.token),
    refused: invalid('generic', 'search'),
  }),

  // ── the IoT family (docs/iot.md "Rules", "Topics", "Devices"; schema/iot.graphql: descriptions at most 500
  //    characters, tags at most 20 of 1–40 characters, a rule's head 1–16 markers of 1–32 characters, a topic path at
  //    most 1,024 characters and 32 levels, a report batch 1–1,000 lines of at most 4,096 characters, a device's
  //    externalId 1–64 and name at most 120 characters, telemetry ranges at most 31 days) ──
  cap({
    cap: 'iot devices: a report batch at most 1,000 lines',
    setup: async () => {
      const t = await iotsp();
      const rule = await createRule(t);
      return { t, device: (await registerDevice(t, { externalId: newImei(), rule: rule.reference })).device.reference };
    },
    atCap: (c) => c.t.call('POST', `/v1/iotsp/devices/${c.device}/reports`, { reports: Array.from({ length: 1000 }, () => reportLine(60)) }),
    accepted: 200,
    stored: async (c, res) => {
      expect(okData(res)).toEqual({ accepted: 1000, stored: 1000, failed: 0, errors: [] });
      expect(await storedOf(c.t, c.device)).toBe(1000);
    },
    pastCap: (c) => c.t.call('POST', `/v1/iotsp/devices/${c.device}/reports`, { reports: Array.from({ length: 1001 }, () => reportLine(60)) }),
    refused: invalid('generic', 'reports'),
    unchanged: async (c) => expect(await storedOf(c.t, c.device)).toBe(1000),
  }),
  cap({
    cap: 'iot devices: a report line at most 4,096 characters',
    setup: async () => {
      const t = await iotsp();
      const rule = await createRule(t);
      return { t, device: (await registerDevice(t, { externalId: newImei(), rule: rule.reference })).device.reference };
    },
    atCap: (c) => c.t.call('POST', `/v1/iotsp/devices/${c.device}/reports`, { reports: [reportLine(60), reportLine(4096)] }),
    accepted: 200,
    stored: async (c, res) => {
      expect(okData(res)).toEqual({ accepted: 2, stored: 2, failed: 0, errors: [] });
      expect(await storedOf(c.t, c.device)).toBe(2);
    },
    pastCap: (c) => c.t.call('POST', `/v1/iotsp/devices/${c.device}/reports`, { reports: [reportLine(60), reportLine(4097)] }),
    refused: invalid('generic', 'reports'), // (a list's element names the list, as tags do)
    unchanged: async (c) => expect(await storedOf(c.t, c.device)).toBe(2),
  }),
  cap({
    cap: 'iot rules: a dry-run line at most 4,096 characters',
    setup: async () => {
      const t = await iotsp();
      return { t, rule: (await createRule(t)).reference };
    },
    atCap: (c) => c.t.call('POST', `/v1/iotsp/rules/${c.rule}/dry-run`, { line: reportLine(4096) }),
    accepted: 200,
    stored: (_c, res) => expect(okData(res)).toMatchObject({ ok: true, head: '+RESP', values: { position: { speed: 45 } }, error: null }),
    pastCap: (c) => c.t.call('POST', `/v1/iotsp/rules/${c.rule}/dry-run`, { line: reportLine(4097) }),
    refused: invalid('generic', 'line'),
  }),
  cap({
    cap: 'iot rules: head at most 16 markers',
    setup: async () => {
      const t = await iotsp();
      return { t, before: okTotal(await t.call('GET', '/v1/iotsp/rules?limit=1')), head: Array.from({ length: 16 }, (_, i) => `+M${i}`) };
    },
    atCap: (c) => c.t.call('POST', '/v1/iotsp/rules/add', trackerRule({ head: c.head })),
    accepted: 201,
    stored: async (c, res) => expect(okData(await c.t.call('GET', `/v1/iotsp/rules/${res.body.data.reference}`)).head).toEqual(c.head),
    pastCap: (c) => c.t.call('POST', '/v1/iotsp/rules/add', trackerRule({ head: [...c.head, '+M16'] })),
    refused: invalid('generic', 'head'),
    unchanged: async (c) => expect(okTotal(await c.t.call('GET', '/v1/iotsp/rules?limit=1'))).toBe(c.before + 1),
  }),
  cap({
    cap: 'iot rules: a head marker at most 32 characters',
    setup: async () => {
      const t = await iotsp();
      return { t, before: okTotal(await t.call('GET', '/v1/iotsp/rules?limit=1')), marker: `+${'M'.repeat(31)}` };
    },
    atCap: (c) => c.t.call('POST', '/v1/iotsp/rules/add', trackerRule({ head: ['+RESP', c.marker] })),
    accepted: 201,
    stored: async (c, res) => expect(okData(await c.t.call('GET', `/v1/iotsp/rules/${res.body.data.reference}`)).head).toEqual(['+RESP', c.marker]),
    pastCap: (c) => c.t.call('POST', '/v1/iotsp/rules/add', trackerRule({ head: ['+RESP', `${c.marker}M`] })),
    refused: invalid('generic', 'head.1'),
    unchanged: async (c) => expect(okTotal(await c.t.call('GET', '/v1/iotsp/rules?limit=1'))).toBe(c.before + 1),
  }),
  cap({
    cap: 'iot rules: a reference at most 64 characters',
    setup: async () => {
      const t = await iotsp();
      return { t, before: okTotal(await t.call('GET', '/v1/iotsp/rules?limit=1')), reference: text(64, 'r') };
    },
    atCap: (c) => c.t.call('POST', '/v1/iotsp/rules/add', trackerRule({ reference: c.reference })),
    accepted: 201,
    stored: async (c) => expect(okData(await c.t.call('GET', `/v1/iotsp/rules/${c.reference}`)).reference).toBe(c.reference),
    pastCap: (c) => c.t.call('POST', '/v1/iotsp/rules/add', trackerRule({ reference: text(65, 'r') })),
    refused: invalid('generic', 'reference'),
    unchanged: async (c) => expect(okTotal(await c.t.call('GET', '/v1/iotsp/rules?limit=1'))).toBe(c.before + 1),
  }),
  cap({
    cap: 'iot topics: a path at most 1,024 characters',
    setup: async () => {
      const t = await iotsp();
      return { t, before: okTotal(await t.call('GET', '/v1/iotsp/topics?limit=1')), path: topicPath(1024, 3) };
    },
    atCap: (c) => c.t.call('POST', '/v1/iotsp/topics/register', { path: c.path, qos: 1 }),
    accepted: 201,
    stored: async (c, res) => expect(okData(await c.t.call('GET', `/v1/iotsp/topics/${res.body.data.reference}`)).path).toBe(c.path),
    pastCap: (c) => c.t.call('POST', '/v1/iotsp/topics/register', { path: topicPath(1025, 3), qos: 1 }),
    refused: invalid('generic', 'path'),
    unchanged: async (c) => expect(okTotal(await c.t.call('GET', '/v1/iotsp/topics?limit=1'))).toBe(c.before + 1),
  }),
  cap({
    cap: 'iot topics: a path at most 32 levels',
    setup: async () => {
      const t = await iotsp();
      return { t, before: okTotal(await t.call('GET', '/v1/iotsp/topics?limit=1')), path: topicPath(100, 32) };
    },
    atCap: (c) => c.t.call('POST', '/v1/iotsp/topics/register', { path: c.path, qos: 1 }),
    accepted: 201,
    stored: async (c, res) => expect(okData(await c.t.call('GET', `/v1/iotsp/topics/${res.body.data.reference}`)).path.split('/')).toHaveLength(32),
    pastCap: (c) => c.t.call('POST', '/v1/iotsp/topics/register', { path: topicPath(100, 33), qos: 1 }),
    refused: invalid('generic', 'path'),
    unchanged: async (c) => expect(okTotal(await c.t.call('GET', '/v1/iotsp/topics?limit=1'))).toBe(c.before + 1),
  }),
  ...(
    [
      ['rule', '/v1/iotsp/rules'],
      ['topic', '/v1/iotsp/topics'],
      ['device', '/v1/iotsp/devices'],
    ] as const
  ).flatMap(([record, base]) => {
    /** A new record of the kind with `over` in its body. */
    const create = async (t: Iotsp, over: Record<string, unknown>) => {
      if (record === 'rule') return t.call('POST', '/v1/iotsp/rules/add', trackerRule(over));
      if (record === 'topic') return t.call('POST', '/v1/iotsp/topics/register', { path: topicPath(60, 3), qos: 1, ...over });
      const rule = await createRule(t);
      return t.call('POST', '/v1/iotsp/devices', { externalId: newImei(), rule: rule.reference, ...over });
    };
    const referenceOf = (res: ApiResponse) => (record === 'device' ? res.body.data.device.reference : res.body.data.reference);
    return (
      [
        ['tags', 'tags: at most 20', { tags: Array.from({ length: 20 }, (_, i) => `tag ${i}`) }, { tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) }],
        ['tags', 'a tag: at most 40 characters', { tags: ['t'.repeat(40)] }, { tags: ['t'.repeat(41)] }],
        ['description', 'description: at most 500 characters', { description: 'd'.repeat(500) }, { description: 'd'.repeat(501) }],
      ] as const
    ).map(([field, what, atCap, past]: readonly [string, string, Record<string, unknown>, Record<string, unknown>]) =>
      cap({
        cap: `iot ${record}s: ${what}`,
        setup: async () => {
          const t = await iotsp();
          return { t, before: okTotal(await t.call('GET', `${base}?limit=1`)) };
        },
        atCap: (c) => create(c.t, atCap),
        accepted: 201,
        stored: async (c, res) => expect(okData(await c.t.call('GET', `${base}/${referenceOf(res)}`))[field]).toEqual(atCap[field]),
        pastCap: (c) => create(c.t, past),
        refused: invalid('generic', field),
        unchanged: async (c) => expect(okTotal(await c.t.call('GET', `${base}?limit=1`))).toBe(c.before + 1),
      }),
    );
  }),
  ...(
    [
      ['externalId', 64],
      ['name', 120],
    ] as const
  ).map(([field, max]) =>
    cap({
      cap: `iot devices: ${field} at most ${max} characters`,
      setup: async () => {
        const t = await iotsp();
        return { t, rule: (await createRule(t)).reference, value: text(max, 'e'), before: okTotal(await t.call('GET', '/v1/iotsp/devices?limit=1')) };
      },
      atCap: (c) => c.t.call('POST', '/v1/iotsp/devices', { externalId: newImei(), rule: c.rule, [field]: c.value }),
      accepted: 201,
      stored: async (c, res) => expect(okData(await c.t.call('GET', `/v1/iotsp/devices/${res.body.data.device.reference}`))[field]).toBe(c.value),
      pastCap: (c) => c.t.call('POST', '/v1/iotsp/devices', { externalId: newImei(), rule: c.rule, [field]: text(max + 1, 'e') }),
      refused: invalid('generic', field),
      unchanged: async (c) => expect(okTotal(await c.t.call('GET', '/v1/iotsp/devices?limit=1'))).toBe(c.before + 1),
    }),
  ),
  cap({
    cap: 'iot devices: a telemetry range at most 31 days',
    setup: async () => {
      const t = await iotsp();
      const rule = await createRule(t);
      const device = (await registerDevice(t, { externalId: newImei(), rule: rule.reference })).device.reference;
      // one report measured 2023-11-14T22:13:20Z (Unix 1,700,000,000), the first instant of the 31-day range below
      okData(await t.call('POST', `/v1/iotsp/devices/${device}/reports`, { reports: [reportLine(60)] }));
      return { t, device, from: new Date(1_700_000_000_000) };
    },
    atCap: (c) => c.t.call('GET', `/v1/iotsp/devices/${c.device}/telemetry?from=${c.from.toISOString()}&to=${new Date(c.from.getTime() + 31 * DAY_MS).toISOString()}`),
    accepted: 200,
    stored: (c, res) => expect(okData(res).map((r: any) => r.measuredAt)).toEqual([c.from.toISOString()]),
    pastCap: (c) => c.t.call('GET', `/v1/iotsp/devices/${c.device}/telemetry?from=${c.from.toISOString()}&to=${new Date(c.from.getTime() + 31 * DAY_MS + 1).toISOString()}`),
    refused: invalid('generic', 'from'),
  }),
  cap({
    cap: 'iot devices: a telemetry page at most 100 reports (limit)',
    setup: async () => {
      const t = await iotsp();
      const rule = await createRule(t);
      const device = (await registerDevice(t, { externalId: newImei(), rule: rule.reference })).device.reference;
      okData(await t.call('POST', `/v1/iotsp/devices/${device}/reports`, { reports: Array.from({ length: 101 }, () => reportLine(60)) }));
      return { t, device, range: `from=${new Date(1_699_999_000_000).toISOString()}&to=${new Date(1_700_001_000_000).toISOString()}` };
    },
    atCap: (c) => c.t.call('GET', `/v1/iotsp/devices/${c.device}/telemetry?${c.range}&limit=100`),
    accepted: 200,
    stored: (_c, res) => {
      expect(okData(res)).toHaveLength(100);
      expect(res.body.pagination).toMatchObject({ page: 1, limit: 100, total: 101, pages: 2, hasNext: true });
    },
    pastCap: (c) => c.t.call('GET', `/v1/iotsp/devices/${c.device}/telemetry?${c.range}&limit=101`),
    refused: invalid('generic', 'limit'),
  }),
];

/** One IoTSP for all the IoT entries, made once; each entry acts through a fresh context token (its own rate-limit caller). */
let iotOnce: Promise<Iotsp> | undefined;
async function iotsp(): Promise<Iotsp> {
  return (await (iotOnce ??= newIotsp())).fresh();
}
/** A tracker report line (trackerRule's struct) whose speed is padded with blanks (trimmed when parsed) to `n` characters. */
function reportLine(n: number): string {
  const [before, after] = ['+RESP,862010000000001,-1.29,36.82,45', ',90,1700000000,$'];
  expect(n).toBeGreaterThanOrEqual(before.length + after.length);
  return `${before}${' '.repeat(n - before.length - after.length)}${after}`;
}
/** The number of reports a device has stored as telemetry. */
const storedOf = async (t: Iotsp, reference: string): Promise<number> => okData(await t.call('GET', `/v1/iotsp/devices/${reference}`)).reportsStored;
/** A topic filter of `levels` levels and exactly `n` characters, unique to this run. */
function topicPath(n: number, levels: number): string {
  const head = `caps/${randomUUID().replace(/-/g, '')}`;
  const rest = Array.from({ length: levels - 2 }, () => 'l');
  const path = [head, ...rest].join('/');
  expect(path.length).toBeLessThanOrEqual(n);
  return path + 'x'.repeat(n - path.length);
}

/** A workspace API key with the utilities scope, as `Authorization: Bearer` headers. */
async function utilitiesKey(): Promise<{ owner: Owner; headers: Record<string, string> }> {
  const owner = await newOwner();
  const key = await callA('POST', `/v1/workspace/${owner.wid}/api-keys`, owner.token, { name: 'caps', scopes: ['utilities'] });
  return { owner, headers: { authorization: `Bearer ${okData(key, 201).key}` } };
}

/** A connector of a new CSP in a new workspace: its owner, its route prefix and its id. */
async function newConnector(): Promise<{ owner: Owner; base: string; id: string }> {
  const owner = await newOwner();
  const provider = await setupProvider(owner.token, owner.wid, 'csp', { type: 'VENDOR' });
  const base = `/v1/${owner.wid}/csp/${provider.code}/connectors`;
  const id = okResult(await callA('POST', base, owner.token, connectorBody()), 201).connectorId;
  expect(id).toMatch(UUID_RE);
  return { owner, base, id };
}

/** A road freight fare request (Nairobi to Mombasa, 1 t) whose cargo is of `type`. */
const transportBody = (type: string) => ({
  origin: { city: 'Nairobi', country: 'KE' },
  destination: { city: 'Mombasa', country: 'KE' },
  transportMode: 'ROAD',
  cargo: { weight: { value: 1, unit: 't' }, type },
});

/** A cross-border landed-cost request (China to Kenya by air, 1 kg worth USD 10) of goods described as `description`. */
const crossBorderBody = (description: string) => ({
  origin: { country: 'CN' },
  destination: { country: 'KE' },
  transportMode: 'AIR',
  shipment: { weight: { value: 1, unit: 'kg' }, declaredValue: { amount: 10, currency: 'USD' }, description, quantity: 1 },
});

/** A GraphQL call to the gateway as an ApiResponse (headers included). */
async function gqlRes(query: string, variables: Record<string, unknown>, headers: Record<string, string>): Promise<ApiResponse> {
  const res = await gqlH(query, variables, headers);
  return { status: res.status, headers: new Headers(), body: res.body };
}

// ───────────────────────────── the test ─────────────────────────────

describe('documented caps, at the edge', () => {
  const title = (c: Cap<unknown>) =>
    `${c.cap}: at the cap ${c.accepted}, read back; one past ${c.refused.status} ${c.refused.code}` + `${c.refused.field ? ` naming ${c.refused.field}` : ''}${c.unchanged ? ', nothing changed' : ''}`;
  it.each(CAPS.map((c) => [title(c), c] as const))(
    '%s',
    async (_name, c) => {
      const ctx = await c.setup();
      const at = await c.atCap(ctx);
      expect(at.status, `${c.cap}: at the cap ${JSON.stringify(at.body).slice(0, 400)}`).toBe(c.accepted);
      await c.stored(ctx, at);
      const past = await c.pastCap(ctx);
      expectRefused(past, c.refused);
      if (c.unchanged) await c.unchanged(ctx);
    },
    60_000,
  );
});
