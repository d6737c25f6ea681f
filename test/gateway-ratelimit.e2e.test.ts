import { describe, expect, inject, it } from 'vitest';

/** Direct GraphQL clients of the gateway count against the general burst limit (100 a minute per caller). */
async function clearOfMinuteEdge(needMs = 8_000) {
  const into = Date.now() % 60_000;
  if (into + needMs > 59_000) await new Promise((r) => setTimeout(r, 60_000 - into + 250));
}

const call = (ip: string) =>
  fetch(inject('gatewayUrl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ query: '{ viewer { kind } }' }),
  });

describe('gateway rate limit', () => {
  it('serves 100 GraphQL requests a minute from one caller, refuses the 101st with 429 RATE_LIMIT_EXCEEDED, serves another caller', async () => {
    await clearOfMinuteEdge();
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
  });
});
