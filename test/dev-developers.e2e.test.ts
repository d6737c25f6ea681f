import { describe, expect, it } from 'vitest';
import { newUser } from './helpers.js';
import { callA, contextToken, createConnector, joinAs, newOwner, setupProvider, UUID_RE, viewerBearer } from './workspace-helpers.js';
import { fails, ok, okList } from './lsp-helpers.js';
import { callB, gqlB, inviteDeveloper, joinAsDeveloper, newDevProvider } from './dev-helpers.js';
import { accept } from './workspace-helpers.js';

/**
 * The developers of a DEV provider (docs/dev.md "Developers"): they come in through the workspace's invitations, are
 * listed, read, changed and removed at `/v1/devs/:xcode/developers…` (header set B, a DEV context token), and their DEV
 * context tokens work only while they are ACTIVE developers.
 */

const devs = (code: string) => `/v1/devs/${code}/developers`;

describe('developers come in through an invitation', () => {
  it('an accepted invitation makes an ACTIVE developer with the invited role, listed and readable at once', async () => {
    const dev = await newDevProvider();
    const before = Date.now();
    const d = await joinAsDeveloper(dev, 'DEVELOPER');
    expect(d.record).toMatchObject({ userId: d.user.id, name: d.name, role: 'DEVELOPER', status: 'ACTIVE', invitedBy: dev.owner.user.id, removedAt: null, removedBy: null });
    expect(d.record.id).toMatch(UUID_RE);
    expect(Date.parse(d.record.joinedAt)).toBeGreaterThanOrEqual(before - 1000);
    // read one, as the developer themselves (their DEV context token works)
    expect(ok(await callB('GET', `${devs(dev.code)}/${d.record.id}`, d.token))).toEqual(d.record);
    // a provider code in any case
    expect(ok(await callB('GET', `${devs(dev.code.toLowerCase())}/${d.record.id}`, d.token)).id).toBe(d.record.id);
  });

  it('a developer invited as ADMIN is an ADMIN of the provider only: in the workspace they are a DEVELOPER', async () => {
    const dev = await newDevProvider();
    const admin = await joinAsDeveloper(dev, 'ADMIN');
    expect(admin.record.role).toBe('ADMIN');
    const members = await callA('GET', `/v1/workspace/${dev.wid}/members?limit=100`, dev.owner.token);
    expect((members.body.data as any[]).find((m) => m.userId === admin.user.id).role).toBe('DEVELOPER');
  });

  it('the invitation carries the DEV provider; a role other than ADMIN or DEVELOPER is refused', async () => {
    const dev = await newDevProvider();
    const inv = await inviteDeveloper(dev, 'ADMIN');
    expect(inv.invitation).toMatchObject({ providerKind: 'dev', providerCode: dev.code, status: 'PENDING', operator: { role: 'ADMIN' } });
    expect(inv.token).toMatch(/^inv_/);
    const bad = await callB('POST', `${devs(dev.code)}/invitations`, dev.token, { phone: '+254722000001', name: 'Manager', operator: { role: 'MANAGER' } });
    fails(bad, 'VALIDATION_ERROR', 'operator.role');
  });

  it('a pending developer invitation can be cancelled, and is then refused', async () => {
    const dev = await newDevProvider();
    const inv = await inviteDeveloper(dev);
    const cancelled = ok(await callB('DELETE', `${devs(dev.code)}/invitations/${inv.invitation.id}`, dev.token));
    expect(cancelled.status).toBe('CANCELLED');
    const user = await newUser();
    fails(await callA('POST', '/v1/csp/invitation/accept', user.accessToken, { token: inv.token }), 'NOT_FOUND');
  });

  it('a member of the workspace may become a developer: their workspace role stays', async () => {
    const dev = await newDevProvider();
    const csp = await setupProvider(dev.owner.token, dev.wid, 'csp', { type: 'VENDOR' });
    const cspContext = await contextToken(dev.owner.token, dev.wid, 'csp', csp.code);
    const manager = await joinAs(cspContext, 'MANAGER');
    // a MANAGER who is not a developer: the workspace issues the DEV context token, the gateway refuses it (401)
    const before = await contextToken(manager.token, dev.wid, 'dev', dev.code);
    fails(await callB('GET', devs(dev.code), before), 'UNAUTHORIZED');
    const d = await joinAsDeveloper(dev, 'DEVELOPER', manager.user);
    expect(d.record.role).toBe('DEVELOPER');
    okList(await callB('GET', devs(dev.code), d.token));
    const members = await callA('GET', `/v1/workspace/${dev.wid}/members?limit=100`, dev.owner.token);
    expect((members.body.data as any[]).find((m) => m.userId === manager.user.id).role).toBe('MANAGER');
  });
});

describe('the list', () => {
  it('pages in joining order, filters by role, status and name, and leaves REMOVED ones out unless asked', async () => {
    const dev = await newDevProvider();
    const a = await joinAsDeveloper(dev, 'ADMIN');
    const b = await joinAsDeveloper(dev, 'DEVELOPER');
    const c = await joinAsDeveloper(dev, 'DEVELOPER');
    const all = okList(await callB('GET', devs(dev.code), dev.token), 1, 20, 3);
    expect(all.map((d) => d.id)).toEqual([a.record.id, b.record.id, c.record.id]);
    expect(okList(await callB('GET', `${devs(dev.code)}?page=2&limit=2`, dev.token), 2, 2, 3).map((d) => d.id)).toEqual([c.record.id]);
    expect(okList(await callB('GET', `${devs(dev.code)}?role=ADMIN`, dev.token), 1, 20, 1)[0].id).toBe(a.record.id);
    expect(okList(await callB('GET', `${devs(dev.code)}?search=${encodeURIComponent(b.name.slice(4).toUpperCase())}`, dev.token), 1, 20, 1)[0].id).toBe(b.record.id);
    ok(await callB('DELETE', `${devs(dev.code)}/${c.record.id}`, dev.token));
    expect(okList(await callB('GET', devs(dev.code), dev.token), 1, 20, 2).map((d) => d.id)).toEqual([a.record.id, b.record.id]);
    expect(okList(await callB('GET', `${devs(dev.code)}?status=REMOVED`, dev.token), 1, 20, 1)[0]).toMatchObject({ id: c.record.id, status: 'REMOVED' });
    // a search term with LIKE's wildcards matches them literally
    okList(await callB('GET', `${devs(dev.code)}?search=%25`, dev.token), 1, 20, 0);
    fails(await callB('GET', `${devs(dev.code)}?status=GONE`, dev.token), 'VALIDATION_ERROR', 'status');
  });
});

describe('changing a developer', () => {
  it("a provider admin changes another developer's role and status; the changes are recorded with who made them", async () => {
    const dev = await newDevProvider();
    const admin = await joinAsDeveloper(dev, 'ADMIN');
    const d = await joinAsDeveloper(dev, 'DEVELOPER');
    const promoted = ok(await callB('PATCH', `${devs(dev.code)}/${d.record.id}`, admin.token, { role: 'ADMIN' }));
    expect(promoted).toMatchObject({ role: 'ADMIN', status: 'ACTIVE', updatedBy: admin.user.id });
    // the promoted developer now manages developers too
    const demoted = ok(await callB('PATCH', `${devs(dev.code)}/${admin.record.id}`, d.token, { role: 'DEVELOPER' }));
    expect(demoted).toMatchObject({ role: 'DEVELOPER', updatedBy: d.user.id });
    // and the demoted one no longer does
    fails(await callB('PATCH', `${devs(dev.code)}/${d.record.id}`, admin.token, { role: 'DEVELOPER' }), 'FORBIDDEN');
  });

  it('a DEVELOPER reads but may not change or remove anyone; nobody changes or removes themselves', async () => {
    const dev = await newDevProvider();
    const admin = await joinAsDeveloper(dev, 'ADMIN');
    const d = await joinAsDeveloper(dev, 'DEVELOPER');
    const other = await joinAsDeveloper(dev, 'DEVELOPER');
    okList(await callB('GET', devs(dev.code), d.token), 1, 20, 3);
    fails(await callB('PATCH', `${devs(dev.code)}/${other.record.id}`, d.token, { status: 'SUSPENDED' }), 'FORBIDDEN');
    // permission before the request's form (docs/contract.md "Order of checks"): who may not manage developers learns
    // nothing of the body (403, as above), a provider admin is told what is wrong with it (400)
    fails(await callB('PATCH', `${devs(dev.code)}/${other.record.id}`, d.token, { status: 'NAPPING' }), 'FORBIDDEN');
    fails(await callB('PATCH', `${devs(dev.code)}/${other.record.id}`, admin.token, { status: 'NAPPING' }), 'VALIDATION_ERROR');
    fails(await callB('DELETE', `${devs(dev.code)}/${other.record.id}`, d.token), 'FORBIDDEN');
    fails(await callB('PATCH', `${devs(dev.code)}/${admin.record.id}`, admin.token, { role: 'DEVELOPER' }), 'FORBIDDEN');
    fails(await callB('DELETE', `${devs(dev.code)}/${admin.record.id}`, admin.token), 'FORBIDDEN');
    // nothing changed
    const now = okList(await callB('GET', devs(dev.code), dev.token), 1, 20, 3);
    expect(now.map((x) => [x.role, x.status])).toEqual([
      ['ADMIN', 'ACTIVE'],
      ['DEVELOPER', 'ACTIVE'],
      ['DEVELOPER', 'ACTIVE'],
    ]);
  });

  it("suspending stops the developer's DEV context tokens at once; reactivating lets them work again", async () => {
    const dev = await newDevProvider();
    const d = await joinAsDeveloper(dev);
    okList(await callB('GET', devs(dev.code), d.token));
    ok(await callB('PATCH', `${devs(dev.code)}/${d.record.id}`, dev.token, { status: 'SUSPENDED' }));
    fails(await callB('GET', devs(dev.code), d.token), 'UNAUTHORIZED');
    ok(await callB('PATCH', `${devs(dev.code)}/${d.record.id}`, dev.token, { status: 'ACTIVE' }));
    okList(await callB('GET', devs(dev.code), d.token));
  });

  it('REMOVED is not a PATCH; a removed developer cannot be changed; unknown values are refused', async () => {
    const dev = await newDevProvider();
    const d = await joinAsDeveloper(dev);
    fails(await callB('PATCH', `${devs(dev.code)}/${d.record.id}`, dev.token, { status: 'REMOVED' }), 'VALIDATION_ERROR', 'status');
    fails(await callB('PATCH', `${devs(dev.code)}/${d.record.id}`, dev.token, { role: 'OWNER' }), 'VALIDATION_ERROR', 'role');
    ok(await callB('DELETE', `${devs(dev.code)}/${d.record.id}`, dev.token));
    fails(await callB('PATCH', `${devs(dev.code)}/${d.record.id}`, dev.token, { status: 'ACTIVE' }), 'CONFLICT');
    fails(await callB('DELETE', `${devs(dev.code)}/${d.record.id}`, dev.token), 'CONFLICT');
  });
});

describe('removing a developer', () => {
  it('takes their access away at once, records who removed them, and leaves what they made with the provider', async () => {
    const dev = await newDevProvider();
    const d = await joinAsDeveloper(dev);
    // what the developer makes: a connector of the DEV provider and an API key of the workspace (with their own user
    // token, as the workspace role DEVELOPER allows)
    const connector = await createConnector(d.user.accessToken, dev.wid, 'dev', dev.code);
    const key = await callA('POST', `/v1/workspace/${dev.wid}/api-keys`, d.user.accessToken, { name: 'dev key', scopes: ['utilities'] });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const before = Date.now();
    const removed = ok(await callB('DELETE', `${devs(dev.code)}/${d.record.id}`, dev.token));
    expect(removed).toMatchObject({ id: d.record.id, status: 'REMOVED', removedBy: dev.owner.user.id, updatedBy: dev.owner.user.id });
    expect(Date.parse(removed.removedAt)).toBeGreaterThanOrEqual(before - 1000);
    // the next request with their DEV context token is refused, and a new one too
    fails(await callB('GET', devs(dev.code), d.token), 'UNAUTHORIZED');
    const again = await contextToken(d.user.accessToken, dev.wid, 'dev', dev.code);
    fails(await callB('GET', devs(dev.code), again), 'UNAUTHORIZED');
    // the record stays, readable by the provider's admins, with who removed whom (over GraphQL: the users themselves)
    const q = await gqlB(
      `query($c: String!, $id: ID!) { developer(providerCode: $c, id: $id) { status user { id } removedByUser { id } invitedByUser { id } provider { code kind } } }`,
      { c: dev.code, id: d.record.id },
      dev.token,
    );
    expect(q.body.data?.developer, JSON.stringify(q.body)).toEqual({
      status: 'REMOVED',
      user: { id: d.user.id },
      removedByUser: { id: dev.owner.user.id },
      invitedByUser: { id: dev.owner.user.id },
      provider: { code: dev.code, kind: 'DEV' },
    });
    // the connector stays with the provider, enabled, and the API key still works
    const kept = await callA('GET', `/v1/${dev.wid}/dev/${dev.code}/connectors/${connector.connectorId}`, dev.owner.token);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.connector.status).toBe('ENABLED');
    const viewer = await viewerBearer(key.body.data.key);
    expect(viewer.body.data?.viewer, JSON.stringify(viewer.body)).toMatchObject({ kind: 'apiKey', workspaceId: dev.wid });
  });

  it('a removed developer invited again gets a new record; the old one stays REMOVED', async () => {
    const dev = await newDevProvider();
    const d = await joinAsDeveloper(dev);
    ok(await callB('DELETE', `${devs(dev.code)}/${d.record.id}`, dev.token));
    const inv = await inviteDeveloper(dev);
    await accept(d.user, inv.token);
    const token = await contextToken(d.user.accessToken, dev.wid, 'dev', dev.code);
    const current = okList(await callB('GET', devs(dev.code), token), 1, 20, 1)[0];
    expect(current).toMatchObject({ userId: d.user.id, status: 'ACTIVE', invitationId: inv.invitation.id });
    expect(current.id).not.toBe(d.record.id);
    expect(okList(await callB('GET', `${devs(dev.code)}?status=REMOVED`, dev.token), 1, 20, 1)[0].id).toBe(d.record.id);
  });
});

describe('tenancy', () => {
  it("another DEV provider's developers are not found, in this workspace or another; another kind of context is 403", async () => {
    const dev = await newDevProvider();
    const d = await joinAsDeveloper(dev);
    const sibling = await newDevProvider(dev.owner);
    const stranger = await newDevProvider(await newOwner());
    for (const other of [sibling, stranger]) {
      // their own code with our developer's id, and our code with their token
      fails(await callB('GET', `${devs(other.code)}/${d.record.id}`, other.token), 'NOT_FOUND');
      fails(await callB('PATCH', `${devs(other.code)}/${d.record.id}`, other.token, { status: 'SUSPENDED' }), 'NOT_FOUND');
      fails(await callB('DELETE', `${devs(other.code)}/${d.record.id}`, other.token), 'NOT_FOUND');
      fails(await callB('GET', devs(dev.code), other.token), 'NOT_FOUND');
      fails(await callB('DELETE', `${devs(dev.code)}/${d.record.id}`, other.token), 'NOT_FOUND');
    }
    // nothing happened to the developer
    expect(ok(await callB('GET', `${devs(dev.code)}/${d.record.id}`, dev.token)).status).toBe('ACTIVE');
    // an LSP's context token is the wrong kind
    const lsp = await setupProvider(dev.owner.token, dev.wid, 'lsp', { type: 'CARRIER' });
    const lspToken = await contextToken(dev.owner.token, dev.wid, 'lsp', lsp.code);
    fails(await callB('GET', devs(dev.code), lspToken), 'FORBIDDEN');
    // a user token is not a provider context
    fails(await callB('GET', devs(dev.code), dev.owner.token), 'UNAUTHORIZED');
    // a malformed id is not found
    fails(await callB('GET', `${devs(dev.code)}/not-a-uuid`, dev.token), 'NOT_FOUND');
  });
});
