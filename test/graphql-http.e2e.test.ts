import { describe, expect, it } from 'vitest';
import { serverAudits } from 'graphql-http';
import { gatewayUrl, randomIp } from './helpers.js';

/**
 * The gateway against the GraphQL-over-HTTP spec's own compliance suite (`graphql-http`'s server audits): every MUST
 * and every SHOULD passes. The MAYs it leaves are the GET forms Apollo's CSRF prevention refuses (a GET without a
 * non-simple header could be a cross-site request); docs/gateway.md says how a client sends a GET that passes.
 */
const REFUSED_MAY = [
  'MAY accept application/x-www-form-urlencoded formatted GET requests',
  'MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json',
  'MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json',
];

describe('GraphQL over HTTP (graphql-http server audits)', () => {
  it('every MUST and SHOULD audit passes; the only audits left are the three MAY forms of GET that CSRF prevention refuses', async () => {
    const ip = randomIp();
    const fetchFn: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: (() => {
          const h = new Headers(init?.headers);
          h.set('x-forwarded-for', ip);
          return h;
        })(),
      });
    const failed: string[] = [];
    let passed = 0;
    for (const audit of serverAudits({ url: gatewayUrl(), fetchFn })) {
      const result = await audit.fn();
      if (result.status === 'ok') passed++;
      else failed.push(audit.name);
    }
    expect(failed.filter((n) => /^(MUST|SHOULD)\b/.test(n))).toEqual([]);
    expect(failed.sort()).toEqual([...REFUSED_MAY].sort());
    expect(passed).toBeGreaterThanOrEqual(58);
  });

  it('a GET query with variables passes with a non-simple header, as docs/gateway.md shows', async () => {
    const url = `${gatewayUrl()}?query=${encodeURIComponent('query Q($skip: Boolean!) { __typename @skip(if: $skip) }')}&variables=${encodeURIComponent('{"skip":false}')}`;
    const refused = await fetch(url, { headers: { accept: 'application/json', 'x-forwarded-for': randomIp() } });
    expect(refused.status).toBe(400);
    const ok = await fetch(url, { headers: { accept: 'application/json', 'apollo-require-preflight': 'true', 'x-forwarded-for': randomIp() } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('content negotiation of request errors: 200 with application/json, 400 with application/graphql-response+json', async () => {
    const post = (accept: string) =>
      fetch(gatewayUrl(), { method: 'POST', headers: { accept, 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify({ query: '{ notAField }' }) });
    const legacy = await post('application/json');
    expect(legacy.status).toBe(200);
    expect(((await legacy.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('VALIDATION_ERROR');
    const modern = await post('application/graphql-response+json');
    expect(modern.status).toBe(400);
    expect(modern.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
  });
});
