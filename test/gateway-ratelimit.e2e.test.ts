import { describe, expect, inject, it } from 'vitest';
import { api, clearOfWindowEnd, newUser, randomIp } from './helpers.js';

const call = (ip: string) =>
  fetch(inject('gatewayUrl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ query: '{ viewer { kind } }' }),
  });

describe('gateway rate limit', () => {
  it('serves 100 GraphQL requests a minute from one caller, refuses the 101st with 429 RATE_LIMIT_EXCEEDED, serves another caller', async () => {
    await clearOfWindowEnd(60, 9);
    const ip = `192.168.${(Math.random() * 255) | 0}.${((Math.random() * 253) | 0) + 1}`;
    const remaining: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await call(ip);
      expect(res.status).toBe(200);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
      await res.body?.cancel();
    }
    expect(remaining[0]).toBe(99);
    expect(remaining[99]).toBe(0);
    const over = await call(ip);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await over.json();
    expect(body.errors[0].extensions.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(body.data).toBeUndefined();
    const other = await call(`10.250.${(Math.random() * 255) | 0}.9`);
    expect(other.status).toBe(200);
    expect((await other.json()).data.viewer.kind).toBe('anonymous');
  }, 60_000);
});

describe('per-action limits reach GraphQL clients too (kernel/operation-limits.ts)', () => {
  const gqlAs = (token: string, query: string, variables: Record<string, unknown> = {}) =>
    fetch(inject('gatewayUrl'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': randomIp() },
      body: JSON.stringify({ query, variables }),
    });
  const UPDATE = 'mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { name } }';

  it('10 profile updates an hour per user, counted across REST and GraphQL: 5 by PATCH /v1/users/me, 5 by updateProfile, the 11th is 429 either way and not applied', async () => {
    const user = await newUser();
    for (let i = 1; i <= 5; i++) {
      const res = await api('PATCH', '/v1/users/me', { token: user.accessToken, body: { name: `rest ${i}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10 - i));
    }
    for (let i = 6; i <= 10; i++) {
      const res = await gqlAs(user.accessToken, UPDATE, { input: { name: `graphql ${i}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).data.updateProfile.name).toBe(`graphql ${i}`);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10 - i));
    }
    const over = await gqlAs(user.accessToken, UPDATE, { input: { name: 'eleventh' } });
    expect(over.status).toBe(429);
    expect(over.headers.get('x-ratelimit-limit')).toBe('10');
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await over.json();
    expect(body.errors[0].extensions.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(body.data).toBeUndefined();
    const rest = await api('PATCH', '/v1/users/me', { token: user.accessToken, body: { name: 'twelfth' } });
    expect(rest.status).toBe(429);
    const me = await api('GET', '/v1/users/me', { token: user.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.name).toBe('graphql 10');
  });

  it('two aliased updateProfile fields in one operation are two profile updates', async () => {
    const user = await newUser();
    const res = await gqlAs(user.accessToken, 'mutation { a: updateProfile(input: { bio: "a" }) { bio } b: updateProfile(input: { bio: "b" }) { bio } }');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('8');
  });

  it('queries without a limited field carry only the general limit', async () => {
    const user = await newUser();
    const res = await gqlAs(user.accessToken, '{ me { id } }');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
  });
});
