import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { api, newUser, PASSWORD, uniqueEmail, type TestUser, expectError } from './helpers.js';

/**
 * End-to-end tests of the authentication family (`/v1/auth`) through the REST bridge:
 * registration, sign-in, refresh-token rotation and reuse detection, logout and session management.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Asserts the full auth success payload (user + token pair). */
function expectAuthPayload(body: any) {
  expect(body.success).toBe(true);
  expect(body.accessToken).toMatch(JWT);
  expect(typeof body.refreshToken).toBe('string');
  expect(body.refreshToken.length).toBeGreaterThan(20);
  expect(body.expiresIn).toBe(900);
  const u = body.user;
  expect(Object.keys(u).sort()).toEqual(['avatar', 'createdAt', 'email', 'id', 'metadata', 'name', 'phone', 'updatedAt', 'userType', 'verified'].sort());
  expect(typeof u.id).toBe('string');
  expect(u.createdAt).toMatch(ISO_DATE);
  expect(u.updatedAt).toMatch(ISO_DATE);
  expect(typeof u.verified).toBe('boolean');
  expect(typeof u.metadata.language).toBe('string');
  expect(typeof u.metadata.timezone).toBe('string');
  expect(typeof u.metadata.notifications).toBe('boolean');
}

const register = (body: Record<string, unknown>) => api('POST', '/v1/auth/register', { body });
const login = (email: string, password: string, extra: Record<string, unknown> = {}) => api('POST', '/v1/auth/login', { body: { email, password, ...extra } });
const refresh = (refreshToken: unknown) => api('POST', '/v1/auth/refresh', { body: { refreshToken } });
const me = (token: string) => api('GET', '/v1/users/me', { token });
const sessions = (token: string) => api('GET', '/v1/auth/sessions', { token });

/** A second, independent session of the same user. */
async function secondSession(u: TestUser, deviceId?: string) {
  const res = await login(u.email, u.password, deviceId ? { deviceId } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { accessToken: res.body.accessToken as string, refreshToken: res.body.refreshToken as string };
}

describe('POST /v1/auth/register', () => {
  it('creates the account (201), returns user + token pair, lower-cases the e-mail and signs the user in', async () => {
    const email = uniqueEmail('MixedCase').toUpperCase();
    const res = await register({ email, password: PASSWORD, name: 'Ada Lovelace', phone: '+254700000001' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectAuthPayload(res.body);
    expect(res.body.user).toMatchObject({
      email: email.toLowerCase(),
      phone: '+254700000001',
      name: 'Ada Lovelace',
      avatar: null,
      userType: 'client',
      verified: false,
    });
    expect(Math.abs(Date.parse(res.body.user.createdAt) - Date.now())).toBeLessThan(5 * 60_000);

    const read = await me(res.body.accessToken);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, user: { id: res.body.user.id, email: email.toLowerCase(), name: 'Ada Lovelace' } });
  });

  it('defaults userType to client and phone to null; keeps an explicit userType', async () => {
    const plain = await register({ email: uniqueEmail(), password: PASSWORD, name: 'Plain' });
    expect(plain.status).toBe(201);
    expect(plain.body.user).toMatchObject({ userType: 'client', phone: null });

    for (const userType of ['agent', 'lsp', 'csp', 'dev']) {
      const res = await register({ email: uniqueEmail(userType), password: PASSWORD, name: `Type ${userType}`, userType });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.user.userType).toBe(userType);
    }
  });

  it('accepts passwords of exactly 8 and exactly 128 characters, and a 100-character name', async () => {
    const short = await register({ email: uniqueEmail(), password: 'a'.repeat(8), name: 'n'.repeat(100) });
    expect(short.status, JSON.stringify(short.body)).toBe(201);
    expect(short.body.user.name).toBe('n'.repeat(100));
    const long = await register({ email: uniqueEmail(), password: 'b'.repeat(128), name: 'Long pw' });
    expect(long.status, JSON.stringify(long.body)).toBe(201);
    const back = await login(long.body.user.email, 'b'.repeat(128));
    expect(back.status).toBe(200);
  });

  it('gives each registration distinct tokens and ids', async () => {
    const a = await register({ email: uniqueEmail(), password: PASSWORD, name: 'A' });
    const b = await register({ email: uniqueEmail(), password: PASSWORD, name: 'B' });
    expect(a.body.user.id).not.toBe(b.body.user.id);
    expect(a.body.accessToken).not.toBe(b.body.accessToken);
    expect(a.body.refreshToken).not.toBe(b.body.refreshToken);
  });

  it('refuses a duplicate e-mail with 409 CONFLICT naming email, case-insensitively, and keeps the first account', async () => {
    const email = uniqueEmail('dup');
    const first = await register({ email, password: PASSWORD, name: 'First' });
    expect(first.status).toBe(201);

    expectError(await register({ email, password: 'another password', name: 'Second' }), 409, 'CONFLICT', 'email');
    expectError(await register({ email: email.toUpperCase(), password: 'another password', name: 'Third' }), 409, 'CONFLICT', 'email');

    // the original account and password are untouched
    const ok = await login(email, PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ id: first.body.user.id, name: 'First' });
    expect((await login(email, 'another password')).status).toBe(401);
  });

  const valid = () => ({ email: uniqueEmail('val'), password: PASSWORD, name: 'Valid Name' });
  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['an e-mail without domain', { email: 'someone@' }, 'email'],
    ['a 7-character password', { password: 'short77' }, 'password'],
    ['a 129-character password', { password: 'x'.repeat(129) }, 'password'],
    ['an empty name', { name: '' }, 'name'],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'name'],
    ['a phone without +', { phone: '254700000001' }, 'phone'],
    ['a phone with letters', { phone: '+2547000abc01' }, 'phone'],
    ['an unknown userType', { userType: 'admin' }, 'userType'],
    ['an upper-case userType', { userType: 'CLIENT' }, 'userType'],
    ['a numeric name', { name: 42 }, 'name'],
    ['an unknown extra field', { isAdmin: true }, 'isAdmin'],
  ])('rejects %s with 400 VALIDATION_ERROR naming the field, and creates no account', async (_label, patch, field) => {
    const body = { ...valid(), ...patch };
    expectError(await register(body), 400, 'VALIDATION_ERROR', field);
    if (typeof body.email === 'string' && body.email.includes('@example.test')) {
      // no account was created: the e-mail is still free to sign in with → 401
      expect((await login(body.email, PASSWORD)).status).toBe(401);
    }
  });

  it.each(['email', 'password', 'name'])('rejects a body missing %s with 400 naming it', async (missing) => {
    const body: Record<string, unknown> = valid();
    delete body[missing];
    expectError(await register(body), 400, 'VALIDATION_ERROR', missing);
  });

  it('rejects malformed JSON and a non-object body with 400', async () => {
    const bad = await api('POST', '/v1/auth/register', { body: '{"email": "x@example.test", ', headers: { 'content-type': 'application/json' } });
    expectError(bad, 400, 'VALIDATION_ERROR');
    const arr = await api('POST', '/v1/auth/register', { body: [valid()] });
    expectError(arr, 400, 'VALIDATION_ERROR');
  });
});

describe('POST /v1/auth/login', () => {
  it('signs in with the right password: 200 with the same user shape and a fresh working token pair', async () => {
    const u = await newUser({ name: 'Login Person', phone: '+254711000002', userType: 'agent' });
    const res = await login(u.email, u.password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectAuthPayload(res.body);
    expect(res.body.user).toMatchObject({ id: u.id, email: u.email, name: 'Login Person', phone: '+254711000002', userType: 'agent' });
    expect(res.body.accessToken).not.toBe(u.accessToken);
    expect(res.body.refreshToken).not.toBe(u.refreshToken);

    const read = await me(res.body.accessToken);
    expect(read.status).toBe(200);
    expect(read.body.user.id).toBe(u.id);
    // the registration session is still fine too
    expect((await me(u.accessToken)).status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike: 401 UNAUTHORIZED with the same message', async () => {
    const u = await newUser();
    const wrong = await login(u.email, 'wrong password!');
    const unknown = await login(uniqueEmail('nobody'), PASSWORD);
    expectError(wrong, 401, 'UNAUTHORIZED');
    expectError(unknown, 401, 'UNAUTHORIZED');
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body).not.toHaveProperty('accessToken');
    expect(wrong.body).not.toHaveProperty('user');
  });

  it('does not open a session on a failed login', async () => {
    const u = await newUser();
    await login(u.email, 'wrong password!');
    const list = await sessions(u.accessToken);
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(1);
  });

  it('records the deviceId given at login on the new session', async () => {
    const u = await newUser();
    const deviceId = `device-${randomUUID()}`;
    const s = await secondSession(u, deviceId);
    const list = await sessions(s.accessToken);
    expect(list.status).toBe(200);
    const current = list.body.sessions.find((x: any) => x.current);
    expect(current.deviceId).toBe(deviceId);
  });

  it("signs in as, registers and refreshes for another account while the client still sends a first account's Bearer token", async () => {
    const a = await newUser();
    const b = await newUser({ name: 'Second Account' });
    const carrying = { authorization: `Bearer ${a.accessToken}` };

    const signIn = await api('POST', '/v1/auth/login', { body: { email: b.email, password: b.password }, headers: carrying });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.body.user).toMatchObject({ id: b.id, email: b.email, name: 'Second Account' });

    const email = uniqueEmail('while-signed-in');
    const reg = await api('POST', '/v1/auth/register', { body: { email, password: PASSWORD, name: 'Third' }, headers: carrying });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect(reg.body.user).toMatchObject({ email, name: 'Third' });
    expect(reg.body.user.id).not.toBe(a.id);

    const rot = await api('POST', '/v1/auth/refresh', { body: { refreshToken: b.refreshToken }, headers: carrying });
    expect(rot.status, JSON.stringify(rot.body)).toBe(200);
    expect(rot.body.user).toMatchObject({ id: b.id, email: b.email });
  });

  it.each([
    ['missing password', { password: undefined }, 'password'],
    ['missing email', { email: undefined }, 'email'],
    ['malformed email', { email: 'nope' }, 'email'],
    ['numeric password', { password: 12345678 }, 'password'],
  ])('rejects %s with 400 naming the field', async (_label, patch, field) => {
    const body: Record<string, unknown> = { email: uniqueEmail(), password: PASSWORD, ...patch };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    expectError(await api('POST', '/v1/auth/login', { body }), 400, 'VALIDATION_ERROR', field);
  });
});

describe('password hashes (docs/contract.md "Credentials")', () => {
  const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
  afterAll(() => db.end());
  const storedHash = async (id: string): Promise<string> => (await db.query('select password_hash from users."user" where id = $1', [id])).rows[0].password_hash;
  /** A PHC string's algorithm and parameters: `$argon2id$v=19$m=…,t=…,p=…$salt$hash` (in whatever order they come). */
  const phc = (hash: string) => {
    const [, algorithm, version, params, salt, digest] = hash.split('$');
    return { algorithm, version, ...Object.fromEntries(params.split(',').map((kv) => kv.split('='))), salted: salt.length > 0 && digest.length > 0 };
  };
  /** OWASP Password Storage Cheat Sheet, "Argon2id": m=19456 (19 MiB), t=2, p=1. */
  const OWASP_BASELINE = { algorithm: 'argon2id', version: 'v=19', m: '19456', t: '2', p: '1', salted: true };

  it("a password is stored as an argon2id hash at OWASP's baseline, never as itself", async () => {
    const u = await newUser();
    const hash = await storedHash(u.id);
    expect(phc(hash)).toEqual(OWASP_BASELINE);
    expect(hash).not.toContain(u.password);
  });

  it('a hash made with other parameters still signs in, and is replaced by one at the baseline on that sign-in only', async () => {
    const u = await newUser();
    // the argon2 package's own default (64 MiB, t=3, p=4): what accounts created before the baseline hold
    const old = await argon2.hash(u.password, { type: argon2.argon2id });
    expect(phc(old)).toMatchObject({ m: '65536', t: '3', p: '4' });
    await db.query('update users."user" set password_hash = $1 where id = $2', [old, u.id]);

    expectError(await login(u.email, 'Wrong-password-1'), 401, 'UNAUTHORIZED');
    expect(await storedHash(u.id)).toBe(old);

    const res = await login(u.email, u.password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const renewed = await storedHash(u.id);
    expect(phc(renewed)).toEqual(OWASP_BASELINE);
    expect(await argon2.verify(renewed, u.password)).toBe(true);

    expect((await login(u.email, u.password)).status).toBe(200);
    expect(await storedHash(u.id)).toBe(renewed);
  });
});

describe('POST /v1/auth/refresh', () => {
  it('rotates: 200 with a new, different refresh token and a working access token for the same user', async () => {
    const u = await newUser();
    const res = await refresh(u.refreshToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectAuthPayload(res.body);
    expect(res.body.user.id).toBe(u.id);
    expect(res.body.refreshToken).not.toBe(u.refreshToken);
    const read = await me(res.body.accessToken);
    expect(read.status).toBe(200);
    expect(read.body.user.id).toBe(u.id);

    // the new refresh token rotates again
    const again = await refresh(res.body.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).not.toBe(res.body.refreshToken);
  });

  it('keeps the same session (no new session appears in the list)', async () => {
    const u = await newUser();
    const before = await sessions(u.accessToken);
    const r = await refresh(u.refreshToken);
    expect(r.status).toBe(200);
    const after = await sessions(r.body.accessToken);
    expect(after.status).toBe(200);
    expect(after.body.sessions.map((s: any) => s.id)).toEqual(before.body.sessions.map((s: any) => s.id));
    expect(after.body.sessions.filter((s: any) => s.current).map((s: any) => s.id)).toEqual(before.body.sessions.filter((s: any) => s.current).map((s: any) => s.id));
  });

  it('treats reuse of a spent refresh token as theft: 401, and the whole session is revoked', async () => {
    const u = await newUser();
    const first = await refresh(u.refreshToken);
    expect(first.status).toBe(200);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);

    // replay the original (spent) token
    expectError(await refresh(u.refreshToken), 401, 'UNAUTHORIZED');

    // the newest refresh token of that session no longer works
    expectError(await refresh(second.body.refreshToken), 401, 'UNAUTHORIZED');
    // nor do the session's access tokens (old and newest)
    expectError(await me(second.body.accessToken), 401, 'UNAUTHORIZED');
    expectError(await me(u.accessToken), 401, 'UNAUTHORIZED');
  });

  it("revoking one session for reuse leaves the user's other sessions working", async () => {
    const u = await newUser();
    const other = await secondSession(u);
    const r = await refresh(u.refreshToken);
    expect(r.status).toBe(200);
    expectError(await refresh(u.refreshToken), 401, 'UNAUTHORIZED');
    expectError(await me(r.body.accessToken), 401, 'UNAUTHORIZED');

    expect((await me(other.accessToken)).status).toBe(200);
    const otherRefresh = await refresh(other.refreshToken);
    expect(otherRefresh.status).toBe(200);
    expect((await me(otherRefresh.body.accessToken)).status).toBe(200);
  });

  it.each([
    ['garbage', 'garbage'],
    ['a well-formed but unknown token', `${randomUUID()}.0.${'A'.repeat(43)}`],
    ['an access token', 'ACCESS'],
    ['a tampered secret', 'TAMPERED'],
    ['a future generation', 'FUTURE'],
  ])('refuses %s with 401 UNAUTHORIZED', async (_label, kind) => {
    const u = await newUser();
    let token = kind;
    if (kind === 'ACCESS') token = u.accessToken;
    if (kind === 'TAMPERED') token = u.refreshToken.slice(0, -4) + (u.refreshToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    if (kind === 'FUTURE') {
      const [sid, gen, secret] = u.refreshToken.split('.');
      token = gen !== undefined && secret !== undefined ? `${sid}.${Number(gen) + 5}.${secret}` : `${u.refreshToken}x`;
    }
    const res = await refresh(token);
    expectError(res, 401, 'UNAUTHORIZED');
    expect(res.body).not.toHaveProperty('accessToken');
  });

  it('refuses a missing refreshToken with 400 naming refreshToken', async () => {
    expectError(await api('POST', '/v1/auth/refresh', { body: {} }), 400, 'VALIDATION_ERROR', 'refreshToken');
  });

  it('refuses a non-string refreshToken with 400 naming refreshToken', async () => {
    expectError(await refresh(12345), 400, 'VALIDATION_ERROR', 'refreshToken');
  });
});

describe('POST /v1/auth/logout', () => {
  it('ends the calling session: 200 {success, message}; its access and refresh tokens then fail with 401', async () => {
    const u = await newUser();
    const res = await api('POST', '/v1/auth/logout', { token: u.accessToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);

    expectError(await me(u.accessToken), 401, 'UNAUTHORIZED');
    expectError(await refresh(u.refreshToken), 401, 'UNAUTHORIZED');
    expectError(await api('POST', '/v1/auth/logout', { token: u.accessToken }), 401, 'UNAUTHORIZED');
  });

  it("leaves the user's other sessions working", async () => {
    const u = await newUser();
    const other = await secondSession(u);
    expect((await api('POST', '/v1/auth/logout', { token: u.accessToken })).status).toBe(200);

    expect((await me(other.accessToken)).status).toBe(200);
    const list = await sessions(other.accessToken);
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(1);
    expect(list.body.sessions[0].current).toBe(true);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('does not affect other users', async () => {
    const a = await newUser();
    const b = await newUser();
    expect((await api('POST', '/v1/auth/logout', { token: a.accessToken })).status).toBe(200);
    expect((await me(b.accessToken)).status).toBe(200);
  });
});

describe('GET /v1/auth/sessions', () => {
  it("lists the caller's active sessions with exactly one current:true, the caller's own", async () => {
    const u = await newUser();
    const deviceId = `phone-${randomUUID().slice(0, 8)}`;
    const other = await secondSession(u, deviceId);

    const list = await sessions(u.accessToken);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.sessions).toHaveLength(2);
    for (const s of list.body.sessions) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'deviceId', 'expiresAt', 'id', 'lastUsedAt', 'userAgent'].sort());
      expect(typeof s.id).toBe('string');
      expect(s.createdAt).toMatch(ISO_DATE);
      expect(s.lastUsedAt).toMatch(ISO_DATE);
      expect(s.expiresAt).toMatch(ISO_DATE);
      expect(Date.parse(s.expiresAt)).toBeGreaterThan(Date.now());
      expect(typeof s.current).toBe('boolean');
    }
    const current = list.body.sessions.filter((s: any) => s.current);
    expect(current).toHaveLength(1);
    const fromOther = await sessions(other.accessToken);
    const currentOther = fromOther.body.sessions.filter((s: any) => s.current);
    expect(currentOther).toHaveLength(1);
    // each token sees its own session as current
    expect(currentOther[0].id).not.toBe(current[0].id);
    expect(currentOther[0].deviceId).toBe(deviceId);
    expect(list.body.sessions.map((s: any) => s.deviceId)).toContain(deviceId);
  });

  it('records the user agent of the client that signed in', async () => {
    const u = await newUser();
    const ua = `E2E-Agent/${randomUUID().slice(0, 6)}`;
    const res = await api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password }, headers: { 'user-agent': ua } });
    expect(res.status).toBe(200);
    const list = await sessions(res.body.accessToken);
    expect(list.body.sessions.find((s: any) => s.current).userAgent).toBe(ua);
  });

  it("only ever lists the caller's own sessions", async () => {
    const a = await newUser();
    const b = await newUser();
    const la = await sessions(a.accessToken);
    const lb = await sessions(b.accessToken);
    const idsA = la.body.sessions.map((s: any) => s.id);
    const idsB = lb.body.sessions.map((s: any) => s.id);
    expect(idsA).toHaveLength(1);
    expect(idsB).toHaveLength(1);
    expect(idsA[0]).not.toBe(idsB[0]);
  });

  it('drops a logged-out session from the list', async () => {
    const u = await newUser();
    const other = await secondSession(u);
    expect((await sessions(u.accessToken)).body.sessions).toHaveLength(2);
    expect((await api('POST', '/v1/auth/logout', { token: other.accessToken })).status).toBe(200);
    const list = await sessions(u.accessToken);
    expect(list.body.sessions).toHaveLength(1);
    expect(list.body.sessions[0].current).toBe(true);
  });
});

describe('DELETE /v1/auth/sessions/:id', () => {
  it('revokes another session of the caller: 200, its token then fails, the caller keeps working', async () => {
    const u = await newUser();
    const other = await secondSession(u, 'to-be-revoked');
    const list = await sessions(u.accessToken);
    const target = list.body.sessions.find((s: any) => !s.current);
    expect(target.deviceId).toBe('to-be-revoked');

    const res = await api('DELETE', `/v1/auth/sessions/${target.id}`, { token: u.accessToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');

    expectError(await me(other.accessToken), 401, 'UNAUTHORIZED');
    expectError(await refresh(other.refreshToken), 401, 'UNAUTHORIZED');
    expect((await me(u.accessToken)).status).toBe(200);
    const after = await sessions(u.accessToken);
    expect(after.status).toBe(200);
    expect(after.body.sessions.map((s: any) => s.id)).not.toContain(target.id);
    expect(after.body.sessions).toHaveLength(1);
  });

  it('revoking an already revoked session is 404 NOT_FOUND', async () => {
    const u = await newUser();
    await secondSession(u);
    const target = (await sessions(u.accessToken)).body.sessions.find((s: any) => !s.current);
    expect((await api('DELETE', `/v1/auth/sessions/${target.id}`, { token: u.accessToken })).status).toBe(200);
    expectError(await api('DELETE', `/v1/auth/sessions/${target.id}`, { token: u.accessToken }), 404, 'NOT_FOUND');
  });

  it('can revoke the calling session itself, after which its token fails', async () => {
    const u = await newUser();
    const current = (await sessions(u.accessToken)).body.sessions.find((s: any) => s.current);
    const res = await api('DELETE', `/v1/auth/sessions/${current.id}`, { token: u.accessToken });
    expect(res.status).toBe(200);
    expectError(await me(u.accessToken), 401, 'UNAUTHORIZED');
  });

  it("refuses another user's session id with 404 NOT_FOUND and leaves that session working", async () => {
    const a = await newUser();
    const b = await newUser();
    const bSession = (await sessions(b.accessToken)).body.sessions[0];
    expectError(await api('DELETE', `/v1/auth/sessions/${bSession.id}`, { token: a.accessToken }), 404, 'NOT_FOUND');
    expect((await me(b.accessToken)).status).toBe(200);
    expect((await sessions(b.accessToken)).body.sessions.map((s: any) => s.id)).toContain(bSession.id);
  });

  it('refuses an unknown session id with 404 NOT_FOUND', async () => {
    const u = await newUser();
    expectError(await api('DELETE', `/v1/auth/sessions/${randomUUID()}`, { token: u.accessToken }), 404, 'NOT_FOUND');
    expect((await me(u.accessToken)).status).toBe(200);
  });

  it('refuses a session id that is not even a UUID with 404 NOT_FOUND', async () => {
    const u = await newUser();
    expectError(await api('DELETE', '/v1/auth/sessions/not-a-session-id', { token: u.accessToken }), 404, 'NOT_FOUND');
  });
});

describe('credentials on the protected auth routes', () => {
  const routes: [string, string][] = [
    ['POST', '/v1/auth/logout'],
    ['GET', '/v1/auth/sessions'],
    ['DELETE', `/v1/auth/sessions/${randomUUID()}`],
  ];

  it.each(routes)('%s %s without Authorization → 401 UNAUTHORIZED', async (method, path) => {
    expectError(await api(method, path), 401, 'UNAUTHORIZED');
  });

  it.each(routes)('%s %s with Authorization: Bearer garbage → 401 UNAUTHORIZED', async (method, path) => {
    expectError(await api(method, path, { headers: { authorization: 'Bearer garbage' } }), 401, 'UNAUTHORIZED');
  });

  it.each(routes)('%s %s with Authorization: Basic x → 401 UNAUTHORIZED', async (method, path) => {
    expectError(await api(method, path, { headers: { authorization: 'Basic x' } }), 401, 'UNAUTHORIZED');
  });

  it('a refresh token is not accepted as a Bearer access token', async () => {
    const u = await newUser();
    expectError(await sessions(u.refreshToken), 401, 'UNAUTHORIZED');
  });

  it('a tampered access token (signature altered) → 401', async () => {
    const u = await newUser();
    const [h, p, s] = u.accessToken.split('.');
    const flipped = `${h}.${p}.${s.startsWith('A') ? 'B' : 'A'}${s.slice(1)}`;
    expectError(await sessions(flipped), 401, 'UNAUTHORIZED');
  });
});
