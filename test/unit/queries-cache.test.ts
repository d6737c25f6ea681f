import { afterEach, describe, expect, it } from 'vitest';
import { setClockOffset } from '../../kernel/clock.js';
import { QueryCache } from '../../subgraphs/queries/common/cache.js';

/**
 * The queries family's per-process cache (subgraphs/queries/common/cache.ts; docs/queries.md "Caches"): entries live
 * their TTL on the platform clock, tags drop them, and an answer loaded while one of its own tags was invalidated is
 * used once but not kept (it may predate the change); other services' invalidations do not stop it being kept.
 */
afterEach(() => setClockOffset(0));

const A = ['queries:w:LSP-A:1'];
const B = ['queries:w:LSP-B:2'];

describe('QueryCache', () => {
  it('keeps an answer for its TTL and loads again after it', async () => {
    const c = new QueryCache<number>('t', () => 60);
    let loads = 0;
    const load = async () => ++loads;
    expect(await c.through('k', A, true, load)).toBe(1);
    setClockOffset(59_000);
    expect(await c.through('k', A, true, load)).toBe(1);
    expect(c.live('')).toEqual([{ key: 'k', expiresIn: 1 }]);
    setClockOffset(60_001);
    expect(await c.through('k', A, true, load)).toBe(2);
  });

  it('drops the entries of an invalidated tag only', async () => {
    const c = new QueryCache<string>('t', () => 60);
    await c.through('a', A, true, async () => 'a1');
    await c.through('b', B, true, async () => 'b1');
    c.invalidate(A);
    expect(c.live('').map((e) => e.key)).toEqual(['b']);
    c.invalidate(['credential:x', 'user:1']);
    expect(c.live('').map((e) => e.key)).toEqual(['b']);
    c.clear();
    expect(c.live('')).toEqual([]);
  });

  it('does not keep an answer whose own tag was invalidated while it loaded, but keeps one when another was', async () => {
    const c = new QueryCache<string>('t', () => 60);
    await c.through('a', A, true, async () => {
      c.invalidate(A);
      return 'stale?';
    });
    expect(c.live('')).toEqual([]);
    await c.through('a', A, true, async () => {
      c.invalidate(B);
      return 'fresh';
    });
    expect(c.live('').map((e) => e.key)).toEqual(['a']);
  });

  it('reads through without keeping anything while untrusted', async () => {
    const c = new QueryCache<number>('t', () => 60);
    let loads = 0;
    await c.through('k', A, false, async () => ++loads);
    await c.through('k', A, false, async () => ++loads);
    expect(loads).toBe(2);
    expect(c.live('')).toEqual([]);
  });

  it("lists a prefix's live entries with whole seconds left, soonest first, without the prefix", async () => {
    const c = new QueryCache<number>('t', () => 60);
    await c.through('w1|LSP-A:1:PALLETS', A, true, async () => 1);
    setClockOffset(10_500);
    await c.through('w1|LSP-B:2:SLOTS', B, true, async () => 2);
    await c.through('w2|LSP-C:3:SLOTS', ['queries:w2:LSP-C:3'], true, async () => 3);
    // 60 − 10.5 = 49.5 → 50 (rounded up: the entry still lives in the 50th second); 60 → 60
    expect(c.live('w1|')).toEqual([
      { key: 'LSP-A:1:PALLETS', expiresIn: 50 },
      { key: 'LSP-B:2:SLOTS', expiresIn: 60 },
    ]);
  });
});
