import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, newUser } from './helpers.js';
import { jwtClaims, signPrincipal } from './lsp-helpers.js';
import { accept, callA, contextToken, createConnector, gqlH, invite, newOwner, ownerWithCsp, setA, setupProvider, uniqueName } from './workspace-helpers.js';

/**
 * The workspace subgraph's entities and references (docs/graph-conventions.md, "Entities and references"):
 * - through the gateway, the reference fields of its records resolve: users (`owner`, `user`, `createdByUser`,
 *   `invitedByUser`, `acceptedByUser`, resolved by the users subgraph), a provider's workspace, a workspace's
 *   providers, a connector's provider;
 * - asked straight for `_entities` (with the gateway's signature), it resolves a `Workspace` by `id` and a `Provider`
 *   by `id` or by `workspaceId kind code` only for a caller of that workspace: another tenant's are null;
 * - references are batched: many representations cost the statements of one.
 */

/** A GraphQL request straight to the workspace subgraph, signed as the gateway signs `principal`. */
async function workspaceSubgraph(query: string, variables: Record<string, unknown>, principal: unknown) {
  const res = await fetch(inject('workspaceUrl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-platform-principal': await signPrincipal(principal) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: any[]; extensions?: { sqlStatements?: number } } };
}

const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) {
  __typename ... on Provider { id code kind workspaceId } ... on Workspace { id name } } }`;

interface Tenant {
  owner: Awaited<ReturnType<typeof newOwner>>;
  lsp: { id: string; code: string };
  csp: { id: string; code: string };
  lspContext: string;
  apiKey: { id: string };
  connector: { connectorId: string };
}

async function tenant(): Promise<Tenant> {
  const owner = await newOwner();
  const lsp = await setupProvider(owner.token, owner.wid, 'lsp');
  const csp = await setupProvider(owner.token, owner.wid, 'csp', { type: 'VENDOR' });
  const lspContext = await contextToken(owner.token, owner.wid, 'lsp', lsp.code);
  const key = await callA('POST', `/v1/workspace/${owner.wid}/api-keys`, owner.token, { name: 'refs' });
  if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
  const connector = await createConnector(owner.token, owner.wid, 'lsp', lsp.code);
  return { owner, lsp, csp, lspContext, apiKey: key.body.data.apiKey, connector };
}

const CREDENTIALS = ['a user token of a member', 'a provider-context token', 'an API key', 'a connector token'];

/** The principals the gateway makes of each credential of a tenant (kernel/principal.ts), labelled as CREDENTIALS. */
function principalsOf(t: Tenant): [string, unknown][] {
  const sid = jwtClaims(t.owner.token).sid;
  return [
    ['a user token of a member', { kind: 'user', userId: t.owner.user.id, sessionId: sid, client: {} }],
    [
      'a provider-context token',
      {
        kind: 'provider',
        userId: t.owner.user.id,
        sessionId: sid,
        workspaceId: t.owner.wid,
        providerKind: 'lsp',
        providerId: t.lsp.id,
        providerCode: t.lsp.code,
        role: 'OWNER',
        client: {},
      },
    ],
    ['an API key', { kind: 'apiKey', workspaceId: t.owner.wid, keyId: t.apiKey.id, scopes: ['*'], client: {} }],
    [
      'a connector token',
      {
        kind: 'connector',
        workspaceId: t.owner.wid,
        connectorId: t.connector.connectorId,
        tokenId: t.connector.connectorId,
        providerKind: 'lsp',
        providerCode: t.lsp.code,
        scopes: ['orders:read'],
        client: {},
      },
    ],
  ];
}

describe('workspace references through the gateway', () => {
  it('a workspace answers its owner and its providers (all kinds or one), each provider its creator and workspace, members their users', async () => {
    const o = await ownerWithCsp();
    const lsp = await setupProvider(o.token, o.wid, 'lsp');
    const member = await newUser({ name: 'Mira Member' });
    await accept(member, (await invite(o.cspContext, 'manager', { name: 'Mira' })).token);

    const res = await gqlH(
      `query($wid: ID!) {
        workspace(workspaceId: $wid) { workspace { id owner { id name }
          providers { items { code kind workspaceId workspace { id } createdByUser { id name } } pagination { total } }
          lsps: providers(providerKind: LSP) { items { code } pagination { total } } } }
        members(workspaceId: $wid) { items { userId role user { id name } } }
      }`,
      { wid: o.wid },
      setA(o.token),
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const ws = res.body.data.workspace.workspace;
    expect(ws.owner).toEqual({ id: o.user.id, name: 'Owner' });
    expect(ws.providers).toEqual({
      items: [
        { code: o.csp.code, kind: 'CSP', workspaceId: o.wid, workspace: { id: o.wid }, createdByUser: { id: o.user.id, name: 'Owner' } },
        { code: lsp.code, kind: 'LSP', workspaceId: o.wid, workspace: { id: o.wid }, createdByUser: { id: o.user.id, name: 'Owner' } },
      ],
      pagination: { total: 2 },
    });
    expect(ws.lsps).toEqual({ items: [{ code: lsp.code }], pagination: { total: 1 } });
    expect(res.body.data.members.items).toEqual([
      { userId: o.user.id, role: 'OWNER', user: { id: o.user.id, name: 'Owner' } },
      { userId: member.id, role: 'MANAGER', user: { id: member.id, name: 'Mira Member' } },
    ]);
  });

  it('an API key answers its creator, a connector its provider, an invitation who sent and who accepted it', async () => {
    const o = await ownerWithCsp();
    const key = await callA('POST', `/v1/workspace/${o.wid}/api-keys`, o.token, { name: 'ref key' });
    expect(key.status).toBe(201);
    const connector = await createConnector(o.token, o.wid, 'csp', o.csp.code);
    const sent = await invite(o.cspContext, 'developer');
    const invitee = await newUser({ name: 'Ivy Invitee' });
    await accept(invitee, sent.token);
    const pending = await invite(o.cspContext, 'coordinator');

    const res = await gqlH(
      `query($wid: ID!, $code: String!, $id: ID!) {
        apiKeys(workspaceId: $wid) { items { id createdBy createdByUser { id name } } }
        connector(workspaceId: $wid, providerKind: CSP, providerCode: $code, id: $id) { providerKind provider { id code kind } }
      }`,
      { wid: o.wid, code: o.csp.code, id: connector.connectorId },
      setA(o.token),
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.apiKeys.items).toEqual([{ id: key.body.data.apiKey.id, createdBy: o.user.id, createdByUser: { id: o.user.id, name: 'Owner' } }]);
    expect(res.body.data.connector).toEqual({ providerKind: 'CSP', provider: { id: o.csp.id, code: o.csp.code, kind: 'CSP' } });

    // invitations are answered by the mutations that change them
    const cancel = await gqlH(
      'mutation($id: ID!) { cancelInvitation(invitationId: $id) { status invitedBy invitedByUser { id name } acceptedByUser { id } } }',
      { id: pending.invitation.id },
      setA(o.cspContext),
    );
    expect(cancel.body.errors).toBeUndefined();
    expect(cancel.body.data.cancelInvitation).toEqual({ status: 'CANCELLED', invitedBy: o.user.id, invitedByUser: { id: o.user.id, name: 'Owner' }, acceptedByUser: null });
    const second = await invite(o.cspContext, 'supervisor');
    const accepter = await newUser({ name: 'Abe Accepter' });
    const accepted = await gqlH(
      'mutation($t: String!) { acceptInvitation(token: $t) { invitation { acceptedBy acceptedByUser { id name } invitedByUser { id } } member { role user { id name } } } }',
      { t: second.token },
      setA(accepter.accessToken),
    );
    expect(accepted.body.errors).toBeUndefined();
    expect(accepted.body.data.acceptInvitation).toEqual({
      invitation: { acceptedBy: accepter.id, acceptedByUser: { id: accepter.id, name: 'Abe Accepter' }, invitedByUser: { id: o.user.id } },
      member: { role: 'SUPERVISOR', user: { id: accepter.id, name: 'Abe Accepter' } },
    });
  });

  it("Workspace.providers pages each of the caller's workspaces on its own (page 2 of one, an empty one)", async () => {
    const u = await newUser({ name: 'Pager' });
    const made: string[] = [];
    for (const label of ['first', 'second']) {
      const res = await callA('POST', '/v1/workspace', u.accessToken, { name: uniqueName(label) });
      expect(res.status).toBe(201);
      made.push(res.body.data.workspace.id);
    }
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await setupProvider(u.accessToken, made[0], 'dev', { type: 'ENTERPRISE' })).code);
    const res = await gqlH(
      '{ myWorkspaces { items { workspace { id providers(page: 2, limit: 2) { items { code } pagination { page limit total pages hasNext hasPrevious } } } } } }',
      {},
      setA(u.accessToken),
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.myWorkspaces.items).toEqual([
      { workspace: { id: made[0], providers: { items: [{ code: codes[2] }], pagination: { page: 2, limit: 2, total: 3, pages: 2, hasNext: false, hasPrevious: true } } } },
      { workspace: { id: made[1], providers: { items: [], pagination: { page: 2, limit: 2, total: 0, pages: 0, hasNext: false, hasPrevious: true } } } },
    ]);
  });
});

describe("workspace entities by reference (_entities at the workspace subgraph, with the gateway's signature)", () => {
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    [a, b] = [await tenant(), await tenant()];
  });

  const refsOf = (t: Tenant) => [
    { __typename: 'Provider', id: t.lsp.id },
    { __typename: 'Provider', workspaceId: t.owner.wid, kind: 'CSP', code: t.csp.code },
    { __typename: 'Workspace', id: t.owner.wid },
  ];
  const resolvedOf = (t: Tenant) => [
    { __typename: 'Provider', id: t.lsp.id, code: t.lsp.code, kind: 'LSP', workspaceId: t.owner.wid },
    { __typename: 'Provider', id: t.csp.id, code: t.csp.code, kind: 'CSP', workspaceId: t.owner.wid },
    { __typename: 'Workspace', id: t.owner.wid, name: t.owner.workspace.name },
  ];

  it('refuses an unsigned call (401): only the gateway asks for entities', async () => {
    const res = await fetch(inject('workspaceUrl'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: ENTITIES, variables: { r: refsOf(a) } }),
    });
    expect(res.status).toBe(401);
  });

  it.each(CREDENTIALS)("%s of workspace A resolves A's workspace and providers (by both keys); B's are null", async (label) => {
    const [, principal] = principalsOf(a).find(([l]) => l === label)!;
    const res = await workspaceSubgraph(ENTITIES, { r: [...refsOf(a), ...refsOf(b)] }, principal);
    expect(res.status, label).toBe(200);
    expect(res.body.errors, label).toBeUndefined();
    expect(res.body.data._entities, label).toEqual([...resolvedOf(a), null, null, null]);
  });

  it('an anonymous caller resolves nothing', async () => {
    const res = await workspaceSubgraph(ENTITIES, { r: refsOf(a) }, { kind: 'anonymous', client: {} });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data._entities).toEqual([null, null, null]);
  });

  it("the second key resolves only with the provider's own workspace and kind (its code in any case); another kind or workspace, an unknown code, a malformed id is null", async () => {
    const [, principal] = principalsOf(a)[0];
    const res = await workspaceSubgraph(
      ENTITIES,
      {
        r: [
          { __typename: 'Provider', workspaceId: a.owner.wid, kind: 'DEV', code: a.lsp.code },
          { __typename: 'Provider', workspaceId: b.owner.wid, kind: 'LSP', code: a.lsp.code },
          { __typename: 'Provider', workspaceId: a.owner.wid, kind: 'LSP', code: 'LSP-00000000' },
          { __typename: 'Provider', workspaceId: a.owner.wid, kind: 'LSP', code: a.lsp.code.toLowerCase() },
          { __typename: 'Provider', id: 'not-a-uuid' },
          { __typename: 'Workspace', id: 'not-a-uuid' },
        ],
      },
      principal,
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data._entities).toEqual([null, null, null, { __typename: 'Provider', id: a.lsp.id, code: a.lsp.code, kind: 'LSP', workspaceId: a.owner.wid }, null, null]);
  });

  it('a member who left no longer resolves the workspace they left', async () => {
    const o = await ownerWithCsp();
    const leaver = await newUser({ name: 'Leaver' });
    await accept(leaver, (await invite(o.cspContext, 'admin')).token);
    const principal = { kind: 'user', userId: leaver.id, sessionId: jwtClaims(leaver.accessToken).sid, client: {} };
    const r = [
      { __typename: 'Workspace', id: o.wid },
      { __typename: 'Provider', id: o.csp.id },
    ];
    const before = await workspaceSubgraph(ENTITIES, { r }, principal);
    expect(before.body.data._entities).toEqual([
      { __typename: 'Workspace', id: o.wid, name: o.workspace.name },
      { __typename: 'Provider', id: o.csp.id, code: o.csp.code, kind: 'CSP', workspaceId: o.wid },
    ]);
    const removed = await callA('DELETE', `/v1/workspace/${o.wid}/members/${leaver.id}`, o.token);
    expect(removed.status).toBe(200);
    const after = await workspaceSubgraph(ENTITIES, { r }, principal);
    expect(after.status).toBe(200);
    expect(after.body.errors).toBeUndefined();
    expect(after.body.data._entities).toEqual([null, null]);
  });

  it("references are batched: 3 or 12 providers by each key cost the same statements (one query, and one for the caller's memberships)", async () => {
    const o = await newOwner();
    const providers: Awaited<ReturnType<typeof setupProvider>>[] = [];
    for (let i = 0; i < 12; i++) providers.push(await setupProvider(o.token, o.wid, 'iotsp', { type: 'FLEET_TRACKING' }));
    const principal = { kind: 'user', userId: o.user.id, sessionId: jwtClaims(o.token).sid, client: {} };
    const statements = async (r: unknown[]) => {
      const res = await workspaceSubgraph(ENTITIES, { r }, principal);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data._entities.map((e: { id: string }) => e.id)).toEqual(providers.slice(0, r.length).map((p) => p.id));
      return res.body.extensions?.sqlStatements;
    };
    const byId = (n: number) => providers.slice(0, n).map((p) => ({ __typename: 'Provider', id: p.id }));
    const byKey = (n: number) => providers.slice(0, n).map((p) => ({ __typename: 'Provider', workspaceId: o.wid, kind: 'IOTSP', code: p.code }));
    expect(await statements(byId(3))).toBe(2);
    expect(await statements(byId(12))).toBe(2);
    expect(await statements(byKey(3))).toBe(2);
    expect(await statements(byKey(12))).toBe(2);
  });

  it('Workspace.providers of a list of workspaces costs the same statements for 2 workspaces as for 6 (no query per workspace)', async () => {
    const u = await newUser({ name: 'Many' });
    const principal = { kind: 'user', userId: u.id, sessionId: jwtClaims(u.accessToken).sid, client: {} };
    const query = '{ myWorkspaces(limit: 100) { items { workspace { providers(limit: 5) { items { code } pagination { total } } } } } }';
    const expected: { providers: { items: { code: string }[]; pagination: { total: number } } }[] = [];
    const addWorkspace = async () => {
      const ws = await callA('POST', '/v1/workspace', u.accessToken, { name: uniqueName('Many') });
      expect(ws.status).toBe(201);
      const p = await setupProvider(u.accessToken, ws.body.data.workspace.id, 'lsp');
      expected.push({ providers: { items: [{ code: p.code }], pagination: { total: 1 } } });
    };
    const statements = async () => {
      const res = await workspaceSubgraph(query, {}, principal);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.myWorkspaces.items.map((i: { workspace: unknown }) => i.workspace)).toEqual(expected);
      return res.body.extensions?.sqlStatements;
    };
    for (let i = 0; i < 2; i++) await addWorkspace();
    const forTwo = await statements();
    expect(typeof forTwo).toBe('number');
    for (let i = 0; i < 4; i++) await addWorkspace();
    expect(await statements()).toBe(forTwo);
  });
});

describe('the REST forms stay as REST writes them', () => {
  it('GET /v1/access/config answers authModes in lower case; the kinds of providers and connectors are lower case', async () => {
    const res = await api('GET', '/v1/access/config?expects=msi', { headers: { origin: 'https://shop.example.com', 'svc-user-agent': 'shop/1' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ connectorType: 'MSI', authModes: ['external', 'internal'], protocols: ['http1', 'http2', 'grpc'] });
    const o = await newOwner();
    const p = await setupProvider(o.token, o.wid, 'iotsp', { type: 'FLEET_TRACKING' });
    expect(p.kind).toBe('iotsp');
    const c = await createConnector(o.token, o.wid, 'iotsp', p.code);
    expect(c.connector.providerKind).toBe('iotsp');
    const ctx = await callA('GET', `/v1/${o.wid}/iotsp/${p.code}/context`, o.token);
    expect(ctx.status).toBe(200);
    expect(ctx.body.data.workspace).toEqual({ type: 'IOTSP', icode: p.code });
    expect(ctx.body.data.provider.kind).toBe('iotsp');
  });
});
