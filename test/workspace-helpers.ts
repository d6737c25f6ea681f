import { expect } from 'vitest';
import { api, gatewayUrl, newUser, randomIp, type ApiResponse, type TestUser } from './helpers.js';

/**
 * Fixtures for the workspace family tests (workspaces, providers, connectors, access tokens, invitations):
 * header set A, a workspace owner, providers, context tokens, connectors, members of a given role.
 *
 * The bridge counts requests per credential (100 a minute), so each test works with its own users and tokens.
 */

export const AGENT = 'ws-e2e/1.0';
export const DEVICE = 'ws-device-1';
export const KINDS = ['csp', 'dev', 'lsp', 'iotsp'] as const;
export type Kind = (typeof KINDS)[number];
export const ROLES = ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'] as const;
export type Role = (typeof ROLES)[number];

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `<KIND>-<8 Crockford base32>` (no I, L, O, U). */
export const codeRe = (kind: string) => new RegExp(`^${kind.toUpperCase()}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$`);

/** Header set A. */
export const setA = (token: string, device = DEVICE, agent = AGENT): Record<string, string> => ({
  'svc-auth-token': token,
  'svc-user-agent': agent,
  'svc-auth-device': device,
});

/** One REST call with header set A (plus any extra headers). */
export function callA<T = any>(method: string, path: string, token: string, body?: unknown, opts: { device?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
  return api<T>(method, path, { body, headers: { ...setA(token, opts.device), ...(opts.headers ?? {}) } });
}

/** A GraphQL call to the gateway with any headers. */
export function gqlH<T = any>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return graphqlAt<T>(gatewayUrl(), query, variables, { 'x-forwarded-for': randomIp(), ...headers });
}

/** One GraphQL request to `url` (the gateway, or a subgraph with the gateway's signature); the body parsed when JSON. */
export async function graphqlAt<T = any>(url: string, query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as { data?: T; errors?: { message: string; extensions?: Record<string, any> }[]; extensions?: Record<string, any> } };
}

export const VIEWER = '{ viewer { kind userId workspaceId providerKind providerCode role connectorId scopes } }';

/** What a credential presented as `Authorization: Bearer` resolves to at the gateway. */
export const viewerBearer = (token: string) => gqlH(VIEWER, {}, { authorization: `Bearer ${token}` });

/** Generic success envelope. */
export function expectOk(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toBe(false);
  expect(res.body.status).toBe('SUCCESS');
  expect(res.body).toHaveProperty('data');
}

/** Connector (result) success envelope. */
export function expectResult(res: ApiResponse, resultStatus: string, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toBe(false);
  expect(res.body.status).toBe(resultStatus);
  expect(res.body.trace).toMatch(UUID_RE);
}

const HTTP: Record<string, number> = { VALIDATION_ERROR: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };

/** Error envelope `{error:true, status:<CODE>, message, field?}` (the status code follows the error code). */
export function expectError(res: ApiResponse, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(HTTP[code]);
  expect(res.body.error, JSON.stringify(res.body)).toBe(true);
  expect(res.body.status).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  if (field !== undefined) expect(res.body.field, JSON.stringify(res.body)).toBe(field);
  expect(res.body).not.toHaveProperty('data');
}

/** The same for the connector family, whose failures carry a trace too. */
export function expectResultError(res: ApiResponse, code: string, field?: string) {
  expectError(res, code, field);
  expect(res.body.trace).toMatch(UUID_RE);
}

export interface Owner {
  user: TestUser;
  token: string;
  wid: string;
  workspace: any;
}

let counter = 0;
export const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** A fresh user with a fresh workspace (they are its OWNER). */
export async function newOwner(name = uniqueName('WS')): Promise<Owner> {
  const user = await newUser({ name: 'Owner' });
  const res = await callA('POST', '/v1/workspace', user.accessToken, { name });
  if (res.status !== 201) throw new Error(`create workspace failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user, token: user.accessToken, wid: res.body.data.workspace.id, workspace: res.body.data.workspace };
}

export const providerBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'CARRIER',
  name: uniqueName('Provider'),
  description: 'A provider for tests',
  logo: 'https://cdn.example.com/logo.png',
  contacts: { emails: ['ops@provider.example'], phones: ['+254700000001'] },
  address: { name: 'HQ', street1: '1 Main St', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: [-1.2921, 36.8219] },
  ...overrides,
});

/** Sets up a provider; returns its record. */
export async function setupProvider(token: string, wid: string, kind: Kind, overrides: Record<string, unknown> = {}) {
  const res = await callA('POST', `/v1/${wid}/${kind}/setup`, token, providerBody(overrides));
  if (res.status !== 201) throw new Error(`setup ${kind} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; code: string; kind: string; [k: string]: any };
}

/** A provider-context token for a provider, bound to `device`. */
export async function contextToken(token: string, wid: string, kind: Kind, code: string, device = DEVICE): Promise<string> {
  const res = await callA('GET', `/v1/${wid}/${kind}/${code}/context`, token, undefined, { device });
  if (res.status !== 200) throw new Error(`context failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

export const connectorBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'ASI',
  name: uniqueName('Connector'),
  description: 'Shop app',
  config: { protocol: 'http1', version: 'v1', scope: ['orders:read'] },
  ...overrides,
});

/** Creates a connector; returns `{connectorId, secret, connector}`. */
export async function createConnector(token: string, wid: string, kind: Kind, code: string, overrides: Record<string, unknown> = {}) {
  const res = await callA('POST', `/v1/${wid}/${kind}/${code}/connectors`, token, connectorBody(overrides));
  if (res.status !== 201) throw new Error(`create connector failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { connectorId: string; secret: string; connector: any };
}

/** Allows `origins` on a connector. */
export async function allowOrigins(token: string, wid: string, kind: Kind, code: string, id: string, origins: string[]) {
  const res = await callA('PATCH', `/v1/${wid}/${kind}/${code}/connectors/${id}/access`, token, { origins });
  if (res.status !== 200) throw new Error(`set origins failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.connector;
}

/** `POST /v1/access/token` from an origin. */
export const issueToken = (connectorId: string, secret: string, origin: string, agent = 'shop/2.1') =>
  api('POST', '/v1/access/token', { body: { connectorId, secret }, headers: { origin, 'svc-user-agent': agent } });

/** An invitation from a CSP context token; returns `{token, invitation}`. */
export async function invite(cspContext: string, as: string, body: Record<string, unknown> = {}, device = DEVICE) {
  const res = await callA('POST', `/v1/csp/invitation/${as}`, cspContext, { phone: '+254711000000', name: uniqueName('Invitee'), ...body }, { device });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { token: string; invitation: any };
}

/** Accepts an invitation as `user`. */
export async function accept(user: TestUser, token: string) {
  const res = await callA('POST', '/v1/csp/invitation/accept', user.accessToken, { token });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { invitation: any; member: any };
}

/** A workspace with a CSP provider and a context token for it (to send invitations). */
export async function ownerWithCsp(): Promise<Owner & { csp: any; cspContext: string }> {
  const owner = await newOwner();
  const csp = await setupProvider(owner.token, owner.wid, 'csp', { type: 'VENDOR' });
  const cspContext = await contextToken(owner.token, owner.wid, 'csp', csp.code);
  return { ...owner, csp, cspContext };
}

/** A new user who joins the workspace with `role` through a CSP invitation. */
export async function joinAs(cspContext: string, role: Exclude<Role, 'OWNER'>, name = uniqueName(role)) {
  const user = await newUser({ name });
  const inv = await invite(cspContext, role.toLowerCase(), { name });
  const accepted = await accept(user, inv.token);
  return { user, token: user.accessToken, member: accepted.member, invitation: accepted.invitation };
}
