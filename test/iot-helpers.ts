import { expect } from 'vitest';
import { api, newUser, type ApiResponse } from './helpers.js';
import { accept, callA, contextToken, createConnector, gqlH, invite, newOwner, setA, setupProvider, uniqueName, type Owner, type Role } from './workspace-helpers.js';
import { fails, type Lsp } from './lsp-helpers.js';

/**
 * Fixtures for the IoT family tests (rules, topics, devices; docs/iot.md). The IoTSP's context token (header set A) is
 * the tenant; the rule routes also need `origin`. Every `Iotsp` hands out fresh context tokens (`fresh()`) so that a
 * long test can spread its calls over the bridge's per-credential rate limit.
 */

export const ORIGIN = 'https://console.iot.example';

export interface Iotsp {
  owner: Owner;
  wid: string;
  code: string;
  /** The IoTSP's provider id. */
  providerId: string;
  token: string;
  /** A REST call through the bridge as this IoTSP (set A and `origin`). */
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** A GraphQL call through the gateway as this IoTSP. */
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: { data?: T; errors?: any[] } }>;
  fresh(): Promise<Iotsp>;
}

function iotspOf(owner: Owner, code: string, providerId: string, token: string): Iotsp {
  return {
    owner,
    wid: owner.wid,
    code,
    providerId,
    token,
    call: (method, path, body, headers) => api(method, path, { body, headers: { ...setA(token), origin: ORIGIN, ...(headers ?? {}) } }),
    gql: (query, variables = {}) => gqlH(query, variables, setA(token)),
    fresh: async () => iotspOf(owner, code, providerId, await contextToken(owner.token, owner.wid, 'iotsp', code)),
  };
}

/** A new IoTSP in `owner`'s workspace (a new user and workspace when not given), acting as its OWNER. */
export async function newIotsp(owner?: Owner): Promise<Iotsp> {
  const o = owner ?? (await newOwner());
  const p = await setupProvider(o.token, o.wid, 'iotsp', { type: 'TELEMATICS', name: uniqueName('IoT') });
  return iotspOf(o, p.code, p.id, await contextToken(o.token, o.wid, 'iotsp', p.code));
}

/** An IoT connector of the IoTSP; returns its id. */
export const iotConnector = async (t: Iotsp, type = 'IOT'): Promise<string> => (await namedConnector(t, type)).id;

/** A tracker rule in the style of a Concox/Queclink report: `+RESP,<imei>,<lat>,<lng>,<speed km/h>,<direction>,<time>,$`. */
export const trackerRule = (overrides: Record<string, unknown> = {}) => ({
  type: 'REPORT',
  description: 'GT-style position report',
  head: ['+RESP', '+BUFF'],
  struct: 'HEAD,{device.id},{position.latitude},{position.longitude},{position.speed},{position.direction},{position.time},$',
  schema: {
    'device.id': { type: 'string', description: 'IMEI' },
    'position.latitude': { type: 'number', unit: 'degrees', description: 'Latitude' },
    'position.longitude': { type: 'number', unit: 'degrees', description: 'Longitude' },
    'position.speed': { type: 'number', unit: 'km/h', description: 'Ground speed' },
    'position.direction': { type: 'number', unit: 'degrees', description: 'Heading' },
    'position.time': { type: 'number', unit: 'seconds', description: 'Fix time, Unix seconds' },
  },
  tags: ['tracker'],
  ...overrides,
});

export async function createRule(t: Iotsp, overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/v1/iotsp/rules/add', trackerRule(overrides));
  if (res.status !== 201) throw new Error(`create rule failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; reference: string; [k: string]: any };
}

export async function registerTopic(
  t: Iotsp,
  path = `fleet/${uniqueName('t')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}/+/report`,
  qos: unknown = '1',
) {
  const res = await t.call('POST', '/v1/iotsp/topics/register', { path, qos, description: 'Position reports', tags: ['positions'] });
  if (res.status !== 201) throw new Error(`register topic failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; reference: string; path: string; [k: string]: any };
}

export async function registerDevice(t: Iotsp, body: Record<string, unknown>) {
  const res = await t.call('POST', '/v1/iotsp/devices', body);
  if (res.status !== 201) throw new Error(`register device failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { device: { reference: string; [k: string]: any }; credential: { username: string; password: string; mqttPort: number | null } };
}

let imeiSeq = 0;
/** A 15-digit IMEI-like external id, unique in this run. */
export const newImei = () => `86${Date.now().toString().slice(-9)}${(imeiSeq++ % 10_000).toString().padStart(4, '0')}`;

// ───────────────────────────── members, credentials and answers ─────────────────────────────

/** The same IoTSP acting through another member's context token (a member who joined through a CSP invitation). */
export function iotspAs(t: Iotsp, token: string, userToken: string): Iotsp {
  const m: Iotsp = {
    owner: t.owner,
    wid: t.wid,
    code: t.code,
    providerId: t.providerId,
    token,
    call: (method, path, body, headers) => callA(method, path, token, body, { headers: { origin: ORIGIN, ...(headers ?? {}) } }),
    gql: (query, variables = {}) => gqlH(query, variables, setA(token)),
    fresh: async () => iotspAs(t, await contextToken(userToken, t.wid, 'iotsp', t.code), userToken),
  };
  return m;
}

/** A new user who joins the IoTSP's workspace with `role` (a CSP of the workspace invites them) and acts as the IoTSP. */
export async function memberOf(t: Iotsp, role: Exclude<Role, 'OWNER'>): Promise<Iotsp & { userId: string }> {
  const csp = await setupProvider(t.owner.token, t.wid, 'csp', { type: 'VENDOR' });
  const cspContext = await contextToken(t.owner.token, t.wid, 'csp', csp.code);
  const user = await newUser({ name: uniqueName(role) });
  const inv = await invite(cspContext, role.toLowerCase(), { name: uniqueName(role) });
  await accept(user, inv.token);
  const token = await contextToken(user.accessToken, t.wid, 'iotsp', t.code);
  return { ...iotspAs(t, token, user.accessToken), userId: user.id };
}

/** An LSP's context token on the IoT routes (with `origin`, so the bridge lets it through to the gateway). */
export const asLsp = (lsp: Lsp, method: string, path: string, body?: unknown) => callA(method, path, lsp.token, body, { headers: { origin: ORIGIN } });

/** A call with header set A only (no `origin`). */
export const noOrigin = (t: Iotsp, method: string, path: string, body?: unknown) => callA(method, path, t.token, body);

/** An IOT connector of the IoTSP with its name (the fixture's iotConnector answers the id only). */
export async function namedConnector(t: Iotsp, type = 'IOT') {
  const c = await createConnector(t.owner.token, t.wid, 'iotsp', t.code, { type, config: { protocol: 'mqtt', version: 'v1', scope: ['telemetry:write'] } });
  return { id: c.connectorId, name: c.connector.name as string };
}

/** A 400 VALIDATION_ERROR naming `field`, whose message starts with the field and says `problem`. */
export function invalid(res: ApiResponse, field: string, problem: RegExp) {
  fails(res, 'VALIDATION_ERROR', field);
  expect(res.body.message.startsWith(`${field}:`), `message "${res.body.message}" should start with "${field}:"`).toBe(true);
  expect(res.body.message).toMatch(problem);
}

/** A GraphQL answer that failed with `code` (and, when given, the field named). */
export function gqlFails(res: { body: { data?: any; errors?: any[] } }, code: string, field?: string) {
  expect(res.body.errors?.length, JSON.stringify(res.body)).toBeGreaterThan(0);
  expect(res.body.errors![0].extensions?.code, JSON.stringify(res.body)).toBe(code);
  if (field !== undefined) expect(res.body.errors![0].extensions?.field, JSON.stringify(res.body)).toBe(field);
}

/** A GraphQL answer without errors; returns its data. */
export function gqlOk(res: { body: { data?: any; errors?: any[] } }) {
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return res.body.data;
}
