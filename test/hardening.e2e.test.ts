import { describe, expect, it } from 'vitest';
import { PNG, api, bridgeUrl, gatewayUrl, newUser, randomIp } from './helpers.js';
import { callA, contextToken, createConnector, expectError, expectResultError, gqlH, newOwner, setA, setupProvider } from './workspace-helpers.js';
import { createFleet, createSite, newLsp, ok, parkingBody } from './lsp-helpers.js';

/**
 * Regression tests of issue 10 (hardening), one per cause of a 5xx the hostile-client run found, named after what
 * each guards, plus the gateway's error answers. The input boundary is kernel/input.ts (docs/contract.md, "Input
 * boundary"); test/fuzz-routes.e2e.test.ts covers every route with generated inputs.
 */

/** One raw request to the bridge: `body` as given (a string or bytes), optional chunked framing. */
async function rawCall(method: string, path: string, opts: { headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean; url?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), ...(opts.headers ?? {}) };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    const bytes = typeof opts.body === 'string' ? Buffer.from(opts.body, 'utf8') : opts.body;
    body = opts.chunked
      ? new ReadableStream({
          start(c) {
            c.enqueue(new Uint8Array(bytes));
            c.close();
          },
        })
      : new Uint8Array(bytes);
  }
  const res = await fetch((opts.url ?? bridgeUrl()) + path, { method, headers, body, ...(opts.chunked ? { duplex: 'half' } : {}) });
  const text = await res.text();
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

const json = { 'content-type': 'application/json' };
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('cause 2: deep nesting never reaches recursive code', () => {
  it('a body nested 5,000 levels is 400 VALIDATION_ERROR naming the field, in each envelope, and the gateway refuses it the same way', async () => {
    const user = await newUser();
    const login = await rawCall('POST', '/v1/auth/login', { headers: json, body: `{"email":${deep(5000)}}` });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(login.body.field).toMatch(/^email(\.0)+$/);
    expect(login.body.message).toMatch(/nested deeper than 64 levels/);

    const profile = await rawCall('PATCH', '/v1/users/me', { headers: { ...json, authorization: `Bearer ${user.accessToken}` }, body: deep(5000) });
    expect(profile.status).toBe(400);
    expect(profile.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(profile.body.field).toMatch(/^body(\.0)+$/);

    const owner = await newOwner();
    const ws = await rawCall('PATCH', `/v1/workspace/${owner.wid}`, { headers: { ...json, ...setA(owner.token) }, body: `{"name":{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}` });
    expect(ws.status).toBe(400);
    expect(ws.body).toMatchObject({ error: true, status: 'VALIDATION_ERROR' });
    expect(ws.body.field).toMatch(/^name(\.a)+$/);

    const key = await callA('POST', `/v1/workspace/${owner.wid}/api-keys`, owner.token, { name: 'deep', scopes: ['utilities'] });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const util = await rawCall('POST', '/realm/utilities/eta', { headers: { ...json, authorization: `Bearer ${key.body.data.key}` }, body: `{"origin":${deep(5000)}}` });
    expect(util.status).toBe(400);
    expect(util.body).toMatchObject({ error: true, status: 'UTILITY::VALIDATION_FAILED' });
    expect(util.body.trace).toBeTruthy();

    const gql = await rawCall('POST', '', { url: gatewayUrl(), headers: json, body: `{"query":"{ __typename }","variables":{"x":${deep(5000)}}}` });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(gql.body.errors[0].extensions.field).toMatch(/^variables\.x(\.0)+$/);
  });

  it('64 levels are accepted by the boundary (the body reaches validation), 65 are not', async () => {
    const nest = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`; // n objects, one in another
    const at64 = await rawCall('POST', '/v1/auth/login', { headers: json, body: nest(64) });
    expect(at64.status).toBe(400);
    expect(at64.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' }); // the login body's own validation
    expect(at64.body.message).not.toMatch(/nested deeper/);
    const at65 = await rawCall('POST', '/v1/auth/login', { headers: json, body: nest(65) });
    expect(at65.status).toBe(400);
    expect(at65.body.message).toMatch(/nested deeper than 64 levels/);
  });
});

describe('cause 3: NUL bytes', () => {
  it('a NUL in a string field is 400 naming the field, and the record is unchanged', async () => {
    const lsp = await newLsp();
    const fleet = await createFleet(lsp);
    const res = await lsp.call('PATCH', `/v1/lsp/fleets/${fleet.id}`, { name: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, status: 'VALIDATION_ERROR', field: 'name' });
    expect(res.body.message).toMatch(/NUL/);
    const nested = await lsp.call('PATCH', `/v1/lsp/fleets/${fleet.id}`, { address: { city: 'Nai\u0000robi' } });
    expect(nested.body).toMatchObject({ status: 'VALIDATION_ERROR', field: 'address.city' });
    const key = await rawCall('PATCH', `/v1/lsp/fleets/${fleet.id}`, { headers: { ...json, ...setA(lsp.token) }, body: '{"na\\u0000me":"x"}' });
    expect(key.body).toMatchObject({ status: 'VALIDATION_ERROR', field: 'body' });
    const after = ok(await lsp.call('GET', `/v1/lsp/fleets/${fleet.id}`));
    expect(after.name).toBe(fleet.name);
    expect(after.updated).toEqual(fleet.updated);
  });

  it('%00 in a path parameter (:xcode, :id, :wid) is 400 naming the parameter, never a lookup', async () => {
    const owner = await newOwner();
    const lsp = await setupProvider(owner.token, owner.wid, 'lsp');
    for (const path of [`/v1/${owner.wid}/lsp/%00`, `/v1/${owner.wid}/lsp/LSP-%00`, `/v1/${owner.wid}/lsp/${lsp.code}%00/context`]) {
      const res = await callA('GET', path, owner.token);
      expectError(res, 'VALIDATION_ERROR', 'xcode');
      expect(res.body.message).toMatch(/NUL/);
    }
    expectError(await callA('GET', `/v1/workspace/%00${owner.wid}`, owner.token), 'VALIDATION_ERROR', 'wid');
    // an LSP route: with the LSP's context token the parameter is judged (400); with the owner's user token the
    // credential is not of the kind the route takes, and the credential comes first (docs/contract.md "Order of checks")
    const lspToken = await contextToken(owner.token, owner.wid, 'lsp', lsp.code);
    expectError(await callA('GET', `/v1/lsp/fleets/%00`, lspToken), 'VALIDATION_ERROR', 'id');
    expectError(await callA('GET', `/v1/lsp/fleets/%00`, owner.token), 'UNAUTHORIZED');
    // a query parameter too
    const user = await newUser();
    const search = await api('GET', '/v1/users/search?q=a%00b', { token: user.accessToken });
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field: 'q' });
  });
});

describe('cause 4: lone UTF-16 surrogates', () => {
  it('a lone surrogate bound for a jsonb column (custom metadata, parking amenities) is 400 naming the field; the record is unchanged', async () => {
    const user = await newUser();
    const meta = await rawCall('PATCH', '/v1/users/me/metadata', { headers: { ...json, authorization: `Bearer ${user.accessToken}` }, body: '{"customFields":{"team":"\\ud800"}}' });
    expect(meta.status).toBe(400);
    expect(meta.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field: 'customFields.team' });
    expect(meta.body.message).toMatch(/surrogate/);
    const low = await rawCall('PATCH', '/v1/users/me/metadata', { headers: { ...json, authorization: `Bearer ${user.accessToken}` }, body: '{"customFields":{"x\\udc00y":"v"}}' });
    expect(low.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'customFields' });
    const me = await api('GET', '/v1/users/me', { token: user.accessToken });
    expect(me.status).toBe(200);

    const lsp = await newLsp();
    const parking = await rawCall('POST', '/v1/lsp/fleet/parking/facilities', {
      headers: { ...json, ...setA(lsp.token) },
      body: JSON.stringify(parkingBody({ amenities: { a: 'SURROGATE' } })).replace('SURROGATE', '\\udbff'),
    });
    expect(parking.body).toMatchObject({ error: true, status: 'VALIDATION_ERROR', field: 'amenities.a' });
    expect(ok(await lsp.call('GET', '/v1/lsp/fleet/parking/facilities'))).toEqual([]);
    // a well-formed pair (an emoji) is fine
    const pair = await lsp.call('POST', '/v1/lsp/fleet/parking/facilities', parkingBody({ name: 'P \ud83d\ude9a', amenities: { truck: '\ud83d\ude9a' } }));
    expect(pair.status, JSON.stringify(pair.body)).toBe(201);
    expect(pair.body.data.amenities).toEqual({ truck: '\ud83d\ude9a' });
  });

  it("a percent-encoded lone surrogate in a path is 400 VALIDATION_ERROR in the route's envelope", async () => {
    const lsp = await newLsp();
    const res = await lsp.call('GET', `/v1/lsp/coverage/areas/%ED%A0%80`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, status: 'VALIDATION_ERROR', field: 'path' });
    expect(res.body.trace).toBeTruthy(); // the coverage family's envelope, though the router failed before the route
  });
});

describe('cause 6: ids compare the way they are stored', () => {
  it('an upper-case :wid works on write routes as the lower-case one does', async () => {
    const owner = await newOwner();
    const WID = owner.wid.toUpperCase();
    const lsp = await callA('POST', `/v1/${WID}/lsp/setup`, owner.token, { type: 'CARRIER', name: 'Upper' });
    expect(lsp.status, JSON.stringify(lsp.body)).toBe(201);
    const renamed = await callA('PATCH', `/v1/workspace/${WID}`, owner.token, { name: 'Renamed upper' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.workspace.id).toBe(owner.wid);
    const key = await callA('POST', `/v1/workspace/${WID}/api-keys`, owner.token, { name: 'upper', scopes: ['utilities'] });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const conn = await callA('POST', `/v1/${WID}/lsp/${lsp.body.data.code.toLowerCase()}/connectors`, owner.token, {
      type: 'ASI',
      name: 'Upper',
      config: { protocol: 'http1', version: 'v1', scope: ['orders:read'] },
    });
    expect(conn.status, JSON.stringify(conn.body)).toBe(201);
    const ctx = await callA('GET', `/v1/${WID}/lsp/${lsp.body.data.code}/context`, owner.token);
    expect(ctx.status).toBe(200);
    expect(ctx.body.data.workspaceId).toBe(owner.wid);
  });

  it('GraphQL clients too: UUIDs in ID arguments are compared lower-cased (workspace, provider context, connector)', async () => {
    const owner = await newOwner();
    const lsp = await setupProvider(owner.token, owner.wid, 'lsp');
    const headers = setA(owner.token);
    const WID = owner.wid.toUpperCase();
    const ws = await gqlH('query($wid: ID!) { workspace(workspaceId: $wid) { workspace { id } role } }', { wid: WID }, headers);
    expect(ws.body.data?.workspace, JSON.stringify(ws.body)).toEqual({ workspace: { id: owner.wid }, role: 'OWNER' });
    const ctx = await gqlH('mutation($wid: ID!, $x: String!) { providerContext(workspaceId: $wid, providerKind: LSP, providerCode: $x) { token workspaceId } }', { wid: WID, x: lsp.code }, headers);
    expect(ctx.body.data?.providerContext.workspaceId, JSON.stringify(ctx.body)).toBe(owner.wid);
    // the context token carries the stored id: acting through it on the workspace named in upper case is the same workspace
    const token = ctx.body.data!.providerContext.token;
    expect((await callA('GET', '/v1/lsp/fleets', token)).status).toBe(200);
    const same = await gqlH('query($wid: ID!) { workspace(workspaceId: $wid) { workspace { id } } }', { wid: WID }, setA(token));
    expect(same.body.data?.workspace, JSON.stringify(same.body)).toEqual({ workspace: { id: owner.wid } });
    const c = await createConnector(owner.token, owner.wid, 'lsp', lsp.code);
    const conn = await gqlH(
      'query($wid: ID!, $x: String!, $id: ID!) { connector(workspaceId: $wid, providerKind: LSP, providerCode: $x, id: $id) { id } }',
      { wid: WID, x: lsp.code, id: c.connectorId.toUpperCase() },
      headers,
    );
    expect(conn.body.data?.connector, JSON.stringify(conn.body)).toEqual({ id: c.connectorId });
  });

  it('upper-case ids of records (fleet, warehouse, connector) find them', async () => {
    const lsp = await newLsp();
    const fleet = await createFleet(lsp);
    const wh = await createSite(lsp, 'warehouse');
    expect(ok(await lsp.call('GET', `/v1/lsp/fleets/${fleet.id.toUpperCase()}`)).id).toBe(fleet.id);
    expect(ok(await lsp.call('PATCH', `/v1/lsp/warehouses/${wh.id.toUpperCase()}`, { name: 'Upper' })).id).toBe(wh.id);
    const c = await createConnector(lsp.owner.token, lsp.wid, 'lsp', lsp.code);
    const res = await callA('GET', `/v1/${lsp.wid.toUpperCase()}/lsp/${lsp.code}/connectors/${c.connectorId.toUpperCase()}`, lsp.owner.token);
    expect(res.status).toBe(200);
    expect(res.body.connector.id).toBe(c.connectorId);
  });

  it('a malformed or over-long id is still 404 NOT_FOUND (it names nothing); an over-long text parameter is 400', async () => {
    const owner = await newOwner();
    expectError(await callA('GET', `/v1/workspace/not-a-uuid`, owner.token), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/workspace/${'a'.repeat(200)}`, owner.token), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/workspace/${'a'.repeat(10_240)}`, owner.token), 'VALIDATION_ERROR', 'wid');
    expectError(await callA('GET', `/v1/${owner.wid}/lsp/${'X'.repeat(10_240)}`, owner.token), 'VALIDATION_ERROR', 'xcode');
  });
});

describe('cause 7: broken multipart', () => {
  const boundary = '----hardening';
  const part = (name: string, value: string | Buffer, filename?: string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const mp = { 'content-type': `multipart/form-data; boundary=${boundary}` };

  it('a truncated body, a missing part, a wrong field name or no boundary on the avatar upload is 400 VALIDATION_ERROR, never 500', async () => {
    const user = await newUser();
    const auth = { ...mp, authorization: `Bearer ${user.accessToken}` };
    const cases: [string, Record<string, string>, Buffer, string][] = [
      ['truncated', auth, Buffer.concat([part('file', PNG, 'a.png'), end]).subarray(0, -20), 'body'],
      ['no closing boundary', auth, part('file', PNG, 'a.png'), 'body'],
      ['missing part', auth, end, 'file'],
      ['wrong field name', auth, Buffer.concat([part('avatar', PNG, 'a.png'), end]), 'avatar'],
      ['no boundary parameter', { 'content-type': 'multipart/form-data', authorization: `Bearer ${user.accessToken}` }, Buffer.concat([part('file', PNG, 'a.png'), end]), 'body'],
      ['malformed part header', auth, Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"`), end]), 'body'],
    ];
    const other = await newUser(); // the avatar route allows 5 a day per user
    for (const [i, [label, headers, body, field]] of cases.entries()) {
      const res = await rawCall('POST', '/v1/users/me/avatar', { headers: i < 4 ? headers : { ...headers, authorization: `Bearer ${other.accessToken}` }, body });
      expect(res.status, `${label}: ${res.text}`).toBe(400);
      expect(res.body, label).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
    }
    const me = await api('GET', '/v1/users/me', { token: user.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.avatar).toBeNull();
  });

  it('the same on the document upload (POST /v1/users/me/verify), text fields included', async () => {
    const user = await newUser();
    const auth = { ...mp, authorization: `Bearer ${user.accessToken}` };
    const cases: [string, Buffer, string][] = [
      ['truncated', Buffer.concat([part('documentType', 'passport'), part('documentFront', PNG, 'f.png'), part('selfie', PNG, 's.png'), end]).subarray(0, -25), 'body'],
      ['missing parts', Buffer.concat([part('documentType', 'passport'), end]), 'documentFront'],
      ['wrong field name', Buffer.concat([part('documentType', 'passport'), part('front', PNG, 'f.png'), end]), 'front'],
      ['NUL in a text field', Buffer.concat([part('documentType', 'pass\u0000port'), part('documentFront', PNG, 'f.png'), part('selfie', PNG, 's.png'), end]), 'documentType'],
      ['prototype field name', Buffer.concat([part('__proto__', 'x'), part('documentFront', PNG, 'f.png'), end]), 'body'],
    ];
    for (const [label, body, field] of cases) {
      const res = await rawCall('POST', '/v1/users/me/verify', { headers: auth, body });
      expect(res.status, `${label}: ${res.text}`).toBe(400);
      expect(res.body, label).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.body.field, `${label}: ${res.text}`).toBe(field);
    }
  });
});

describe('cause 7 at the gateway: a file cut short', () => {
  it('an upload whose file part ends early is VALIDATION_ERROR naming the file, not a 500 (nor "too large")', async () => {
    const user = await newUser();
    const ops = JSON.stringify({ query: 'mutation($file: Upload!) { uploadAvatar(file: $file) { avatarUrl } }', variables: { file: null } });
    const body = Buffer.concat([
      Buffer.from(`--b\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${ops}\r\n--b\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n`),
      Buffer.from('--b\r\nContent-Disposition: form-data; name="0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      PNG.subarray(0, 20),
    ]);
    const res = await rawCall('POST', '', {
      url: gatewayUrl(),
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'apollo-require-preflight': 'true', authorization: `Bearer ${user.accessToken}` },
      body,
    });
    // the request is well-formed GraphQL; the operation fails on its file (an execution error: HTTP 200, no data)
    expect(res.status).toBe(200);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'file' });
    expect(res.body.errors[0].message).toMatch(/could not be read/);
    expect(res.body.data).toBeNull();
  });
});

describe('cause 9: no plain-object lookup keyed by user input', () => {
  it(':action = __proto__, constructor or toString on the connector state route is 400 naming action', async () => {
    const owner = await newOwner();
    const lsp = await setupProvider(owner.token, owner.wid, 'lsp');
    const c = await createConnector(owner.token, owner.wid, 'lsp', lsp.code);
    for (const action of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await callA('PATCH', `/v1/${owner.wid}/lsp/${lsp.code}/connectors/${c.connectorId}/${action}`, owner.token);
      expectResultError(res, 'VALIDATION_ERROR', 'action');
    }
    const still = await callA('GET', `/v1/${owner.wid}/lsp/${lsp.code}/connectors/${c.connectorId}`, owner.token);
    expect(still.body.connector.status).toBe('ENABLED');
  });

  it('the same for the pricing :action, the access-config `expects` and the coverage `kind` filter', async () => {
    const lsp = await newLsp();
    const wh = await createSite(lsp, 'warehouse');
    for (const action of ['__proto__', 'constructor']) {
      const res = await lsp.call('PUT', `/v1/lsp/warehouses/${wh.id}/pricing/${action}`, { ruleId: 'x' });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ status: 'VALIDATION_ERROR', field: 'action' });
    }
    for (const expects of ['__proto__', 'constructor', 'toString']) {
      const res = await api('GET', `/v1/access/config?expects=${expects}`, { headers: { origin: 'https://shop.example.com', 'svc-user-agent': 'shop/1' } });
      expectError(res, 'VALIDATION_ERROR', 'expects');
    }
    for (const kind of ['__proto__', 'constructor']) {
      const res = await lsp.call('GET', `/v1/lsp/coverage?kind=${kind}&transitType=last_mile`);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ error: true, status: 'VALIDATION_ERROR' });
    }
  });

  it('prototype keys in a body are refused at the boundary (bridge and gateway) and pollute nothing', async () => {
    const user = await newUser();
    for (const body of ['{"__proto__":{"isAdmin":true}}', '{"customFields":{"constructor":{"prototype":{"isAdmin":true}}}}', '{"customFields":{"a":{"prototype":"x"}}}']) {
      const res = await rawCall('PATCH', '/v1/users/me/metadata', { headers: { ...json, authorization: `Bearer ${user.accessToken}` }, body });
      expect(res.status, body).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toMatch(/is not accepted/);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const gql = await rawCall('POST', '', { url: gatewayUrl(), headers: json, body: '{"query":"{ __typename }","variables":{"__proto__":{"x":1}}}' });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
  });
});

describe('cause 10: the content type is checked whatever the framing', () => {
  it('a chunked text/plain body on a JSON route is 400 naming the body, and nothing is written; chunked application/json is read', async () => {
    const user = await newUser();
    const plain = await rawCall('PATCH', '/v1/users/me', { headers: { 'content-type': 'text/plain', authorization: `Bearer ${user.accessToken}` }, body: '{"name":"Chunked"}', chunked: true });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field: 'body' });
    const none = await rawCall('PATCH', '/v1/users/me', { headers: { authorization: `Bearer ${user.accessToken}` }, body: '{"name":"Chunked"}', chunked: true });
    expect(none.status).toBe(400);
    expect((await api('GET', '/v1/users/me', { token: user.accessToken })).body.user.name).toBe('Test User');

    const jsonChunked = await rawCall('PATCH', '/v1/users/me', { headers: { ...json, authorization: `Bearer ${user.accessToken}` }, body: '{"name":"Chunked"}', chunked: true });
    expect(jsonChunked.status, jsonChunked.text).toBe(200);
    expect(jsonChunked.body.user.name).toBe('Chunked');
  });

  it('a chunked body over the size limit is refused like a declared one (400 naming the body)', async () => {
    const res = await rawCall('POST', '/v1/auth/login', { headers: json, body: JSON.stringify({ email: 'x'.repeat(150 * 1024) }), chunked: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field: 'body' });
    expect(res.body.message).toMatch(/100 KB/);
  });
});

describe('input boundary: limits', () => {
  it('numbers outside ±1e15 or not finite, strings over 64 KB and arrays over 10,000 elements are 400 naming the field', async () => {
    const lsp = await newLsp();
    const fleet = await createFleet(lsp);
    const patch = (body: string) => rawCall('PATCH', `/v1/lsp/fleets/${fleet.id}`, { headers: { ...json, ...setA(lsp.token) }, body });
    for (const [body, field, reason] of [
      ['{"address":{"coordinates":[1e308,0]}}', 'address.coordinates.0', /between/],
      ['{"address":{"coordinates":[1e400,0]}}', 'address.coordinates.0', /finite/],
      ['{"address":{"coordinates":[12345678901234567890,0]}}', 'address.coordinates.0', /between/],
      [`{"description":"${'x'.repeat(65 * 1024)}"}`, 'description', /longer than 65536/],
      [`{"contacts":{"emails":[${Array.from({ length: 10_001 }, () => '1').join(',')}]}}`, 'contacts.emails', /more than 10000 elements/],
    ] as const) {
      const res = await patch(body);
      expect(res.status, res.text).toBe(400);
      expect(res.body, res.text).toMatchObject({ status: 'VALIDATION_ERROR', field });
      expect(res.body.message).toMatch(reason);
    }
  });

  it('a body that is not UTF-8, or declares another charset, is 400 naming the body', async () => {
    const bad = await rawCall('POST', '/v1/auth/login', { headers: json, body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]) });
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'body' });
    expect(bad.body.message).toMatch(/UTF-8/);
    const latin = await rawCall('POST', '/v1/auth/login', { headers: { 'content-type': 'application/json; charset=latin1' }, body: '{}' });
    expect(latin.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'body' });
  });
});

describe('gateway: every malformed request is a GraphQL-over-HTTP JSON error, never HTML or a stack', () => {
  const gw = (opts: Parameters<typeof rawCall>[2] & { method?: string; path?: string } = {}) => rawCall(opts.method ?? 'POST', opts.path ?? '', { ...opts, url: gatewayUrl() });
  const expectGraphQLError = (res: Awaited<ReturnType<typeof rawCall>>, status: number, code: string) => {
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    expect(res.text).not.toMatch(/<html|<!DOCTYPE|<pre>|\bat .+\.(t|j)s:\d+|node_modules/i);
    expect(res.body.errors[0]).toMatchObject({ message: expect.any(String), extensions: { code } });
  };

  it('malformed JSON is 400 BAD_REQUEST', async () => {
    expectGraphQLError(await gw({ headers: json, body: '{"query":' }), 400, 'BAD_REQUEST');
    expectGraphQLError(await gw({ headers: json, body: Buffer.from([0x7b, 0xff, 0x7d]) }), 400, 'BAD_REQUEST');
  });

  it('an oversize body is 413, chunked or not', async () => {
    const big = JSON.stringify({ query: `{ __typename } # ${'x'.repeat(200 * 1024)}` });
    expectGraphQLError(await gw({ headers: json, body: big }), 413, 'BAD_REQUEST');
    expectGraphQLError(await gw({ headers: json, body: big, chunked: true }), 413, 'BAD_REQUEST');
  });

  it('a wrong content type is 415, chunked or not', async () => {
    const body = JSON.stringify({ query: '{ __typename }' });
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      expectGraphQLError(await gw({ headers: { 'content-type': ct }, body }), 415, 'BAD_REQUEST');
      expectGraphQLError(await gw({ headers: { 'content-type': ct }, body, chunked: true }), 415, 'BAD_REQUEST');
    }
  });

  it('a mutation over GET is 405; an unknown method is 405 with Allow', async () => {
    const get = await gw({ method: 'GET', path: `?query=${encodeURIComponent('mutation { logout }')}`, headers: { 'apollo-require-preflight': 'true' } });
    expectGraphQLError(get, 405, 'BAD_REQUEST');
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await gw({ method, headers: json, body: JSON.stringify({ query: '{ __typename }' }) });
      expectGraphQLError(res, 405, 'BAD_REQUEST');
      expect(res.headers.get('allow')).toBe('GET, POST');
    }
  });

  it('values over the limits in variables (NUL, surrogates, prototype keys, numbers) are 400 VALIDATION_ERROR naming them', async () => {
    for (const [vars, field] of [
      ['{"a":"x\\u0000"}', 'variables.a'],
      ['{"a":["\\ud800"]}', 'variables.a.0'],
      ['{"a":{"constructor":1}}', 'variables.a'],
      ['{"n":1e400}', 'variables.n'],
    ]) {
      const res = await gw({ headers: json, body: `{"query":"{ __typename }","variables":${vars}}` });
      expectGraphQLError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.errors[0].extensions.field).toBe(field);
    }
    const get = await gw({ method: 'GET', path: `?query=${encodeURIComponent('{ __typename }')}&variables=${encodeURIComponent('{"a":"\\u0000"}')}`, headers: { 'apollo-require-preflight': 'true' } });
    expectGraphQLError(get, 400, 'VALIDATION_ERROR');
  });

  it('a broken multipart request and an unknown path are JSON too; a well-formed query still works', async () => {
    const broken = await gw({
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'apollo-require-preflight': 'true' },
      body: '--b\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":',
    });
    expectGraphQLError(broken, 400, 'BAD_REQUEST');
    expect(broken.text).not.toMatch(/<html|<pre>|\bat .+\.(t|j)s:\d+/i);
    expectGraphQLError(await gw({ method: 'GET', path: '/../nowhere' }), 404, 'NOT_FOUND');
    const fine = await gw({ headers: json, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(fine.status).toBe(200);
    expect(fine.body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('the context token and a provider with an upper-case workspace id agree', () => {
  it('a context token issued through an upper-case :wid acts on the workspace', async () => {
    const owner = await newOwner();
    const lsp = await setupProvider(owner.token, owner.wid, 'lsp');
    const token = await contextToken(owner.token, owner.wid.toUpperCase(), 'lsp', lsp.code.toLowerCase());
    const fleets = await callA('GET', '/v1/lsp/fleets', token);
    expect(fleets.status, JSON.stringify(fleets.body)).toBe(200);
  });
});
