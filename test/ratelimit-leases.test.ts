import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Config } from '../kernel/config.js';
import { RateLimits, type LimitOutcome } from '../kernel/ratelimit.js';
import { signAccessToken } from '../kernel/tokens.js';
import { clearOfWindowEnd } from './helpers.js';
import { DbProxy } from './support/db-proxy.js';
import { freePort } from './support/platform.js';

/**
 * Quota leasing (kernel/ratelimit.ts) against the suite's real database: two RateLimits instances stand for two
 * replicas; a window both lease in is shared, and leased one point at a time. General limits as configured here: 100 a minute, 1000 an hour.
 */

const LIMIT = 100;
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

const config = (): Config => ({ databaseUrl: inject('databaseUrl'), DB_POOL_SIZE: 2, RATE_LIMIT_PER_MINUTE: LIMIT, RATE_LIMIT_PER_HOUR: 1000, jwtSecret: SECRET }) as Config;

/** Counts the lease statements an instance sends. */
function countLeases(limits: RateLimits): () => number {
  const pool = (limits as unknown as { pool: pg.Pool }).pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  let n = 0;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('INSERT INTO bridge.rate_limits')) n++;
    return query(...args);
  };
  return () => n;
}

const caller = () => `test:${randomUUID()}`;
const admitted = (os: LimitOutcome[]) => os.filter((o) => !o.blocked).length;
const nextMinute = () => Math.ceil((Math.floor(Date.now() / 60_000) + 1) * 60);

let a: RateLimits;
let b: RateLimits;
let leasesOfA: () => number;
let leasesOfB: () => number;

beforeAll(async () => {
  a = await RateLimits.open(config());
  b = await RateLimits.open(config());
  leasesOfA = countLeases(a);
  leasesOfB = countLeases(b);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('rate limits by quota leasing', () => {
  it('one process admits exactly the limit, remaining falls by one per request, a refusal costs no statement', async () => {
    await clearOfWindowEnd(60, 11);
    const who = caller();
    const before = leasesOfA();
    const served: LimitOutcome[] = [];
    for (let i = 0; i < LIMIT; i++) served.push(await a.check(who));
    expect(served.every((o) => !o.blocked && o.limit === LIMIT)).toBe(true);
    expect(served.map((o) => o.remaining)).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
    // leases of 1, 2, 4, then 5 (5% of 100) for the minute, the hour's (1, 2, … 50) mostly in the same statements
    const statements = leasesOfA() - before;
    expect(statements).toBeGreaterThanOrEqual(22);
    expect(statements).toBeLessThanOrEqual(29);

    const over = await a.check(who);
    expect(over).toEqual({ limit: LIMIT, remaining: 0, reset: nextMinute(), blocked: true });
    for (let i = 0; i < 20; i++) expect((await a.check(who)).blocked).toBe(true);
    expect(leasesOfA() - before).toBe(statements);
  }, 60_000);

  it('concurrent requests share leases: exactly the limit admitted, each remaining value once, far fewer statements', async () => {
    await clearOfWindowEnd(60, 11);
    const who = caller();
    const before = leasesOfA();
    const outcomes = await Promise.all(Array.from({ length: 150 }, () => a.check(who)));
    expect(admitted(outcomes)).toBe(LIMIT);
    const remaining = outcomes
      .filter((o) => !o.blocked)
      .map((o) => o.remaining)
      .sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    expect(outcomes.filter((o) => o.blocked).every((o) => o.remaining === 0 && o.limit === LIMIT)).toBe(true);
    expect(leasesOfA() - before).toBeLessThanOrEqual(29);
  }, 60_000);

  it('two replicas serving one caller in turn (round-robin) admit exactly the limit, each remaining value once, and refuse together', async () => {
    await clearOfWindowEnd(60, 11);
    const who = caller();
    const outcomes: LimitOutcome[] = [];
    for (let i = 0; i < 200; i += 8) {
      outcomes.push(...(await Promise.all(Array.from({ length: 8 }, (_, j) => ((i + j) % 2 ? b : a).check(who)))));
    }
    // the window is shared from B's first lease on: one point per statement, none held unused at the end
    expect(admitted(outcomes)).toBe(LIMIT);
    expect((await a.check(who)).blocked).toBe(true);
    expect((await b.check(who)).blocked).toBe(true);
  }, 60_000);

  it('a shared window counts Remaining from the row: 100 requests in turn through two replicas, one at a time, count down 99 … 0', async () => {
    await clearOfWindowEnd(60, 11);
    const who = caller();
    const served: LimitOutcome[] = [];
    for (let i = 0; i < LIMIT; i++) served.push(await (i % 2 ? b : a).check(who));
    expect(served.every((o) => !o.blocked)).toBe(true);
    expect(served.map((o) => o.remaining)).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
    expect(await a.check(who)).toMatchObject({ blocked: true, remaining: 0 });
  }, 60_000);

  it('when one replica has used the limit, the other refuses (one statement, then none)', async () => {
    await clearOfWindowEnd(60, 11);
    const who = caller();
    for (let i = 0; i < LIMIT; i++) expect((await a.check(who)).blocked).toBe(false);
    const before = leasesOfB();
    expect(await b.check(who)).toMatchObject({ blocked: true, remaining: 0, limit: LIMIT });
    expect(leasesOfB() - before).toBe(1);
    expect((await b.check(who)).blocked).toBe(true);
    expect(leasesOfB() - before).toBe(1);
  }, 60_000);

  it('the tolerance: points a replica leased before the window was shared, and holds unused, make the others refuse early by those points only; it still serves them', async () => {
    await clearOfWindowEnd(60, 11);
    const who = caller();
    // B alone leases 1, 2 then 4 points: 4 requests served, 3 points held unused; A's first lease makes the window
    // shared, and A leases one point at a time up to the limit
    for (let i = 0; i < 4; i++) expect((await b.check(who)).blocked).toBe(false);
    const beforeA = leasesOfA();
    let servedByA = 0;
    while (!(await a.check(who)).blocked) servedByA++;
    expect(servedByA).toBe(LIMIT - 7);
    expect(leasesOfA() - beforeA).toBe(LIMIT - 7); // one statement per point; the refusal needs none (the row was full)
    expect(servedByA + 4).toBeGreaterThanOrEqual(LIMIT - 5);
    // B still serves the points it holds, then refuses: exactly the limit in all
    let servedByB = 0;
    while (!(await b.check(who)).blocked) servedByB++;
    expect(servedByB).toBe(3);
    expect(servedByA + 4 + servedByB).toBe(LIMIT);
  }, 60_000);

  it('a refused request takes no point from the other windows', async () => {
    await clearOfWindowEnd(60, 11);
    const who = caller();
    const served: LimitOutcome[] = [];
    for (let i = 0; i < 10; i++) served.push(await a.check(who, ['profile-updates']));
    // the tightest window is the route's (10 an hour)
    expect(served.map((o) => [o.blocked, o.limit, o.remaining])).toEqual(Array.from({ length: 10 }, (_, i) => [false, 10, 9 - i]));
    const over = await a.check(who, ['profile-updates']);
    expect(over).toMatchObject({ blocked: true, limit: 10, remaining: 0, reset: Math.ceil((Math.floor(Date.now() / 3_600_000) + 1) * 3600) });
    await a.check(who, ['profile-updates']);
    // 10 served so far: the minute has 90 left before this one
    expect(await a.check(who)).toMatchObject({ blocked: false, limit: LIMIT, remaining: LIMIT - 11 });
  }, 60_000);

  it('callerKey: a verified access token is the user until it expires, then the credential', async () => {
    const userId = randomUUID();
    const token = await signAccessToken({ userId, sessionId: randomUUID() }, SECRET, 2);
    const req = (headers: Record<string, string>) => ({ header: (name: string) => headers[name.toLowerCase()], ip: '203.0.113.7' }) as unknown as Request;
    expect(await a.callerKey(req({ authorization: `Bearer ${token}` }))).toBe(`user:${userId}`);
    expect(await a.callerKey(req({ authorization: `Bearer ${token}` }))).toBe(`user:${userId}`);
    const forged = await signAccessToken({ userId, sessionId: randomUUID() }, `${SECRET}-other`, 60);
    expect(await a.callerKey(req({ authorization: `Bearer ${forged}` }))).toMatch(/^cred:[0-9a-f]{32}$/);
    expect(await a.callerKey(req({ 'svc-auth-token': 'abc' }))).toMatch(/^cred:[0-9a-f]{32}$/);
    expect(await a.callerKey(req({}))).toBe('ip:203.0.113.7');
    // expiry is honoured although the token was remembered
    const exp = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number }).exp;
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
    expect(await a.callerKey(req({ authorization: `Bearer ${token}` }))).toMatch(/^cred:[0-9a-f]{32}$/);
  });

  it('a database gone silent: requests waiting for a lease in flight fail with it, none sends a statement after it', async () => {
    // a replica reaching the database through a proxy that stops forwarding (docs/contract.md "Database faults")
    const url = new URL(inject('databaseUrl'));
    const proxy = new DbProxy(await freePort(), { host: url.hostname, port: Number(url.port || 5432) });
    await proxy.open();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const c = await RateLimits.open({
      ...config(),
      databaseUrl: url.toString(),
      dbPool: { max: 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 500, statement_timeout: 500, query_timeout: 700, keepAlive: true },
    });
    try {
      const leasesOfC = countLeases(c);
      await clearOfWindowEnd(60, 11);
      proxy.stall();
      const who = caller();
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => c.check(who)));
      // every request is refused by the one lease's failure: one statement sent, five errors, no outcome
      expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
      expect(leasesOfC()).toBe(1);
      // the database answers again: the next request leases afresh and is served
      await proxy.open();
      expect(await c.check(who)).toMatchObject({ blocked: false, limit: LIMIT });
    } finally {
      await proxy.open();
      await c.close();
      await proxy.cut();
    }
  }, 60_000);

  it('a database slow to accept while the platform starts: opening waits past the request connect timeout', async () => {
    // twelve processes starting on one embedded database queue behind each other's migrations: the gateway's table
    // is made on a start-up connection (kernel/db.ts startupClient, 30 s), not within DB_CONNECT_TIMEOUT_MS
    const url = new URL(inject('databaseUrl'));
    const proxy = new DbProxy(await freePort(), { host: url.hostname, port: Number(url.port || 5432) });
    proxy.acceptDelayMs = 1500;
    await proxy.open();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const pool = { max: 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 300, statement_timeout: 500, query_timeout: 700, keepAlive: true };
    const c = await RateLimits.open({ ...config(), databaseUrl: url.toString(), DB_CONNECT_TIMEOUT_MS: 300, dbPool: pool });
    try {
      // once up, requests keep their own short timeout: a connection that is as slow to come fails the request
      await expect(c.check(caller())).rejects.toThrow(/timeout/i);
      proxy.acceptDelayMs = 0;
      expect(await c.check(caller())).toMatchObject({ blocked: false, limit: LIMIT });
    } finally {
      await c.close();
      await proxy.cut();
    }
  });
});
