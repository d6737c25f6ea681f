import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayUrl, newUser, PASSWORD, PNG, randomIp } from './helpers.js';

/** The examples of docs/graphql.md, against the suite's gateway: what a front-end team reads is what it gets. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(gatewayUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers }, body: JSON.stringify(body) });

describe('docs/graphql.md', () => {
  it('a token and a first query: login by mutation, then `me` with Authorization: Bearer; rate-limit headers on the answer', async () => {
    const u = await newUser();
    const login = await post({ query: `mutation { login(input: {email: "${u.email}", password: "${PASSWORD}"}) { accessToken refreshToken expiresIn user { id name } } }` });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { login: { accessToken: string; expiresIn: number; user: { id: string } } } };
    expect(data.login.user.id).toBe(u.id);
    expect(data.login.expiresIn).toBe(900);
    const me = await post({ query: 'query Me { me { id name email } }' }, { authorization: `Bearer ${data.login.accessToken}` });
    expect(await me.json()).toEqual({ data: { me: { id: u.id, name: 'Test User', email: u.email } } });
    expect(me.headers.get('x-ratelimit-limit')).toBe('100');
    expect(me.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('pages: myWorkspaces answers { items, pagination } with page and limit', async () => {
    const u = await newUser();
    const res = await post(
      { query: '{ myWorkspaces(page: 1, limit: 10) { items { role workspace { id name } } pagination { page limit total pages hasNext hasPrevious } } }' },
      { authorization: `Bearer ${u.accessToken}` },
    );
    expect(await res.json()).toEqual({ data: { myWorkspaces: { items: [], pagination: { page: 1, limit: 10, total: 0, pages: 0, hasNext: false, hasPrevious: false } } } });
  });

  it('errors: the code in extensions.code (and the field); a bad credential is 401 UNAUTHORIZED; a document that does not validate is 400 or 200 by Accept', async () => {
    const u = await newUser();
    const bad = await post({ query: '{ myWorkspaces(limit: 1000) { pagination { total } } }' }, { authorization: `Bearer ${u.accessToken}` });
    const body = (await bad.json()) as { errors: { extensions: { code: string; field?: string } }[] };
    expect(body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'limit' });
    const anonymous = await post({ query: '{ me { id } }' }, { authorization: 'Bearer not-a-token' });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as typeof body).errors[0].extensions.code).toBe('UNAUTHORIZED');
    expect((await post({ query: '{ nope }' }, { accept: 'application/graphql-response+json' })).status).toBe(400);
    expect((await post({ query: '{ nope }' }, { accept: 'application/json' })).status).toBe(200);
  });

  it('uploads: a multipart request with apollo-require-preflight sets the avatar', async () => {
    const u = await newUser();
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation($f: Upload!) { uploadAvatar(file: $f) { avatarUrl } }', variables: { f: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.f'] }));
    form.set('0', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'avatar.png');
    const res = await fetch(gatewayUrl(), { method: 'POST', headers: { authorization: `Bearer ${u.accessToken}`, 'apollo-require-preflight': 'true', 'x-forwarded-for': randomIp() }, body: form });
    const out = (await res.json()) as { data: { uploadAvatar: { avatarUrl: string } } };
    expect(out.data.uploadAvatar.avatarUrl).toMatch(/^http:\/\/.+\.png$/);
  });

  describe('the typed client of examples/graphql-client', () => {
    beforeAll(async () => {
      // the types are generated from the committed schema, as npm run examples:check does
      await promisify(execFile)(join(process.cwd(), 'node_modules', '.bin', 'graphql-codegen'), ['--config', 'codegen.ts', '--silent'], {
        cwd: join(process.cwd(), 'examples', 'graphql-client'),
        timeout: 60_000,
      });
    }, 90_000);

    it('signs in, reads `me` and the workspaces with generated operations', async () => {
      const u = await newUser();
      const { client } = await import('../examples/graphql-client/src/client.js');
      const { Login, Me } = await import('../examples/graphql-client/src/operations.js');
      const { login } = await client(gatewayUrl(), { 'x-forwarded-for': randomIp() })(Login, { input: { email: u.email, password: PASSWORD } });
      const { me } = await client(gatewayUrl(), { authorization: `Bearer ${login.accessToken}`, 'x-forwarded-for': randomIp() })(Me);
      expect(me).toMatchObject({ id: u.id, email: u.email, verified: false });
    });
  });
});
