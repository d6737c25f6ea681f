import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newUser } from './helpers.js';
import { DEVICE, UUID_RE, accept, callA, contextToken, expectError, expectOk, joinAs, newOwner, ownerWithCsp, setA, setupProvider, invite } from './workspace-helpers.js';

/**
 * CSP invitations (`/v1/csp/invitation…`, docs/contract.md "CSP invitations"): sent from a CSP provider-context token,
 * accepted by the invitee with their own user token; cancel; the refusals (credential, role, provider kind, state).
 */

const INVITE_BODY = { phone: '+254712345678', name: 'Jane Operator' };

describe('invitations: invite and accept', () => {
  // one workspace for the tests that do not count its members
  let shared: Awaited<ReturnType<typeof ownerWithCsp>>;
  beforeAll(async () => {
    shared = await ownerWithCsp();
  });

  it.each(['admin', 'manager', 'supervisor', 'coordinator', 'developer'])('invites as %s: 201 with a token shown once; accepting makes the invitee a member with that role', async (as) => {
    const o = shared;
    const res = await callA('POST', `/v1/csp/invitation/${as}`, o.cspContext, {
      ...INVITE_BODY,
      operator: { bio: 'Night shift', status: 'ACTIVE', contacts: { emails: ['jane@ops.example'], phones: ['+254700000009'] } },
    });
    expectOk(res, 201);
    const { token, invitation } = res.body.data;
    expect(token).toMatch(/^inv_.{20,}$/);
    expect(invitation.id).toMatch(UUID_RE);
    expect(invitation).toMatchObject({
      providerCode: o.csp.code,
      phone: INVITE_BODY.phone,
      name: INVITE_BODY.name,
      status: 'PENDING',
      invitedBy: o.user.id,
      acceptedBy: null,
      acceptedAt: null,
      operator: { role: as.toUpperCase(), status: 'ACTIVE', bio: 'Night shift', contacts: { emails: ['jane@ops.example'], phones: ['+254700000009'] } },
    });
    expect(JSON.stringify(invitation)).not.toContain(token);
    const ttl = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(Math.abs(ttl - 7 * 86_400_000)).toBeLessThan(60_000);

    const invitee = await newUser({ name: 'Jane' });
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, invitee.accessToken), 'NOT_FOUND');
    const acc = await callA('POST', '/v1/csp/invitation/accept', invitee.accessToken, { token });
    expectOk(acc);
    expect(acc.body.data.invitation).toMatchObject({ id: invitation.id, status: 'ACCEPTED', acceptedBy: invitee.id });
    expect(Number.isNaN(Date.parse(acc.body.data.invitation.acceptedAt))).toBe(false);
    expect(acc.body.data.member).toMatchObject({ userId: invitee.id, role: as.toUpperCase(), name: INVITE_BODY.name });

    const ws = await callA('GET', `/v1/workspace/${o.wid}`, invitee.accessToken);
    expectOk(ws);
    expect(ws.body.data.role).toBe(as.toUpperCase());
    const members = await callA('GET', `/v1/workspace/${o.wid}/members`, o.token);
    expect(members.body.data).toContainEqual(expect.objectContaining({ userId: invitee.id, role: as.toUpperCase() }));
  });

  it('operator.role must agree with :as; operator.status defaults to ACTIVE', async () => {
    const o = shared;
    const disagree = await callA('POST', '/v1/csp/invitation/manager', o.cspContext, { ...INVITE_BODY, operator: { role: 'ADMIN' } });
    expectError(disagree, 'VALIDATION_ERROR', 'operator.role');
    const agree = await callA('POST', '/v1/csp/invitation/manager', o.cspContext, { ...INVITE_BODY, operator: { role: 'MANAGER' } });
    expectOk(agree, 201);
    expect(agree.body.data.invitation.operator).toMatchObject({ role: 'MANAGER', status: 'ACTIVE' });
  });

  it(':as not an invitable role is 400 field as', async () => {
    const o = shared;
    for (const as of ['owner', 'king', 'operator']) {
      expectError(await callA('POST', `/v1/csp/invitation/${as}`, o.cspContext, INVITE_BODY), 'VALIDATION_ERROR', 'as');
    }
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const o = shared;
    const path = '/v1/csp/invitation/developer';
    expectError(await callA('POST', path, o.cspContext, { ...INVITE_BODY, phone: '0712345678' }), 'VALIDATION_ERROR', 'phone');
    expectError(await callA('POST', path, o.cspContext, { ...INVITE_BODY, phone: '+2547' }), 'VALIDATION_ERROR', 'phone');
    expectError(await callA('POST', path, o.cspContext, { name: 'No phone' }), 'VALIDATION_ERROR', 'phone');
    expectError(await callA('POST', path, o.cspContext, { phone: INVITE_BODY.phone }), 'VALIDATION_ERROR', 'name');
    expectError(await callA('POST', path, o.cspContext, { ...INVITE_BODY, name: '' }), 'VALIDATION_ERROR', 'name');
    expectError(await callA('POST', path, o.cspContext, { ...INVITE_BODY, role: 'ADMIN' }), 'VALIDATION_ERROR', 'role');
    expectError(await callA('POST', path, o.cspContext, { ...INVITE_BODY, operator: { status: 'active' } }), 'VALIDATION_ERROR', 'operator.status');
    expectError(await callA('POST', path, o.cspContext, { ...INVITE_BODY, operator: { role: 'WIZARD' } }), 'VALIDATION_ERROR', 'operator.role');
    const malformed = await callA('POST', path, o.cspContext, '{"phone":', { headers: { 'content-type': 'application/json' } });
    expectError(malformed, 'VALIDATION_ERROR', 'body');
  });

  it('accepting twice, an unknown or malformed token, is 404; the first acceptance stands', async () => {
    const o = await ownerWithCsp();
    const inv = await invite(o.cspContext, 'developer');
    const first = await newUser();
    await accept(first, inv.token);
    const second = await newUser();
    expectError(await callA('POST', '/v1/csp/invitation/accept', second.accessToken, { token: inv.token }), 'NOT_FOUND');
    expectError(await callA('POST', '/v1/csp/invitation/accept', first.accessToken, { token: inv.token }), 'NOT_FOUND');
    expectError(await callA('POST', '/v1/csp/invitation/accept', second.accessToken, { token: `inv_${'x'.repeat(32)}` }), 'NOT_FOUND');
    expectError(await callA('POST', '/v1/csp/invitation/accept', second.accessToken, { token: 'garbage' }), 'NOT_FOUND');
    expectError(await callA('POST', '/v1/csp/invitation/accept', second.accessToken, {}), 'VALIDATION_ERROR', 'token');
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, second.accessToken), 'NOT_FOUND');
    const members = await callA('GET', `/v1/workspace/${o.wid}/members`, o.token);
    expect(members.body.pagination.total).toBe(2);
  });

  it('an existing member accepting another invitation to the same workspace is 409 CONFLICT; the invitation stays pending', async () => {
    const o = await ownerWithCsp();
    const dev = await joinAs(o.cspContext, 'DEVELOPER');
    const inv = await invite(o.cspContext, 'admin');
    const res = await callA('POST', '/v1/csp/invitation/accept', dev.token, { token: inv.token });
    expectError(res, 'CONFLICT');
    // role unchanged
    const ws = await callA('GET', `/v1/workspace/${o.wid}`, dev.token);
    expect(ws.body.data.role).toBe('DEVELOPER');
    // the owner themself is a member too
    expectError(await callA('POST', '/v1/csp/invitation/accept', o.token, { token: inv.token }), 'CONFLICT');
    // the invitation was not used up: someone else can still accept it
    const other = await newUser();
    const acc = await accept(other, inv.token);
    expect(acc.member.role).toBe('ADMIN');
  });

  it('a user can be a member of several workspaces through invitations', async () => {
    const a = await ownerWithCsp();
    const b = await ownerWithCsp();
    const u = await newUser();
    await accept(u, (await invite(a.cspContext, 'coordinator')).token);
    await accept(u, (await invite(b.cspContext, 'supervisor')).token);
    const mine = await callA('GET', '/v1/workspace', u.accessToken);
    expectOk(mine);
    const roles = Object.fromEntries(mine.body.data.map((m: any) => [m.workspace.id, m.role]));
    expect(roles).toEqual({ [a.wid]: 'COORDINATOR', [b.wid]: 'SUPERVISOR' });
  });
});

describe('invitations: cancel', () => {
  it('cancels a pending invitation (status CANCELLED); accepting it afterwards is 404', async () => {
    const o = await ownerWithCsp();
    const inv = await invite(o.cspContext, 'manager');
    const res = await callA('DELETE', '/v1/csp/invitation', o.cspContext, { invitationId: inv.invitation.id });
    expectOk(res);
    expect(res.body.data).toMatchObject({ id: inv.invitation.id, status: 'CANCELLED', acceptedBy: null });
    const u = await newUser();
    expectError(await callA('POST', '/v1/csp/invitation/accept', u.accessToken, { token: inv.token }), 'NOT_FOUND');
    expectError(await callA('GET', `/v1/workspace/${o.wid}`, u.accessToken), 'NOT_FOUND');
  });

  it('an accepted or cancelled invitation cannot be cancelled (409); an unknown id is 404; a missing id 400', async () => {
    const o = await ownerWithCsp();
    const inv = await invite(o.cspContext, 'developer');
    await accept(await newUser(), inv.token);
    expectError(await callA('DELETE', '/v1/csp/invitation', o.cspContext, { invitationId: inv.invitation.id }), 'CONFLICT');
    const inv2 = await invite(o.cspContext, 'developer');
    expectOk(await callA('DELETE', '/v1/csp/invitation', o.cspContext, { invitationId: inv2.invitation.id }));
    expectError(await callA('DELETE', '/v1/csp/invitation', o.cspContext, { invitationId: inv2.invitation.id }), 'CONFLICT');
    expectError(await callA('DELETE', '/v1/csp/invitation', o.cspContext, { invitationId: randomUUID() }), 'NOT_FOUND');
    expectError(await callA('DELETE', '/v1/csp/invitation', o.cspContext, { invitationId: 'nope' }), 'NOT_FOUND');
    expectError(await callA('DELETE', '/v1/csp/invitation', o.cspContext, {}), 'VALIDATION_ERROR', 'invitationId');
  });

  it('cancel needs a CSP context token too: a user token is 401', async () => {
    const o = await ownerWithCsp();
    const inv = await invite(o.cspContext, 'developer');
    expectError(await callA('DELETE', '/v1/csp/invitation', o.token, { invitationId: inv.invitation.id }), 'UNAUTHORIZED');
    // still pending: it can be accepted
    const acc = await accept(await newUser(), inv.token);
    expect(acc.invitation.status).toBe('ACCEPTED');
  });

  it("another workspace's CSP cannot cancel the invitation (404)", async () => {
    const a = await ownerWithCsp();
    const b = await ownerWithCsp();
    const inv = await invite(a.cspContext, 'developer');
    expectError(await callA('DELETE', '/v1/csp/invitation', b.cspContext, { invitationId: inv.invitation.id }), 'NOT_FOUND');
    const acc = await accept(await newUser(), inv.token);
    expect(acc.member.role).toBe('DEVELOPER');
  });
});

describe('invitations: who may invite', () => {
  it('a user token instead of a CSP context token is 401', async () => {
    const o = await ownerWithCsp();
    expectError(await callA('POST', '/v1/csp/invitation/developer', o.token, INVITE_BODY), 'UNAUTHORIZED');
  });

  it.each(['lsp', 'dev', 'iotsp'] as const)('a %s context token is 403', async (kind) => {
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, kind);
    const ctx = await contextToken(o.token, o.wid, kind, p.code);
    expectError(await callA('POST', '/v1/csp/invitation/developer', ctx, INVITE_BODY), 'FORBIDDEN');
  });

  it('needs header set A; the CSP context token from another device is 401', async () => {
    const o = await ownerWithCsp();
    const headers = setA(o.cspContext);
    delete headers['svc-auth-token'];
    const none = await api('POST', '/v1/csp/invitation/developer', { headers, body: INVITE_BODY });
    expectError(none, 'UNAUTHORIZED');
    expect(none.body.message).toContain('svc-auth-token');
    expectError(await callA('POST', '/v1/csp/invitation/developer', o.cspContext, INVITE_BODY, { device: `${DEVICE}-other` }), 'UNAUTHORIZED');
    const acceptNoDevice = setA((await newUser()).accessToken);
    delete acceptNoDevice['svc-auth-device'];
    const acc = await api('POST', '/v1/csp/invitation/accept', { headers: acceptNoDevice, body: { token: 'inv_x' } });
    expectError(acc, 'UNAUTHORIZED');
    expect(acc.body.message).toContain('svc-auth-device');
  });

  it("a MANAGER's CSP context may invite; SUPERVISOR, COORDINATOR and DEVELOPER contexts get 403", async () => {
    const o = await ownerWithCsp();
    const mgr = await joinAs(o.cspContext, 'MANAGER');
    const mgrCtx = await contextToken(mgr.token, o.wid, 'csp', o.csp.code);
    const sent = await callA('POST', '/v1/csp/invitation/coordinator', mgrCtx, INVITE_BODY);
    expectOk(sent, 201);
    expect(sent.body.data.invitation.invitedBy).toBe(mgr.user.id);
    expectOk(await callA('DELETE', '/v1/csp/invitation', mgrCtx, { invitationId: sent.body.data.invitation.id }));
    for (const role of ['SUPERVISOR', 'COORDINATOR', 'DEVELOPER'] as const) {
      const m = await joinAs(o.cspContext, role);
      const ctx = await contextToken(m.token, o.wid, 'csp', o.csp.code);
      expectError(await callA('POST', '/v1/csp/invitation/coordinator', ctx, INVITE_BODY), 'FORBIDDEN');
    }
  });

  it('a demoted inviter loses the right at once (the context token carries the current role)', async () => {
    const o = await ownerWithCsp();
    const admin = await joinAs(o.cspContext, 'ADMIN');
    const ctx = await contextToken(admin.token, o.wid, 'csp', o.csp.code);
    const pending = await invite(ctx, 'developer');
    expectOk(await callA('PATCH', `/v1/workspace/${o.wid}/members/${admin.user.id}`, o.token, { role: 'COORDINATOR' }));
    expectError(await callA('POST', '/v1/csp/invitation/developer', ctx, INVITE_BODY), 'FORBIDDEN');
    expectError(await callA('DELETE', '/v1/csp/invitation', ctx, { invitationId: pending.invitation.id }), 'FORBIDDEN');
  });

  it('deleting the CSP removes its invitations (accepting is 404) and its context token stops working (401)', async () => {
    const o = await ownerWithCsp();
    const inv = await invite(o.cspContext, 'developer');
    expectOk(await callA('DELETE', `/v1/${o.wid}/csp/${o.csp.code}`, o.token));
    expectError(await callA('POST', '/v1/csp/invitation/accept', (await newUser()).accessToken, { token: inv.token }), 'NOT_FOUND');
    expectError(await callA('POST', '/v1/csp/invitation/developer', o.cspContext, INVITE_BODY), 'UNAUTHORIZED');
  });

  it('deleting the workspace voids its invitations', async () => {
    const o = await ownerWithCsp();
    const inv = await invite(o.cspContext, 'developer');
    expectOk(await callA('DELETE', `/v1/workspace/${o.wid}`, o.token));
    expectError(await callA('POST', '/v1/csp/invitation/accept', (await newUser()).accessToken, { token: inv.token }), 'NOT_FOUND');
  });
});
