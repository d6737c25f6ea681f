import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routes, type RouteSpec } from '../rest-bridge/routes/index.js';
import { api } from './helpers.js';
import { newLsp } from './lsp-helpers.js';
import { AGENT, gqlH, setA } from './workspace-helpers.js';
import { pipelinesKey } from './pipelines-helpers.js';

/**
 * A credential error names every header of the route's scheme that is missing, in one answer (docs/contract.md,
 * "Credentials"), so a client learns the whole header set from its first 401. The header sets are the spec's
 * (logistics-platform-interface.md, "Headers"), written out here, not read from the bridge.
 */
const SETS: Record<string, string[][]> = {
  'user-bearer': [['authorization']],
  'set-a': [['svc-auth-token', 'svc-user-agent', 'svc-auth-device']],
  'set-b': [['X-Auth-Token', 'X-User-Agent', 'X-Auth-Device']],
  'set-a-or-b': [
    ['svc-auth-token', 'svc-user-agent', 'svc-auth-device'],
    ['X-Auth-Token', 'X-User-Agent', 'X-Auth-Device'],
  ],
  origin: [['origin']],
  'origin+svc-user-agent': [['origin', 'svc-user-agent']],
  'origin+intent-token': [['origin', 'x-intent-token']],
  // the IoT rules and get-topic (docs/iot.md "Who calls"): the spec's `origin` and header set A
  'origin+set-a': [['origin', 'svc-auth-token', 'svc-user-agent', 'svc-auth-device']],
  'api-key': [['authorization']],
  'api-key+workspace': [['authorization', 'X-Workspace-ID']],
};

const VALUE: Record<string, string> = { authorization: 'Bearer not-checked', 'X-Workspace-ID': '00000000-0000-4000-8000-000000000000' };
// callers without a credential are counted per origin (docs/orders.md "Rate limits"): each case is an origin of its own,
// so this file's requests and other files' on the shared platform never share a minute's allowance
const valueOf = (h: string) => (h === 'origin' ? `https://shop-${randomUUID().slice(0, 8)}.example` : (VALUE[h] ?? `not-checked-${h.toLowerCase()}`));

/**
 * A concrete path for a route template (the credential check comes before any parameter is read; a parameter the route
 * restricts, `paramValues`, takes its first value, else the path would be another route's).
 */
const pathOf = (route: RouteSpec) => route.path.replace(/:(\w+)/g, (_m, name: string) => route.paramValues?.[name]?.[0] ?? (name === 'type' ? 'last_mile' : `x-${name.toLowerCase()}`));

/** The headers a message names as missing: "Missing credential: header(s) a, b is/are required (…)". */
function namedMissing(message: string): string[] {
  const m = /^Missing credential: headers? (.+?) (?:is|are) required/.exec(message);
  expect(m, message).not.toBeNull();
  return m![1].split(', ');
}

/** Every non-empty subset of `set`. */
const subsets = (set: string[]) => Array.from({ length: (1 << set.length) - 1 }, (_, i) => set.filter((_h, j) => (i + 1) & (1 << j)));

const guarded = routes.filter((r) => r.auth !== 'none');

describe('credential errors name every missing header at once', () => {
  it('the route table uses only the schemes this test knows', () => {
    expect(guarded.length).toBeGreaterThan(100);
    for (const r of guarded) expect(Object.keys(SETS), `${r.method} ${r.path}`).toContain(r.auth);
  });

  it.each(guarded.map((r) => [r.method, r.path, r] as const))('%s %s with no credential header: 401 naming the whole set', async (method, _path, route) => {
    const res = await api(method, pathOf(route), { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.status).toBe(401);
    expect(namedMissing(res.body.message)).toEqual(SETS[route.auth][0]);
  });

  // the schemes the served routes use (set B and API key + workspace come with families not served yet)
  for (const scheme of new Set(guarded.map((r) => r.auth))) {
    const route = guarded.find((r) => r.auth === scheme)!;
    for (const set of SETS[scheme]) {
      // a set is chosen by its first header: the subsets that keep it (or all of them, for the default set)
      const cases = subsets(set).filter((missing) => set === SETS[scheme][0] || !missing.includes(set[0]));
      it.each(cases.map((missing) => [scheme, missing.join(' + ')] as const))('%s: without %s, the answer names exactly those', async (_s, label) => {
        const missing = label.split(' + ');
        const headers = Object.fromEntries(set.filter((h) => !missing.includes(h)).map((h) => [h, valueOf(h)]));
        const res = await api(route.method, pathOf(route), { headers, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        expect(res.status).toBe(401);
        expect(namedMissing(res.body.message)).toEqual(missing);
        if (missing.length < set.length) expect(res.body.message).toContain(`this route needs ${set.join(', ')}`);
      });
    }
  }
});

describe('a device-bound token says what is wrong with the device', () => {
  it('without its device header: 401 asking for the device id; with another device id: 401 "not issued for this device id"; with its own: 200', async () => {
    const lsp = await newLsp();
    const path = '/v1/lsp/fleets';
    const own = await api('GET', path, { headers: setA(lsp.token) });
    expect(own.status).toBe(200);

    const noDevice = setA(lsp.token);
    noDevice['svc-auth-device'] = '';
    // an empty device header is a missing one for the bridge; over GraphQL the gateway judges the token itself
    const viaRest = await api('GET', path, { headers: noDevice });
    expect(viaRest.status).toBe(401);
    expect(namedMissing(viaRest.body.message)).toEqual(['svc-auth-device']);
    const headersWithout = { 'svc-auth-token': lsp.token, 'svc-user-agent': AGENT };
    const viaGraph = await gqlH('{ fleets { pagination { total } } }', {}, headersWithout);
    expect(viaGraph.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(viaGraph.body.errors?.[0]?.message).toBe('Token is bound to a device: send the device id it was issued for (svc-auth-device or X-Auth-Device)');

    const other = await api('GET', path, { headers: setA(lsp.token, 'another-device-id') });
    expect(other.status).toBe(401);
    expect(other.body.message).toBe('Token was not issued for this device id');
  });
});

/**
 * The order of checks (docs/contract.md "Order of checks"): the credential (401), then permission (403), then the
 * request's form (400), then state (409). A caller without a good credential learns nothing of a route's body schema.
 * The bad credentials are the spec's headers with values no platform issued: a malformed token, an API key that does
 * not exist, an origin no connector lists.
 */
const BAD: Record<string, Record<string, string>> = {
  'user-bearer': { authorization: 'Bearer not-a-token' },
  'set-a': { 'svc-auth-token': 'not-a-token', 'svc-user-agent': 'order-test', 'svc-auth-device': 'device-1' },
  'set-b': { 'X-Auth-Token': 'not-a-token', 'X-User-Agent': 'order-test', 'X-Auth-Device': 'device-1' },
  'set-a-or-b': { 'svc-auth-token': 'not-a-token', 'svc-user-agent': 'order-test', 'svc-auth-device': 'device-1' },
  'origin+set-a': { origin: 'https://nobody.example', 'svc-auth-token': 'not-a-token', 'svc-user-agent': 'order-test', 'svc-auth-device': 'device-1' },
  origin: { origin: 'https://nobody.example' },
  'origin+svc-user-agent': { origin: 'https://nobody.example', 'svc-user-agent': 'order-test' },
  'origin+intent-token': { origin: 'https://nobody.example', 'x-intent-token': 'not-a-token' },
  'api-key': { authorization: 'Bearer lpk_not_a_key' },
  'api-key+workspace': { authorization: 'Bearer lpk_not_a_key', 'X-Workspace-ID': '00000000-0000-4000-8000-000000000000' },
};

/** Routes that take a body, whose credential is in headers (the access-token routes carry their secret in the body). */
const withBody = guarded.filter((r) => (r.bodyVariable || r.bodyFields || r.files) && r.tag !== 'Access tokens');

/** A body no route accepts: truncated JSON (a multipart route refuses JSON of any kind). */
const MALFORMED = '{"name": ';

describe('the order of checks: the credential before the request’s form', () => {
  it('covers every route with a body and a credential in its headers', () => {
    expect(withBody.length).toBeGreaterThan(90);
    for (const r of withBody) expect(Object.keys(BAD), `${r.method} ${r.path}`).toContain(r.auth);
  });

  it.each(withBody.map((r) => [r.method, r.path, r] as const))('%s %s: a bad credential and a malformed body is 401, not 400', async (method, _path, route) => {
    const res = await api(method, pathOf(route), { headers: { ...BAD[route.auth], 'content-type': 'application/json' }, body: MALFORMED });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body.field).toBeUndefined();
  });

  it('the same request with a good credential is 400 naming the body (the form is judged once the credential passed)', async () => {
    const lsp = await newLsp();
    const res = await api('POST', '/v1/lsp/fleets/create', { headers: { ...setA(lsp.token), 'content-type': 'application/json' }, body: MALFORMED });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: true, status: 'VALIDATION_ERROR', field: 'body' });
  });

  it('a good API key without the family’s scope and a malformed body is 403, with the words of the operation', async () => {
    const other = await pipelinesKey(['utilities']);
    const res = await other.call('POST', '/templates', MALFORMED, { 'content-type': 'application/json' });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body).toMatchObject({ error: true, status: 'FORBIDDEN', message: 'This API key may not call pipelines' });
    // the same key where its scope allows: the body is judged (400)
    const wrongForm = await api('POST', '/realm/utilities/nearby/search', { headers: { authorization: `Bearer ${other.key}`, 'content-type': 'application/json' }, body: MALFORMED });
    expect(wrongForm.status, JSON.stringify(wrongForm.body)).toBe(400);
  });

  it('an origin no connector lists, with a body missing its required field, is 401 (POST /v1/order/intent)', async () => {
    const res = await api('POST', '/v1/order/intent', { headers: { origin: `https://shop-${randomUUID().slice(0, 8)}.example` }, body: { bogus: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body.message).toMatch(/No enabled CSP connector allows this origin/);
  });
});
