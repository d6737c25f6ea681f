import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClockOffset } from '../../kernel/clock.js';
import { CACHE_DDL, invalidateCached, QueryCache, sweepCaches } from '../../subgraphs/queries/common/cache.js';
import { unitDatabase, type UnitDatabase } from './database.js';

/**
 * The queries family's caches (subgraphs/queries/common/cache.ts; docs/queries.md "Caches"), on a real PostgreSQL:
 * entries live their TTL on the platform clock, an invalidation drops the entries of its tags only, an answer loaded
 * before an invalidation of one of its tags committed is never answered again (it may predate the change), and two
 * caches of the same name (two replicas) share their entries.
 */
let unit: UnitDatabase | undefined;
let em: EntityManager;

beforeAll(async () => {
  unit = await unitDatabase('queries-cache', `create schema queries; ${CACHE_DDL.join(';\n')}`);
  em = unit.orm.em.fork();
}, 60_000);

afterAll(async () => {
  await unit?.close();
});

beforeEach(async () => {
  await em.execute('truncate queries.cache_entry, queries.cache_invalidation');
});
afterEach(() => setClockOffset(0));

const A = ['queries:w:LSP-A:1'];
const B = ['queries:w:LSP-B:2'];
/** An invalidation in a transaction of its own, committed: what a registry change or an invalidation route does. */
const invalidate = (tags: string[]) => invalidateCached(unit!.orm.em.fork(), tags);

describe('QueryCache', () => {
  it('keeps an answer for its TTL and loads again after it', async () => {
    const c = new QueryCache<number>('t', () => 60);
    let loads = 0;
    const load = async () => ++loads;
    expect(await c.through(em, 'k', A, load)).toBe(1);
    setClockOffset(59_000);
    expect(await c.through(em, 'k', A, load)).toBe(1);
    expect(await c.live(em, '')).toEqual([{ key: 'k', expiresIn: 1 }]);
    setClockOffset(60_001);
    expect(await c.through(em, 'k', A, load)).toBe(2);
  });

  it('drops the entries of an invalidated tag only, and an invalidation that rolls back drops nothing', async () => {
    const c = new QueryCache<string>('t', () => 60);
    await c.through(em, 'a', A, async () => 'a1');
    await c.through(em, 'b', B, async () => 'b1');
    await invalidate(A);
    expect((await c.live(em, '')).map((e) => e.key)).toEqual(['b']);
    expect(await c.through(em, 'a', A, async () => 'a2')).toBe('a2');
    await expect(
      (unit!.orm.em.fork() as EntityManager).transactional(async (tx) => {
        await invalidateCached(tx, [...A, ...B]);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect((await c.live(em, '')).map((e) => e.key)).toEqual(['a', 'b']);
    expect(await c.through(em, 'b', B, async () => 'b2')).toBe('b1');
  });

  it('never answers again an answer whose own tag was invalidated while it loaded, but keeps one when another was', async () => {
    const c = new QueryCache<string>('t', () => 60);
    expect(
      await c.through(em, 'a', A, async () => {
        await invalidate(A); // commits after the load's snapshot: what the load read may predate it
        return 'stale?';
      }),
    ).toBe('stale?');
    expect(await c.live(em, '')).toEqual([]);
    expect(await c.through(em, 'a', A, async () => 'fresh')).toBe('fresh');
    expect(await c.through(em, 'a', A, async () => 'not loaded')).toBe('fresh');
    await c.through(em, 'b', B, async () => {
      await invalidate(A);
      return 'b1';
    });
    expect(await c.through(em, 'b', B, async () => 'not loaded')).toBe('b1');
  });

  it('is shared by every replica: what one cached, another answers and lists; an invalidation through one reaches both', async () => {
    const replica1 = new QueryCache<number>('capacity', () => 60);
    const replica2 = new QueryCache<number>('capacity', () => 60);
    const other = new QueryCache<number>('pricing', () => 60);
    expect(await replica1.through(em, 'w1|LSP-A:1:PALLETS', A, async () => 7)).toBe(7);
    expect(await replica2.through(em, 'w1|LSP-A:1:PALLETS', A, async () => 8)).toBe(7);
    expect((await replica2.live(em, 'w1|')).map((e) => e.key)).toEqual(['LSP-A:1:PALLETS']);
    expect(await other.live(em, 'w1|')).toEqual([]);
    await invalidate(A);
    expect(await replica2.through(em, 'w1|LSP-A:1:PALLETS', A, async () => 9)).toBe(9);
    expect(await replica1.through(em, 'w1|LSP-A:1:PALLETS', A, async () => 10)).toBe(9);
  });

  it("lists a prefix's live entries with whole seconds left, soonest first, without the prefix; the sweep deletes the long expired", async () => {
    const c = new QueryCache<number>('t', () => 60);
    await c.through(em, 'w1|LSP-A:1:PALLETS', A, async () => 1);
    setClockOffset(10_500);
    await c.through(em, 'w1|LSP-B:2:SLOTS', B, async () => 2);
    await c.through(em, 'w2|LSP-C:3:SLOTS', ['queries:w2:LSP-C:3'], async () => 3);
    // 60 − 10.5 = 49.5 → 50 (rounded up: the entry still lives in the 50th second); 60 → 60
    expect(await c.live(em, 'w1|')).toEqual([
      { key: 'LSP-A:1:PALLETS', expiresIn: 50 },
      { key: 'LSP-B:2:SLOTS', expiresIn: 60 },
    ]);
    // the first expired at 60 s, the others at 70.5 s; a minute after the first expired, only it is deleted
    setClockOffset(120_001);
    await sweepCaches(em);
    const [{ n }] = await em.execute<{ n: string }[]>('select count(*)::text as n from queries.cache_entry');
    expect(n).toBe('2');
  });
});
