import { inject } from 'vitest';
import { ResponseValidator } from './openapi-validator.js';
import { checkWire } from './wire-rules.js';

/**
 * Every answer the e2e suite receives from a REST bridge is checked against the bridge's own OpenAPI document: a
 * status the operation does not document, or a body that does not match its schema, makes the fetch throw, so the
 * test that made the call fails (the document cannot drift from what the bridge answers). A setup file of the e2e
 * project (vitest.config.ts). Bridges: the suite's, and any platform of a test's own (a bridge is recognised by its
 * /openapi.json, fetched once per origin). Each JSON answer is also checked against the spec's wire rules
 * (test/support/wire-rules.ts: envelopes, codes and their statuses, instants, pagination), written from the spec's text.
 */
const realFetch = globalThis.fetch;
const validators = new Map<string, Promise<ResponseValidator | undefined>>();
const suiteBridge = new URL(inject('bridgeUrl')).origin;

function validatorFor(origin: string): Promise<ResponseValidator | undefined> {
  let v = validators.get(origin);
  if (!v) {
    v = realFetch(`${origin}/openapi.json`)
      .then(async (r) => (r.ok && (r.headers.get('content-type') ?? '').includes('json') ? new ResponseValidator((await r.json()) as never) : undefined))
      .catch(() => undefined);
    validators.set(origin, v);
  }
  return v;
}

/** The loopback ports that serve a bridge (own platforms add theirs when first seen). */
const isLoopback = (u: URL) => u.hostname === '127.0.0.1' || u.hostname === 'localhost';

globalThis.fetch = async function checkedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await realFetch(input, init);
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (!isLoopback(url) || url.pathname === '/graphql' || url.pathname.startsWith('/graphql/')) return res;
  // only a bridge's answers: the suite's bridge, or an origin whose /openapi.json is the bridge's document
  if (url.origin !== suiteBridge && !(url.pathname.startsWith('/v1/') || url.pathname.startsWith('/realm/'))) return res;
  const validator = await validatorFor(url.origin);
  if (!validator) return res;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const text = await res.clone().text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`OpenAPI: ${method} ${url.pathname} answered ${res.status} with invalid JSON`);
    }
  }
  const problems = validator.check(method, url.pathname, res.status, body);
  if (problems.length) throw new Error(`OpenAPI: the answer does not match the document:\n  ${problems.join('\n  ')}`);
  // and against the spec's wire rules (test/support/wire-rules.ts), which the document, generated from the bridge, cannot hold
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const wire = checkWire(method, url.pathname, res.status, body);
    if (wire.length) throw new Error(`Wire rules: the answer breaks the spec's rules:\n  ${wire.join('\n  ')}`);
  }
  return res;
};
