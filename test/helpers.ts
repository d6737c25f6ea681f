import { expect, inject } from 'vitest';
import { randomUUID } from 'node:crypto';

export const bridgeUrl = () => inject('bridgeUrl');
export const gatewayUrl = () => inject('gatewayUrl');
/** Replicas of every process behind the suite's load balancer (PLATFORM_REPLICAS; 1: none): consecutive requests reach different ones. */
export const SUITE_REPLICAS = Math.max(1, Number(process.env.PLATFORM_REPLICAS ?? 1));

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A distinct client address per test caller (the test platform trusts X-Forwarded-For), so IP limits do not collide. */
export const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${((Math.random() * 253) | 0) + 1}`;

/**
 * Waits, if needed, so that `needS` seconds of work fit before the current rate-limit window of `lengthS` seconds
 * turns. The limits count in fixed windows aligned to their length (docs/contract.md "Rate limits"): a test that
 * fills a window and expects the next request refused must not straddle its end. The wait lasts up to `needS`, so
 * a test that calls this gives itself a timeout of 60 s (or its own, longer), not the default 30 s: CI's replicated
 * run timed out a test that waited 25 s, then sent its 101 requests on a busy machine.
 */
export async function clearOfWindowEnd(lengthS: number, needS: number): Promise<void> {
  const left = lengthS - ((Date.now() / 1000) % lengthS);
  if (left < needS) await new Promise((r) => setTimeout(r, (left + 0.5) * 1000));
}

/** One REST call through the bridge. `body` objects are sent as JSON; strings and FormData as they are. */
export async function api<T = any>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string; /** another platform's bridge (test/support/platform.ts) */ base?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? randomIp(), ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === 'string') body = opts.body as BodyInit;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch((opts.base ?? bridgeUrl()) + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** One GraphQL call straight to the gateway. */
export async function gql<T = any>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<ApiResponse<{ data?: T; errors?: { message: string; extensions?: { code?: string; field?: string } }[] }>> {
  // a distinct client address per call, as for REST: the gateway's general limit is per caller
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': randomIp() };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(gatewayUrl(), { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 12)}@example.test`;
export const PASSWORD = 'correct horse battery';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers a fresh user through the bridge. */
export async function newUser(overrides: Record<string, unknown> = {}, base?: string): Promise<TestUser> {
  const email = uniqueEmail();
  const res = await api('POST', '/v1/auth/register', { base, body: { email, password: PASSWORD, name: 'Test User', ...overrides } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, email: res.body.user.email, password: PASSWORD, accessToken: res.body.accessToken, refreshToken: res.body.refreshToken };
}

/** A 1×1 PNG, a minimal JPEG header and a PDF: real magic bytes for upload tests. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082', 'hex');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export function file(data: Buffer, type: string, name: string): Blob & { name?: string } {
  return Object.assign(new Blob([new Uint8Array(data)], { type }), { name });
}

export function form(fields: Record<string, string | [Buffer, string, string]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, new Blob([new Uint8Array(v[0])], { type: v[1] }), v[2]);
  }
  return f;
}

/** Asserts the user-family failure envelope and its status, and (when given) the offending field. */
export function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  if (field !== undefined) {
    expect(res.body.field).toBe(field);
    expect(res.body.message.startsWith(`${field}:`), `message "${res.body.message}" should start with "${field}:"`).toBe(true);
  }
}

/**
 * Probes until `ok` holds or `timeoutMs` passes (polling every `everyMs`), and returns the last answer: for what the
 * platform does after an answer (an event-fed copy, a broker's message), checked by the caller's own assertion.
 */
export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, everyMs));
    last = await probe();
  }
  return last;
}

/**
 * `until`, bounded by what the contract allows a revocation or a credential change: the gateway that routed it drops
 * its cached answer before it responds, another replica within 1 s (docs/contract.md "Credentials"). Behind the
 * suite's load balancer the next call may reach the other replica. Probes every 100 ms.
 */
export const withinRevocationBound = <T>(probe: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => until(probe, ok, 1_000, 100);
