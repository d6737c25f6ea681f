import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, type ApiResponse } from './helpers.js';
import { ROLES, callA, connectorBody, contextToken, expectError, expectOk, joinAs, ownerWithCsp, providerBody, setupProvider, uniqueName, type Role } from './workspace-helpers.js';

/**
 * docs/roles.md's table is the contract of who may do what. (1) It must agree exactly with PERMISSIONS in
 * subgraphs/workspace/common/permissions.ts (the built module). (2) Over HTTP, a member of each role gets a success for
 * each permission the table grants and 403 FORBIDDEN for each it does not; a non-member gets 404 everywhere.
 */

const ROLES_MD = fileURLToPath(new URL('../docs/roles.md', import.meta.url));
const PERMISSIONS_JS = new URL('../dist/subgraphs/workspace/common/permissions.js', import.meta.url).href;

interface Table {
  roles: string[];
  grants: Map<string, Set<string>>;
}

/** Parses the permission table of docs/roles.md: header `| Permission | What it covers | OWNER | … |`, rows of ✓ or blank. */
function parseRolesTable(markdown: string): Table {
  const lines = markdown
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('|'));
  const cells = (line: string) =>
    line
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => c.trim());
  const headerIndex = lines.findIndex((l) => /^\|\s*Permission\s*\|/.test(l));
  if (headerIndex < 0) throw new Error('docs/roles.md: no table with a Permission column');
  const header = cells(lines[headerIndex]);
  const roles = header.slice(2);
  const separator = cells(lines[headerIndex + 1]);
  if (!separator.every((c) => /^:?-+:?$/.test(c))) throw new Error('docs/roles.md: the header is not followed by a separator row');
  const grants = new Map<string, Set<string>>();
  for (const line of lines.slice(headerIndex + 2)) {
    const row = cells(line);
    if (row.length !== header.length) throw new Error(`docs/roles.md: row has ${row.length} cells, header ${header.length}: ${line}`);
    const permission = row[0].replace(/`/g, '');
    if (grants.has(permission)) throw new Error(`docs/roles.md: ${permission} appears twice`);
    const marks = row.slice(2);
    for (const m of marks) if (m !== '✓' && m !== '') throw new Error(`docs/roles.md: unexpected cell "${m}" in ${permission}`);
    grants.set(permission, new Set(roles.filter((_, i) => marks[i] === '✓')));
  }
  return { roles, grants };
}

const table = parseRolesTable(readFileSync(ROLES_MD, 'utf8'));

describe('docs/roles.md agrees with subgraphs/workspace/common/permissions.ts', () => {
  let PERMISSIONS: Record<string, readonly string[]>;
  let may: (role: string, permission: string) => boolean;

  beforeAll(async () => {
    const mod = await import(/* @vite-ignore */ PERMISSIONS_JS);
    PERMISSIONS = mod.PERMISSIONS;
    may = mod.may;
  });

  it("the parser found the table: six role columns in the platform's order and a row per permission", () => {
    expect(table.roles).toEqual([...ROLES]);
    expect(table.grants.size).toBeGreaterThanOrEqual(10);
    for (const p of table.grants.keys()) expect(p).toMatch(/^[a-z]+\.[a-z]+$/);
  });

  it('the same permissions, no more and no fewer', () => {
    expect([...table.grants.keys()].sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it('each permission is granted to exactly the same roles', () => {
    const fromDoc = Object.fromEntries([...table.grants].map(([p, r]) => [p, [...r].sort()]));
    const fromCode = Object.fromEntries(Object.entries(PERMISSIONS).map(([p, r]) => [p, [...r].sort()]));
    expect(fromDoc).toEqual(fromCode);
  });

  it('PERMISSIONS names only known roles, each at most once, and may() answers by it', () => {
    for (const [permission, roles] of Object.entries(PERMISSIONS)) {
      for (const r of roles) expect(ROLES as readonly string[]).toContain(r);
      expect(new Set(roles).size).toBe(roles.length);
      for (const role of ROLES) expect(may(role, permission), `${role} ${permission}`).toBe(table.grants.get(permission)!.has(role));
    }
  });

  it('the OWNER holds every permission; only the OWNER may delete the workspace', () => {
    for (const [permission, roles] of table.grants) expect(roles.has('OWNER'), permission).toBe(true);
    expect([...table.grants.get('workspace.delete')!]).toEqual(['OWNER']);
  });
});

// ───────────────────────────── the table over HTTP ─────────────────────────────

interface Fixture {
  wid: string;
  ownerToken: string;
  cspCode: string;
  lspCode: string;
  /** A COORDINATOR whose role the members.manage probe sets (to the same role: no change). */
  targetUserId: string;
  /** A provider per role for the providers.delete probe. */
  doomed: Record<string, string>;
  tokens: Record<string, string>;
  stranger: string;
}

let fx: Fixture;

/** One representative request per permission (workspace.delete is probed last, separately). */
const PROBES: Record<string, (token: string, role: string) => Promise<ApiResponse>> = {
  'workspace.read': (t) => callA('GET', `/v1/workspace/${fx.wid}`, t),
  'workspace.update': (t, role) => callA('PATCH', `/v1/workspace/${fx.wid}`, t, { description: `updated by ${role}` }),
  'members.read': (t) => callA('GET', `/v1/workspace/${fx.wid}/members`, t),
  'members.manage': (t) => callA('PATCH', `/v1/workspace/${fx.wid}/members/${fx.targetUserId}`, t, { role: 'COORDINATOR' }),
  'providers.read': (t) => callA('GET', `/v1/${fx.wid}/lsp/${fx.lspCode}`, t),
  'providers.context': (t) => callA('GET', `/v1/${fx.wid}/lsp/${fx.lspCode}/context`, t),
  'providers.write': (t, role) => callA('POST', `/v1/${fx.wid}/dev/setup`, t, providerBody({ type: 'ENTERPRISE', name: `by ${role}` })),
  'providers.delete': (t, role) => callA('DELETE', `/v1/${fx.wid}/iotsp/${fx.doomed[role] ?? 'IOTSP-00000000'}`, t),
  'events.read': (t) => callA('GET', `/v1/workspace/${fx.wid}/events`, t),
  'webhooks.manage': (t) => callA('GET', `/v1/workspace/${fx.wid}/webhooks`, t),
  'apikeys.read': (t) => callA('GET', `/v1/workspace/${fx.wid}/api-keys`, t),
  'apikeys.manage': (t, role) => callA('POST', `/v1/workspace/${fx.wid}/api-keys`, t, { name: `key of ${role}` }),
  'connectors.read': (t) => callA('GET', `/v1/${fx.wid}/lsp/${fx.lspCode}/connectors`, t),
  'connectors.manage': (t, role) => callA('POST', `/v1/${fx.wid}/lsp/${fx.lspCode}/connectors`, t, connectorBody({ name: `by ${role}` })),
  'invitations.manage': async (t) => {
    // every member may act as the CSP (providers.context); inviting from that context needs invitations.manage
    const ctx = await callA('GET', `/v1/${fx.wid}/csp/${fx.cspCode}/context`, t);
    if (ctx.status !== 200) return ctx;
    return callA('POST', '/v1/csp/invitation/supervisor', ctx.body.data.token, { phone: '+254722000000', name: uniqueName('Probe') });
  },
};

describe('docs/roles.md over HTTP: a member of each role, a request per permission', () => {
  beforeAll(async () => {
    const o = await ownerWithCsp();
    const lsp = await setupProvider(o.token, o.wid, 'lsp');
    const connector = await callA('POST', `/v1/${o.wid}/lsp/${lsp.code}/connectors`, o.token, connectorBody());
    expect(connector.status, JSON.stringify(connector.body)).toBe(201);
    const target = await joinAs(o.cspContext, 'COORDINATOR');
    const others = ROLES.filter((r): r is Exclude<Role, 'OWNER'> => r !== 'OWNER');
    // one after another: concurrent requests through the bridge hit a product bug on the embedded database
    // (see workspace.e2e.test.ts, "concurrent requests"), which is not what this table test is about
    const members: Awaited<ReturnType<typeof joinAs>>[] = [];
    for (const r of others) members.push(await joinAs(o.cspContext, r));
    const doomed: Record<string, string> = {};
    for (const role of ROLES) doomed[role] = (await setupProvider(o.token, o.wid, 'iotsp', { type: 'FLEET_TRACKING' })).code;
    fx = {
      wid: o.wid,
      ownerToken: o.token,
      cspCode: o.csp.code,
      lspCode: lsp.code,
      targetUserId: target.user.id,
      doomed,
      tokens: { OWNER: o.token, ...Object.fromEntries(others.map((r, i) => [r, members[i].token])) },
      stranger: (await newUser()).accessToken,
    };
  });

  it('the probes cover every permission of the table', () => {
    expect([...Object.keys(PROBES), 'workspace.delete'].sort()).toEqual([...table.grants.keys()].sort());
  });

  it.each([...ROLES])('%s: allowed where the table says ✓, 403 FORBIDDEN elsewhere', async (role) => {
    const token = fx.tokens[role];
    const mismatches: string[] = [];
    for (const [permission, probe] of Object.entries(PROBES)) {
      const allowed = table.grants.get(permission)!.has(role);
      const res = await probe(token, role);
      const ok = allowed ? res.status >= 200 && res.status < 300 && res.body.error === false : res.status === 403 && res.body.error === true && res.body.status === 'FORBIDDEN';
      if (!ok) mismatches.push(`${permission}: expected ${allowed ? '2xx' : '403 FORBIDDEN'}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('refused requests changed nothing; allowed ones took effect', async () => {
    const t = fx.ownerToken;
    // providers.delete: exactly the granted roles' providers are gone
    for (const role of ROLES) {
      const res = await callA('GET', `/v1/${fx.wid}/iotsp/${fx.doomed[role]}`, t);
      if (table.grants.get('providers.delete')!.has(role)) expectError(res, 'NOT_FOUND');
      else expectOk(res);
    }
    // providers.write, apikeys.manage, connectors.manage: one record per granted role
    const devs = await callA('GET', `/v1/${fx.wid}/devs?limit=100`, t);
    expectOk(devs);
    expect(devs.body.data.map((p: any) => p.name).sort()).toEqual([...table.grants.get('providers.write')!].map((r) => `by ${r}`).sort());
    const keys = await callA('GET', `/v1/workspace/${fx.wid}/api-keys?limit=100`, t);
    expectOk(keys);
    expect(keys.body.data.map((k: any) => k.name).sort()).toEqual([...table.grants.get('apikeys.manage')!].map((r) => `key of ${r}`).sort());
    const conns = await callA('GET', `/v1/${fx.wid}/lsp/${fx.lspCode}/connectors?limit=100`, t);
    expect(conns.status, JSON.stringify(conns.body)).toBe(200);
    const byRole = conns.body.connectors
      .map((c: any) => c.name)
      .filter((n: string) => n.startsWith('by '))
      .sort();
    expect(byRole).toEqual([...table.grants.get('connectors.manage')!].map((r) => `by ${r}`).sort());
    // workspace.update: the description is the last granted role's
    const ws = await callA('GET', `/v1/workspace/${fx.wid}`, t);
    expectOk(ws);
    const updaters = ROLES.filter((r) => table.grants.get('workspace.update')!.has(r));
    expect(ws.body.data.workspace.description).toBe(`updated by ${updaters.at(-1)}`);
    // members: the target is still a COORDINATOR, nobody else changed
    const members = await callA('GET', `/v1/workspace/${fx.wid}/members?limit=100`, t);
    expectOk(members);
    const roles = Object.fromEntries(members.body.data.map((m: any) => [m.userId, m.role]));
    expect(roles[fx.targetUserId]).toBe('COORDINATOR');
    expect(members.body.data.map((m: any) => m.role).sort()).toEqual([...ROLES, 'COORDINATOR'].sort());
  });

  it('a non-member gets 404 NOT_FOUND for every probe', async () => {
    const mismatches: string[] = [];
    for (const [permission, probe] of Object.entries(PROBES)) {
      const res = await probe(fx.stranger, 'OWNER');
      if (res.status !== 404 || res.body.status !== 'NOT_FOUND') mismatches.push(`${permission}: got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    const del = await callA('DELETE', `/v1/workspace/${fx.wid}`, fx.stranger);
    if (del.status !== 404) mismatches.push(`workspace.delete: got ${del.status}`);
    expect(mismatches).toEqual([]);
  });

  it('workspace.delete: refused (403) to every role the table does not grant it, then the OWNER deletes it', async () => {
    const granted = table.grants.get('workspace.delete')!;
    for (const role of ROLES.filter((r) => !granted.has(r))) {
      expectError(await callA('DELETE', `/v1/workspace/${fx.wid}`, fx.tokens[role]), 'FORBIDDEN');
      expectOk(await callA('GET', `/v1/workspace/${fx.wid}`, fx.ownerToken));
    }
    expect(granted.has('OWNER')).toBe(true);
    const del = await callA('DELETE', `/v1/workspace/${fx.wid}`, fx.tokens.OWNER);
    expectOk(del);
    expect(del.body.data).toEqual({ deleted: true });
    for (const role of ROLES) expectError(await callA('GET', `/v1/workspace/${fx.wid}`, fx.tokens[role]), 'NOT_FOUND');
  });

  it("a member's CSP context token carries the same permissions (e.g. a COORDINATOR context cannot list API keys)", async () => {
    const o = await ownerWithCsp();
    const coord = await joinAs(o.cspContext, 'COORDINATOR');
    const ctx = await contextToken(coord.token, o.wid, 'csp', o.csp.code);
    expectError(await callA('GET', `/v1/workspace/${o.wid}/api-keys`, ctx), 'FORBIDDEN');
    expectOk(await callA('GET', `/v1/${o.wid}/csps`, ctx));
    const dev = await joinAs(o.cspContext, 'DEVELOPER');
    const devCtx = await contextToken(dev.token, o.wid, 'csp', o.csp.code);
    expectOk(await callA('POST', `/v1/workspace/${o.wid}/api-keys`, devCtx, { name: 'dev ctx key' }), 201);
    expectError(await callA('POST', `/v1/${o.wid}/lsp/setup`, devCtx, providerBody()), 'FORBIDDEN');
  });
});
