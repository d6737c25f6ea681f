import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { routes as bridgeRoutes } from '../rest-bridge/routes/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, bridgeUrl, newUser, until, type ApiResponse, type TestUser } from './helpers.js';
import { accept, callA, connectorBody, contextToken, invite, providerBody, uniqueName, UUID_RE } from './workspace-helpers.js';
import { facilityBody, parkingBody, ruleBody, uniqueCode, vehicleBody } from './lsp-helpers.js';
import {
  LSP_FAMILY,
  LSP_ROUTES,
  PROVIDER_KINDS,
  WORKSPACE_FAMILY,
  WORKSPACE_ROUTES,
  parseLspDocTable,
  parseLspRules,
  parsePermissionTable,
  routeKey,
  type LspAction,
  type Success,
} from './support/role-matrix.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * The role matrix (issue 11): every route of the workspace and LSP families × every role of docs/roles.md, over HTTP.
 * One workspace with one member per role of the table (the creator is the OWNER, the others join through CSP
 * invitations) and a non-member (a user with a workspace, a CSP and an LSP of their own). Per cell:
 * - allowed: the route's exact success status and envelope, and the answer shows the change;
 * - refused: 403 FORBIDDEN in the family's envelope, then a read-back shows nothing changed;
 * - non-member: 404 NOT_FOUND, then the same read-back. In the LSP family the non-member cannot act as this LSP (its
 *   context route is 404 to them), so they act as their own LSP: naming this LSP's records is 404, a list is their own
 *   (empty), and a create has no cell (it would create in their own LSP). Routes that are not workspace-scoped
 *   (create a workspace, list one's own) succeed for everyone.
 * Destructive routes get a fresh target per allowed cell (checked set-up); each refused cell aims at a witness record
 * of its own (so a read-back tells exactly which request changed something; members and agents, which cost a
 * registration, have one witness per route), and cells run concurrently without mixing state. Every token is used at most PER_TOKEN times (the bridge allows 100 requests a minute per credential),
 * so callers draw from token pools.
 */

const doc = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const TABLE = parsePermissionTable(doc('docs/roles.md'));
const LSP_RULES = parseLspRules(doc('docs/roles.md'), TABLE.roles);
const ROLES = TABLE.roles;
const NON_MEMBER = 'non-member';
const PHONE = '+254722000000';

// ───────────────────────────── callers and token pools ─────────────────────────────

const PER_TOKEN = 80;

/** Hands out tokens, each at most PER_TOKEN times; `make` is called (one at a time) when a new one is needed. */
function pool(make: () => Promise<string>): () => Promise<string> {
  let current: Promise<{ token: string; uses: number }> | undefined;
  return async () => {
    for (;;) {
      const p = (current ??= make().then((token) => ({ token, uses: 0 })));
      const slot = await p;
      if (slot.uses < PER_TOKEN) {
        slot.uses++;
        return slot.token;
      }
      if (current === p) current = undefined;
    }
  };
}

/** The user's access token, then new ones from rotating the refresh token (same session). */
function userTokens(user: TestUser): () => Promise<string> {
  let refreshToken = user.refreshToken;
  let first = true;
  return pool(async () => {
    if (first) {
      first = false;
      return user.accessToken;
    }
    const res = await api('POST', '/v1/auth/refresh', { body: { refreshToken } });
    if (res.status !== 200) throw new Error(`set-up: refresh failed: ${res.status} ${JSON.stringify(res.body)}`);
    refreshToken = res.body.refreshToken;
    return res.body.accessToken;
  });
}

interface Actor {
  who: string;
  userId: string;
  /** A call with the actor's user token. */
  asUser(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  /** A call with a provider-context token of the actor for the test's CSP (the non-member: their own CSP). */
  asCsp(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  /** A call with a provider-context token of the actor for the test's LSP (the non-member: their own LSP). */
  asLsp(method: string, path: string, body?: unknown): Promise<ApiResponse>;
}

/** A set-up step's answer: the status must be `status`; returns the body. */
async function must(res: Promise<ApiResponse> | ApiResponse, status: number, what: string): Promise<any> {
  const r = await res;
  if (r.status !== status) throw new Error(`set-up: ${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body).slice(0, 400)}`);
  return r.body;
}

/**
 * A new user, registered one at a time: each registration hashes a password (argon2, CPU- and memory-hard), and a
 * burst of them on a small machine starves the users subgraph (credential checks then answer 503).
 */
let registrations: Promise<unknown> = Promise.resolve();
function register(name: string): Promise<TestUser> {
  const next = registrations.then(() => newUser({ name }));
  registrations = next.catch(() => undefined);
  return next;
}

/** A value made once, on first use (a set-up failure fails every cell that needs it). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= make());
}

/**
 * A user with a workspace of their own (they are its OWNER), a CSP and an LSP in it; `who` names them in the tests.
 * Every call goes through the user's token pool.
 */
async function ownerOfNewWorkspace(who: string, user: TestUser) {
  const userToken = userTokens(user);
  const asUser = async (method: string, path: string, body?: unknown) => callA(method, path, await userToken(), body);
  const name = uniqueName(`WS of ${who}`);
  const ws = await must(asUser('POST', '/v1/workspace', { name }), 201, `create the workspace of ${who}`);
  const wid: string = ws.data.workspace.id;
  const [csp, lsp] = await Promise.all([
    must(asUser('POST', `/v1/${wid}/csp/setup`, providerBody({ type: 'VENDOR' })), 201, 'set up a CSP'),
    must(asUser('POST', `/v1/${wid}/lsp/setup`, providerBody({ type: 'CARRIER' })), 201, 'set up an LSP'),
  ]);
  return { wid, name, csp: csp.data.code as string, lsp: lsp.data.code as string, actor: actor(who, user, userToken, wid, csp.data.code, lsp.data.code) };
}

/** A body given as text is sent as JSON all the same. */
const jsonType = (body: unknown) => (typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {});

/** A body no route accepts: truncated JSON (docs/contract.md "Order of checks"). */
const MALFORMED = '{"name": ';

/** The same caller, whose every request carries MALFORMED as its JSON body instead of the one given. */
function malformed(a: Actor): Actor {
  return {
    ...a,
    asUser: (method, path) => a.asUser(method, path, MALFORMED),
    asCsp: (method, path) => a.asCsp(method, path, MALFORMED),
    asLsp: (method, path) => a.asLsp(method, path, MALFORMED),
  };
}

function actor(who: string, user: TestUser, userToken: () => Promise<string>, wid: string, csp: string, lsp: string): Actor {
  const cspToken = pool(async () => contextToken(await userToken(), wid, 'csp', csp));
  const lspToken = pool(async () => contextToken(await userToken(), wid, 'lsp', lsp));
  return {
    who,
    userId: user.id,
    asUser: async (method, path, body) => callA(method, path, await userToken(), body, jsonType(body)),
    asCsp: async (method, path, body) => callA(method, path, await cspToken(), body, jsonType(body)),
    asLsp: async (method, path, body) => callA(method, path, await lspToken(), body, jsonType(body)),
  };
}

interface Fixture {
  wid: string;
  wsName: string;
  /** Codes of the test's CSP and LSP. */
  csp: string;
  lsp: string;
  owner: Actor;
  /** One actor per role of the table, and the non-member. */
  actors: Map<string, Actor>;
}

let fx: Fixture;
/**
 * The database, read only where no route shows the side effect: a refused invitation (no route lists invitations).
 * One client: the embedded database serves one session.
 */
let db: pg.Client;

/** How many rows of `table` (a workspace-family or LSP-family table) carry `name` (test names are unique). */
async function rowsNamed(table: 'workspace.invitation' | 'lsp.agent_invitation', name: string): Promise<number> {
  const res = await db.query(`select count(*)::int as n from ${table} where name = $1`, [name]);
  return res.rows[0].n;
}

afterAll(async () => {
  await db?.end();
});

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  const [main, stranger] = await Promise.all([
    register('Matrix owner').then((u) => ownerOfNewWorkspace('OWNER', u)),
    // the non-member: a workspace, a CSP and an LSP of their own
    register('Matrix non-member').then((u) => ownerOfNewWorkspace(NON_MEMBER, u)),
  ]);
  const ownerCsp = await must(main.actor.asUser('GET', `/v1/${main.wid}/csp/${main.csp}/context`), 200, 'CSP context');
  // every other role of the table joins through a CSP invitation
  const joined = await Promise.all(
    ROLES.filter((r) => r !== 'OWNER').map(async (role) => {
      const user = await register(uniqueName(role));
      const inv = await invite(ownerCsp.data.token, role.toLowerCase(), { name: uniqueName(role) });
      const { member } = await accept(user, inv.token);
      expect(member.role).toBe(role);
      return actor(role, user, userTokens(user), main.wid, main.csp, main.lsp);
    }),
  );
  fx = {
    wid: main.wid,
    wsName: main.name,
    csp: main.csp,
    lsp: main.lsp,
    owner: main.actor,
    actors: new Map([main.actor, ...joined, stranger.actor].map((a) => [a.who, a])),
  };
});

// ───────────────────────────── envelopes ─────────────────────────────

function expectSuccess(res: ApiResponse, route: Success) {
  expect(res.status, JSON.stringify(res.body)).toBe(route.status);
  expect(res.body.error, JSON.stringify(res.body)).toBe(false);
  if (route.result) {
    expect(res.body.status).toBe(route.result);
    expect(res.body.trace).toMatch(UUID_RE);
  } else {
    expect(res.body.status).toBe('SUCCESS');
    expect(res.body).toHaveProperty('data');
  }
}

/**
 * `{error:true, status, message}` and nothing else; in a result family (`result` set: connectors, coverage) plus
 * `trace` (docs/contract.md "Envelopes").
 */
function expectRefusal(res: ApiResponse, family: { result?: string }, code: 'FORBIDDEN' | 'NOT_FOUND') {
  expect(res.status, JSON.stringify(res.body)).toBe(code === 'FORBIDDEN' ? 403 : 404);
  expect(res.body.error, JSON.stringify(res.body)).toBe(true);
  expect(res.body.status).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  if (family.result) {
    expect(res.body.trace).toMatch(UUID_RE);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'status', 'trace']);
  } else {
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'status']);
  }
}

/** Which envelope a refusal comes in (see expectRefusal). */
const GENERIC = {};
const CONNECTORS = { result: 'CONNECTOR::…' };
const COVERAGE = { result: 'COVERAGE::…' };

// ───────────────────────────── probes ─────────────────────────────

interface Cell {
  actor: Actor;
  /** The table grants the route to this caller. */
  allowed: boolean;
  /** The caller is not a member of the test's workspace. */
  stranger: boolean;
}

interface Outcome {
  res: ApiResponse;
  /** Allowed: what the answer (and a read-back) must show beyond the envelope. */
  success?: (res: ApiResponse) => void | Promise<void>;
  /** Refused: a read-back showing that nothing changed. */
  unchanged?: () => Promise<void>;
}

interface Probe {
  run(cell: Cell): Promise<Outcome>;
  /**
   * What a non-member gets: `NOT_FOUND` (default), `success` (the route is not workspace-scoped, or lists the caller's
   * own LSP's records) or `none` (no cell: the route acts in the caller's own context and names nothing of the test's).
   */
  nonMember?: 'NOT_FOUND' | 'success' | 'none';
}

const O = () => fx.owner;
/** A name a caller writes; readable in failures. */
const by = (who: string, what: string) => `${what} by ${who}`;
/** An upper-case identifier of the caller (LSP grades and types). */
const ident = (who: string) => who.toUpperCase().replace(/[^A-Z0-9]/g, '_');

// ── workspace family ──

const WS = () => `/v1/workspace/${fx.wid}`;

/** A new member of the test's workspace with `role`, invited by the owner. */
async function freshMember(role: string) {
  const user = await register(uniqueName(role));
  const inv = await must(O().asCsp('POST', `/v1/csp/invitation/${role.toLowerCase()}`, { phone: PHONE, name: uniqueName(role) }), 201, `invite a ${role}`);
  await must(callA('POST', '/v1/csp/invitation/accept', user.accessToken, { token: inv.data.token }), 200, `accept as ${role}`);
  return user;
}

const memberRoles = async () => {
  const list = await must(O().asUser('GET', `${WS()}/members?limit=100`), 200, 'list members');
  return new Map<string, string>(list.data.map((m: any) => [m.userId, m.role]));
};

/** A workspace in which `a` holds its role: the owner's own new one, or one the owner creates and invites `a` into. */
async function freshWorkspaceWith(a: Actor): Promise<string> {
  const creator = a.who === 'OWNER' ? a : O();
  const ws = await must(creator.asUser('POST', '/v1/workspace', { name: uniqueName('Doomed WS') }), 201, 'create a workspace');
  const wid = ws.data.workspace.id;
  if (a.who !== 'OWNER') {
    const csp = await must(O().asUser('POST', `/v1/${wid}/csp/setup`, providerBody({ type: 'VENDOR' })), 201, 'set up a CSP');
    const ctx = await must(O().asUser('GET', `/v1/${wid}/csp/${csp.data.code}/context`), 200, 'CSP context');
    const inv = await must(callA('POST', `/v1/csp/invitation/${a.who.toLowerCase()}`, ctx.data.token, { phone: PHONE, name: uniqueName(a.who) }), 201, 'invite');
    await must(a.asUser('POST', '/v1/csp/invitation/accept', { token: inv.data.token }), 200, 'accept');
  }
  return wid;
}

/**
 * Witnesses of the refused member cells, one per route (a member costs a registration, so the refused cells of a
 * route share theirs: the read-back then fails for all of them when one refused request changed it).
 */
const roleWitness = once(() => freshMember('COORDINATOR'));
const removalWitness = once(() => freshMember('COORDINATOR'));

const apiKey = async () => (await must(O().asUser('POST', `${WS()}/api-keys`, { name: uniqueName('Key') }), 201, 'create an API key')).data.apiKey;
const readKey = once(apiKey);

// webhook endpoints (docs/events.md "Webhooks")

const HOOKS = () => `${WS()}/webhooks`;

/**
 * Where the test's webhook endpoints point: a local receiver answering 200 to everything, so a delivery settles
 * (DELIVERED) at once and a read-back tells whether a refused replay started it again.
 */
let hookReceiver: WebhookReceiver | undefined;
const hookUrl = once(async () => {
  hookReceiver = await startReceiver();
  return `${hookReceiver.url}/hooks`;
});
afterAll(async () => {
  await hookReceiver?.close();
});

/**
 * A new endpoint, made by the owner. By default it listens for order.rated, which the matrix's workspace never emits:
 * its only deliveries are the ones a cell makes (provider.* where a cell replays the set-up's events).
 */
const newHook = async (types: string[] = ['order.rated']) =>
  (await must(O().asUser('POST', HOOKS(), { url: await hookUrl(), types, description: uniqueName('Hook') }), 201, 'create a webhook endpoint')).data.endpoint;
const readHook = once(() => newHook());
const hookNow = async (id: string) => (await must(O().asUser('GET', `${HOOKS()}/${id}`), 200, 'read a webhook endpoint')).data;
const unchangedHook = (e: any) => async () => expect(await hookNow(e.id)).toEqual(e);

/** Every page of `path` (a list of the generic envelope), read by the owner. */
async function allPages(path: string, what: string): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const res = await must(O().asUser('GET', `${path}${path.includes('?') ? '&' : '?'}limit=100&page=${page}`), 200, what);
    items.push(...res.data);
    if (!res.pagination.hasNext) return items;
  }
}
const hookDeliveries = (id: string) => allPages(`${HOOKS()}/${id}/deliveries`, 'list deliveries');

/** A new endpoint with one test delivery, DELIVERED (settled: only a replay changes it again). */
async function deliveredHook() {
  const endpoint = await newHook();
  const sent = await must(O().asUser('POST', `${HOOKS()}/${endpoint.id}/test`), 202, 'send a test event');
  const delivery = await until(
    async () => (await hookDeliveries(endpoint.id)).find((d) => d.id === sent.data.id),
    (d) => d?.status === 'DELIVERED',
  );
  if (delivery?.status !== 'DELIVERED') throw new Error(`set-up: the test event was not delivered: ${JSON.stringify(delivery)}`);
  return { endpoint, delivery };
}
const readDeliveries = once(deliveredHook);

/** The provider.created event of the matrix's LSP (set up before any cell): a replay since its time sends it again. */
const lspCreated = once(async () => {
  const feed = await must(O().asUser('GET', `${WS()}/events?types=provider.created`), 200, 'read the event feed');
  const event = feed.data.find((e: any) => e.data.code === fx.lsp);
  if (!event) throw new Error('set-up: no provider.created event of the matrix LSP in the feed');
  return event;
});

const workspaceProbes: Record<string, Probe> = {
  'POST /v1/workspace': {
    nonMember: 'success',
    run: async ({ actor: a }) => {
      const name = uniqueName(`WS of ${a.who}`);
      return {
        res: await a.asUser('POST', '/v1/workspace', { name }),
        success: (res) => {
          expect(res.body.data.workspace.name).toBe(name);
          expect(res.body.data.role).toBe('OWNER');
        },
      };
    },
  },
  'GET /v1/workspace': {
    nonMember: 'success',
    run: async ({ actor: a, stranger }) => ({
      res: await a.asUser('GET', '/v1/workspace?limit=100'),
      success: (res) => {
        const mine = res.body.data.filter((m: any) => m.workspace.id === fx.wid);
        // a member sees the workspace with their own role; the non-member does not see it
        expect(mine.map((m: any) => m.role)).toEqual(stranger ? [] : [a.who]);
      },
    }),
  },
  'GET /v1/workspace/:wid': {
    run: async ({ actor: a }) => ({
      res: await a.asUser('GET', WS()),
      success: (res) => expect(res.body.data).toMatchObject({ workspace: { id: fx.wid, name: fx.wsName }, role: a.who }),
    }),
  },
  'PATCH /v1/workspace/:wid': {
    // allowed callers describe the workspace; refused callers try to rename it (so the name tells)
    run: async ({ actor: a, allowed }) => {
      if (allowed) {
        const description = by(a.who, 'described');
        return {
          res: await a.asUser('PATCH', WS(), { description }),
          success: (res) => expect(res.body.data).toMatchObject({ workspace: { id: fx.wid, name: fx.wsName, description }, role: a.who }),
        };
      }
      return {
        res: await a.asUser('PATCH', WS(), { name: by(a.who, 'renamed') }),
        // (the workspace is shared: this checks that this caller's rename did not land, whatever another cell did)
        unchanged: async () => {
          const read = await O().asUser('GET', WS());
          expect(read.status).toBe(200);
          expect(read.body.data.workspace.name).not.toBe(by(a.who, 'renamed'));
        },
      };
    },
  },
  'DELETE /v1/workspace/:wid': {
    run: async ({ actor: a, allowed }) => {
      if (allowed) {
        const wid = await freshWorkspaceWith(a);
        return {
          res: await a.asUser('DELETE', `/v1/workspace/${wid}`),
          success: async (res) => {
            expect(res.body.data).toEqual({ deleted: true });
            expectRefusal(await O().asUser('GET', `/v1/workspace/${wid}`), GENERIC, 'NOT_FOUND');
          },
        };
      }
      return {
        res: await a.asUser('DELETE', WS()),
        unchanged: async () => expect((await must(O().asUser('GET', WS()), 200, 'read the workspace')).data.workspace.id).toBe(fx.wid),
      };
    },
  },
  'GET /v1/workspace/:wid/members': {
    run: async ({ actor: a }) => ({
      res: await a.asUser('GET', `${WS()}/members?limit=100`),
      success: (res) => {
        const roles = new Map(res.body.data.map((m: any) => [m.userId, m.role]));
        for (const member of fx.actors.values()) if (member.who !== NON_MEMBER) expect(roles.get(member.userId), member.who).toBe(member.who);
      },
    }),
  },
  'PATCH /v1/workspace/:wid/members/:userId': {
    run: async ({ actor: a, allowed }) => {
      if (allowed) {
        const target = await freshMember('COORDINATOR');
        return {
          res: await a.asUser('PATCH', `${WS()}/members/${target.id}`, { role: 'SUPERVISOR' }),
          success: async (res) => {
            expect(res.body.data).toMatchObject({ userId: target.id, role: 'SUPERVISOR' });
            expect((await memberRoles()).get(target.id)).toBe('SUPERVISOR');
          },
        };
      }
      const witness = await roleWitness();
      return {
        res: await a.asUser('PATCH', `${WS()}/members/${witness.id}`, { role: 'ADMIN' }),
        unchanged: async () => expect((await memberRoles()).get(witness.id)).toBe('COORDINATOR'),
      };
    },
  },
  'DELETE /v1/workspace/:wid/members/:userId': {
    run: async ({ actor: a, allowed }) => {
      if (allowed) {
        const target = await freshMember('COORDINATOR');
        return {
          res: await a.asUser('DELETE', `${WS()}/members/${target.id}`),
          success: async (res) => {
            expect(res.body.data).toEqual({ removed: true });
            // the removed user no longer sees the workspace
            expectRefusal(await callA('GET', WS(), target.accessToken), GENERIC, 'NOT_FOUND');
          },
        };
      }
      const witness = await removalWitness();
      return {
        res: await a.asUser('DELETE', `${WS()}/members/${witness.id}`),
        unchanged: async () => expect((await memberRoles()).get(witness.id)).toBe('COORDINATOR'),
      };
    },
  },
  'POST /v1/workspace/:wid/api-keys': {
    run: async ({ actor: a }) => {
      const name = uniqueName(`key of ${a.who}`);
      return {
        res: await a.asUser('POST', `${WS()}/api-keys`, { name }),
        success: (res) => {
          expect(res.body.data.key).toMatch(/^lpk_/);
          expect(res.body.data.apiKey).toMatchObject({ name, revokedAt: null });
        },
        unchanged: async () => {
          const list = await O().asUser('GET', `${WS()}/api-keys?limit=100`);
          expect(list.status).toBe(200);
          expect(list.body.data.map((k: any) => k.name)).not.toContain(name);
        },
      };
    },
  },
  'GET /v1/workspace/:wid/api-keys': {
    run: async ({ actor: a }) => {
      const key = await readKey();
      return {
        res: await a.asUser('GET', `${WS()}/api-keys?limit=100`),
        success: (res) => expect(res.body.data.find((k: any) => k.id === key.id)).toMatchObject({ id: key.id, name: key.name, prefix: key.prefix }),
      };
    },
  },
  'DELETE /v1/workspace/:wid/api-keys/:id': {
    run: async ({ actor: a }) => {
      const key = await apiKey();
      return {
        res: await a.asUser('DELETE', `${WS()}/api-keys/${key.id}`),
        success: (res) => {
          expect(res.body.data.id).toBe(key.id);
          expect(typeof res.body.data.revokedAt).toBe('string');
        },
        unchanged: async () => {
          const list = await must(O().asUser('GET', `${WS()}/api-keys?limit=100`), 200, 'list API keys');
          expect(list.data.find((k: any) => k.id === key.id)).toMatchObject({ id: key.id, revokedAt: null });
        },
      };
    },
  },
  'GET /v1/workspace/:wid/events': {
    run: async ({ actor: a }) => ({
      // the matrix's workspace has providers: their provider.created events are in its feed
      res: await a.asUser('GET', `${WS()}/events?types=provider.*`),
      success: (res) => {
        expect(res.body.data.length).toBeGreaterThan(0);
        expect(res.body.data.every((e: any) => e.type.startsWith('provider.'))).toBe(true);
        expect(typeof res.body.pagination.next).toBe('string');
      },
    }),
  },
  'POST /v1/workspace/:wid/webhooks': {
    run: async ({ actor: a }) => {
      const url = await hookUrl();
      const description = uniqueName(`hook of ${a.who}`);
      return {
        res: await a.asUser('POST', HOOKS(), { url, types: ['order.rated'], description }),
        success: async (res) => {
          expect(res.body.data.secret).toMatch(/^whsec_/);
          expect(res.body.data.endpoint).toMatchObject({ url, types: ['order.rated'], description, status: 'ENABLED', createdBy: a.userId });
          expect(await hookNow(res.body.data.endpoint.id)).toEqual(res.body.data.endpoint);
        },
        unchanged: async () => expect((await allPages(HOOKS(), 'list webhook endpoints')).map((e) => e.description)).not.toContain(description),
      };
    },
  },
  'GET /v1/workspace/:wid/webhooks': {
    run: async ({ actor: a }) => {
      const e = await readHook();
      return {
        res: await a.asUser('GET', `${HOOKS()}?limit=100`),
        success: (res) => {
          expect(res.body.data.find((x: any) => x.id === e.id)).toEqual(e);
          expect(res.body.pagination.total).toBeGreaterThanOrEqual(1);
        },
      };
    },
  },
  'GET /v1/workspace/:wid/webhooks/:id': {
    run: async ({ actor: a }) => {
      const e = await readHook();
      return { res: await a.asUser('GET', `${HOOKS()}/${e.id}`), success: (res) => expect(res.body.data).toEqual(e) };
    },
  },
  'PATCH /v1/workspace/:wid/webhooks/:id': {
    run: async ({ actor: a }) => {
      const e = await newHook();
      const description = by(a.who, 'described');
      return {
        res: await a.asUser('PATCH', `${HOOKS()}/${e.id}`, { types: ['order.*'], description }),
        success: async (res) => {
          expect(res.body.data).toMatchObject({ id: e.id, url: e.url, types: ['order.*'], description });
          expect(await hookNow(e.id)).toMatchObject({ id: e.id, types: ['order.*'], description });
        },
        unchanged: unchangedHook(e),
      };
    },
  },
  'DELETE /v1/workspace/:wid/webhooks/:id': {
    run: async ({ actor: a }) => {
      const e = await newHook();
      return {
        res: await a.asUser('DELETE', `${HOOKS()}/${e.id}`),
        success: async (res) => {
          expect(res.body.data.id).toBe(e.id);
          expectRefusal(await O().asUser('GET', `${HOOKS()}/${e.id}`), GENERIC, 'NOT_FOUND');
        },
        unchanged: unchangedHook(e),
      };
    },
  },
  'POST /v1/workspace/:wid/webhooks/:id/disable': {
    run: async ({ actor: a }) => {
      const e = await newHook();
      return {
        res: await a.asUser('POST', `${HOOKS()}/${e.id}/disable`),
        success: async (res) => {
          expect(res.body.data).toMatchObject({ id: e.id, status: 'DISABLED', disabledReason: 'DISABLED_BY_ADMIN' });
          expect(await hookNow(e.id)).toMatchObject({ id: e.id, status: 'DISABLED' });
        },
        // (still ENABLED)
        unchanged: unchangedHook(e),
      };
    },
  },
  'POST /v1/workspace/:wid/webhooks/:id/enable': {
    run: async ({ actor: a }) => {
      const made = await newHook();
      const e = (await must(O().asUser('POST', `${HOOKS()}/${made.id}/disable`), 200, 'disable a webhook endpoint')).data;
      return {
        res: await a.asUser('POST', `${HOOKS()}/${e.id}/enable`),
        success: async (res) => {
          expect(res.body.data).toMatchObject({ id: e.id, status: 'ENABLED', disabledReason: null });
          expect(await hookNow(e.id)).toMatchObject({ id: e.id, status: 'ENABLED' });
        },
        // (still DISABLED)
        unchanged: unchangedHook(e),
      };
    },
  },
  'POST /v1/workspace/:wid/webhooks/:id/secret/rotate': {
    run: async ({ actor: a }) => {
      const e = await newHook();
      return {
        res: await a.asUser('POST', `${HOOKS()}/${e.id}/secret/rotate`),
        success: async (res) => {
          expect(res.body.data.secret).toMatch(/^whsec_/);
          expect(res.body.data.endpoint.id).toBe(e.id);
          expect(Date.parse(res.body.data.endpoint.secretRotatedAt)).toBeGreaterThan(Date.parse(e.secretRotatedAt));
          expect((await hookNow(e.id)).secretRotatedAt).toBe(res.body.data.endpoint.secretRotatedAt);
        },
        // (the same secretRotatedAt)
        unchanged: unchangedHook(e),
      };
    },
  },
  'POST /v1/workspace/:wid/webhooks/:id/test': {
    run: async ({ actor: a }) => {
      const e = await newHook();
      return {
        res: await a.asUser('POST', `${HOOKS()}/${e.id}/test`),
        success: async (res) => {
          expect(res.body.data).toMatchObject({ endpointId: e.id, eventType: 'webhook.test' });
          expect((await hookDeliveries(e.id)).map((d) => d.id)).toEqual([res.body.data.id]);
        },
        unchanged: async () => expect(await hookDeliveries(e.id)).toEqual([]),
      };
    },
  },
  'GET /v1/workspace/:wid/webhooks/:id/deliveries': {
    run: async ({ actor: a }) => {
      const { endpoint, delivery } = await readDeliveries();
      return {
        res: await a.asUser('GET', `${HOOKS()}/${endpoint.id}/deliveries?limit=100`),
        success: (res) => {
          expect(res.body.data).toEqual([delivery]);
          expect(res.body.pagination.total).toBe(1);
        },
      };
    },
  },
  'POST /v1/workspace/:wid/webhooks/:id/deliveries/:deliveryId/replay': {
    run: async ({ actor: a }) => {
      const { endpoint, delivery } = await deliveredHook();
      const now = async () => (await hookDeliveries(endpoint.id)).find((d) => d.id === delivery.id);
      return {
        res: await a.asUser('POST', `${HOOKS()}/${endpoint.id}/deliveries/${delivery.id}/replay`),
        success: async (res) => {
          expect(res.body.data).toMatchObject({ id: delivery.id, endpointId: endpoint.id, eventType: 'webhook.test' });
          // sent again: a second attempt, delivered
          const after = await until(now, (d) => d?.attempts === 2 && d.status === 'DELIVERED');
          expect(after).toMatchObject({ id: delivery.id, attempts: 2, status: 'DELIVERED' });
        },
        // (delivered once, not sent again)
        unchanged: async () => expect(await now()).toEqual(delivery),
      };
    },
  },
  'POST /v1/workspace/:wid/webhooks/:id/replay': {
    run: async ({ actor: a }) => {
      const event = await lspCreated();
      const e = await newHook(['provider.*']);
      // the LSP's creation is older than the endpoint: only a replay sends it
      const sentAgain = async () => (await hookDeliveries(e.id)).filter((d) => d.eventId === event.id);
      return {
        res: await a.asUser('POST', `${HOOKS()}/${e.id}/replay`, { since: event.createdAt }),
        success: async (res) => {
          expect(res.body.data.replayed).toBeGreaterThanOrEqual(1);
          expect((await sentAgain()).map((d) => d.eventType)).toEqual(['provider.created']);
        },
        unchanged: async () => expect(await sentAgain()).toEqual([]),
      };
    },
  },
};

// ── providers, per kind ──

const setupOf = (kind: string) => async () => (await must(O().asUser('POST', `/v1/${fx.wid}/${kind}/setup`, providerBody({ type: 'CARRIER' })), 201, `set up a ${kind}`)).data;

for (const kind of PROVIDER_KINDS) {
  const K = kind.toUpperCase();
  const base = () => `/v1/${fx.wid}/${kind}`;
  const read = once(setupOf(kind));
  const patchTarget = once(setupOf(kind));
  const snapshotOf = async (code: string) => (await must(O().asUser('GET', `${base()}/${code}`), 200, `read ${code}`)).data;
  const unchangedFrom = (p: any) => async () => expect(await snapshotOf(p.code)).toEqual(p);

  Object.assign(workspaceProbes, {
    [`POST /v1/:wid/${kind}/setup`]: {
      run: async ({ actor: a }: Cell) => {
        const name = uniqueName(`${K} of ${a.who}`);
        return {
          res: await a.asUser('POST', `${base()}/setup`, providerBody({ type: 'CARRIER', name })),
          success: (res: ApiResponse) => {
            expect(res.body.data.name).toBe(name);
            expect(res.body.data.code).toMatch(new RegExp(`^${K}-`));
          },
          unchanged: async () => {
            const list = await O().asUser('GET', `/v1/${fx.wid}/${kind}s?limit=100`);
            expect(list.status).toBe(200);
            expect(list.body.data.map((p: any) => p.name)).not.toContain(name);
          },
        };
      },
    },
    [`GET /v1/:wid/${kind}s`]: {
      run: async ({ actor: a }: Cell) => {
        const p = await read();
        return {
          res: await a.asUser('GET', `/v1/${fx.wid}/${kind}s?limit=100`),
          success: (res: ApiResponse) => expect(res.body.data.find((x: any) => x.code === p.code)).toEqual(p),
        };
      },
    },
    [`GET /v1/:wid/${kind}/:xcode`]: {
      run: async ({ actor: a }: Cell) => {
        const p = await read();
        return { res: await a.asUser('GET', `${base()}/${p.code}`), success: (res: ApiResponse) => expect(res.body.data).toEqual(p) };
      },
    },
    [`GET /v1/:wid/${kind}/:xcode/context`]: {
      run: async ({ actor: a }: Cell) => {
        const p = await read();
        return {
          res: await a.asUser('GET', `${base()}/${p.code}/context`),
          success: (res: ApiResponse) => {
            expect(res.body.data).toMatchObject({ workspaceId: fx.wid, role: a.who, workspace: { type: K, icode: p.code } });
            expect(typeof res.body.data.token).toBe('string');
          },
        };
      },
    },
    [`PATCH /v1/:wid/${kind}/:xcode`]: {
      run: async ({ actor: a, allowed }: Cell) => {
        const p = allowed ? await patchTarget() : await setupOf(kind)();
        const description = by(a.who, 'described');
        return {
          res: await a.asUser('PATCH', `${base()}/${p.code}`, { description }),
          success: (res: ApiResponse) => expect(res.body.data).toMatchObject({ code: p.code, description }),
          unchanged: unchangedFrom(p),
        };
      },
    },
    [`DELETE /v1/:wid/${kind}/:xcode`]: {
      run: async ({ actor: a }: Cell) => {
        const p = await setupOf(kind)();
        return {
          res: await a.asUser('DELETE', `${base()}/${p.code}`),
          success: async (res: ApiResponse) => {
            expect(res.body.data).toEqual({ deleted: true });
            expectRefusal(await O().asUser('GET', `${base()}/${p.code}`), GENERIC, 'NOT_FOUND');
          },
          unchanged: unchangedFrom(p),
        };
      },
    },
  } satisfies Record<string, Probe>);
}

// ── connectors (of the test's LSP) ──

const CONN = () => `/v1/${fx.wid}/lsp/${fx.lsp}/connectors`;
const newConnector = async () => (await must(O().asUser('POST', CONN(), connectorBody()), 201, 'create a connector')).connector;
const readConnector = once(newConnector);
const connectorNow = async (id: string) => (await must(O().asUser('GET', `${CONN()}/${id}`), 200, 'read a connector')).connector;

/** A connector change: allowed cells change a shared target (each its own value), refused cells a witness. */
function connectorChange(path: string, method: string, body: (who: string) => unknown, shows: (connector: any, who: string, res: ApiResponse, before: any) => void): Probe {
  const target = once(newConnector);
  return {
    run: async ({ actor: a, allowed }) => {
      const c = allowed ? await target() : await newConnector();
      return {
        res: await a.asUser(method, `${CONN()}/${c.id}${path}`, body(a.who)),
        success: (res) => shows(res.body.connector, a.who, res, c),
        unchanged: async () => expect(await connectorNow(c.id)).toEqual(c),
      };
    },
  };
}

Object.assign(workspaceProbes, {
  'POST /v1/:wid/:ctype/:xcode/connectors': {
    run: async ({ actor: a }) => {
      const name = uniqueName(`connector of ${a.who}`);
      return {
        res: await a.asUser('POST', CONN(), connectorBody({ name })),
        success: (res) => {
          expect(res.body.connectorId).toMatch(UUID_RE);
          expect(res.body.secret).toMatch(/^lcs_/);
          expect(res.body.connector).toMatchObject({ id: res.body.connectorId, name, providerCode: fx.lsp });
        },
        unchanged: async () => {
          const list = await O().asUser('GET', `${CONN()}?limit=100`);
          expect(list.status).toBe(200);
          expect(list.body.connectors.map((c: any) => c.name)).not.toContain(name);
        },
      };
    },
  },
  'GET /v1/:wid/:ctype/:xcode/connectors': {
    run: async ({ actor: a }) => {
      const c = await readConnector();
      return { res: await a.asUser('GET', `${CONN()}?limit=100`), success: (res) => expect(res.body.connectors.find((x: any) => x.id === c.id)).toEqual(c) };
    },
  },
  'GET /v1/:wid/:ctype/:xcode/connectors/:id': {
    run: async ({ actor: a }) => {
      const c = await readConnector();
      return { res: await a.asUser('GET', `${CONN()}/${c.id}`), success: (res) => expect(res.body.connector).toEqual(c) };
    },
  },
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id': connectorChange(
    '',
    'PATCH',
    (who) => ({ name: by(who, 'renamed') }),
    (c, who) => expect(c.name).toBe(by(who, 'renamed')),
  ),
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/:action': connectorChange(
    '/disable',
    'PATCH',
    () => undefined,
    (c) => expect(c.status).toBe('DISABLED'),
  ),
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/access': connectorChange(
    '/access',
    'PATCH',
    (who) => ({ origins: [`https://${who.toLowerCase()}.example`] }),
    (c, who) => expect(c.origins).toEqual([`https://${who.toLowerCase()}.example`]),
  ),
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/secret/rotate': connectorChange(
    '/secret/rotate',
    'PATCH',
    () => undefined,
    (_c, _who, res, before) => {
      expect(res.body.connectorId).toBe(before.id);
      expect(res.body.secret).toMatch(/^lcs_/);
    },
  ),
  'PUT /v1/:wid/:ctype/:xcode/connectors/:id/config': connectorChange(
    '/config',
    'PUT',
    () => ({ protocol: 'http2', version: 'v2', scope: ['orders:write'], auth: 'internal' }),
    (c) => expect(c.config).toEqual({ protocol: 'http2', version: 'v2', scope: ['orders:write'], auth: 'internal' }),
  ),
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/config': connectorChange(
    '/config',
    'PATCH',
    () => ({ version: 'v9' }),
    (c) => expect(c.config.version).toBe('v9'),
  ),
  'DELETE /v1/:wid/:ctype/:xcode/connectors/:id': {
    run: async ({ actor: a }) => {
      const c = await newConnector();
      return {
        res: await a.asUser('DELETE', `${CONN()}/${c.id}`),
        success: async (res) => {
          expect(res.body.deleted).toBe(true);
          expectRefusal(await O().asUser('GET', `${CONN()}/${c.id}`), CONNECTORS, 'NOT_FOUND');
        },
        unchanged: async () => expect(await connectorNow(c.id)).toEqual(c),
      };
    },
  },
} satisfies Record<string, Probe>);

// ── CSP invitations ──

const ownerInvitation = async () => (await must(O().asCsp('POST', '/v1/csp/invitation/coordinator', { phone: PHONE, name: uniqueName('Invitee') }), 201, 'invite')).data.invitation;

Object.assign(workspaceProbes, {
  'POST /v1/csp/invitation/:as': {
    // the invitation goes into the CSP context's own workspace: a non-member has no way to name the test's
    nonMember: 'none',
    run: async ({ actor: a }) => {
      const name = uniqueName(`invited by ${a.who}`);
      return {
        res: await a.asCsp('POST', '/v1/csp/invitation/coordinator', { phone: PHONE, name }),
        success: async (res) => {
          expect(res.body.data.token).toMatch(/^inv_/);
          expect(res.body.data.invitation).toMatchObject({ name, providerCode: fx.csp, status: 'PENDING', operator: { role: 'COORDINATOR' } });
          expect(await rowsNamed('workspace.invitation', name)).toBe(1);
        },
        unchanged: async () => expect(await rowsNamed('workspace.invitation', name)).toBe(0),
      };
    },
  },
  'DELETE /v1/csp/invitation': {
    run: async ({ actor: a }) => {
      const inv = await ownerInvitation();
      return {
        res: await a.asCsp('DELETE', '/v1/csp/invitation', { invitationId: inv.id }),
        success: (res) => expect(res.body.data).toMatchObject({ id: inv.id, status: 'CANCELLED' }),
        // still pending: the owner can cancel it now (a cancelled one would be 409)
        unchanged: async () => {
          const res = await must(O().asCsp('DELETE', '/v1/csp/invitation', { invitationId: inv.id }), 200, 'cancel as the owner');
          expect(res.data).toMatchObject({ id: inv.id, status: 'CANCELLED' });
        },
      };
    },
  },
} satisfies Record<string, Probe>);

// ───────────────────────────── LSP family ─────────────────────────────

const ownLsp = async (method: string, path: string, body: unknown, status: number, what: string) => must(O().asLsp(method, path, body), status, what);

const ADDRESS = { name: 'Mombasa terminal', street1: 'Moi Avenue 1', city: 'Mombasa', state: 'Mombasa', country: 'KE', coordinates: [-4.0435, 39.6682] };
const areaBody = (o: Record<string, unknown> = {}) => ({
  name: uniqueName('Area'),
  code: uniqueCode('AREA'),
  reach: 'LOCAL',
  serviceLevel: 'STANDARD',
  transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 4 } } },
  country: 'KE',
  city: 'Nairobi',
  ...o,
});
const routeBody = (o: Record<string, unknown> = {}) => ({
  name: uniqueName('Route'),
  code: uniqueCode('ROUTE'),
  reach: 'NATIONAL',
  serviceLevel: 'EXPRESS',
  transit: { mode: 'GROUND', time: { min: { hour: 8 }, max: { hour: 12 } } },
  origin: { type: 'HUB', address: { city: 'Nairobi' } },
  destination: { type: 'TERMINAL', address: ADDRESS },
  ...o,
});

const COV = '/v1/lsp/coverage';
const mk = {
  area: async () => (await ownLsp('POST', `${COV}/areas/last_mile`, areaBody(), 201, 'create an area')).area,
  linkedArea: async () => {
    const a = await mk.area();
    return (await ownLsp('PUT', `${COV}/areas/${a.id}/link`, { type: 'ANY', address: { city: 'Thika' } }, 200, 'link an area')).area;
  },
  route: async () => (await ownLsp('POST', `${COV}/routes/line_haul`, routeBody(), 201, 'create a route')).route,
  pointedRoute: async () => {
    const r = await mk.route();
    return (await ownLsp('PUT', `${COV}/routes/${r.id}/transit-point`, { type: 'BARRIER', address: { city: 'Voi' } }, 200, 'add a transit point')).route;
  },
  fleet: async () => (await ownLsp('POST', '/v1/lsp/fleets/create', facilityBody(), 201, 'create a fleet')).data,
  vehicle: async (fleetId: string) => (await ownLsp('POST', `/v1/lsp/fleets/${fleetId}/vehicles/add`, vehicleBody(), 201, 'add a vehicle')).data,
  allocated: async (fleetId: string, areaId: string) => {
    const v = await mk.vehicle(fleetId);
    return (await ownLsp('PUT', `/v1/lsp/fleets/${fleetId}/vehicles/${v.id}/allocate`, { type: 'AREA', id: areaId }, 200, 'allocate')).data;
  },
  parking: async () => (await ownLsp('POST', '/v1/lsp/fleet/parking/facilities', parkingBody(), 201, 'create a parking facility')).data,
  site: async (kind: 'warehouses' | 'hubs') => (await ownLsp('POST', `/v1/lsp/${kind}/create`, facilityBody({ type: kind === 'hubs' ? 'DISTRIBUTION' : 'FULFILLMENT' }), 201, `create a ${kind}`)).data,
  pricedSite: async (kind: 'warehouses' | 'hubs') => {
    const s = await mk.site(kind);
    return (await ownLsp('PUT', `/v1/lsp/${kind}/${s.id}/pricing/add`, { rule: ruleBody() }, 200, 'add a pricing rule')).data;
  },
  agent: async () => {
    const user = await register(uniqueName('Agent'));
    const inv = await ownLsp('POST', '/v1/lsp/agents/invitations', { name: uniqueName('Agent'), phone: '+254722000111' }, 201, 'invite an agent');
    return (await must(callA('POST', '/v1/lsp/agents/invitations/accept', user.accessToken, { token: inv.data.token }), 201, 'accept as an agent')).data;
  },
};

/** The record at `path` as the owner sees it now (`key`: where the answer puts it). */
const lspNow = async (path: string, key = 'data') => (await ownLsp('GET', path, undefined, 200, `read ${path}`))[key];
const unchangedAt =
  (path: string, before: unknown, key = 'data') =>
  async () =>
    expect(await lspNow(path, key)).toEqual(before);

const sharedFleet = once(mk.fleet);
const sharedArea = once(mk.area);
const sharedRoute = once(mk.route);

/**
 * A route acting on one record. Allowed cells get `target()` (a fresh record for destructive or order-sensitive
 * routes, a shared one for scalar changes); each refused cell (and the non-member's) a witness of its own (agents,
 * which cost a registration, one per route), whose read-back must equal it as it was made.
 */
function onRecord<T extends { id: string }>(opts: {
  target: () => Promise<T>;
  witness: () => Promise<T>;
  /** The request for a record. */
  request: (rec: T, who: string) => { method: string; path: string; body?: unknown };
  /** Where the record is read back, and under which key of the answer. */
  readAt: (rec: T) => string;
  key?: string;
  /** The witness as the read-back shows it (when `witness()` does not return that shape). */
  snapshot?: (rec: T) => Promise<unknown>;
  shows: (res: ApiResponse, rec: T, who: string) => void | Promise<void>;
}): Probe {
  return {
    run: async ({ actor: a, allowed }) => {
      const rec = allowed ? await opts.target() : await opts.witness();
      const before = allowed ? undefined : opts.snapshot ? await opts.snapshot(rec) : rec;
      const { method, path, body } = opts.request(rec, a.who);
      return {
        res: await a.asLsp(method, path, body),
        success: (res) => opts.shows(res, rec, a.who),
        unchanged: unchangedAt(opts.readAt(rec), before, opts.key),
      };
    },
  };
}

/** A read of one record: every reader sees it as the owner made it. */
function readRecord<T extends { id: string }>(make: () => Promise<T>, path: (rec: T) => string, key = 'data'): Probe {
  const rec = once(make);
  return {
    run: async ({ actor: a }) => {
      const r = await rec();
      return { res: await a.asLsp('GET', path(r)), success: (res) => expect(res.body[key]).toEqual(r) };
    },
  };
}

/** A list: members see the shared record in it; the non-member (as their own, empty LSP) an empty list. */
function readList(path: string, key: string, make: () => Promise<{ id: string }>): Probe {
  return {
    nonMember: 'success',
    run: async ({ actor: a, stranger }) => {
      const r = await make();
      return {
        res: await a.asLsp('GET', `${path}${path.includes('?') ? '&' : '?'}limit=100`),
        success: (res) => {
          if (stranger) expect(res.body[key]).toEqual([]);
          else expect(res.body[key].map((x: any) => x.id)).toContain(r.id);
        },
      };
    },
  };
}

/**
 * A create (no record named: a non-member would create in their own LSP, so no non-member cell). Allowed cells see
 * their record under `one`; after a refusal the list (`many`) holds no record of that name.
 */
function create(path: string, body: (name: string) => unknown, list: { path: string; many: string; one: string }, shows: (rec: any, name: string) => void): Probe {
  return {
    nonMember: 'none',
    run: async ({ actor: a }) => {
      const name = uniqueName(`made by ${a.who}`);
      return {
        res: await a.asLsp('POST', path, body(name)),
        success: (res) => shows(res.body[list.one], name),
        unchanged: async () => {
          const res = await O().asLsp('GET', `${list.path}?limit=100`);
          expect(res.status).toBe(200);
          expect(res.body[list.many].map((x: any) => x.name)).not.toContain(name);
        },
      };
    },
  };
}

/**
 * A delete: a fresh record per allowed cell; afterwards reading it is 404 (in the family's envelope `gone`), or, with
 * `gone` null, the record stays and `shows` says how.
 */
function remove<T extends { id: string }>(
  make: () => Promise<T>,
  path: (rec: T) => string,
  gone: { result?: string } | null,
  shows: (res: ApiResponse, rec: T) => Promise<void> | void,
  key = 'data',
  witness: () => Promise<T> = make,
): Probe {
  return onRecord({
    target: make,
    witness,
    key,
    request: (rec) => ({ method: 'DELETE', path: path(rec) }),
    readAt: path,
    shows: async (res, rec) => {
      await shows(res, rec);
      if (gone) expectRefusal(await O().asLsp('GET', path(rec)), gone, 'NOT_FOUND');
    },
  });
}

const lspRecord = (rec: any) => expect(rec.workspace).toEqual({ type: 'LSP', icode: fx.lsp });

const V = (fleetId: string, vid: string) => `/v1/lsp/fleets/${fleetId}/vehicles/${vid}`;
const vehicleIn = async (fleet: () => Promise<{ id: string }>) => mk.vehicle((await fleet()).id);
/** The fleet of the refused cells' witness vehicles. */
const witnessFleet = once(mk.fleet);
const allocationArea = once(mk.area);

const lspProbes: Record<string, Probe> = {
  // ── coverage ──
  'POST /v1/lsp/coverage/areas/:type': create(
    `${COV}/areas/last_mile`,
    (name) => areaBody({ name }),
    { path: `${COV}/areas`, many: 'areas', one: 'area' },
    (area, name) => {
      expect(area).toMatchObject({ name, transitType: 'LAST_MILE', status: 'INACTIVE' });
      lspRecord(area);
    },
  ),
  'GET /v1/lsp/coverage/areas/:id': readRecord(mk.area, (a) => `${COV}/areas/${a.id}`, 'area'),
  'GET /v1/lsp/coverage/areas': readList(`${COV}/areas`, 'areas', sharedArea),
  'PATCH /v1/lsp/coverage/areas/:id/:type': onRecord({
    target: sharedArea,
    witness: mk.area,
    key: 'area',
    request: (a, who) => ({ method: 'PATCH', path: `${COV}/areas/${a.id}/door_to_door`, body: { name: by(who, 'area') } }),
    readAt: (a) => `${COV}/areas/${a.id}`,
    shows: (res, a, who) => expect(res.body.area).toMatchObject({ id: a.id, name: by(who, 'area'), transitType: 'DOOR_TO_DOOR' }),
  }),
  'PUT /v1/lsp/coverage/areas/:id/link': onRecord({
    target: mk.area,
    witness: mk.area,
    key: 'area',
    request: (a, who) => ({ method: 'PUT', path: `${COV}/areas/${a.id}/link`, body: { type: 'ANY', address: { city: `City of ${who}` } } }),
    readAt: (a) => `${COV}/areas/${a.id}`,
    shows: (res, a, who) => {
      expect(res.body.area.id).toBe(a.id);
      expect(res.body.area.linkedTo.map((l: any) => [l.type, l.address?.city])).toEqual([['ANY', `City of ${who}`]]);
    },
  }),
  'PATCH /v1/lsp/coverage/areas/:id/unlink': onRecord({
    target: mk.linkedArea,
    witness: mk.linkedArea,
    key: 'area',
    request: (a) => ({ method: 'PATCH', path: `${COV}/areas/${a.id}/unlink`, body: { index: 0 } }),
    readAt: (a) => `${COV}/areas/${a.id}`,
    shows: (res, a) => expect(res.body.area).toMatchObject({ id: a.id, linkedTo: [] }),
  }),
  'DELETE /v1/lsp/coverage/areas/:id': remove(
    mk.area,
    (a) => `${COV}/areas/${a.id}`,
    COVERAGE,
    (res, a) => {
      expect(res.body.deleted).toBe(true);
      expect(res.body.area.id).toBe(a.id);
    },
    'area',
  ),
  'POST /v1/lsp/coverage/routes/:type': create(
    `${COV}/routes/line_haul`,
    (name) => routeBody({ name }),
    { path: `${COV}/routes`, many: 'routes', one: 'route' },
    (route, name) => {
      expect(route).toMatchObject({ name, transitType: 'LINE_HAUL', status: 'INACTIVE' });
      lspRecord(route);
    },
  ),
  'GET /v1/lsp/coverage/routes/:id': readRecord(mk.route, (r) => `${COV}/routes/${r.id}`, 'route'),
  'GET /v1/lsp/coverage/routes': readList(`${COV}/routes`, 'routes', sharedRoute),
  'PATCH /v1/lsp/coverage/routes/:id/:type': onRecord({
    target: sharedRoute,
    witness: mk.route,
    key: 'route',
    request: (r, who) => ({ method: 'PATCH', path: `${COV}/routes/${r.id}/hub_to_hub`, body: { name: by(who, 'route') } }),
    readAt: (r) => `${COV}/routes/${r.id}`,
    shows: (res, r, who) => expect(res.body.route).toMatchObject({ id: r.id, name: by(who, 'route'), transitType: 'HUB_TO_HUB' }),
  }),
  'PUT /v1/lsp/coverage/routes/:id/transit-point': onRecord({
    target: mk.route,
    witness: mk.route,
    key: 'route',
    request: (r, who) => ({ method: 'PUT', path: `${COV}/routes/${r.id}/transit-point`, body: { type: 'BARRIER', address: { city: `Stop of ${who}` } } }),
    readAt: (r) => `${COV}/routes/${r.id}`,
    shows: (res, r, who) => {
      expect(res.body.route.id).toBe(r.id);
      expect(res.body.route.transitPoints.map((p: any) => [p.type, p.address?.city])).toEqual([['BARRIER', `Stop of ${who}`]]);
    },
  }),
  'PATCH /v1/lsp/coverage/routes/:id/transit-point': onRecord({
    target: mk.pointedRoute,
    witness: mk.pointedRoute,
    key: 'route',
    request: (r) => ({ method: 'PATCH', path: `${COV}/routes/${r.id}/transit-point`, body: { index: 0 } }),
    readAt: (r) => `${COV}/routes/${r.id}`,
    shows: (res, r) => expect(res.body.route).toMatchObject({ id: r.id, transitPoints: [] }),
  }),
  'DELETE /v1/lsp/coverage/routes/:id': remove(
    mk.route,
    (r) => `${COV}/routes/${r.id}`,
    COVERAGE,
    (res, r) => {
      expect(res.body.deleted).toBe(true);
      expect(res.body.route.id).toBe(r.id);
    },
    'route',
  ),
  'GET /v1/lsp/coverage': {
    nonMember: 'success',
    run: async ({ actor: a, stranger }) => {
      const [area, route] = await Promise.all([sharedArea(), sharedRoute()]);
      return {
        res: await a.asLsp('GET', `${COV}?limit=100`),
        success: (res) => {
          if (stranger) expect(res.body.coverage).toEqual([]);
          else expect(res.body.coverage.map((x: any) => x.id)).toEqual(expect.arrayContaining([area.id, route.id]));
        },
      };
    },
  },

  // ── fleets and vehicles ──
  'POST /v1/lsp/fleets/create': create(
    '/v1/lsp/fleets/create',
    (name) => facilityBody({ name }),
    { path: '/v1/lsp/fleets', many: 'data', one: 'data' },
    (fleet, name) => {
      expect(fleet).toMatchObject({ name, vehicleCount: 0 });
      lspRecord(fleet);
    },
  ),
  'GET /v1/lsp/fleets/:id': readRecord(mk.fleet, (f) => `/v1/lsp/fleets/${f.id}`),
  'GET /v1/lsp/fleets': readList('/v1/lsp/fleets', 'data', sharedFleet),
  'PATCH /v1/lsp/fleets/:id': onRecord({
    target: sharedFleet,
    witness: mk.fleet,
    request: (f, who) => ({ method: 'PATCH', path: `/v1/lsp/fleets/${f.id}`, body: { name: by(who, 'fleet') } }),
    readAt: (f) => `/v1/lsp/fleets/${f.id}`,
    shows: (res, f, who) => expect(res.body.data).toMatchObject({ id: f.id, name: by(who, 'fleet') }),
  }),
  'DELETE /v1/lsp/fleets/:id': remove(
    mk.fleet,
    (f) => `/v1/lsp/fleets/${f.id}`,
    GENERIC,
    (res) => expect(res.body.data).toEqual({ deleted: true }),
  ),
  'POST /v1/lsp/fleets/:id/vehicles/add': {
    nonMember: 'NOT_FOUND',
    run: async ({ actor: a, allowed }) => {
      const fleet = allowed ? await sharedFleet() : await mk.fleet();
      const body = vehicleBody();
      return {
        res: await a.asLsp('POST', `/v1/lsp/fleets/${fleet.id}/vehicles/add`, body),
        success: (res) => {
          expect(res.body.data).toMatchObject({ fleetId: fleet.id, type: body.type, specs: { VIN: body.specs.VIN } });
          lspRecord(res.body.data);
        },
        // the witness fleet still has no vehicle
        unchanged: unchangedAt(`/v1/lsp/fleets/${fleet.id}`, fleet),
      };
    },
  },
  'GET /v1/lsp/fleets/:id/vehicles/:vid': readRecord(
    () => vehicleIn(sharedFleet),
    (v: any) => V(v.fleetId, v.id),
  ),
  'GET /v1/lsp/fleets/:id/vehicles': {
    run: async ({ actor: a }) => {
      const v = await readVehicle();
      return {
        res: await a.asLsp('GET', `/v1/lsp/fleets/${v.fleetId}/vehicles?limit=100`),
        success: (res) => expect(res.body.data.find((x: any) => x.id === v.id)).toEqual(v),
      };
    },
  },
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid': onRecord({
    target: once(() => vehicleIn(sharedFleet)),
    witness: () => vehicleIn(witnessFleet),
    request: (v: any, who) => ({ method: 'PATCH', path: V(v.fleetId, v.id), body: { grade: ident(who) } }),
    readAt: (v: any) => V(v.fleetId, v.id),
    shows: (res, v, who) => expect(res.body.data).toMatchObject({ id: v.id, grade: ident(who) }),
  }),
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/specs': onRecord({
    target: once(() => vehicleIn(sharedFleet)),
    witness: () => vehicleIn(witnessFleet),
    request: (v: any, who) => ({ method: 'PATCH', path: `${V(v.fleetId, v.id)}/specs`, body: { color: `Colour of ${who}` } }),
    readAt: (v: any) => V(v.fleetId, v.id),
    shows: (res, v: any, who) => expect(res.body.data).toMatchObject({ id: v.id, specs: { ...v.specs, color: `Colour of ${who}` } }),
  }),
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/iot': onRecord({
    target: once(() => vehicleIn(sharedFleet)),
    witness: () => vehicleIn(witnessFleet),
    request: (v: any, who) => ({ method: 'PATCH', path: `${V(v.fleetId, v.id)}/iot`, body: { deviceId: `dev-${ident(who)}`, topic: `fleet/${ident(who)}/gps` } }),
    readAt: (v: any) => V(v.fleetId, v.id),
    shows: (res, v, who) => expect(res.body.data).toMatchObject({ id: v.id, iot: { deviceId: `dev-${ident(who)}`, topic: `fleet/${ident(who)}/gps` } }),
  }),
  'PUT /v1/lsp/fleets/:id/vehicles/:vid/allocate': {
    run: async (cell) => {
      const area = await allocationArea();
      return onRecord({
        target: () => vehicleIn(sharedFleet),
        witness: () => vehicleIn(witnessFleet),
        request: (v: any) => ({ method: 'PUT', path: `${V(v.fleetId, v.id)}/allocate`, body: { type: 'AREA', id: area.id } }),
        readAt: (v: any) => V(v.fleetId, v.id),
        shows: (res, v) => expect(res.body.data).toMatchObject({ id: v.id, allocation: { type: 'AREA', id: area.id } }),
      }).run(cell);
    },
  },
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/deallocate': onRecord({
    target: async () => mk.allocated((await sharedFleet()).id, (await allocationArea()).id),
    witness: async () => mk.allocated((await witnessFleet()).id, (await allocationArea()).id),
    request: (v: any) => ({ method: 'PATCH', path: `${V(v.fleetId, v.id)}/deallocate` }),
    readAt: (v: any) => V(v.fleetId, v.id),
    shows: (res, v) => expect(res.body.data).toMatchObject({ id: v.id, allocation: null }),
  }),
  'DELETE /v1/lsp/fleets/:id/vehicles/:vid': remove(
    () => vehicleIn(sharedFleet),
    (v: any) => V(v.fleetId, v.id),
    GENERIC,
    (res) => expect(res.body.data).toEqual({ deleted: true }),
  ),

  // ── parking ──
  'POST /v1/lsp/fleet/parking/facilities': create(
    '/v1/lsp/fleet/parking/facilities',
    (name) => parkingBody({ name }),
    { path: '/v1/lsp/fleet/parking/facilities', many: 'data', one: 'data' },
    (p, name) => {
      expect(p).toMatchObject({ name, status: 'OPERATIONAL' });
      lspRecord(p);
    },
  ),
  'GET /v1/lsp/fleet/parking/facilities/:id': readRecord(mk.parking, (p) => `/v1/lsp/fleet/parking/facilities/${p.id}`),
  'GET /v1/lsp/fleet/parking/facilities': readList('/v1/lsp/fleet/parking/facilities', 'data', once(mk.parking)),
  // DELETE decommissions: the record stays, DECOMMISSIONED (docs/lsp.md)
  'DELETE /v1/lsp/fleet/parking/facilities/:id': remove(
    mk.parking,
    (p) => `/v1/lsp/fleet/parking/facilities/${p.id}`,
    null,
    async (res, p) => {
      expect(res.body.data).toMatchObject({ id: p.id, status: 'DECOMMISSIONED' });
      expect(await lspNow(`/v1/lsp/fleet/parking/facilities/${p.id}`)).toMatchObject({ id: p.id, status: 'DECOMMISSIONED' });
    },
  ),

  // ── agents ──
  'POST /v1/lsp/agents/invitations': {
    nonMember: 'none',
    run: async ({ actor: a }) => {
      const name = uniqueName(`agent invited by ${a.who}`);
      return {
        res: await a.asLsp('POST', '/v1/lsp/agents/invitations', { name, phone: '+254722000111' }),
        success: async (res) => {
          expect(res.body.data.token).toMatch(/^agt_/);
          expect(res.body.data.invitation).toMatchObject({ name, status: 'PENDING' });
          expect(await rowsNamed('lsp.agent_invitation', name)).toBe(1);
        },
        unchanged: async () => expect(await rowsNamed('lsp.agent_invitation', name)).toBe(0),
      };
    },
  },
  'GET /v1/lsp/agents': readList('/v1/lsp/agents', 'data', once(mk.agent)),
  'GET /v1/lsp/agents/:id': readRecord(mk.agent, (a) => `/v1/lsp/agents/${a.id}`),
  'PATCH /v1/lsp/agents/:id': onRecord({
    target: once(mk.agent),
    witness: once(mk.agent), // (agents cost a registration: one witness per route)
    request: (ag, who) => ({ method: 'PATCH', path: `/v1/lsp/agents/${ag.id}`, body: { bio: by(who, 'bio') } }),
    readAt: (ag) => `/v1/lsp/agents/${ag.id}`,
    shows: (res, ag, who) => expect(res.body.data).toMatchObject({ id: ag.id, bio: by(who, 'bio') }),
  }),
  'PUT /v1/lsp/agents/:id/vehicle/assign': onRecord({
    // allowed: the shared agent and a fresh vehicle each; refused: a witness agent (read verbose: its vehicles)
    target: async () => ({ ...(await assignAgent()), vid: (await vehicleIn(sharedFleet)).id }),
    witness: once(async () => ({ ...(await mk.agent()), vid: (await vehicleIn(witnessFleet)).id })),
    request: (ag, who) => ({ method: 'PUT', path: `/v1/lsp/agents/${ag.id}/vehicle/assign`, body: { vid: ag.vid, terms: [`terms of ${who}`], isOwner: false } }),
    readAt: (ag) => `/v1/lsp/agents/${ag.id}?verbose=1`,
    snapshot: (ag) => lspNow(`/v1/lsp/agents/${ag.id}?verbose=1`),
    shows: (res, ag, who) => expect(res.body.data).toMatchObject({ vid: ag.vid, terms: [`terms of ${who}`], isOwner: false }),
  }),
  'PATCH /v1/lsp/agents/:id/vehicle/unassign': onRecord({
    target: async () => assigned(await unassignAgent(), sharedFleet),
    witness: once(async () => assigned(await mk.agent(), witnessFleet)),
    request: (ag) => ({ method: 'PATCH', path: `/v1/lsp/agents/${ag.id}/vehicle/unassign`, body: { vid: ag.vid } }),
    readAt: (ag) => `/v1/lsp/agents/${ag.id}?verbose=1`,
    snapshot: (ag) => lspNow(`/v1/lsp/agents/${ag.id}?verbose=1`),
    shows: async (res, ag) => {
      expect(res.body.data.id).toBe(ag.id);
      const after = await lspNow(`/v1/lsp/agents/${ag.id}?verbose=1`);
      expect(after.vehicles.map((x: any) => x.vid)).not.toContain(ag.vid);
    },
  }),
  'DELETE /v1/lsp/agents/:id': remove(
    mk.agent,
    (ag) => `/v1/lsp/agents/${ag.id}`,
    GENERIC,
    (res) => expect(res.body.data).toEqual({ deleted: true }),
    'data',
    once(mk.agent),
  ),
};

const readVehicle = once(() => vehicleIn(sharedFleet));
const assignAgent = once(mk.agent);
const unassignAgent = once(mk.agent);
/** `agent` with a fresh vehicle of `fleet` assigned to it (by the owner). */
async function assigned(agent: { id: string }, fleet: () => Promise<{ id: string }>) {
  const v = await vehicleIn(fleet);
  await ownLsp('PUT', `/v1/lsp/agents/${agent.id}/vehicle/assign`, { vid: v.id, terms: ['set-up'], isOwner: false }, 200, 'assign a vehicle');
  return { ...agent, vid: v.id as string };
}

// ── warehouses and hubs ──

for (const kind of ['warehouses', 'hubs'] as const) {
  const base = `/v1/lsp/${kind}`;
  const make = () => mk.site(kind);
  const shared = once(make);
  Object.assign(lspProbes, {
    [`POST ${base}/create`]: create(
      `${base}/create`,
      (name) => facilityBody({ name, type: kind === 'hubs' ? 'DISTRIBUTION' : 'FULFILLMENT' }),
      { path: base, many: 'data', one: 'data' },
      (s, name) => {
        expect(s).toMatchObject({ name, pricing: [] });
        lspRecord(s);
      },
    ),
    [`GET ${base}/:id`]: readRecord(make, (s) => `${base}/${s.id}`),
    [`GET ${base}`]: readList(base, 'data', shared),
    [`PATCH ${base}/:id`]: onRecord({
      target: shared,
      witness: make,
      request: (s, who) => ({ method: 'PATCH', path: `${base}/${s.id}`, body: { name: by(who, kind) } }),
      readAt: (s) => `${base}/${s.id}`,
      shows: (res, s, who) => expect(res.body.data).toMatchObject({ id: s.id, name: by(who, kind) }),
    }),
    [`DELETE ${base}/:id`]: remove(
      make,
      (s) => `${base}/${s.id}`,
      GENERIC,
      (res) => expect(res.body.data).toEqual({ deleted: true }),
    ),
    // one route, two actions: a caller gets a fresh site with one rule; allowed, it adds a rule and removes the
    // first; refused, both are refused and the site is as it was
    [`PUT ${base}/:id/pricing/:action`]: {
      run: async ({ actor: a, allowed, stranger }: Cell) => {
        const site = await mk.pricedSite(kind);
        const [first] = site.pricing;
        const rule = ruleBody({ name: by(a.who, 'rule') });
        const added = await a.asLsp('PUT', `${base}/${site.id}/pricing/add`, { rule });
        if (!allowed) {
          return {
            res: added,
            unchanged: async () => {
              // removing is refused alike
              const removed = await a.asLsp('PUT', `${base}/${site.id}/pricing/remove`, { ruleId: first.id });
              expectRefusal(removed, GENERIC, stranger ? 'NOT_FOUND' : 'FORBIDDEN');
              await unchangedAt(`${base}/${site.id}`, site)();
            },
          };
        }
        if (added.status !== 200) return { res: added };
        return {
          res: await a.asLsp('PUT', `${base}/${site.id}/pricing/remove`, { ruleId: first.id }),
          success: (res: ApiResponse) => {
            expect(added.body.data.pricing.map((r: any) => r.name)).toEqual([first.name, rule.name]);
            expect(res.body.data.pricing.map((r: any) => r.name)).toEqual([rule.name]);
          },
        };
      },
    },
  } satisfies Record<string, Probe>);
}

// ───────────────────────────── the matrix covers every served route ─────────────────────────────

const tsvRows = readFileSync(join(process.cwd(), 'docs', 'spec', 'routes.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t'))
  .map(([group, , method, path]) => ({ group: group, method: method, path: path }));

describe('the role matrix: documents and routes', () => {
  it('docs/roles.md parses: role columns (OWNER, the creator, first), a row per permission', () => {
    // (test/roles.test.ts pins the exact roles and checks the table against subgraphs/workspace/common/permissions.ts)
    expect(ROLES[0]).toBe('OWNER');
    expect(ROLES.length).toBeGreaterThan(1);
    for (const r of ROLES) expect(r).toMatch(/^[A-Z]+$/);
    expect(TABLE.grants.size).toBeGreaterThanOrEqual(10);
    for (const p of TABLE.grants.keys()) expect(p).toMatch(/^[a-z]+\.[a-z]+$/);
  });

  it('docs/roles.md\'s LSP sentence and docs/lsp.md\'s "Who may do what" table say the same', () => {
    const fromLspMd = parseLspDocTable(doc('docs/lsp.md'));
    const sorted = (r: Record<LspAction, Set<string>>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, [...v].sort()]));
    expect(sorted(fromLspMd)).toEqual(sorted(LSP_RULES));
  });

  it("every workspace-family route needs a permission of the table (or says why none), and every permission is some route's", () => {
    for (const r of WORKSPACE_ROUTES) {
      if (r.permission === null) expect(r.why, routeKey(r)).toMatch(/\w/);
      else expect([...TABLE.grants.keys()], routeKey(r)).toContain(r.permission);
    }
    expect([...new Set(WORKSPACE_ROUTES.map((r) => r.permission).filter(Boolean))].sort()).toEqual([...TABLE.grants.keys()].sort());
    for (const r of LSP_ROUTES) if (r.action === null) expect(r.why, routeKey(r)).toMatch(/\w/);
  });

  it("the matrix lists each served route of the two families exactly once, and nothing else (the bridge's OpenAPI document)", async () => {
    const openapi = await (await fetch(`${bridgeUrl()}/openapi.json`)).json();
    const served = Object.entries(openapi.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: p.replace(/\{(\w+)\}/g, ':$1') })),
    );
    // (parameter names aside: the document gives two templates of one shape the first one's names, docs/contract.md "OpenAPI")
    const key = (rs: { method: string; path: string }[]) => rs.map((r) => routeKey({ method: r.method, path: r.path.replace(/:\w+/g, ':') })).sort();
    const matrixWs = key(WORKSPACE_ROUTES);
    const matrixLsp = key(LSP_ROUTES);
    expect(new Set(matrixWs).size).toBe(matrixWs.length);
    expect(new Set(matrixLsp).size).toBe(matrixLsp.length);
    expect(matrixWs).toEqual(key(served.filter((r) => WORKSPACE_FAMILY(r.path))));
    expect(matrixLsp).toEqual(key(served.filter((r) => LSP_FAMILY(r.path))));
  });

  it('every route of routes.tsv in these families (groups 2, 3, 5–8, the CSP invitations of 9) is in the matrix', () => {
    const inFamilies = tsvRows.filter((r) => WORKSPACE_FAMILY(r.path) || LSP_FAMILY(r.path));
    expect([...new Set(inFamilies.map((r) => r.group))].sort()).toEqual(['2', '3', '5', '6', '7', '8', '9']);
    const matrix = new Set([...WORKSPACE_ROUTES, ...LSP_ROUTES].map(routeKey));
    expect(inFamilies.map(routeKey).filter((k) => !matrix.has(k))).toEqual([]);
  });

  it('the routes that take a body are known here (each refused role also sends a malformed one)', () => {
    const withBody = [...WORKSPACE_ROUTES, ...LSP_ROUTES].filter(takesBody);
    expect(withBody.length).toBeGreaterThan(40);
    expect(withBody.map(routeKey)).toContain('PATCH /v1/workspace/:wid');
  });

  it("every route has a probe here, and every probe a route (but the invitees' accept routes, exercised by the set-up)", () => {
    const probed = [...WORKSPACE_ROUTES, ...LSP_ROUTES]
      .filter((r) => r.credential !== 'invitee')
      .map(routeKey)
      .sort();
    expect(Object.keys({ ...workspaceProbes, ...lspProbes }).sort()).toEqual(probed);
  });
});

// ───────────────────────────── the cells ─────────────────────────────

const WHO = [...ROLES, NON_MEMBER];

function cellTests(route: Success & { method: string; path: string }, probe: Probe, allowedFor: (who: string) => boolean) {
  for (const who of WHO) {
    const stranger = who === NON_MEMBER;
    const mode = stranger ? (probe.nonMember ?? 'NOT_FOUND') : allowedFor(who) ? 'success' : 'FORBIDDEN';
    if (mode === 'none') continue;
    const expected = mode === 'success' ? String(route.status) : mode === 'FORBIDDEN' ? '403' : '404';
    it.concurrent(`${route.method} ${route.path} — ${who} → ${expected}`, async () => {
      const out = await probe.run({ actor: fx.actors.get(who)!, allowed: mode === 'success', stranger });
      if (mode === 'success') {
        expectSuccess(out.res, route);
        await out.success?.(out.res);
      } else {
        expectRefusal(out.res, route, mode);
        await out.unchanged?.();
      }
    });
    // the order of checks (docs/contract.md): permission before the request's form, so a role without the permission
    // learns nothing of the body either: the same request with a malformed body is the same 403
    if (mode === 'FORBIDDEN' && takesBody(route)) {
      it.concurrent(`${route.method} ${route.path} — ${who} with a malformed body → 403`, async () => {
        const out = await probe.run({ actor: malformed(fx.actors.get(who)!), allowed: false, stranger });
        expectRefusal(out.res, route, 'FORBIDDEN');
        await out.unchanged?.();
      });
    }
  }
}

/** Whether the bridge reads a body on the route (its method and path, whatever the parameters are named). */
const shape = (method: string, path: string) => `${method} ${path.replace(/:\w+/g, ':')}`;
const BODY_ROUTES = new Set(bridgeRoutes.filter((r) => r.bodyVariable || r.bodyFields).map((r) => shape(r.method, r.path)));
const takesBody = (route: { method: string; path: string }) => BODY_ROUTES.has(shape(route.method, route.path));

describe('workspace family: every route × every role', () => {
  for (const route of WORKSPACE_ROUTES) {
    const probe = workspaceProbes[routeKey(route)];
    if (!probe) continue; // a route without a probe fails "every route has a probe here"
    const grants = route.permission === null ? null : TABLE.grants.get(route.permission);
    cellTests(route, probe, (who) => (grants === null ? true : (grants?.has(who) ?? false)));
  }
});

describe('LSP family (context token): every route × every role', () => {
  for (const route of LSP_ROUTES) {
    const probe = lspProbes[routeKey(route)];
    const action = route.action;
    if (!probe || action === null) continue; // (only the invitee's accept route has no action, and no probe)
    cellTests(route, probe, (who) => LSP_RULES[action].has(who));
  }
});
