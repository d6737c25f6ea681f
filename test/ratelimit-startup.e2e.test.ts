import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../kernel/config.js';
import { RateLimits } from '../kernel/ratelimit.js';
import { realPostgres, type PostgresDatabase } from './support/postgres.js';

/**
 * Replicas start together on a fresh database (README "Topologies": PLATFORM_REPLICAS starts two of every process at
 * once): each bridge and gateway creates the rate-limit table when it opens (kernel/ratelimit.ts `RateLimits.open`).
 * Two sessions running CREATE TABLE IF NOT EXISTS at once make PostgreSQL refuse one (a duplicate pg_type row), and a
 * replica that failed so did not start (seen in the replicated suite: gateway-2 exited). On a real PostgreSQL server
 * (sessions that run at once; the embedded one has a single session), eight open together and all count.
 */
let pg: PostgresDatabase | undefined;

beforeAll(async () => {
  pg = await realPostgres();
}, 120_000);

afterAll(async () => {
  await pg?.stop();
});

describe('the rate-limit store, opened by replicas at once', () => {
  it('eight processes opening it together on a fresh database all open, and share one window', async () => {
    const config = { databaseUrl: pg!.databaseUrl, DB_POOL_SIZE: 2, RATE_LIMIT_PER_MINUTE: 100, RATE_LIMIT_PER_HOUR: 1000, jwtSecret: 's'.repeat(40) } as Config;
    const opened = await Promise.allSettled(Array.from({ length: 8 }, () => RateLimits.open(config)));
    const limits = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    try {
      expect(opened.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual([]);
      const outcomes = await Promise.all(limits.map((l) => l.check('test:startup')));
      expect(outcomes.map((o) => o.blocked)).toEqual(Array(8).fill(false));
      expect(Math.min(...outcomes.map((o) => o.remaining))).toBeLessThanOrEqual(100 - 8);
    } finally {
      await Promise.all(limits.map((l) => l.close()));
    }
  });
});
