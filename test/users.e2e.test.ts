import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, clearOfWindowEnd, form, newUser, PASSWORD, PDF, PNG, uniqueEmail, type ApiResponse, type TestUser, expectError } from './helpers.js';

/**
 * End-to-end tests of user management (`/v1/users`) through the REST bridge: profile, public view, search,
 * avatar upload, settings, identity verification, custom metadata and account deletion.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

function expectOk(res: ApiResponse, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(true);
}

/** A short random token to put into names so that search assertions only see this run's users. */
const token = (label: string) => `${label}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
/** A unique E.164 phone number. */
const uniquePhone = () => `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const me = (u: TestUser | string) => api('GET', '/v1/users/me', { token: typeof u === 'string' ? u : u.accessToken });
/** The caller's own account as GET /v1/users/me answers it (anything but 200 fails the test). */
async function meUser(u: TestUser) {
  const res = await me(u);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.user;
}
/** The whole custom metadata, read with an empty PATCH (anything but 200 fails the test). */
async function metadataOf(u: TestUser) {
  const res = await api('PATCH', '/v1/users/me/metadata', { token: u.accessToken, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.metadata;
}
const patchMe = (u: TestUser, body: unknown) => api('PATCH', '/v1/users/me', { token: u.accessToken, body });
const publicUser = (viewer: TestUser, id: string) => api('GET', `/v1/users/${id}`, { token: viewer.accessToken });
const search = (viewer: TestUser, query: Record<string, string | number>) =>
  api('GET', `/v1/users/search?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token: viewer.accessToken });
const privacy = (u: TestUser, body: unknown) => api('PATCH', '/v1/users/me/settings/privacy', { token: u.accessToken, body });
const notifications = (u: TestUser, body: unknown) => api('PATCH', '/v1/users/me/settings/notifications', { token: u.accessToken, body });
const metadata = (u: TestUser, body: unknown) => api('PATCH', '/v1/users/me/metadata', { token: u.accessToken, body });
const avatar = (u: TestUser, body: unknown) => api('POST', '/v1/users/me/avatar', { token: u.accessToken, body });
const verify = (u: TestUser, body: unknown) => api('POST', '/v1/users/me/verify', { token: u.accessToken, body });
const deleteMe = (u: TestUser, body: unknown) => api('DELETE', '/v1/users/me', { token: u.accessToken, body });
const login = (email: string, password: string) => api('POST', '/v1/auth/login', { body: { email, password } });

/** One user created on first use and shared by the tests of a group that leave it unchanged (saves registrations). */
function sharedUser(overrides: Record<string, unknown> = {}): () => Promise<TestUser> {
  let user: Promise<TestUser> | undefined;
  return () => (user ??= newUser(overrides));
}

/** More real image magic bytes. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64), Buffer.from('ffd9', 'hex')]);
const TEXT = Buffer.from('just some plain text, definitely not an image\n'.repeat(4));

// ───────────────────────────── credentials ─────────────────────────────

describe('credentials on every /v1/users route', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/v1/users/me'],
    ['GET', `/v1/users/${randomUUID()}`],
    ['GET', '/v1/users/search?q=anyone'],
    ['PATCH', '/v1/users/me', { name: 'Nope' }],
    ['POST', '/v1/users/me/avatar', 'FORM'],
    ['PATCH', '/v1/users/me/settings/notifications', { email: { marketing: true } }],
    ['PATCH', '/v1/users/me/settings/privacy', { showEmail: true }],
    ['POST', '/v1/users/me/verify', 'FORM'],
    ['DELETE', '/v1/users/me', { password: PASSWORD, confirmation: 'DELETE_MY_ACCOUNT' }],
    ['PATCH', '/v1/users/me/metadata', { customFields: { a: 'b' } }],
  ];
  // each route gets a body it would accept, so only the credential can be at fault
  const bodyOf = (b: unknown, path: string) =>
    b !== 'FORM'
      ? b
      : path.endsWith('/verify')
        ? form({ documentType: 'passport', documentFront: [PDF, 'application/pdf', 'd.pdf'], selfie: [PNG, 'image/png', 's.png'] })
        : form({ file: [PNG, 'image/png', 'a.png'] });

  it.each(routes)('%s %s without Authorization → 401 UNAUTHORIZED', async (method, path, body) => {
    expectError(await api(method, path, { body: bodyOf(body, path) }), 401, 'UNAUTHORIZED');
  });

  it.each(routes)('%s %s with a bad Bearer token → 401 UNAUTHORIZED', async (method, path, body) => {
    expectError(await api(method, path, { body: bodyOf(body, path), token: 'not.a.token' }), 401, 'UNAUTHORIZED');
  });

  it('Authorization: Basic is refused with 401', async () => {
    expectError(await api('GET', '/v1/users/me', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'UNAUTHORIZED');
  });
});

// ───────────────────────────── profile ─────────────────────────────

describe('GET /v1/users/me', () => {
  it('returns the signed-in user with private fields', async () => {
    const phone = uniquePhone();
    const u = await newUser({ name: 'Me Myself', phone, userType: 'lsp' });
    const res = await me(u);
    expectOk(res);
    expect(res.body.user).toMatchObject({ id: u.id, email: u.email, phone, name: 'Me Myself', userType: 'lsp', verified: false, avatar: null });
    expect(res.body.user.createdAt).toMatch(ISO_DATE);
    expect(res.body.user.metadata).toEqual({
      language: expect.any(String),
      timezone: expect.any(String),
      notifications: expect.any(Boolean),
    });
  });
});

describe('GET /v1/users/:userId', () => {
  it("shows another user's public view without e-mail or phone", async () => {
    const viewer = await newUser();
    const target = await newUser({ name: 'Public Pat', phone: uniquePhone(), userType: 'agent' });
    expectOk(await patchMe(target, { bio: 'I deliver fast' }));

    const res = await publicUser(viewer, target.id);
    expectOk(res);
    expect(Object.keys(res.body).sort()).toEqual(['success', 'user']);
    expect(res.body.user).toEqual({
      id: target.id,
      name: 'Public Pat',
      avatar: null,
      userType: 'agent',
      verified: false,
      public: { bio: 'I deliver fast', rating: null, completedDeliveries: 0 },
    });
    expect(res.body.user).not.toHaveProperty('email');
    expect(res.body.user).not.toHaveProperty('phone');
    expect(JSON.stringify(res.body)).not.toContain(target.email);
  });

  const sharedViewer = sharedUser();

  it('unknown id → 404 NOT_FOUND', async () => {
    const viewer = await sharedViewer();
    expectError(await publicUser(viewer, randomUUID()), 404, 'NOT_FOUND');
  });

  it('an id that is not a UUID → 404 NOT_FOUND', async () => {
    const viewer = await sharedViewer();
    expectError(await publicUser(viewer, 'no-such-user'), 404, 'NOT_FOUND');
  });

  it.each(['private', 'friends'])('a %s profile is 404 to others but visible to its owner; public again makes it visible', async (visibility) => {
    const viewer = await newUser();
    const target = await newUser({ name: `Hidden ${visibility}` });
    expectOk(await publicUser(viewer, target.id));

    const set = await privacy(target, { profileVisibility: visibility });
    expectOk(set);
    expect(set.body.settings.profileVisibility).toBe(visibility);

    expectError(await publicUser(viewer, target.id), 404, 'NOT_FOUND');
    const own = await publicUser(target, target.id);
    expectOk(own);
    expect(own.body.user).toMatchObject({ id: target.id, name: `Hidden ${visibility}` });

    expectOk(await privacy(target, { profileVisibility: 'public' }));
    expectOk(await publicUser(viewer, target.id));
  });
});

describe('PATCH /v1/users/me', () => {
  it('updates name, avatar URL and bio; answers the changed profile and GET /me shows it', async () => {
    const u = await newUser({ name: 'Before' });
    const before = await meUser(u);
    const res = await patchMe(u, { name: 'After', avatar: 'https://cdn.example.test/a.png', bio: 'Hello there' });
    expectOk(res);
    expect(Object.keys(res.body.user).sort()).toEqual(['avatar', 'bio', 'id', 'metadata', 'name', 'updatedAt'].sort());
    expect(res.body.user).toMatchObject({ id: u.id, name: 'After', avatar: 'https://cdn.example.test/a.png', bio: 'Hello there' });
    expect(res.body.user.updatedAt).toMatch(ISO_DATE);
    expect(Date.parse(res.body.user.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));

    const after = await meUser(u);
    expect(after).toMatchObject({ name: 'After', avatar: 'https://cdn.example.test/a.png', email: u.email });
    expect(after.createdAt).toBe(before.createdAt);
  });

  it('accepts an http URL for avatar', async () => {
    const u = await newUser();
    const res = await patchMe(u, { avatar: 'http://example.test/me.jpg' });
    expectOk(res);
    expect((await meUser(u)).avatar).toBe('http://example.test/me.jpg');
  });

  it('merges metadata: changing the time zone keeps the language and vice versa', async () => {
    const u = await newUser();
    const first = await patchMe(u, { metadata: { language: 'fr-CA' } });
    expectOk(first);
    expect(first.body.user.metadata.language).toBe('fr-CA');
    const originalTz = first.body.user.metadata.timezone;
    const originalNotifications = first.body.user.metadata.notifications;

    const second = await patchMe(u, { metadata: { timezone: 'Africa/Nairobi' } });
    expectOk(second);
    expect(second.body.user.metadata).toEqual({ language: 'fr-CA', timezone: 'Africa/Nairobi', notifications: originalNotifications });
    expect(originalTz).not.toBe('Africa/Nairobi');

    const third = await patchMe(u, { metadata: { notifications: !originalNotifications } });
    expectOk(third);
    expect((await meUser(u)).metadata).toEqual({ language: 'fr-CA', timezone: 'Africa/Nairobi', notifications: !originalNotifications });
  });

  it('leaves fields that were not sent unchanged', async () => {
    const u = await newUser({ name: 'Keep Me' });
    expectOk(await patchMe(u, { bio: 'bio only' }));
    const res = await patchMe(u, { avatar: 'https://example.test/x.png' });
    expectOk(res);
    expect(res.body.user).toMatchObject({ name: 'Keep Me', bio: 'bio only', avatar: 'https://example.test/x.png' });
  });

  it.each([
    ['a bad time zone', { metadata: { timezone: 'Mars/Olympus_Mons' } }, 'metadata.timezone'],
    ['a bad language tag', { metadata: { language: 'not a language!' } }, 'metadata.language'],
    ['a numeric name', { name: 5 }, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'name'],
    ['a non-URL avatar', { avatar: 'not a url' }, 'avatar'],
    ['an ftp avatar', { avatar: 'ftp://example.test/a.png' }, 'avatar'],
    ['an unknown field', { email: 'new@example.test' }, 'email'],
    ['an unknown metadata field', { metadata: { colour: 'blue' } }, 'metadata.colour'],
  ])('rejects %s with 400 naming the field and changes nothing', async (_label, body, field) => {
    const u = await newUser({ name: 'Stable Name' });
    const before = await meUser(u);
    expectError(await patchMe(u, { bio: 'should not be saved', ...body }), 400, 'VALIDATION_ERROR', field);
    const after = await meUser(u);
    expect(after).toEqual(before);
    const view = await publicUser(u, u.id);
    expectOk(view);
    expect(view.body.user.public.bio).toBeNull();
  });

  it('rejects malformed JSON with 400 and changes nothing', async () => {
    const u = await newUser({ name: 'Stable' });
    const res = await api('PATCH', '/v1/users/me', { token: u.accessToken, body: '{"name": "Broken', headers: { 'content-type': 'application/json' } });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect((await meUser(u)).name).toBe('Stable');
  });

  it('rejects a JSON array body with 400', async () => {
    const u = await newUser();
    expectError(await patchMe(u, [{ name: 'x' }]), 400, 'VALIDATION_ERROR');
  });

  it('allows 10 profile updates per hour per user; the 11th is 429 RATE_LIMIT_EXCEEDED and is not applied', async () => {
    const u = await newUser({ name: 'Limited' });
    await clearOfWindowEnd(3600, 20); // the 11 updates within one hour window
    for (let i = 1; i <= 10; i++) {
      const res = await patchMe(u, { name: `Limited ${i}` });
      expect(res.status, `update #${i}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const blocked = await patchMe(u, { name: 'Limited 11' });
    expectError(blocked, 429, 'RATE_LIMIT_EXCEEDED');
    expect((await meUser(u)).name).toBe('Limited 10');
    // a different user is not affected
    const other = await newUser();
    expectOk(await patchMe(other, { name: 'Free' }));
  }, 60_000);
});

// ───────────────────────────── avatar ─────────────────────────────

describe('POST /v1/users/me/avatar', () => {
  it('stores a PNG: the returned URL serves the same bytes as image/png, and GET /me shows it', async () => {
    const u = await newUser();
    const res = await avatar(u, form({ file: [PNG, 'image/png', 'me.png'] }));
    expectOk(res);
    expect(typeof res.body.avatarUrl).toBe('string');
    expect(res.body.avatarUrl).toMatch(/^https?:\/\//);
    expect(typeof res.body.message).toBe('string');

    const served = await fetch(res.body.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/png/);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await meUser(u)).avatar).toBe(res.body.avatarUrl);
    const other = await newUser();
    expect((await publicUser(other, u.id)).body.user.avatar).toBe(res.body.avatarUrl);
  });

  it('detects the type from the bytes, not the declared type (a GIF declared as PNG is served as a GIF)', async () => {
    const u = await newUser();
    const res = await avatar(u, form({ file: [GIF, 'image/png', 'looks.png'] }));
    expectOk(res);
    const served = await fetch(res.body.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/gif/);
    expect(Buffer.from(await served.arrayBuffer()).equals(GIF)).toBe(true);
  });

  it('accepts a JPEG, and a new upload replaces the avatar', async () => {
    const u = await newUser();
    const first = await avatar(u, form({ file: [PNG, 'image/png', 'a.png'] }));
    expectOk(first);
    const second = await avatar(u, form({ file: [JPEG, 'image/jpeg', 'b.jpg'] }));
    expectOk(second);
    expect(second.body.avatarUrl).not.toBe(first.body.avatarUrl);
    expect((await meUser(u)).avatar).toBe(second.body.avatarUrl);
    const served = await fetch(second.body.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/jpeg/);
  });

  it.each([
    ['a text file declared as image/png', () => form({ file: [TEXT, 'image/png', 'x.png'] })],
    ['a text file', () => form({ file: [TEXT, 'text/plain', 'x.txt'] })],
    ['a PDF', () => form({ file: [PDF, 'application/pdf', 'x.pdf'] })],
    ['an empty file', () => form({ file: [Buffer.alloc(0), 'image/png', 'empty.png'] })],
  ])('rejects %s with 400 naming file, leaving the avatar unchanged', async (_label, build) => {
    const u = await newUser();
    expectError(await avatar(u, build()), 400, 'VALIDATION_ERROR', 'file');
    expect((await meUser(u)).avatar).toBeNull();
  });

  it('rejects a multipart request without the file with 400 naming file', async () => {
    const u = await newUser();
    expectError(await avatar(u, form({ note: 'no file here' })), 400, 'VALIDATION_ERROR', 'file');
  });

  it('rejects a file under another part name with 400', async () => {
    const u = await newUser();
    expectError(await avatar(u, form({ image: [PNG, 'image/png', 'a.png'] })), 400, 'VALIDATION_ERROR');
    expect((await meUser(u)).avatar).toBeNull();
  });

  it('rejects a JSON body with 400', async () => {
    const u = await newUser();
    expectError(await avatar(u, { file: PNG.toString('base64') }), 400, 'VALIDATION_ERROR');
  });

  it('rejects a file over 5 MB (PNG magic bytes, 6 MB) with 400 and keeps the avatar unchanged', async () => {
    const u = await newUser();
    const big = Buffer.alloc(6 * 1024 * 1024, 0);
    PNG.copy(big);
    expectError(await avatar(u, form({ file: [big, 'image/png', 'big.png'] })), 400, 'VALIDATION_ERROR', 'file');
    expect((await meUser(u)).avatar).toBeNull();
  });

  it('allows 5 avatar uploads per day; the 6th is 429 RATE_LIMIT_EXCEEDED', async () => {
    const u = await newUser();
    await clearOfWindowEnd(86_400, 20); // the 6 uploads within one day window
    let last = '';
    for (let i = 1; i <= 5; i++) {
      const res = await avatar(u, form({ file: [PNG, 'image/png', `a${i}.png`] }));
      expect(res.status, `upload #${i}: ${JSON.stringify(res.body)}`).toBe(200);
      last = res.body.avatarUrl;
    }
    expectError(await avatar(u, form({ file: [PNG, 'image/png', 'a6.png'] })), 429, 'RATE_LIMIT_EXCEEDED');
    expect((await meUser(u)).avatar).toBe(last);
  }, 60_000);
});

// ───────────────────────────── search ─────────────────────────────

describe('GET /v1/users/search', () => {
  const searchViewer = sharedUser();

  it('matches a name substring case-insensitively, returns only public fields and the page info', async () => {
    const tok = token('nm');
    const viewer = await newUser();
    const a = await newUser({ name: `Alpha ${tok} One`, phone: uniquePhone() });
    const b = await newUser({ name: `beta${tok.toUpperCase()}`, userType: 'agent' });
    await newUser({ name: 'Unrelated Person' });

    const res = await search(viewer, { q: tok.toUpperCase() });
    expectOk(res);
    expect(res.body.total).toBe(2);
    expect(res.body.limit).toBe(20);
    expect(res.body.offset).toBe(0);
    expect(res.body.users.map((x: any) => x.id).sort()).toEqual([a.id, b.id].sort());
    for (const item of res.body.users) {
      expect(Object.keys(item).sort()).toEqual(['avatar', 'id', 'name', 'userType', 'verified'].sort());
    }
    expect(res.body.users.find((x: any) => x.id === b.id)).toEqual({ id: b.id, name: `beta${tok.toUpperCase()}`, avatar: null, userType: 'agent', verified: false });

    const lower = await search(viewer, { q: tok.toLowerCase() });
    expect(lower.body.total).toBe(2);
  });

  it('filters by type', async () => {
    const tok = token('ty');
    const viewer = await newUser();
    const client = await newUser({ name: `C ${tok}` });
    const agent = await newUser({ name: `A ${tok}`, userType: 'agent' });
    const agents = await search(viewer, { q: tok, type: 'agent' });
    expectOk(agents);
    expect(agents.body.total).toBe(1);
    expect(agents.body.users.map((x: any) => x.id)).toEqual([agent.id]);
    const clients = await search(viewer, { q: tok, type: 'client' });
    expect(clients.body.users.map((x: any) => x.id)).toEqual([client.id]);
    const devs = await search(viewer, { q: tok, type: 'dev' });
    expect(devs.body).toMatchObject({ success: true, users: [], total: 0 });
  });

  it('pages with limit and offset', async () => {
    const tok = token('pg');
    const viewer = await newUser();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await newUser({ name: `Pager ${tok} ${i}` })).id);

    const seen: string[] = [];
    for (let offset = 0; offset < 3; offset++) {
      const page = await search(viewer, { q: tok, limit: 1, offset });
      expectOk(page);
      expect(page.body).toMatchObject({ total: 3, limit: 1, offset });
      expect(page.body.users).toHaveLength(1);
      seen.push(page.body.users[0].id);
    }
    expect(seen.sort()).toEqual([...ids].sort());
    const past = await search(viewer, { q: tok, limit: 2, offset: 3 });
    expect(past.body).toMatchObject({ total: 3, users: [], offset: 3, limit: 2 });
    const two = await search(viewer, { q: tok, limit: 2 });
    expect(two.body.users).toHaveLength(2);
    expect(two.body.total).toBe(3);
  });

  it('matches e-mail only for users who set showEmail=true', async () => {
    const tok = token('em');
    const viewer = await newUser();
    const shown = await newUser({ email: `${tok}-shown@example.test`, name: 'Shows Email' });
    const hidden = await newUser({ email: `${tok}-hidden@example.test`, name: 'Hides Email' });

    const before = await search(viewer, { q: tok });
    expectOk(before);
    expect(before.body.total).toBe(0);

    const set = await privacy(shown, { showEmail: true });
    expectOk(set);
    expect(set.body.settings.showEmail).toBe(true);

    const after = await search(viewer, { q: tok });
    expect(after.body.users.map((x: any) => x.id)).toEqual([shown.id]);
    expect(after.body.total).toBe(1);
    expect(after.body.users.map((x: any) => x.id)).not.toContain(hidden.id);
    expect(after.body.users[0]).not.toHaveProperty('email');
  });

  it('matches phone only for users who set showPhone=true', async () => {
    const viewer = await newUser();
    const phone = uniquePhone();
    const u = await newUser({ phone, name: 'Phone Person' });
    const digits = phone.slice(4); // 8 random digits, unlikely in anyone's name

    const hidden = await search(viewer, { q: digits });
    expectOk(hidden);
    expect(hidden.body.users.map((x: any) => x.id)).not.toContain(u.id);
    expectOk(await privacy(u, { showPhone: true }));
    const found = await search(viewer, { q: phone });
    expectOk(found);
    expect(found.body.users.map((x: any) => x.id)).toContain(u.id);
    expect(found.body.users[0]).not.toHaveProperty('phone');
  });

  it('never shows private profiles to others', async () => {
    const tok = token('pv');
    const viewer = await newUser();
    const pub = await newUser({ name: `Pub ${tok}` });
    const priv = await newUser({ name: `Priv ${tok}`, email: `${tok}-priv@example.test` });
    expectOk(await privacy(priv, { profileVisibility: 'private', showEmail: true }));

    const res = await search(viewer, { q: tok });
    expect(res.body.users.map((x: any) => x.id)).toEqual([pub.id]);
    expect(res.body.total).toBe(1);
  });

  it.each([
    ['limit over 100', { q: 'abc', limit: 101 }, 'limit'],
    ['a non-numeric limit', { q: 'abc', limit: 'abc' }, 'limit'],
    ['a negative offset', { q: 'abc', offset: -1 }, 'offset'],
    ['a non-numeric offset', { q: 'abc', offset: 'x' }, 'offset'],
    ['an unknown type', { q: 'abc', type: 'admin' }, 'type'],
    ['a missing q', { limit: 5 }, 'q'],
  ])('rejects %s with 400 naming the field', async (_label, query, field) => {
    const viewer = await searchViewer();
    expectError(await search(viewer, query), 400, 'VALIDATION_ERROR', field);
  });

  it('accepts limit=100', async () => {
    const viewer = await searchViewer();
    const res = await search(viewer, { q: token('none'), limit: 100 });
    expectOk(res);
    expect(res.body).toMatchObject({ users: [], total: 0, limit: 100, offset: 0 });
  });

  it('treats % and _ literally', async () => {
    const tok = token('lk');
    const viewer = await newUser();
    await newUser({ name: `${tok} plain` });
    const res = await search(viewer, { q: `${tok}%` });
    expectOk(res);
    expect(res.body.total).toBe(0);
  });
});

// ───────────────────────────── settings ─────────────────────────────

describe('PATCH /v1/users/me/settings/notifications', () => {
  const DEFAULTS = {
    email: { enabled: true, orderUpdates: true, marketing: false, security: true },
    push: { enabled: true, orderUpdates: true, messages: true },
    sms: { enabled: false, orderUpdates: false },
  };

  it('starts from the defaults and answers the full merged settings', async () => {
    const u = await newUser();
    const empty = await notifications(u, {});
    expectOk(empty);
    expect(empty.body.settings).toEqual(DEFAULTS);

    const res = await notifications(u, { email: { marketing: true } });
    expectOk(res);
    expect(res.body.settings).toEqual({ ...DEFAULTS, email: { ...DEFAULTS.email, marketing: true } });
  });

  it('merges partial updates across calls', async () => {
    const u = await newUser();
    expectOk(await notifications(u, { email: { marketing: true } }));
    expectOk(await notifications(u, { sms: { enabled: true }, push: { messages: false } }));
    const res = await notifications(u, { email: { security: false } });
    expectOk(res);
    expect(res.body.settings).toEqual({
      email: { enabled: true, orderUpdates: true, marketing: true, security: false },
      push: { enabled: true, orderUpdates: true, messages: false },
      sms: { enabled: true, orderUpdates: false },
    });
  });

  it('is per user', async () => {
    const a = await newUser();
    const b = await newUser();
    expectOk(await notifications(a, { push: { enabled: false } }));
    expect((await notifications(b, {})).body.settings).toEqual(DEFAULTS);
  });

  it.each([
    ['a string for a boolean', { email: { enabled: 'yes' } }, 'email.enabled'],
    ['a number for a boolean', { sms: { orderUpdates: 1 } }, 'sms.orderUpdates'],
    ['a boolean for a channel', { push: true }, 'push'],
    ['an unknown switch', { email: { weekly: true } }, 'email.weekly'],
    ['an unknown channel', { pigeon: { enabled: true } }, 'pigeon'],
  ])('rejects %s with 400 naming the field and changes nothing', async (_label, body, field) => {
    const u = await newUser();
    expectError(await notifications(u, { sms: { enabled: true }, ...body }), 400, 'VALIDATION_ERROR', field);
    expect((await notifications(u, {})).body.settings).toEqual(DEFAULTS);
  });
});

describe('PATCH /v1/users/me/settings/privacy', () => {
  it('updates the given switches and answers all of them', async () => {
    const u = await newUser();
    const res = await privacy(u, { profileVisibility: 'friends', showEmail: true });
    expectOk(res);
    expect(Object.keys(res.body.settings).sort()).toEqual(['allowMessages', 'profileVisibility', 'shareLocation', 'showEmail', 'showPhone'].sort());
    expect(res.body.settings).toMatchObject({ profileVisibility: 'friends', showEmail: true, showPhone: false });
    expect(typeof res.body.settings.allowMessages).toBe('boolean');
    expect(typeof res.body.settings.shareLocation).toBe('boolean');

    const flipped = await privacy(u, { allowMessages: !res.body.settings.allowMessages, shareLocation: !res.body.settings.shareLocation });
    expectOk(flipped);
    expect(flipped.body.settings).toEqual({
      profileVisibility: 'friends',
      showEmail: true,
      showPhone: false,
      allowMessages: !res.body.settings.allowMessages,
      shareLocation: !res.body.settings.shareLocation,
    });
  });

  it('defaults to a public profile with e-mail and phone hidden', async () => {
    const u = await newUser();
    const res = await privacy(u, {});
    expectOk(res);
    expect(res.body.settings).toMatchObject({ profileVisibility: 'public', showEmail: false, showPhone: false });
  });

  it.each([
    ['an unknown profileVisibility', { profileVisibility: 'everyone' }, 'profileVisibility'],
    ['a string for showEmail', { showEmail: 'true' }, 'showEmail'],
    ['an unknown field', { showAddress: true }, 'showAddress'],
  ])('rejects %s with 400 naming the field and changes nothing', async (_label, body, field) => {
    const u = await newUser();
    expectError(await privacy(u, { showPhone: true, ...body }), 400, 'VALIDATION_ERROR', field);
    expect((await privacy(u, {})).body.settings).toMatchObject({ profileVisibility: 'public', showEmail: false, showPhone: false });
  });

  it('shares a limit of 20 updates per hour with the notification settings; the 21st is 429', async () => {
    const u = await newUser();
    await clearOfWindowEnd(3600, 20); // the 22 updates within one hour window
    for (let i = 1; i <= 20; i++) {
      const res = i % 2 ? await privacy(u, { shareLocation: i % 4 === 1 }) : await notifications(u, { push: { messages: i % 4 === 0 } });
      expect(res.status, `settings update #${i}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expectError(await privacy(u, { profileVisibility: 'private' }), 429, 'RATE_LIMIT_EXCEEDED');
    expectError(await notifications(u, { sms: { enabled: true } }), 429, 'RATE_LIMIT_EXCEEDED');
    // the blocked privacy change was not applied
    const viewer = await newUser();
    expectOk(await publicUser(viewer, u.id));
  }, 60_000);
});

// ───────────────────────────── verification ─────────────────────────────

describe('POST /v1/users/me/verify', () => {
  const IMG: [Buffer, string, string] = [PNG, 'image/png', 'img.png'];
  const DOC: [Buffer, string, string] = [PDF, 'application/pdf', 'doc.pdf'];

  it('accepts a passport with front and selfie only: 201 pending', async () => {
    const u = await newUser();
    const res = await verify(u, form({ documentType: 'passport', documentFront: DOC, selfie: IMG }));
    expectOk(res, 201);
    expect(res.body).toMatchObject({ status: 'pending' });
    expect(typeof res.body.verificationId).toBe('string');
    expect(res.body.verificationId.length).toBeGreaterThan(0);
    expect(typeof res.body.message).toBe('string');
  });

  it('accepts a national ID with front (PDF), back (image) and selfie; a second submission while pending is 409 CONFLICT', async () => {
    const u = await newUser();
    const first = await verify(u, form({ documentType: 'national_id', documentFront: DOC, documentBack: IMG, selfie: IMG }));
    expectOk(first, 201);
    expect(first.body.status).toBe('pending');
    const again = await verify(u, form({ documentType: 'passport', documentFront: IMG, selfie: IMG }));
    expectError(again, 409, 'CONFLICT');
    // the account is still unverified while review is pending
    expect((await meUser(u)).verified).toBe(false);
  });

  it('gives different users different verification ids', async () => {
    const a = await newUser();
    const b = await newUser();
    const ra = await verify(a, form({ documentType: 'passport', documentFront: IMG, selfie: IMG }));
    const rb = await verify(b, form({ documentType: 'passport', documentFront: IMG, selfie: IMG }));
    expectOk(ra, 201);
    expectOk(rb, 201);
    expect(ra.body.verificationId).not.toBe(rb.body.verificationId);
  });

  it.each([
    ['a national_id without documentBack', { documentType: 'national_id', documentFront: DOC, selfie: IMG }, 'documentBack'],
    ['a drivers_license without documentBack', { documentType: 'drivers_license', documentFront: IMG, selfie: IMG }, 'documentBack'],
    ['a missing selfie', { documentType: 'passport', documentFront: DOC }, 'selfie'],
    ['a PDF selfie', { documentType: 'passport', documentFront: DOC, selfie: DOC }, 'selfie'],
    ['a text selfie declared as image', { documentType: 'passport', documentFront: DOC, selfie: [TEXT, 'image/png', 's.png'] }, 'selfie'],
    ['a missing documentFront', { documentType: 'passport', selfie: IMG }, 'documentFront'],
    ['a text documentFront', { documentType: 'passport', documentFront: [TEXT, 'application/pdf', 'd.pdf'], selfie: IMG }, 'documentFront'],
    ['a text documentBack', { documentType: 'national_id', documentFront: DOC, documentBack: [TEXT, 'image/png', 'b.png'], selfie: IMG }, 'documentBack'],
    ['an unknown documentType', { documentType: 'library_card', documentFront: DOC, selfie: IMG }, 'documentType'],
    ['a missing documentType', { documentFront: DOC, selfie: IMG }, 'documentType'],
  ] as [string, Record<string, string | [Buffer, string, string]>, string][])('rejects %s with 400 naming the field, and creates no pending submission', async (_label, fields, field) => {
    const u = await newUser();
    expectError(await verify(u, form(fields)), 400, 'VALIDATION_ERROR', field);
    // nothing pending was left behind: a correct submission still succeeds
    expectOk(await verify(u, form({ documentType: 'passport', documentFront: DOC, selfie: IMG })), 201);
  });

  it('rejects a JSON body with 400', async () => {
    const u = await newUser();
    expectError(await verify(u, { documentType: 'passport' }), 400, 'VALIDATION_ERROR');
  });
});

// ───────────────────────────── custom metadata ─────────────────────────────

describe('PATCH /v1/users/me/metadata', () => {
  const metadataUser = sharedUser();

  it('sets preferences and custom fields and answers the whole metadata', async () => {
    const u = await newUser();
    const res = await metadata(u, { preferences: { theme: 'dark', units: 'metric' }, customFields: { fleet: 'north', depot: { city: 'Nairobi' } } });
    expectOk(res);
    expect(res.body.metadata.preferences).toEqual({ theme: 'dark', mapStyle: null, units: 'metric' });
    expect(res.body.metadata.customFields).toEqual({ fleet: 'north', depot: { city: 'Nairobi' } });
  });

  it('merges: keys given replace, null deletes a key, other keys and preferences are kept', async () => {
    const u = await newUser();
    expectOk(await metadata(u, { preferences: { theme: 'dark' }, customFields: { a: '1', b: { c: '2' }, d: '4' } }));
    const res = await metadata(u, { customFields: { a: 'one', d: null, e: 'five' } });
    expectOk(res);
    expect(res.body.metadata.customFields).toEqual({ a: 'one', b: { c: '2' }, e: 'five' });
    expect(res.body.metadata.preferences.theme).toBe('dark');

    const swap = await metadata(u, { preferences: { mapStyle: 'satellite' }, customFields: { b: 'flat now' } });
    expectOk(swap);
    expect(swap.body.metadata.customFields).toEqual({ a: 'one', b: 'flat now', e: 'five' });
    expect(swap.body.metadata.preferences).toMatchObject({ theme: 'dark', mapStyle: 'satellite' });

    // read back (an empty patch changes nothing)
    expect(await metadataOf(u)).toEqual(swap.body.metadata);
  });

  it('accepts nesting of exactly 3 levels', async () => {
    const u = await newUser();
    const res = await metadata(u, { customFields: { a: { b: { c: 'x' } } } });
    expectOk(res);
    expect(res.body.metadata.customFields).toEqual({ a: { b: { c: 'x' } } });
  });

  it.each([
    ['nesting deeper than 3 levels', { a: { b: { c: { d: 'x' } } } }, /^customFields\.a(\.|$)/],
    ['a number value', { n: 5 }, /^customFields\.n$/],
    ['a boolean value', { flag: true }, /^customFields\.flag$/],
    ['an array value', { list: ['x', 'y'] }, /^customFields\.list$/],
    ['a nested number', { o: { p: 1 } }, /^customFields\.o(\.p)?$/],
  ])('rejects %s with 400 naming the key, and changes nothing', async (_label, fields, fieldRe) => {
    const u = await metadataUser();
    expectOk(await metadata(u, { customFields: { keep: 'me' } }));
    const before = await metadataOf(u);
    expect(before.customFields).toEqual({ keep: 'me' });
    const res = await metadata(u, { preferences: { theme: 'should-not-stick' }, customFields: { ok: 'fine', ...fields } });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.field).toMatch(fieldRe);
    expect(res.body.message.startsWith(`${res.body.field}:`)).toBe(true);
    const read = await metadataOf(u);
    expect(read).toEqual(before);
    expect(read.preferences.theme).toBeNull();
    expect(read.customFields).not.toHaveProperty('ok');
  });

  it('rejects more than 10 KB in one update with 400 naming customFields', async () => {
    const u = await newUser();
    expectError(await metadata(u, { customFields: { big: 'x'.repeat(11 * 1024) } }), 400, 'VALIDATION_ERROR', 'customFields');
    expect((await metadataOf(u)).customFields).toEqual({});
  });

  it('counts the total: two updates that together exceed 10 KB → the second is 400 and not applied', async () => {
    const u = await newUser();
    expectOk(await metadata(u, { customFields: { first: 'a'.repeat(6 * 1024) } }));
    expectError(await metadata(u, { customFields: { second: 'b'.repeat(6 * 1024) } }), 400, 'VALIDATION_ERROR', 'customFields');
    const read = await metadata(u, {});
    expect(Object.keys(read.body.metadata.customFields)).toEqual(['first']);
    // replacing the big key keeps the total under the limit, so it is allowed
    expectOk(await metadata(u, { customFields: { first: null, second: 'b'.repeat(6 * 1024) } }));
  });

  it('rejects a non-object customFields with 400 naming customFields', async () => {
    const u = await newUser();
    expectError(await metadata(u, { customFields: 'nope' }), 400, 'VALIDATION_ERROR', 'customFields');
    expect((await metadataOf(u)).customFields).toEqual({});
  });

  it('rejects an array customFields with 400 naming customFields', async () => {
    const u = await newUser();
    expectError(await metadata(u, { customFields: ['a', 'b'] }), 400, 'VALIDATION_ERROR', 'customFields');
  });

  it('rejects an unknown preference with 400 naming it', async () => {
    const u = await newUser();
    expectError(await metadata(u, { preferences: { fontSize: 'big' } }), 400, 'VALIDATION_ERROR', 'preferences.fontSize');
  });
});

// ───────────────────────────── deletion ─────────────────────────────

describe('DELETE /v1/users/me', () => {
  // the refused deletions below must leave this account intact, so they can share it
  const undeletedUser = sharedUser();

  it('refuses a wrong confirmation with 400 naming confirmation; the account is unaffected', async () => {
    const u = await undeletedUser();
    expectError(await deleteMe(u, { password: u.password, confirmation: 'delete my account' }), 400, 'VALIDATION_ERROR', 'confirmation');
    expectOk(await me(u));
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it('refuses a wrong password with 403 FORBIDDEN naming password; the account is unaffected', async () => {
    const u = await undeletedUser();
    expectError(await deleteMe(u, { password: 'not the password', confirmation: 'DELETE_MY_ACCOUNT' }), 403, 'FORBIDDEN', 'password');
    expectOk(await me(u));
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it.each([
    ['a missing password', { confirmation: 'DELETE_MY_ACCOUNT' }, 'password'],
    ['a missing confirmation', { password: PASSWORD }, 'confirmation'],
  ])('refuses %s with 400 naming it', async (_label, body, field) => {
    const u = await undeletedUser();
    expectError(await deleteMe(u, body), 400, 'VALIDATION_ERROR', field);
    expectOk(await me(u));
  });

  it('schedules deletion 30 days out; afterwards the user cannot sign in and disappears for others', async () => {
    const tok = token('del');
    const viewer = await newUser();
    const email = uniqueEmail('deleted');
    const u = await newUser({ email, name: `Doomed ${tok}` });
    const otherSession = await login(email, PASSWORD);
    expect(otherSession.status).toBe(200);
    // visible before
    expectOk(await publicUser(viewer, u.id));
    expect((await search(viewer, { q: tok })).body.users.map((x: any) => x.id)).toEqual([u.id]);

    const res = await deleteMe(u, { password: PASSWORD, confirmation: 'DELETE_MY_ACCOUNT' });
    expectOk(res);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.deletionDate).toMatch(ISO_DATE);
    expect(Math.abs(Date.parse(res.body.deletionDate) - (Date.now() + 30 * DAY_MS))).toBeLessThan(10 * 60_000);

    expectError(await me(u), 401, 'UNAUTHORIZED');
    expectError(await me(otherSession.body.accessToken), 401, 'UNAUTHORIZED');
    expectError(await api('POST', '/v1/auth/refresh', { body: { refreshToken: u.refreshToken } }), 401, 'UNAUTHORIZED');
    expectError(await login(email, PASSWORD), 401, 'UNAUTHORIZED');

    expectError(await publicUser(viewer, u.id), 404, 'NOT_FOUND');
    const after = await search(viewer, { q: tok });
    expectOk(after);
    expect(after.body).toMatchObject({ users: [], total: 0 });
  });
});
