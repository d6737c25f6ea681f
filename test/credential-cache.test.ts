import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { CredentialCache } from '../kernel/credential-cache.js';
import { REVOCATION_TOPIC, RevocationListener, RevocationSubscriber, revoke } from '../kernel/revocations.js';
import { loadConfig } from '../kernel/config.js';
import { signAccessToken, signConnectorToken } from '../kernel/tokens.js';
import { createCredentialResolver, type CredentialResolver } from '../gateway/credentials.js';
import { localOwners, ownerUnavailable, type CredentialOwners } from '../gateway/credential-owners.js';

/**
 * The credential cache, the revocation listener and the resolver that uses them, in this process (against the test
 * platform's database): what is cached, what never is, how revocations and database outages are handled.
 */
const databaseUrl = inject('databaseUrl');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms`);
    await sleep(10);
  }
  return Date.now() - started;
}

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
});

/** Appends a revocation the way `revoke()` does, committed at once. */
async function revokeInDb(tags: string[]) {
  await db.query('insert into events.log (topic, key, payload) values ($1, $2, $3)', [REVOCATION_TOPIC, tags.join(' '), JSON.stringify({ tags })]);
  await db.query("select pg_notify('credential_revoked', '')");
}

describe('CredentialCache', () => {
  it('serves what it stored until the TTL, counts hits and misses', () => {
    let now = 1_000;
    const cache = new CredentialCache<string>({ ttlMs: 60_000, now: () => now });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', 'yes', { tags: ['user:1'], epoch: cache.epoch })).toBe(true);
    expect(cache.get('a')).toBe('yes');
    now += 59_999;
    expect(cache.get('a')).toBe('yes');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, stores: 1, expired: 1, size: 0 });
  });

  it('an answer that expires sooner than the TTL lives until then; one already expired is not stored', () => {
    let now = 1_000;
    const cache = new CredentialCache<string>({ ttlMs: 60_000, now: () => now });
    cache.set('k', 'v', { tags: [], epoch: cache.epoch, expiresAt: now + 5_000 });
    now += 4_999;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.set('old', 'v', { tags: [], epoch: cache.epoch, expiresAt: new Date(now - 1).toISOString() })).toBe(false);
    expect(cache.get('old')).toBeUndefined();
  });

  it('is bounded: the least recently used entry goes first', () => {
    const cache = new CredentialCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', 1, { tags: ['t:a'], epoch: cache.epoch });
    cache.set('b', 2, { tags: ['t:b'], epoch: cache.epoch });
    cache.get('a');
    cache.set('c', 3, { tags: ['t:c'], epoch: cache.epoch });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.stats()).toMatchObject({ size: 2, evicted: 1 });
    expect(cache.invalidate(['t:b'])).toBe(0); // the evicted entry left the tag index too
  });

  it('invalidates by tag; an answer obtained across an invalidation is not stored', () => {
    const cache = new CredentialCache<string>({ ttlMs: 60_000 });
    cache.set('session', 's', { tags: ['user:1'], epoch: cache.epoch });
    cache.set('context', 'c', { tags: ['user:1', 'workspace:9'], epoch: cache.epoch });
    cache.set('key', 'k', { tags: ['workspace:9'], epoch: cache.epoch });
    cache.set('other', 'o', { tags: ['workspace:8'], epoch: cache.epoch });
    const before = cache.epoch;
    expect(cache.invalidate(['workspace:9'])).toBe(2);
    expect(cache.get('session')).toBe('s');
    expect(cache.get('context')).toBeUndefined();
    expect(cache.get('key')).toBeUndefined();
    expect(cache.get('other')).toBe('o');
    // an owner asked before the invalidation may have answered with what it revoked
    expect(cache.set('key', 'stale', { tags: ['workspace:9'], epoch: before })).toBe(false);
    expect(cache.get('key')).toBeUndefined();
    expect(cache.stats().staleStoresRefused).toBe(1);
  });

  it('with a TTL of 0 stores nothing', () => {
    const cache = new CredentialCache<string>({ ttlMs: 0 });
    expect(cache.set('a', 'v', { tags: [], epoch: cache.epoch })).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });
});

// ───────────────────────────── resolver ─────────────────────────────

const config = loadConfig({
  JWT_SECRET: 'j'.repeat(48),
  INTERNAL_SECRET: 'i'.repeat(48),
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/unused-credential-cache-test',
});

/** A fake Express request: headers, and optionally a GraphQL body and its response. */
function request(headers: Record<string, string>, body?: unknown, res?: EventEmitter): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { header: (name: string) => lower[name.toLowerCase()], ip: '127.0.0.1', body, res } as unknown as Request;
}

/** Owners that answer from maps and count how often they are asked. */
function fakeOwners() {
  const calls = { userSession: 0, providerContext: 0, apiKey: 0, connectorToken: 0 };
  const sessions = new Map<string, boolean>();
  const keys = new Map<string, { workspaceId: string; expiresAt?: Date }>();
  let down = false;
  const owners: CredentialOwners = {
    async userSession(userId, sessionId) {
      calls.userSession++;
      if (down) throw ownerUnavailable('users');
      return { active: sessions.get(`${userId}:${sessionId}`) === true, expiresAt: new Date(Date.now() + 86_400_000) };
    },
    async providerContext() {
      calls.providerContext++;
      return { active: false };
    },
    async origin() {
      return { active: false, connectors: [] };
    },
    async developer() {
      return { active: false };
    },
    async apiKey(key) {
      calls.apiKey++;
      const k = keys.get(key);
      return k ? { active: true, workspaceId: k.workspaceId, keyId: 'k1', scopes: ['utilities'], expiresAt: k.expiresAt } : { active: false };
    },
    async connectorToken() {
      calls.connectorToken++;
      return { active: true, workspaceId: randomUUID(), providerKind: 'lsp', providerCode: 'LSP-X', scopes: ['orders:read'] };
    },
  };
  return { owners, calls, sessions, keys, setDown: (d: boolean) => (down = d) };
}

async function userToken(userId = randomUUID(), sessionId = randomUUID()) {
  return { userId, sessionId, token: await signAccessToken({ userId, sessionId }, config.jwtSecret, 900) };
}

const status = (err: unknown) => (err as { extensions?: { http?: { status?: number } } }).extensions?.http?.status;

describe('credential resolver with a cache', () => {
  let resolver: CredentialResolver;
  let f: ReturnType<typeof fakeOwners>;
  beforeAll(async () => {
    f = fakeOwners();
    resolver = createCredentialResolver(config, f.owners);
    await resolver.started;
    await waitFor(() => resolver.stats().listener.polls > 0, 5000);
  });
  afterAll(async () => {
    await resolver.close();
  });

  it('asks the owner once for a good credential, then answers from the cache', async () => {
    const u = await userToken();
    f.sessions.set(`${u.userId}:${u.sessionId}`, true);
    const before = { ...f.calls };
    const hitsBefore = resolver.stats().hits;
    for (let i = 0; i < 5; i++) {
      expect(await resolver.resolve(request({ authorization: `Bearer ${u.token}` }))).toMatchObject({ kind: 'user', userId: u.userId });
    }
    expect(f.calls.userSession - before.userSession).toBe(1);
    expect(resolver.stats().hits - hitsBefore).toBe(4);
  });

  it('never caches a "no": a revoked session and an unknown API key are asked about every time', async () => {
    const u = await userToken();
    f.sessions.set(`${u.userId}:${u.sessionId}`, false);
    const before = { ...f.calls };
    for (let i = 0; i < 3; i++) {
      const err = await resolver.resolve(request({ authorization: `Bearer ${u.token}` })).catch((e) => e);
      expect(status(err)).toBe(401);
      expect(err.message).toBe('Session has ended; sign in again');
      const key = await resolver.resolve(request({ authorization: 'Bearer lpk_abcdefgh_notakeyAAAAAAAAAAAAAAAAAAAA' })).catch((e) => e);
      expect(status(key)).toBe(401);
    }
    expect(f.calls.userSession - before.userSession).toBe(3);
    expect(f.calls.apiKey - before.apiKey).toBe(3);
  });

  it('a forged or expired token is 401 without asking anyone, even when its session is cached', async () => {
    const u = await userToken();
    f.sessions.set(`${u.userId}:${u.sessionId}`, true);
    await resolver.resolve(request({ authorization: `Bearer ${u.token}` }));
    const forged = await signAccessToken({ userId: u.userId, sessionId: u.sessionId }, 'f'.repeat(48), 900);
    const expired = await signAccessToken({ userId: u.userId, sessionId: u.sessionId }, config.jwtSecret, -10);
    const before = f.calls.userSession;
    for (const token of [forged, expired, forged, expired]) {
      const err = await resolver.resolve(request({ authorization: `Bearer ${token}` })).catch((e) => e);
      expect(status(err)).toBe(401);
    }
    expect(f.calls.userSession).toBe(before);
  });

  it('an owner that cannot answer is 503, and that is not cached either', async () => {
    const u = await userToken();
    f.sessions.set(`${u.userId}:${u.sessionId}`, true);
    f.setDown(true);
    for (let i = 0; i < 2; i++) {
      const err = await resolver.resolve(request({ authorization: `Bearer ${u.token}` })).catch((e) => e);
      expect(status(err)).toBe(503);
      expect(err.extensions.code).toBe('SERVICE_UNAVAILABLE');
    }
    f.setDown(false);
    expect(await resolver.resolve(request({ authorization: `Bearer ${u.token}` }))).toMatchObject({ kind: 'user' });
  });

  it('an API key answer lives no longer than the key', async () => {
    const key = `lpk_${randomUUID().slice(0, 8)}_${'x'.repeat(30)}`;
    f.keys.set(key, { workspaceId: randomUUID(), expiresAt: new Date(Date.now() + 300) });
    const before = f.calls.apiKey;
    await resolver.resolve(request({ authorization: `Bearer ${key}` }));
    await resolver.resolve(request({ authorization: `Bearer ${key}` }));
    expect(f.calls.apiKey - before).toBe(1);
    await sleep(350);
    await resolver.resolve(request({ authorization: `Bearer ${key}` }));
    expect(f.calls.apiKey - before).toBe(2);
  });

  it('a revocation committed by another process is applied within 1 s', async () => {
    const u = await userToken();
    f.sessions.set(`${u.userId}:${u.sessionId}`, true);
    const other = await userToken();
    f.sessions.set(`${other.userId}:${other.sessionId}`, true);
    for (const t of [u, other, u, other]) await resolver.resolve(request({ authorization: `Bearer ${t.token}` }));
    const before = f.calls.userSession;
    f.sessions.set(`${u.userId}:${u.sessionId}`, false);
    await revokeInDb([`user:${u.userId}`]);
    const ms = await waitFor(async () => {
      const err = await resolver.resolve(request({ authorization: `Bearer ${u.token}` })).catch((e) => e);
      return status(err) === 401;
    }, 3000);
    expect(ms).toBeLessThan(1000);
    // only what carried the tag was dropped
    await resolver.resolve(request({ authorization: `Bearer ${other.token}` }));
    expect(f.calls.userSession - before).toBeGreaterThanOrEqual(1);
    const afterOther = f.calls.userSession;
    await resolver.resolve(request({ authorization: `Bearer ${other.token}` }));
    expect(f.calls.userSession).toBe(afterOther);
  });

  it('after a mutation it routed has answered, the next request sees what it revoked (no stale hit)', async () => {
    const u = await userToken();
    f.sessions.set(`${u.userId}:${u.sessionId}`, true);
    await resolver.resolve(request({ authorization: `Bearer ${u.token}` }));
    await resolver.resolve(request({ authorization: `Bearer ${u.token}` }));
    // a logout goes through this gateway: its revocation commits, then its response is sent
    const res = new EventEmitter();
    await resolver.resolve(request({ authorization: `Bearer ${u.token}` }, { query: 'mutation { logout }' }, res));
    f.sessions.set(`${u.userId}:${u.sessionId}`, false);
    await revokeInDb([`user:${u.userId}`]);
    res.emit('finish');
    const err = await resolver.resolve(request({ authorization: `Bearer ${u.token}` })).catch((e) => e);
    expect(status(err)).toBe(401);
  });

  it('a revocation committed in this process is applied as soon as it commits', async () => {
    const u = await userToken();
    f.sessions.set(`${u.userId}:${u.sessionId}`, true);
    await resolver.resolve(request({ authorization: `Bearer ${u.token}` }));
    f.sessions.set(`${u.userId}:${u.sessionId}`, false);
    // what revoke() does inside a transaction, and what MikroORM tells the subscriber when it commits
    const trx = {};
    const em = { getTransactionContext: () => trx, execute: async () => [] };
    await revoke(em as never, [`user:${u.userId}`]);
    expect(await resolver.resolve(request({ authorization: `Bearer ${u.token}` }))).toMatchObject({ kind: 'user' }); // not committed yet
    new RevocationSubscriber().afterTransactionCommit({ transaction: trx } as never);
    const err = await resolver.resolve(request({ authorization: `Bearer ${u.token}` })).catch((e) => e);
    expect(status(err)).toBe(401);
  });

  it('a rolled back revocation is never delivered', async () => {
    const u = await userToken();
    f.sessions.set(`${u.userId}:${u.sessionId}`, true);
    await resolver.resolve(request({ authorization: `Bearer ${u.token}` }));
    const trx = {};
    await revoke({ getTransactionContext: () => trx, execute: async () => [] } as never, [`user:${u.userId}`]);
    new RevocationSubscriber().afterTransactionRollback({ transaction: trx } as never);
    new RevocationSubscriber().afterTransactionCommit({ transaction: trx } as never);
    const before = f.calls.userSession;
    await resolver.resolve(request({ authorization: `Bearer ${u.token}` }));
    expect(f.calls.userSession).toBe(before);
  });

  it('revoke() outside a transaction is refused', async () => {
    await expect(revoke({ getTransactionContext: () => undefined, execute: async () => [] } as never, ['user:x'])).rejects.toThrow(/inside the transaction/);
  });

  it('connector tokens are cached per token and dropped with their workspace', async () => {
    const wid = randomUUID();
    const token = await signConnectorToken({ connectorId: randomUUID(), workspaceId: wid, tokenId: randomUUID() }, config.jwtSecret, 900);
    const before = f.calls.connectorToken;
    await resolver.resolve(request({ authorization: `Bearer ${token}` }));
    await resolver.resolve(request({ authorization: `Bearer ${token}` }));
    expect(f.calls.connectorToken - before).toBe(1);
  });
});

describe('localOwners', () => {
  it("calls the owners' service functions on a fork of their ORM", async () => {
    const forks: string[] = [];
    const orm = (name: string) => ({ em: { fork: () => (forks.push(name), { findOne: async () => null }) } }) as unknown as MikroORM;
    const owners = localOwners({ users: orm('users'), workspace: orm('workspace') });
    const id = randomUUID();
    expect(await owners.userSession(id, id)).toEqual({ active: false });
    expect(await owners.apiKey(`lpk_abcdefgh_${'x'.repeat(30)}`)).toEqual({ active: false });
    expect(await owners.connectorToken(id, id)).toEqual({ active: false });
    expect(forks).toEqual(['users', 'workspace', 'workspace']);
  });

  it('a database error is the same 503 as an unreachable owner', async () => {
    const broken = {
      em: {
        fork: () => {
          throw new Error('connection refused');
        },
      },
    } as unknown as MikroORM;
    const owners = localOwners({ users: broken, workspace: broken });
    const errors = await Promise.all([
      owners.userSession(randomUUID(), randomUUID()).catch((e) => e),
      owners.apiKey('lpk_x').catch((e) => e),
      owners.providerContext(randomUUID(), randomUUID(), randomUUID()).catch((e) => e),
      owners.connectorToken(randomUUID(), randomUUID()).catch((e) => e),
    ]);
    for (const err of errors) {
      expect(err.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', http: { status: 503 } });
    }
    expect(errors[0].message).toBe('Credential check unavailable (users); retry shortly');
    expect(errors[1].message).toBe('Credential check unavailable (workspace); retry shortly');
  });
});

// ───────────────────────────── listener and outages ─────────────────────────────

/** A TCP proxy to the database that can be taken down and brought back on the same port. */
async function dbProxy() {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => {
            sockets.delete(s);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as { port: number }).port));
    });
  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    async down() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server!.close(() => r()));
    },
    up: () => listen(port),
  };
}

describe('RevocationListener', () => {
  it('survives the database going away and coming back, and applies what was revoked meanwhile', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (err: unknown) => unhandled.push(err);
    process.on('unhandledRejection', onUnhandled);
    const proxy = await dbProxy();
    const cache = new CredentialCache<string>({ ttlMs: 60_000 });
    const listener = new RevocationListener(cache, { databaseUrl: proxy.url, pollMs: 50 });
    try {
      await listener.start();
      expect(listener.fresh()).toBe(true);
      const tag = `user:${randomUUID()}`;
      cache.set('session', 'yes', { tags: [tag], epoch: cache.epoch });

      await proxy.down();
      await waitFor(() => !listener.fresh(), 3000);
      await revokeInDb([tag]);
      await sleep(300);
      expect(cache.get('session')).toBe('yes'); // not applied: the listener is out of touch (and not trusted)

      await proxy.up();
      await waitFor(() => listener.fresh(), 10_000);
      await waitFor(() => cache.get('session') === undefined, 2000);
      expect(listener.stats().reconnects).toBeGreaterThanOrEqual(1);
      expect(listener.stats().pollFailures + listener.stats().reconnects).toBeGreaterThanOrEqual(1);
    } finally {
      await listener.close();
      await proxy.down().catch(() => undefined);
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(listener.stats().connected).toBe(false);
  }, 30_000);

  it('a database never reached: no error escapes, nothing is trusted, close() is clean', async () => {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = '1'; // nothing listens there
    const cache = new CredentialCache<string>({ ttlMs: 60_000 });
    const listener = new RevocationListener(cache, { databaseUrl: url.href, pollMs: 50 });
    await listener.start();
    await sleep(200);
    expect(listener.fresh()).toBe(false);
    expect(await listener.catchUp()).toBe(true); // no fence set: nothing to catch up with
    listener.fence();
    expect(await listener.catchUp()).toBe(false);
    await listener.close();
  });

  it('the first poll marks existing revocations as seen; later ones are applied once', async () => {
    const tag = `workspace:${randomUUID()}`;
    await revokeInDb([tag]);
    const cache = new CredentialCache<string>({ ttlMs: 60_000 });
    const listener = new RevocationListener(cache, { databaseUrl, pollMs: 50 });
    await listener.start();
    cache.set('key', 'v', { tags: [tag], epoch: cache.epoch });
    await sleep(200);
    expect(cache.get('key')).toBe('v');
    await revokeInDb([tag]);
    await waitFor(() => cache.get('key') === undefined, 1000);
    // applied once: an answer stored afterwards is not dropped by the same row again
    cache.set('key', 'again', { tags: [tag], epoch: cache.epoch });
    await sleep(200);
    expect(cache.get('key')).toBe('again');
    await listener.close();
  });
});
