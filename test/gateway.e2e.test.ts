import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, PDF, PNG, api, bridgeUrl, gatewayUrl, gql, newUser, uniqueEmail, randomIp, type TestUser } from './helpers.js';

/**
 * GraphQL straight to the gateway (no bridge): the same operations the REST routes use, the credential handling,
 * uploads (graphql-multipart-request-spec), the users subgraph's refusal of unsigned calls, and health routes.
 */

const USER_FIELDS = 'id email phone name avatar userType verified createdAt updatedAt metadata { language timezone notifications }';
const TOKENS = `user { ${USER_FIELDS} } accessToken refreshToken expiresIn`;
const PRIVACY_FIELDS = 'profileVisibility showEmail showPhone allowMessages shareLocation';
const SESSION_FIELDS = 'id deviceId userAgent createdAt lastUsedAt expiresAt current';

const usersUrl = () => inject('usersUrl');
const origin = (url: string) => url.replace(/\/graphql$/, '');

/** A raw POST to a GraphQL endpoint with any headers and body. */
async function post(url: string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'x-forwarded-for': randomIp(), ...headers }, body });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, body: json };
}

/** A GraphQL multipart request (operations, map, then one part per file). */
function multipart(query: string, variables: Record<string, unknown>, files: Record<string, [Buffer, string, string]>): FormData {
  const f = new FormData();
  f.append('operations', JSON.stringify({ query, variables }));
  const map: Record<string, string[]> = {};
  Object.keys(files).forEach((path, i) => (map[String(i)] = [path]));
  f.append('map', JSON.stringify(map));
  Object.values(files).forEach(([data, type, name], i) => f.append(String(i), new Blob([new Uint8Array(data)], { type }), name));
  return f;
}

/** The secret the gateway signs principals with (the test platform keeps it in DATA_DIR unless given in the environment). */
function internalSecret(): string {
  if (process.env.INTERNAL_SECRET) return process.env.INTERNAL_SECRET;
  return JSON.parse(readFileSync(join(inject('dataDir'), 'secrets.json'), 'utf8')).internalSecret;
}

function signPrincipal(p: unknown, opts: { secret?: string; expiresAt?: number; audience?: string } = {}): Promise<string> {
  const jwt = new SignJWT({ p })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('platform-gateway')
    .setAudience(opts.audience ?? 'platform-subgraph')
    .setIssuedAt(opts.expiresAt ? opts.expiresAt - 120 : undefined);
  jwt.setExpirationTime(opts.expiresAt ?? '60s');
  return jwt.sign(new TextEncoder().encode(opts.secret ?? internalSecret()));
}

const subgraph = (query: string, variables: Record<string, unknown>, headers: Record<string, string>) =>
  post(usersUrl(), JSON.stringify({ query, variables }), { 'content-type': 'application/json', ...headers });

describe('gateway: account operations as GraphQL', () => {
  it("register creates an account usable over REST, returning the caller's own data and working tokens", async () => {
    const email = uniqueEmail('gql-reg');
    const res = await gql(`mutation($input: RegisterInput!) { register(input: $input) { ${TOKENS} } }`, {
      input: { email: email.toUpperCase(), password: PASSWORD, name: '  Gql Reg  ', phone: '+15551234567', userType: 'agent' },
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const reg = res.body.data!.register;
    expect(reg.user).toMatchObject({ email, name: 'Gql Reg', phone: '+15551234567', userType: 'agent', verified: false, avatar: null });
    expect(reg.expiresIn).toBeGreaterThan(0);
    expect(typeof reg.accessToken).toBe('string');
    expect(typeof reg.refreshToken).toBe('string');

    // the REST view of the same account is identical
    const me = await api('GET', '/v1/users/me', { token: reg.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(reg.user);

    // and the password works over REST
    const login = await api('POST', '/v1/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(reg.user.id);
  });

  it('login returns the same user as the REST route and opens a session that mySessions reports as current', async () => {
    const u = await newUser({ name: 'Gql Login' });
    const deviceId = `device-${Math.random().toString(36).slice(2)}`;
    const res = await gql(`mutation($input: LoginInput!) { login(input: $input) { ${TOKENS} } }`, { input: { email: u.email, password: PASSWORD, deviceId } });
    expect(res.body.errors).toBeUndefined();
    const login = res.body.data!.login;
    expect(login.user.id).toBe(u.id);
    expect(login.user.email).toBe(u.email);

    const rest = await api('POST', '/v1/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(rest.status).toBe(200);
    const { updatedAt: _a, ...gqlUser } = login.user;
    const { updatedAt: _b, ...restUser } = rest.body.user;
    expect(gqlUser).toEqual(restUser);

    const sessions = await gql(`{ mySessions { ${SESSION_FIELDS} } }`, {}, login.accessToken);
    expect(sessions.body.errors).toBeUndefined();
    const list = sessions.body.data!.mySessions as any[];
    expect(list.length).toBe(3); // register, GraphQL login, REST login
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0].deviceId).toBe(deviceId);

    // the REST route lists the same sessions
    const restSessions = await api('GET', '/v1/auth/sessions', { token: login.accessToken });
    expect(restSessions.status).toBe(200);
    const byId = (a: any[]) => [...a].sort((x, y) => x.id.localeCompare(y.id));
    expect(byId(restSessions.body.sessions)).toEqual(byId(list));
  });

  it('login with a wrong password is UNAUTHORIZED and returns no data', async () => {
    const u = await newUser();
    const res = await gql(`mutation($input: LoginInput!) { login(input: $input) { accessToken } }`, { input: { email: u.email, password: 'not the password' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  });

  it('me returns exactly what GET /v1/users/me returns', async () => {
    const u = await newUser({ name: 'Gql Me' });
    const res = await gql(`{ me { ${USER_FIELDS} } }`, {}, u.accessToken);
    expect(res.body.errors).toBeUndefined();
    const rest = await api('GET', '/v1/users/me', { token: u.accessToken });
    expect(res.body.data!.me).toEqual(rest.body.user);
    expect(res.body.data!.me).toMatchObject({ id: u.id, email: u.email, name: 'Gql Me' });
  });

  it('updateProfile changes the profile that REST then reads', async () => {
    const u = await newUser();
    const input = { name: 'Renamed Over GraphQL', bio: 'Drives trucks', metadata: { language: 'fr-CA', timezone: 'America/Toronto' } };
    const res = await gql(`mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id name bio metadata { language timezone notifications } updatedAt } }`, { input }, u.accessToken);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.updateProfile).toMatchObject({ id: u.id, name: input.name, bio: input.bio, metadata: { language: 'fr-CA', timezone: 'America/Toronto', notifications: true } });

    const rest = await api('GET', '/v1/users/me', { token: u.accessToken });
    expect(rest.body.user).toMatchObject({ name: input.name, metadata: { language: 'fr-CA', timezone: 'America/Toronto', notifications: true } });
    expect(rest.body.user.updatedAt).toBe(res.body.data!.updateProfile.updatedAt);
    const pub = await api('GET', `/v1/users/${u.id}`, { token: u.accessToken });
    expect(pub.body.user.public.bio).toBe('Drives trucks');
  });

  it('searchUsers finds the same users, in the same order, as GET /v1/users/search', async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 10)}`;
    const a = await newUser({ name: `Alpha ${tag}` });
    await newUser({ name: `Bravo ${tag}`, userType: 'agent' });
    await newUser({ name: `Charlie ${tag}` });
    const q = `query($q: String!, $type: UserType, $limit: Int, $offset: Int) { searchUsers(q: $q, userType: $type, limit: $limit, offset: $offset) { users { id name avatar userType verified } total limit offset } }`;
    const res = await gql(q, { q: tag }, a.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const found = res.body.data!.searchUsers;
    expect(found.total).toBe(3);
    expect(found.users.map((x: any) => x.name)).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);
    expect(found.users[0]).not.toHaveProperty('email');

    const rest = await api('GET', `/v1/users/search?q=${tag}`, { token: a.accessToken });
    expect(rest.status).toBe(200);
    const { success, ...restPage } = rest.body;
    expect(success).toBe(true);
    expect(restPage).toEqual(found);

    const page = await gql(q, { q: tag, type: 'client', limit: 1, offset: 1 }, a.accessToken);
    expect(page.body.data!.searchUsers).toMatchObject({ total: 2, limit: 1, offset: 1, users: [{ name: `Charlie ${tag}` }] });
  });

  it('updatePrivacySettings changes the settings, as the REST route reports, and a private profile disappears from others', async () => {
    const u = await newUser();
    const other = await newUser();
    const res = await gql(
      `mutation($input: PrivacySettingsInput!) { updatePrivacySettings(input: $input) { ${PRIVACY_FIELDS} } }`,
      { input: { profileVisibility: 'private', shareLocation: true } },
      u.accessToken,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.updatePrivacySettings).toEqual({ profileVisibility: 'private', showEmail: false, showPhone: false, allowMessages: true, shareLocation: true });

    // an empty PATCH answers the full settings: the same as GraphQL set
    const rest = await api('PATCH', '/v1/users/me/settings/privacy', { token: u.accessToken, body: {} });
    expect(rest.status).toBe(200);
    expect(rest.body.settings).toEqual(res.body.data!.updatePrivacySettings);
    const mine = await gql(`{ me { privacySettings { ${PRIVACY_FIELDS} } } }`, {}, u.accessToken);
    expect(mine.body.data!.me.privacySettings).toEqual(res.body.data!.updatePrivacySettings);

    const seen = await api('GET', `/v1/users/${u.id}`, { token: other.accessToken });
    expect(seen.status).toBe(404);
  });

  it('logout ends the session: its access token then gets 401 on the gateway and on REST; other sessions live on', async () => {
    const u = await newUser();
    const second = await api('POST', '/v1/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const res = await gql(`mutation { logout }`, {}, u.accessToken);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({ logout: true });

    const after = await gql(`{ me { id } }`, {}, u.accessToken);
    expect(after.status).toBe(401);
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    const rest = await api('GET', '/v1/users/me', { token: u.accessToken });
    expect(rest.status).toBe(401);
    expect(rest.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });

    const other = await gql(`{ mySessions { id current } }`, {}, second.body.accessToken);
    expect(other.body.errors).toBeUndefined();
    expect(other.body.data!.mySessions).toHaveLength(1);
  });

  // e.g. an app switching accounts that still sends the previous user's Authorization header
  it('login while a stale bearer of another account is still attached signs in the new account', async () => {
    const previous = await newUser();
    const target = await newUser();
    const login = await gql(`mutation($input: LoginInput!) { login(input: $input) { ${TOKENS} } }`, { input: { email: target.email, password: PASSWORD } }, previous.accessToken);
    expect(login.body.errors).toBeUndefined();
    expect(login.body.data?.login.user).toMatchObject({ id: target.id, email: target.email });
  });

  it('register while a stale bearer of another account is still attached creates and signs in the new account', async () => {
    const previous = await newUser();
    const email = uniqueEmail('stale-bearer');
    const reg = await gql(`mutation($input: RegisterInput!) { register(input: $input) { ${TOKENS} } }`, { input: { email, password: PASSWORD, name: 'Stale Bearer' } }, previous.accessToken);
    expect(reg.body.errors).toBeUndefined();
    expect(reg.body.data?.register.user.email).toBe(email);
  });
});

describe('gateway: credentials and errors', () => {
  it('an operation that needs a user, without a token, is UNAUTHORIZED with no data', async () => {
    for (const query of [`{ me { id } }`, `{ mySessions { id } }`, `mutation { logout }`, `{ searchUsers(q: "a") { total } }`]) {
      const res = await gql(query);
      expect(res.status, query).toBe(200);
      expect(res.body.errors?.[0]?.extensions?.code, query).toBe('UNAUTHORIZED');
      expect(res.body.data, query).toBeNull();
    }
  });

  it('a bad or malformed bearer token gets HTTP 401 UNAUTHORIZED, even for operations that need no user', async () => {
    const u = await newUser();
    const tampered = u.accessToken.slice(0, -4) + (u.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of ['not-a-jwt', tampered]) {
      const res = await gql(`{ me { id } }`, {}, token);
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
      expect(res.body).not.toHaveProperty('data'); // refused before anything ran
    }
    const basic = await post(gatewayUrl(), JSON.stringify({ query: '{ me { id } }' }), { 'content-type': 'application/json', authorization: 'Basic abc' });
    expect(basic.status).toBe(401);
    expect(basic.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    // the credential is judged before anything runs: an operation that needs no user is refused too, and does nothing
    const email = uniqueEmail('bad-bearer');
    const reg = await gql(`mutation($input: RegisterInput!) { register(input: $input) { accessToken } }`, { input: { email, password: PASSWORD, name: 'Bad Bearer' } }, 'not-a-jwt');
    expect(reg.status).toBe(401);
    expect(reg.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    const login = await api('POST', '/v1/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(401);
  });

  it('a bad input is VALIDATION_ERROR with a message naming the field', async () => {
    const reg = await gql(`mutation($input: RegisterInput!) { register(input: $input) { accessToken } }`, { input: { email: uniqueEmail(), password: 'short', name: 'X' } });
    expect(reg.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    expect(reg.body.errors?.[0]?.extensions?.field).toBe('password');
    expect(reg.body.errors?.[0]?.message).toMatch(/^password: /);
    expect(reg.status).toBe(200);
    expect(reg.body.data).toBeNull();

    const email = await gql(`mutation($input: RegisterInput!) { register(input: $input) { accessToken } }`, { input: { email: 'not-an-email', password: PASSWORD, name: 'X' } });
    expect(email.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
    expect(email.body.errors?.[0]?.message).toMatch(/^email: /);

    const u = await newUser();
    const tz = await gql(`mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }`, { input: { metadata: { timezone: 'Mars/Olympus_Mons' } } }, u.accessToken);
    expect(tz.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'metadata.timezone' });
    expect(tz.body.errors?.[0]?.message).toMatch(/^metadata\.timezone: /);
    // nothing changed
    const me = await api('GET', '/v1/users/me', { token: u.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.metadata.timezone).toBe('UTC');
  });
});

describe('gateway: e-mail and phone belong to their owner only', () => {
  it("me carries only the caller's own e-mail", async () => {
    const a = await newUser();
    const b = await newUser();
    const meA = await gql(`{ me { id email } }`, {}, a.accessToken);
    const meB = await gql(`{ me { id email } }`, {}, b.accessToken);
    expect(meA.body.data!.me).toEqual({ id: a.id, email: a.email });
    expect(meB.body.data!.me).toEqual({ id: b.id, email: b.email });
  });

  it('no public view of another user exposes a contact field, whatever the privacy settings', async () => {
    const a = await newUser({ phone: '+15550001111' });
    const b = await newUser();
    const shown = await api('PATCH', '/v1/users/me/settings/privacy', { token: a.accessToken, body: { showEmail: true, showPhone: true } });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.settings).toMatchObject({ showEmail: true, showPhone: true });
    // the public types have no e-mail or phone field at all: asking is a validation failure (400, no data), not data
    const asked = await gql(`query($id: ID!) { user(id: $id) { id email } }`, { id: a.id }, b.accessToken);
    expect(asked.status).toBe(400);
    expect(asked.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    expect(asked.body.errors?.[0]?.message).toMatch(/email/);
    expect(asked.body).not.toHaveProperty('data');
    const search = await gql(`query($q: String!) { searchUsers(q: $q) { users { id email } } }`, { q: a.email }, b.accessToken);
    expect(search.status).toBe(400);
    expect(search.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    expect(search.body).not.toHaveProperty('data');
    // what is public does not contain it
    const pub = await gql(`query($id: ID!) { user(id: $id) { id name avatar userType verified public { bio rating completedDeliveries } } }`, { id: a.id }, b.accessToken);
    expect(pub.status).toBe(200);
    expect(pub.body.errors).toBeUndefined();
    expect(pub.body.data!.user.id).toBe(a.id);
    expect(JSON.stringify(pub.body.data)).not.toContain(a.email);
    expect(JSON.stringify(pub.body.data)).not.toContain('5550001111');
    const found = await gql(`query($q: String!) { searchUsers(q: $q) { total users { id name avatar userType verified } } }`, { q: a.email }, b.accessToken);
    expect(found.status).toBe(200);
    expect(found.body.errors).toBeUndefined();
    expect(found.body.data!.searchUsers.users.map((x: any) => x.id)).toContain(a.id);
    expect(JSON.stringify(found.body.data)).not.toContain(a.email);
  });
});

/**
 * `User` reached by reference (docs/contract.md, "User reached by reference"): what the gateway asks the users
 * subgraph when another family names a user (`{ __typename: "User", id }`), asked here with the gateway's signature.
 */
describe('users subgraph: User reached by reference (_entities)', () => {
  const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id name avatar userType verified bio } } }`;
  const refs = (...ids: string[]) => ({ r: ids.map((id) => ({ __typename: 'User', id })) });
  const NO_SESSION = '00000000-0000-0000-0000-000000000000';
  const asUser = (userId: string) => signPrincipal({ kind: 'user', userId, sessionId: NO_SESSION, client: {} });
  /** A user acting as a provider of a workspace (a provider-context token): the same user behind it. */
  const asProvider = (userId: string) =>
    signPrincipal({
      kind: 'provider',
      userId,
      sessionId: NO_SESSION,
      workspaceId: '00000000-0000-0000-0000-0000000000aa',
      providerKind: 'lsp',
      providerId: '00000000-0000-0000-0000-0000000000bb',
      providerCode: 'REFS',
      role: 'OWNER',
      client: {},
    });
  const entities = async (query: string, variables: Record<string, unknown>, principal: string) => {
    const res = await subgraph(query, variables, { 'x-platform-principal': principal });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** A user with a public profile, a phone, a bio and an uploaded-looking avatar URL. */
  async function profiled(name: string) {
    const u = await newUser({ name, phone: '+15550003333', userType: 'agent' });
    const set = await api('PATCH', '/v1/users/me', { token: u.accessToken, body: { bio: `Bio of ${name}`, avatar: 'https://cdn.example.test/a.png' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return u;
  }
  async function withVisibility(profileVisibility: 'private' | 'friends') {
    const u = await newUser({ name: `Hidden ${profileVisibility}` });
    const set = await api('PATCH', '/v1/users/me/settings/privacy', { token: u.accessToken, body: { profileVisibility } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.settings.profileVisibility).toBe(profileVisibility);
    return u;
  }

  it('another signed-in user reaching a public user reads exactly the public fields: id, name, avatar, userType, verified, bio', async () => {
    const a = await newUser();
    const b = await profiled('Public Bea');
    const body = await entities(ENTITIES, refs(b.id), await asUser(a.id));
    expect(body.errors).toBeUndefined();
    expect(body.data._entities).toEqual([{ id: b.id, name: 'Public Bea', avatar: 'https://cdn.example.test/a.png', userType: 'agent', verified: false, bio: 'Bio of Public Bea' }]);
  });

  it('a user acting as a provider (provider-context principal) reaches a public user the same way', async () => {
    const a = await newUser();
    const b = await profiled('Public Cal');
    const body = await entities(ENTITIES, refs(b.id), await asProvider(a.id));
    expect(body.errors).toBeUndefined();
    expect(body.data._entities).toEqual([{ id: b.id, name: 'Public Cal', avatar: 'https://cdn.example.test/a.png', userType: 'agent', verified: false, bio: 'Bio of Public Cal' }]);
  });

  it('each owner-only field of another user (email, phone, metadata, createdAt, updatedAt, settings) is FORBIDDEN and its value is not returned', async () => {
    const a = await newUser();
    const b = await profiled('Owner Only');
    // a refused non-null field takes its User with it (null); the one nullable field, phone, is null alone
    const cases: [string, unknown][] = [
      ['email', null],
      ['phone', { id: b.id, phone: null }],
      ['metadata { timezone }', null],
      ['createdAt', null],
      ['updatedAt', null],
      ['notificationSettings { sms { enabled } }', null],
      ['privacySettings { showEmail }', null],
      ['customMetadata { customFields }', null],
    ];
    for (const [field, entity] of cases) {
      const body = await entities(`query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id ${field} } } }`, refs(b.id), await asUser(a.id));
      expect(
        body.errors?.map((e: any) => e.extensions?.code),
        field,
      ).toEqual(['FORBIDDEN']);
      expect(body.data._entities, field).toEqual([entity]);
      expect(JSON.stringify(body), field).not.toContain(b.email);
      expect(JSON.stringify(body), field).not.toContain('5550003333');
    }
  });

  it('the owner reaching their own account reads its owner-only fields, as a user and as a provider', async () => {
    const b = await profiled('Self Reader');
    const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id email phone metadata { language timezone } } } }`;
    for (const principal of [await asUser(b.id), await asProvider(b.id)]) {
      const body = await entities(query, refs(b.id), principal);
      expect(body.errors).toBeUndefined();
      expect(body.data._entities).toEqual([{ id: b.id, email: b.email, phone: '+15550003333', metadata: { language: 'en', timezone: 'UTC' } }]);
    }
  });

  it('tenancy: a private or friends-only profile resolves to null for another user, and to the account for its owner', async () => {
    const a = await newUser();
    for (const visibility of ['private', 'friends'] as const) {
      const hidden = await withVisibility(visibility);
      const other = await entities(ENTITIES, refs(hidden.id), await asUser(a.id));
      expect(other.errors, visibility).toBeUndefined();
      expect(other.data._entities, visibility).toEqual([null]);
      const own = await entities(ENTITIES, refs(hidden.id), await asUser(hidden.id));
      expect(own.errors, visibility).toBeUndefined();
      expect(own.data._entities, visibility).toEqual([{ id: hidden.id, name: `Hidden ${visibility}`, avatar: null, userType: 'client', verified: false, bio: null }]);
    }
  });

  it('an account scheduled for deletion resolves to null for everyone', async () => {
    const a = await newUser();
    const gone = await newUser({ name: 'Leaving Soon' });
    const before = await entities(ENTITIES, refs(gone.id), await asUser(a.id));
    expect(before.data._entities).toEqual([expect.objectContaining({ id: gone.id, name: 'Leaving Soon' })]);
    const del = await api('DELETE', '/v1/users/me', { token: gone.accessToken, body: { password: PASSWORD, confirmation: 'DELETE_MY_ACCOUNT' } });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    for (const principal of [await asUser(a.id), await asUser(gone.id)]) {
      const after = await entities(ENTITIES, refs(gone.id), principal);
      expect(after.errors).toBeUndefined();
      expect(after.data._entities).toEqual([null]);
    }
  });

  it('a caller with no user behind the credential (anonymous, API key, connector) gets null, not the user', async () => {
    const b = await profiled('Nobody Sees');
    const principals = [
      { kind: 'anonymous', client: {} },
      { kind: 'apiKey', workspaceId: '00000000-0000-0000-0000-0000000000aa', keyId: '00000000-0000-0000-0000-0000000000cc', scopes: ['*'], client: {} },
      {
        kind: 'connector',
        workspaceId: '00000000-0000-0000-0000-0000000000aa',
        connectorId: '00000000-0000-0000-0000-0000000000dd',
        tokenId: '00000000-0000-0000-0000-0000000000ee',
        providerKind: 'lsp',
        providerCode: 'REFS',
        scopes: ['*'],
        client: {},
      },
    ];
    for (const p of principals) {
      const body = await entities(`query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id name email } } }`, refs(b.id), await signPrincipal(p));
      expect(body.errors, p.kind).toBeUndefined();
      expect(body.data._entities, p.kind).toEqual([null]);
    }
  });

  it('an id that names no account (unknown, or not a UUID) resolves to null; an upper-case UUID names its account', async () => {
    const a = await newUser();
    const b = await newUser({ name: 'Upper Case' });
    const body = await entities(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id name } } }`,
      refs('5f2b9c1e-0000-4000-8000-000000000000', 'not-a-uuid', b.id.toUpperCase()),
      await asUser(a.id),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data._entities).toEqual([null, null, { id: b.id, name: 'Upper Case' }]);
  });

  it('batching: 16 references (10 public, 3 private, 3 unknown) resolve in order with one SQL statement, as 3 do', async () => {
    const a = await newUser();
    const publics: TestUser[] = [];
    for (let i = 0; i < 10; i++) publics.push(await newUser({ name: `Batch ${String(i).padStart(2, '0')}` }));
    const privates: TestUser[] = [];
    for (let i = 0; i < 3; i++) privates.push(await withVisibility('private'));
    const unknown = Array.from({ length: 3 }, (_, i) => `7a1c2d3e-0000-4000-8000-00000000000${i}`);
    const ids = [...publics.map((u) => u.id), ...privates.map((u) => u.id), ...unknown];
    const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id name } } }`;
    const many = await entities(query, refs(...ids), await asUser(a.id));
    expect(many.errors).toBeUndefined();
    expect(many.data._entities).toEqual([...publics.map((u, i) => ({ id: u.id, name: `Batch ${String(i).padStart(2, '0')}` })), ...Array.from({ length: 6 }, () => null)]);
    expect(many.extensions?.sqlStatements).toBe(1);
    const few = await entities(query, refs(...ids.slice(0, 3)), await asUser(a.id));
    expect(few.data._entities).toEqual(publics.slice(0, 3).map((u, i) => ({ id: u.id, name: `Batch 0${i}` })));
    expect(few.extensions?.sqlStatements).toBe(1);
  });
});

describe('gateway: uploads (GraphQL multipart requests)', () => {
  const AVATAR = `mutation($file: Upload!) { uploadAvatar(file: $file) { avatarUrl message } }`;

  it('uploadAvatar stores the image; the URL is served by the bridge with the same bytes and becomes the avatar', async () => {
    const u = await newUser();
    const res = await post(gatewayUrl(), multipart(AVATAR, { file: null }, { 'variables.file': [PNG, 'image/png', 'me.png'] }), {
      'apollo-require-preflight': 'true',
      authorization: `Bearer ${u.accessToken}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const { avatarUrl, message } = res.body.data.uploadAvatar;
    expect(typeof message).toBe('string');
    expect(avatarUrl.startsWith(`${bridgeUrl()}/files/avatars/`)).toBe(true);
    expect(avatarUrl).toMatch(/\.png$/);

    const file = await fetch(avatarUrl);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const me = await api('GET', '/v1/users/me', { token: u.accessToken });
    expect(me.body.user.avatar).toBe(avatarUrl);
  });

  it('uploadAvatar judges the bytes, not the declared type: a PDF declared as PNG is VALIDATION_ERROR on field file', async () => {
    const u = await newUser();
    const res = await post(gatewayUrl(), multipart(AVATAR, { file: null }, { 'variables.file': [PDF, 'image/png', 'fake.png'] }), {
      'apollo-require-preflight': 'true',
      authorization: `Bearer ${u.accessToken}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'file' });
    expect(res.body.data).toBeNull();
    const me = await api('GET', '/v1/users/me', { token: u.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.avatar).toBeNull();
  });

  it('uploadAvatar without a token is UNAUTHORIZED with no data', async () => {
    const res = await post(gatewayUrl(), multipart(AVATAR, { file: null }, { 'variables.file': [PNG, 'image/png', 'me.png'] }), { 'apollo-require-preflight': 'true' });
    expect(res.status).toBe(200);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(res.body.data).toBeNull();
  });

  it('submitVerification with Uploads inside its input is received as pending; a second one is a CONFLICT', async () => {
    const u = await newUser();
    const query = `mutation($input: VerificationInput!) { submitVerification(input: $input) { verificationId status message } }`;
    const res = await post(
      gatewayUrl(),
      multipart(
        query,
        { input: { documentType: 'drivers_license', documentFront: null, documentBack: null, selfie: null } },
        {
          'variables.input.documentFront': [PDF, 'application/pdf', 'front.pdf'],
          'variables.input.documentBack': [PNG, 'image/png', 'back.png'],
          'variables.input.selfie': [PNG, 'image/png', 'selfie.png'],
        },
      ),
      { 'apollo-require-preflight': 'true', authorization: `Bearer ${u.accessToken}` },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.submitVerification).toMatchObject({ status: 'pending' });
    expect(res.body.data.submitVerification.verificationId).toMatch(/^[0-9a-f-]{36}$/);

    // the submission is really stored: the REST route now refuses a second one
    const again = await api('POST', '/v1/users/me/verify', {
      token: u.accessToken,
      body: (() => {
        const f = new FormData();
        f.append('documentType', 'passport');
        f.append('documentFront', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'front.pdf');
        f.append('selfie', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'selfie.png');
        return f;
      })(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT' });
  });

  it("submitVerification missing the back of a driver's licence is VALIDATION_ERROR on documentBack", async () => {
    const u = await newUser();
    const query = `mutation($input: VerificationInput!) { submitVerification(input: $input) { verificationId } }`;
    const res = await post(
      gatewayUrl(),
      multipart(
        query,
        { input: { documentType: 'drivers_license', documentFront: null, selfie: null } },
        {
          'variables.input.documentFront': [PNG, 'image/png', 'front.png'],
          'variables.input.selfie': [PNG, 'image/png', 'selfie.png'],
        },
      ),
      { 'apollo-require-preflight': 'true', authorization: `Bearer ${u.accessToken}` },
    );
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'documentBack' });
  });

  it('a multipart request without apollo-require-preflight is refused (CSRF protection, HTTP 400) and changes nothing', async () => {
    const u = await newUser();
    const res = await post(gatewayUrl(), multipart(AVATAR, { file: null }, { 'variables.file': [PNG, 'image/png', 'me.png'] }), {
      authorization: `Bearer ${u.accessToken}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).not.toHaveProperty('data');
    expect(res.body.errors?.[0]?.message).toMatch(/CSRF/i);
    const me = await api('GET', '/v1/users/me', { token: u.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.avatar).toBeNull();
  });
});

describe('users subgraph: only the gateway may call it', () => {
  it('without the signed x-platform-principal header it answers 401 UNAUTHORIZED', async () => {
    const res = await subgraph(`{ me { id } }`, {}, {});
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(res.body).not.toHaveProperty('data');
    // also for sign-in operations, which need no user
    const login = await subgraph(`mutation { login(input: { email: "a@example.test", password: "whatever1" }) { accessToken } }`, {}, {});
    expect(login.status).toBe(401);
  });

  it('a forged header is 401: garbage, a wrong key, a wrong audience, an expired signature', async () => {
    const u = await newUser();
    const principal = { kind: 'user', userId: u.id, sessionId: '00000000-0000-0000-0000-000000000000', client: {} };
    const forged = [
      'forged',
      u.accessToken, // a user's access token is not a gateway signature
      await signPrincipal(principal, { secret: 'x'.repeat(64) }),
      await signPrincipal(principal, { audience: 'somebody-else' }),
      await signPrincipal(principal, { expiresAt: Math.floor(Date.now() / 1000) - 60 }),
    ];
    for (const header of forged) {
      const res = await subgraph(`{ me { id email } }`, {}, { 'x-platform-principal': header });
      expect(res.status, header.slice(0, 40)).toBe(401);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
      expect(JSON.stringify(res.body)).not.toContain(u.email);
    }
    // control: the same principal signed as the gateway does is accepted
    const good = await subgraph(`{ me { id email } }`, {}, { 'x-platform-principal': await signPrincipal(principal) });
    expect(good.status).toBe(200);
    expect(good.body.data.me).toEqual({ id: u.id, email: u.email });
  });
});

describe('health routes', () => {
  it('/healthz and /readyz answer 200 on the gateway, the users subgraph and the bridge', async () => {
    for (const base of [origin(gatewayUrl()), origin(usersUrl()), bridgeUrl()]) {
      for (const path of ['/healthz', '/readyz']) {
        const res = await fetch(base + path);
        expect(res.status, base + path).toBe(200);
        const body = await res.json();
        expect(body.status, base + path).toBe(path === '/healthz' ? 'ok' : 'ready');
      }
    }
  });
});
