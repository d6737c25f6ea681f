import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, form, newUser, PDF, PNG, type TestUser } from './helpers.js';
import { graphqlAt } from './workspace-helpers.js';
import { SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';

/**
 * Platform administrators (docs/operators.md), on a platform of its own whose PLATFORM_ADMINS names one account (in
 * another letter case than it registers with): the identity-verification review queue, approve and reject with who
 * and when, the support lookup, each audited in the event log; everyone else is refused.
 */
let p: OwnPlatform;
let admin: TestUser;
const ADMIN_EMAIL = 'ops.admin@operators.test';

beforeAll(async () => {
  p = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { PLATFORM_ADMINS: ` someone.else@operators.test , ${ADMIN_EMAIL.toUpperCase()} ` } });
  const res = await api('POST', '/v1/auth/register', { base: p.bridgeUrl, body: { email: ADMIN_EMAIL, password: 'correct horse battery', name: 'Ops Admin' } });
  expect(res.status).toBe(201);
  admin = { id: res.body.user.id, email: ADMIN_EMAIL, password: 'correct horse battery', accessToken: res.body.accessToken, refreshToken: res.body.refreshToken };
}, 180_000);

afterAll(async () => {
  await p?.stop();
});

const gql = (token: string | undefined, query: string, variables: Record<string, unknown> = {}) => graphqlAt(p.gatewayUrl, query, variables, token ? { authorization: `Bearer ${token}` } : {});
const QUEUE =
  'query Q($status: VerificationStatus) { identityVerifications(status: $status, limit: 100) { items { id status user { id } reviewedAt reviewedBy { id } reason } pagination { total } } }';
const REVIEW =
  'mutation R($id: ID!, $decision: VerificationDecision!, $reason: String) { reviewIdentityVerification(id: $id, decision: $decision, reason: $reason) { id status reviewedAt reviewedBy { id } reason user { id } } }';

async function submission(u: TestUser): Promise<string> {
  const res = await api('POST', '/v1/users/me/verify', {
    base: p.bridgeUrl,
    token: u.accessToken,
    body: form({ documentType: 'passport', documentFront: [PDF, 'application/pdf', 'doc.pdf'], selfie: [PNG, 'image/png', 'me.png'] }),
  });
  expect(res.status).toBe(201);
  return res.body.verificationId as string;
}

const code = (r: { body: { errors?: { extensions?: { code?: string } }[] } }) => r.body.errors?.[0]?.extensions?.code;

describe('platform administrators', () => {
  it('a user who is not on PLATFORM_ADMINS gets 403 FORBIDDEN on every admin operation; no credential 401', async () => {
    const u = await newUser({}, p.bridgeUrl);
    expect(code(await gql(u.accessToken, QUEUE))).toBe('FORBIDDEN');
    expect(code(await gql(u.accessToken, REVIEW, { id: '00000000-0000-4000-8000-000000000000', decision: 'approve' }))).toBe('FORBIDDEN');
    expect(code(await gql(u.accessToken, 'query { supportUser(email: "x@y.test") { id } }'))).toBe('FORBIDDEN');
    expect(code(await gql(undefined, QUEUE))).toBe('UNAUTHORIZED');
  });

  it('approve: the queue shows the pending submission; approving records who and when, verifies the account (read back by the user); a second decision is CONFLICT', async () => {
    const u = await newUser({}, p.bridgeUrl);
    const id = await submission(u);
    const queue = await gql(admin.accessToken, QUEUE, {});
    expect(queue.body.data.identityVerifications.items).toContainEqual({ id, status: 'pending', user: { id: u.id }, reviewedAt: null, reviewedBy: null, reason: null });
    const before = Date.now();
    const done = await gql(admin.accessToken, REVIEW, { id, decision: 'approve' });
    expect(done.body.errors).toBeUndefined();
    const v = done.body.data.reviewIdentityVerification;
    expect(v).toMatchObject({ id, status: 'approved', reviewedBy: { id: admin.id }, reason: null, user: { id: u.id } });
    expect(Date.parse(v.reviewedAt)).toBeGreaterThanOrEqual(before - 1000);
    const me = await api('GET', '/v1/users/me', { base: p.bridgeUrl, token: u.accessToken });
    expect(me.body.user.verified).toBe(true);
    const again = await gql(admin.accessToken, REVIEW, { id, decision: 'reject', reason: 'changed my mind' });
    expect(code(again)).toBe('CONFLICT');
    const pending = await gql(admin.accessToken, QUEUE, {});
    expect(pending.body.data.identityVerifications.items.map((i: { id: string }) => i.id)).not.toContain(id);
    const approved = await gql(admin.accessToken, QUEUE, { status: 'approved' });
    expect(approved.body.data.identityVerifications.items.map((i: { id: string }) => i.id)).toContain(id);
  });

  it('reject: a reason is required (VALIDATION_ERROR naming it, nothing changes); with one the submission is rejected, the account stays unverified, and the user may submit again', async () => {
    const u = await newUser({}, p.bridgeUrl);
    const id = await submission(u);
    const bare = await gql(admin.accessToken, REVIEW, { id, decision: 'reject' });
    expect(code(bare)).toBe('VALIDATION_ERROR');
    expect(bare.body.errors?.[0]?.extensions?.field).toBe('reason');
    expect((await gql(admin.accessToken, QUEUE, {})).body.data.identityVerifications.items.map((i: { id: string }) => i.id)).toContain(id);
    const long = await gql(admin.accessToken, REVIEW, { id, decision: 'reject', reason: 'x'.repeat(501) });
    expect(code(long)).toBe('VALIDATION_ERROR');
    const done = await gql(admin.accessToken, REVIEW, { id, decision: 'reject', reason: 'The selfie does not show a face' });
    expect(done.body.data.reviewIdentityVerification).toMatchObject({ id, status: 'rejected', reason: 'The selfie does not show a face', reviewedBy: { id: admin.id } });
    expect((await api('GET', '/v1/users/me', { base: p.bridgeUrl, token: u.accessToken })).body.user.verified).toBe(false);
    expect(typeof (await submission(u))).toBe('string');
  });

  it('an unknown or malformed submission id is NOT_FOUND', async () => {
    expect(code(await gql(admin.accessToken, REVIEW, { id: '00000000-0000-4000-8000-000000000000', decision: 'approve' }))).toBe('NOT_FOUND');
    expect(code(await gql(admin.accessToken, REVIEW, { id: 'not-an-id', decision: 'approve' }))).toBe('NOT_FOUND');
  });

  it('support lookup by e-mail (any case) or id: the facts support needs; exactly one of them; an unknown user NOT_FOUND', async () => {
    const u = await newUser({}, p.bridgeUrl);
    const q = 'query S($id: ID, $email: String) { supportUser(id: $id, email: $email) { id email name verified activeSessions latestVerification deletionDate } }';
    const byEmail = await gql(admin.accessToken, q, { email: u.email.toUpperCase() });
    expect(byEmail.body.data.supportUser).toEqual({ id: u.id, email: u.email, name: 'Test User', verified: false, activeSessions: 1, latestVerification: null, deletionDate: null });
    const byId = await gql(admin.accessToken, q, { id: u.id });
    expect(byId.body.data.supportUser.email).toBe(u.email);
    expect(code(await gql(admin.accessToken, q, { id: u.id, email: u.email }))).toBe('VALIDATION_ERROR');
    expect(code(await gql(admin.accessToken, q, {}))).toBe('VALIDATION_ERROR');
    expect(code(await gql(admin.accessToken, q, { email: 'nobody@operators.test' }))).toBe('NOT_FOUND');
  });

  it('every admin action is in the event log (topic platform.admin): who, what, which record, when; no e-mail address', async () => {
    const u = await newUser({}, p.bridgeUrl);
    const id = await submission(u);
    expect((await gql(admin.accessToken, REVIEW, { id, decision: 'approve' })).body.errors).toBeUndefined();
    expect((await gql(admin.accessToken, 'query S($id: ID) { supportUser(id: $id) { id } }', { id: u.id })).body.errors).toBeUndefined();
    const db = new pg.Client({ connectionString: p.databaseUrl });
    await db.connect();
    try {
      const rows = (await db.query<{ key: string; payload: Record<string, unknown> }>("select key, payload from events.log where topic = 'platform.admin' order by id")).rows;
      const reviewed = rows.find((r) => r.key === `verification:${id}`);
      expect(reviewed?.payload).toMatchObject({ action: 'verification.approved', actorId: admin.id, target: { kind: 'verification', id }, userId: u.id });
      expect(typeof reviewed?.payload.at).toBe('string');
      expect(rows.find((r) => r.key === `user:${u.id}`)?.payload).toMatchObject({ action: 'user.looked_up', actorId: admin.id });
      expect(JSON.stringify(rows)).not.toMatch(/@operators\.test|@example\.test/);
    } finally {
      await db.end();
    }
  });
});
