import { describe, expect, it } from 'vitest';
import { bridgeUrl, gatewayUrl, newUser, randomIp } from './helpers.js';

/**
 * CORS on both entry points (docs/contract.md, "CORS"). The suite runs with the development default of CORS_ORIGINS
 * (no NODE_ENV=production), which lists http://localhost:5173 among the usual dev-server origins; https://evil.example
 * is on no list.
 */
const ALLOWED = 'http://localhost:5173';
const STRANGER = 'https://evil.example';
const CREDENTIAL_HEADERS = [
  'authorization',
  'svc-auth-token',
  'svc-user-agent',
  'svc-auth-device',
  'x-auth-token',
  'x-user-agent',
  'x-auth-device',
  'x-intent-token',
  'x-workspace-id',
  'idempotency-key',
];

function preflight(url: string, origin: string, method: string, headers: string[]) {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers.join(','), 'x-forwarded-for': randomIp() },
  });
}

const listOf = (h: string | null) => (h ?? '').split(',').map((s) => s.trim().toLowerCase());

describe.each([
  ['the REST bridge', () => `${bridgeUrl()}/v1/users/me`, 'PATCH'],
  ['the gateway', () => gatewayUrl(), 'POST'],
])('CORS on %s', (_name, url, method) => {
  it('a preflight from a listed origin is 204 with that origin, the methods, every credential header and a max age', async () => {
    const res = await preflight(url(), ALLOWED, method, ['authorization', 'content-type']);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(listOf(res.headers.get('access-control-allow-methods'))).toEqual(expect.arrayContaining(['get', 'post', 'patch', 'put', 'delete']));
    expect(listOf(res.headers.get('access-control-allow-headers'))).toEqual(expect.arrayContaining([...CREDENTIAL_HEADERS, 'content-type', 'x-request-id', 'traceparent']));
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(listOf(res.headers.get('vary'))).toContain('origin');
  });

  it('a preflight from an unlisted origin gets no CORS header (the browser refuses the call)', async () => {
    const res = await preflight(url(), STRANGER, method, ['authorization']);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('a real answer to a listed origin names it and exposes the rate-limit headers and x-request-id; an unlisted one gets none', async () => {
    const user = await newUser();
    const call = (origin: string) =>
      fetch(url(), {
        method: method === 'PATCH' ? 'GET' : 'POST',
        headers: { origin, authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
        body: method === 'PATCH' ? undefined : JSON.stringify({ query: '{ me { id } }' }),
      });
    const ok = await call(ALLOWED);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(listOf(ok.headers.get('access-control-expose-headers'))).toEqual(expect.arrayContaining(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'x-request-id']));
    expect(ok.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect(ok.headers.get('x-request-id')).not.toBeNull();
    const stranger = await call(STRANGER);
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect(stranger.headers.get('access-control-expose-headers')).toBeNull();
  });
});

describe('CORS on routes whose credential is the Origin itself', () => {
  it("a connector's shop on any origin may preflight the access-token routes (its origin is checked against the connector, not CORS_ORIGINS); other routes stay closed to it", async () => {
    const shop = 'https://shop.example';
    const token = await preflight(`${bridgeUrl()}/v1/access/token`, shop, 'POST', ['svc-user-agent', 'content-type']);
    expect(token.status).toBe(204);
    expect(token.headers.get('access-control-allow-origin')).toBe(shop);
    const revoke = await preflight(`${bridgeUrl()}/v1/access/token/revoke`, shop, 'PATCH', ['content-type']);
    expect(revoke.headers.get('access-control-allow-origin')).toBe(shop);
    const me = await preflight(`${bridgeUrl()}/v1/users/me`, shop, 'GET', ['authorization']);
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
  });
});
