import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, PNG, api, form, gatewayUrl, newUser, randomIp, uniqueEmail, type ApiResponse } from './helpers.js';
import { DEVICE, providerBody, setA, uniqueName } from './workspace-helpers.js';
import { facilityBody } from './lsp-helpers.js';
import { freePort, SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';
import { routes } from '../rest-bridge/routes/index.js';

/**
 * The gateway's guards (docs/gateway.md, "Gateway guards"; issue 12):
 * - operation limits, each at its edge on a platform of its own with small maximums: at the maximum the operation
 *   runs; one past it is refused before execution, 400 QUERY_TOO_COMPLEX with `limit`, `max` and the operation's `value`;
 * - persisted documents: a registered operation sent by its SHA-256 only; an unknown hash refused; with
 *   GRAPHQL_OPERATIONS=registered, every REST family still works through the bridge — which sends its operations by
 *   hash only (seen on the wire between bridge and gateway) — a front end's manifest operation runs, any other text is
 *   refused;
 * - the introspection switch: off, `__schema`/`__type` are refused and no message suggests a name of the schema.
 *
 * Limit tests use introspection's `__type`/`__typename`, whose names and answers the GraphQL specification fixes
 * (`__type(name: "Query") { ofType { … } }` nests as deep as needed; `ofType` of a named type is null).
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const byHash = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

type GraphQLBody = { data?: any; errors?: { message: string; locations?: unknown; extensions?: Record<string, unknown> }[] };

/** One POST of `body` to a gateway's /graphql (JSON), from a fresh client address. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<GraphQLBody>> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as GraphQLBody };
}

/** One GET of a gateway's /graphql with `params` in the query string (with Apollo's CSRF preflight header). */
async function get(url: string, params: Record<string, string>, headers: Record<string, string> = {}): Promise<ApiResponse<GraphQLBody>> {
  const res = await fetch(`${url}?${new URLSearchParams(params)}`, { headers: { 'apollo-require-preflight': 'true', 'x-forwarded-for': randomIp(), ...headers } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as GraphQLBody };
}

/** A refusal before execution: the status, one error with exactly `extensions`, no data. */
function expectRefused(res: ApiResponse<GraphQLBody>, status: number, extensions: Record<string, unknown>, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.data).toBeUndefined();
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors![0].extensions).toEqual(extensions);
  if (message !== undefined) expect(res.body.errors![0].message).toBe(message);
}

/** An answer with `data` exactly and no error. */
function expectData(res: ApiResponse<GraphQLBody>, data: unknown) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data).toEqual(data);
}

const routeOf = (method: string, path: string) => {
  const route = routes.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
};

// ───────────────────────────── persisted documents on the suite's platform ─────────────────────────────

describe("persisted documents on the suite's platform (GRAPHQL_OPERATIONS=any, the default)", () => {
  const ME = routeOf('GET', '/v1/users/me').operation;

  it("the bridge's GET /v1/users/me operation sent by its SHA-256 only answers as its text sent in full: the caller's own id and e-mail", async () => {
    const u = await newUser();
    const auth = { authorization: `Bearer ${u.accessToken}` };
    const hashed = await post(gatewayUrl(), { extensions: byHash(sha256(ME)) }, auth);
    expect(hashed.status, JSON.stringify(hashed.body)).toBe(200);
    expect(hashed.body.errors).toBeUndefined();
    expect(hashed.body.data.me.id).toBe(u.id);
    expect(hashed.body.data.me.email).toBe(u.email);
    const full = await post(gatewayUrl(), { query: ME }, auth);
    expect(full.status).toBe(200);
    expect(hashed.body).toEqual(full.body);
  });

  it('by GET too: the hash in the `extensions` parameter, no `query`', async () => {
    const u = await newUser();
    const res = await get(gatewayUrl(), { extensions: JSON.stringify(byHash(sha256(ME))) }, { authorization: `Bearer ${u.accessToken}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.me.id).toBe(u.id);
  });

  it('a hash no operation is registered under is 400 PERSISTED_QUERY_NOT_FOUND (by POST and by GET)', async () => {
    const unknown = sha256('query NotRegistered { me { id } }');
    const message = 'No registered operation has this hash (extensions.persistedQuery.sha256Hash)';
    expectRefused(await post(gatewayUrl(), { extensions: byHash(unknown) }), 400, { code: 'PERSISTED_QUERY_NOT_FOUND' }, message);
    expectRefused(await get(gatewayUrl(), { extensions: JSON.stringify(byHash(unknown)) }), 400, { code: 'PERSISTED_QUERY_NOT_FOUND' }, message);
  });

  it('a hash sent with a text it is not the SHA-256 of is 400 BAD_REQUEST, and the text is not run', async () => {
    const res = await post(gatewayUrl(), { query: '{ __typename }', extensions: byHash(sha256(ME)) });
    expectRefused(res, 400, { code: 'BAD_REQUEST' }, 'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it');
  });

  it("introspection is on outside production (the suite's platform): the full introspection query of GraphQL tooling answers", async () => {
    const res = await post(gatewayUrl(), { query: getIntrospectionQuery() });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });
});

// ───────────────────────────── operation limits at their edges ─────────────────────────────

describe('operation limits at their edges (a platform of its own: depth 3, aliases 2, fields 10, cost 14, directives 2)', () => {
  let p: OwnPlatform;
  beforeAll(async () => {
    p = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { GRAPHQL_MAX_DEPTH: '3', GRAPHQL_MAX_ALIASES: '2', GRAPHQL_MAX_FIELDS: '10', GRAPHQL_MAX_COST: '14', GRAPHQL_MAX_DIRECTIVES: '2' } });
  }, 180_000);
  afterAll(async () => {
    await p?.stop();
  });
  const q = (query: string) => post(p.gatewayUrl, { query });
  const tooComplex = (limit: string, value: number, max: number) => ({ code: 'QUERY_TOO_COMPLEX', limit, max, value });

  it('depth (levels of fields): 3 levels run; 4 levels are 400 QUERY_TOO_COMPLEX, limit depth, max 3, value 4', async () => {
    expectData(await q('{ __type(name: "Query") { ofType { name } } }'), { __type: { ofType: null } });
    expectRefused(await q('{ __type(name: "Query") { ofType { ofType { name } } } }'), 400, tooComplex('depth', 4, 3), 'Operation too complex: its depth (4) exceeds the maximum of 3');
  });

  it('aliases: 2 aliased fields run; 3 are 400 QUERY_TOO_COMPLEX, limit aliases, max 2, value 3', async () => {
    expectData(await q('{ a: __type(name: "Query") { name } b: __type(name: "Query") { name } }'), { a: { name: 'Query' }, b: { name: 'Query' } });
    expectRefused(
      await q('{ a: __type(name: "Query") { name } b: __type(name: "Query") { name } c: __type(name: "Query") { name } }'),
      400,
      tooComplex('aliases', 3, 2),
      'Operation too complex: its alias count (3) exceeds the maximum of 2',
    );
  });

  it('fields: 10 field selections run; 11 are 400 QUERY_TOO_COMPLEX, limit fields, max 10, value 11', async () => {
    expectData(await q(`{ ${'__typename '.repeat(10)}}`), { __typename: 'Query' });
    expectRefused(await q(`{ ${'__typename '.repeat(11)}}`), 400, tooComplex('fields', 11, 10), 'Operation too complex: its field count (11) exceeds the maximum of 10');
  });

  it('cost: four objects of one leaf cost 4 × (2 + 1.5 × 1) = 14 and run; one leaf more (15) is 400 QUERY_TOO_COMPLEX, limit cost, max 14, value 15', async () => {
    const four = '__type(name: "Query") { name } '.repeat(4);
    expectData(await q(`{ ${four}}`), { __type: { name: 'Query' } });
    expectRefused(await q(`{ ${four}__typename }`), 400, tooComplex('cost', 15, 14), 'Operation too complex: its cost (15) exceeds the maximum of 14');
  });

  it('directives: 2 run; 3 are 400 QUERY_TOO_COMPLEX, limit directives, max 2, value 3', async () => {
    expectData(await q('{ __typename @include(if: true) __typename @skip(if: false) }'), { __typename: 'Query' });
    expectRefused(
      await q('{ __typename @include(if: true) __typename @skip(if: false) __typename @include(if: true) }'),
      400,
      tooComplex('directives', 3, 2),
      'Operation too complex: its directive count (3) exceeds the maximum of 2',
    );
  });

  it("the bridge's own operations meet the same limits: POST /v1/auth/register (its operation is deeper than 3) is 500 INTERNAL_ERROR, and the bridge logs the gateway's QUERY_TOO_COMPLEX", async () => {
    const res = await api('POST', '/v1/auth/register', { base: p.bridgeUrl, body: { email: uniqueEmail('limits'), password: PASSWORD, name: 'Limits' } });
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body).toEqual({ success: false, code: 'INTERNAL_ERROR', message: 'Internal server error' });
    // (the log line crosses the bridge process's stdout and the launcher's: in the split topology it may land after the answer)
    await expect.poll(() => p.output(), { timeout: 5_000 }).toMatch(/operation failed.*"route":"POST \/v1\/auth\/register","code":"QUERY_TOO_COMPLEX"/);
  });

  it('with introspection on (the default outside production), __schema answers and a misspelt field gets its suggestion', async () => {
    expectData(await q('{ __schema { queryType { name } } }'), { __schema: { queryType: { name: 'Query' } } });
    const res = await q('{ mee }');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors![0].extensions).toEqual({ code: 'VALIDATION_ERROR' });
    expect(res.body.errors![0].message).toContain('Cannot query field "mee" on type "Query". Did you mean "me"');
  });
});

// ───────────────────────────── tokens, and introspection off ─────────────────────────────

describe('tokens, introspection and the browser pages off (a platform of its own: GRAPHQL_MAX_TOKENS=20, GRAPHQL_INTROSPECTION=false, GRAPHQL_IDE=false, REST_DOCS=false)', () => {
  let p: OwnPlatform;
  beforeAll(async () => {
    p = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { GRAPHQL_MAX_TOKENS: '20', GRAPHQL_INTROSPECTION: 'false', GRAPHQL_IDE: 'false', REST_DOCS: 'false' } });
  }, 180_000);
  afterAll(async () => {
    await p?.stop();
  });
  const q = (query: string) => post(p.gatewayUrl, { query });

  it('GRAPHQL_IDE=false: a browser at GET /graphql gets the GraphQL-over-HTTP error for a GET without a query, no page, no IDE assets, no schema picture at /graphql/voyager; REST_DOCS=false: /docs is 404', async () => {
    const page = await fetch(p.gatewayUrl, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).not.toMatch(/html/);
    // (the endpoint's own answer to a path under it: a GraphQL error, not the bundle)
    const bundle = await fetch(`${p.gatewayUrl}/ide/graphiql.js`);
    expect(bundle.status).toBe(400);
    expect(bundle.headers.get('content-type')).toMatch(/^application\/json/);
    // the schema picture (GraphQL Voyager) goes with the IDE: its page and its bundle get the endpoint's same answer
    const answer: unknown = await page.json();
    for (const path of ['/voyager', '/voyager/voyager.js']) {
      const off = await fetch(`${p.gatewayUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(off.status, path).toBe(400);
      expect(off.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await off.json(), path).toEqual(answer);
    }
    const docs = await fetch(`${p.bridgeUrl}/docs`);
    expect(docs.status).toBe(404);
    expect(((await docs.json()) as { status: string }).status).toBe('NOT_FOUND');
  });

  it('tokens: { + 18 names + } (20 tokens) runs; 21 tokens are 400 QUERY_TOO_COMPLEX, limit tokens, max 20, value 21', async () => {
    expectData(await q(`{ ${'__typename '.repeat(18)}}`), { __typename: 'Query' });
    expectRefused(
      await q(`{ ${'__typename '.repeat(19)}}`),
      400,
      { code: 'QUERY_TOO_COMPLEX', limit: 'tokens', max: 20, value: 21 },
      'Operation too complex: its token count (21) exceeds the maximum of 20',
    );
  });

  it('__schema and __type are 400 INTROSPECTION_DISABLED; __typename still answers', async () => {
    const message = 'Introspection is switched off on this server: __schema and __type cannot be queried';
    expectRefused(await q('{ __schema { queryType { name } } }'), 400, { code: 'INTROSPECTION_DISABLED' }, message);
    expectRefused(await q('{ __type(name: "Query") { name } }'), 400, { code: 'INTROSPECTION_DISABLED' }, message);
    expectData(await q('{ __typename }'), { __typename: 'Query' });
  });

  it('a misspelt field is 400 VALIDATION_ERROR without a suggestion ("Did you mean …" names the schema)', async () => {
    expectRefused(await q('{ mee }'), 400, { code: 'VALIDATION_ERROR' }, 'Cannot query field "mee" on type "Query".');
  });
});

// ───────────────────────────── registered operations only ─────────────────────────────

/** A proxy in front of the gateway that keeps every request it passes on (method, path, content type, body). */
async function recordingProxy(port: number, target: () => string) {
  const seen: { method: string; path: string; contentType: string; body: string }[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, path: req.url!, contentType: req.headers['content-type'] ?? '', body: body.toString('utf8') });
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined && !['host', 'content-length', 'connection', 'transfer-encoding'].includes(k)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      try {
        const answer = await fetch(target() + req.url, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body });
        const out: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
        });
        res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        res.writeHead(502).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('registered operations only (a platform of its own, split: GRAPHQL_OPERATIONS=registered, a manifest, the bridge reaching the gateway through a recording proxy)', () => {
  const FRONT = 'query FrontEndMe { me { id } }';
  let p: OwnPlatform;
  let gateway: string;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'guards-manifest-'));
    const manifest = join(dir, 'operations.json');
    writeFileSync(manifest, JSON.stringify({ [sha256(FRONT)]: FRONT }));
    const [gatewayPort, proxyPort] = [await freePort(), await freePort()];
    gateway = `http://127.0.0.1:${gatewayPort}/graphql`;
    proxy = await recordingProxy(proxyPort, () => `http://127.0.0.1:${gatewayPort}`);
    p = await startPlatform({
      topology: 'split',
      env: {
        GRAPHQL_OPERATIONS: 'registered',
        GRAPHQL_OPERATIONS_MANIFEST: manifest,
        GATEWAY_PORT: String(gatewayPort),
        // the bridge's way to the gateway
        GATEWAY_URL: `http://127.0.0.1:${proxyPort}/graphql`,
      },
    });
  }, 240_000);
  afterAll(async () => {
    await p?.stop();
    await proxy?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The operations the bridge sent while `work` ran: each request's body (a multipart request's `operations` part). */
  async function bridgeCalls(work: () => Promise<void>) {
    const from = proxy.seen.length;
    await work();
    return proxy.seen
      .slice(from)
      .filter((r) => r.method === 'POST' && r.path === '/graphql')
      .map((r) => {
        if (r.contentType.startsWith('application/json')) return JSON.parse(r.body) as Record<string, unknown>;
        const part = /name="operations"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]*)\r\n/.exec(r.body);
        if (!part) throw new Error(`a multipart request without an operations part: ${r.body.slice(0, 300)}`);
        return JSON.parse(part[1]) as Record<string, unknown>;
      });
  }

  it('every REST family works through the bridge, and every operation the bridge sent was a hash of one of its routes, with no text', async () => {
    const used: string[] = [];
    const call = async (method: string, path: string, route: string, opts: Parameters<typeof api>[2], status: number) => {
      used.push(routeOf(method, route).operation);
      const res = await api(method, path, { ...opts, base: p.bridgeUrl });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
      return res.body;
    };
    const calls = await bridgeCalls(async () => {
      // users
      const u = await newUser({}, p.bridgeUrl);
      used.push(routeOf('POST', '/v1/auth/register').operation);
      expect((await call('GET', '/v1/users/me', '/v1/users/me', { token: u.accessToken }, 200)).user.id).toBe(u.id);
      expect((await call('PATCH', '/v1/users/me', '/v1/users/me', { token: u.accessToken, body: { bio: 'by hash' } }, 200)).user.bio).toBe('by hash');
      const avatar = await call('POST', '/v1/users/me/avatar', '/v1/users/me/avatar', { token: u.accessToken, body: form({ file: [PNG, 'image/png', 'a.png'] }) }, 200);
      expect(avatar.avatarUrl).toMatch(/^https?:\/\/.+/);
      // workspace and providers
      const headers = setA(u.accessToken);
      const wid = (await call('POST', '/v1/workspace', '/v1/workspace', { headers, body: { name: uniqueName('Guards') } }, 201)).data.workspace.id as string;
      expect((await call('GET', `/v1/workspace/${wid}`, '/v1/workspace/:wid', { headers }, 200)).data.workspace.id).toBe(wid);
      const lsp = (await call('POST', `/v1/${wid}/lsp/setup`, '/v1/:wid/lsp/setup', { headers, body: providerBody({ type: 'CARRIER' }) }, 201)).data;
      const context = (await call('GET', `/v1/${wid}/lsp/${lsp.code}/context`, '/v1/:wid/lsp/:xcode/context', { headers }, 200)).data.token as string;
      const key = (await call('POST', `/v1/workspace/${wid}/api-keys`, '/v1/workspace/:wid/api-keys', { headers, body: { name: 'guards', scopes: ['utilities'] } }, 201)).data.key as string;
      // lsp
      const body = facilityBody();
      const fleet = (await call('POST', '/v1/lsp/fleets/create', '/v1/lsp/fleets/create', { headers: setA(context, DEVICE), body }, 201)).data;
      expect(fleet.code).toBe(body.code);
      expect((await call('GET', `/v1/lsp/fleets/${fleet.id}`, '/v1/lsp/fleets/:id', { headers: setA(context, DEVICE) }, 200)).data.id).toBe(fleet.id);
      // utilities: one degree of latitude on the meridian 36.8° E, great circle (docs/utilities.md, worked examples)
      const distance = await call(
        'POST',
        '/realm/utilities/distance',
        '/realm/utilities/distance',
        {
          token: key,
          body: { origin: { coordinates: [-1.2, 36.8], country: 'KE' }, destination: { coordinates: [-2.2, 36.8], country: 'KE' }, mode: 'AIR' },
        },
        200,
      );
      expect(distance.result.distance).toMatchObject({ value: 111.2, unit: 'km' });
    });
    // one gateway call per REST call, each by hash only
    expect(calls).toHaveLength(used.length);
    expect(calls.filter((c) => 'query' in c)).toEqual([]);
    expect(calls.map((c) => (c.extensions as { persistedQuery: { version: number; sha256Hash: string } }).persistedQuery)).toEqual(used.map((text) => ({ version: 1, sha256Hash: sha256(text) })));
  });

  it('a text that is not registered is 400 OPERATION_NOT_REGISTERED, by POST and by GET, and does not run', async () => {
    const message = 'This server runs registered operations only: send a registered operation by its hash (extensions.persistedQuery)';
    expectRefused(await post(gateway, { query: '{ __typename }' }), 400, { code: 'OPERATION_NOT_REGISTERED' }, message);
    expectRefused(await get(gateway, { query: '{ __typename }' }), 400, { code: 'OPERATION_NOT_REGISTERED' }, message);
    // a registered text changed by one space is another text
    expectRefused(await post(gateway, { query: `${FRONT} ` }), 400, { code: 'OPERATION_NOT_REGISTERED' }, message);
  });

  it("the manifest's operation runs by its hash and as its exact text; a bridge route's text sent in full runs too", async () => {
    const u = await newUser({}, p.bridgeUrl);
    const auth = { authorization: `Bearer ${u.accessToken}` };
    expectData(await post(gateway, { extensions: byHash(sha256(FRONT)) }, auth), { me: { id: u.id } });
    expectData(await post(gateway, { query: FRONT }, auth), { me: { id: u.id } });
    const full = await post(gateway, { query: routeOf('GET', '/v1/users/me').operation }, auth);
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.data.me.id).toBe(u.id);
  });

  it('an unknown hash is 400 PERSISTED_QUERY_NOT_FOUND here too', async () => {
    expectRefused(await post(gateway, { extensions: byHash(sha256('query Other { me { id } }')) }), 400, { code: 'PERSISTED_QUERY_NOT_FOUND' });
  });
});
