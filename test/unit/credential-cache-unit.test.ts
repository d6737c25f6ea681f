import { afterEach, describe, expect, it } from 'vitest';
import { setClockOffset } from '../../kernel/clock.js';
import { CredentialCache } from '../../kernel/credential-cache.js';

/**
 * kernel/credential-cache.ts in isolation, on a clock the test holds: an LRU of positive answers with a TTL per entry,
 * revocation by tag, and the epoch that refuses answers older than the last invalidation. (test/credential-cache.test.ts
 * covers it wired to PostgreSQL revocations and the gateway.)
 */
function cacheAt(start = 1_000_000, options: { ttlMs?: number; maxEntries?: number } = {}) {
  let t = start;
  const cache = new CredentialCache<string>({ ttlMs: options.ttlMs ?? 60_000, maxEntries: options.maxEntries, now: () => t });
  return { cache, advance: (ms: number) => void (t += ms), at: () => t };
}

describe('storing and reading answers', () => {
  it('an answer stored is read back (a hit) until its TTL has passed; then it is gone (a miss, counted expired)', () => {
    const { cache, advance } = cacheAt();
    expect(cache.set('k', 'alice', { tags: ['user:1'], epoch: cache.epoch })).toBe(true);
    advance(59_999);
    expect(cache.get('k')).toBe('alice');
    advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.stats()).toEqual({ size: 0, maxEntries: 10_000, ttlMs: 60_000, hits: 1, misses: 1, stores: 1, staleStoresRefused: 0, invalidated: 0, evicted: 0, expired: 1 });
  });

  it('a key never stored is a miss', () => {
    const { cache } = cacheAt();
    expect(cache.get('nope')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, expired: 0 });
  });

  it("the owner's expiry shortens the life (Date, ISO string or epoch ms); an expiry already past is not stored", () => {
    const { cache, advance, at } = cacheAt();
    expect(cache.set('a', 'x', { tags: [], epoch: 0, expiresAt: at() + 10_000 })).toBe(true);
    expect(cache.set('b', 'y', { tags: [], epoch: 0, expiresAt: new Date(at() + 20_000) })).toBe(true);
    expect(cache.set('c', 'z', { tags: [], epoch: 0, expiresAt: new Date(at() + 90_000).toISOString() })).toBe(true);
    expect(cache.set('d', 'w', { tags: [], epoch: 0, expiresAt: at() })).toBe(false);
    expect(cache.set('e', 'v', { tags: [], epoch: 0, expiresAt: 'not a date' })).toBe(false);
    advance(10_000);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d'), cache.get('e')]).toEqual([undefined, 'y', 'z', undefined, undefined]);
    advance(10_000);
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, 'z']);
    advance(40_000); // the TTL (60 s) still bounds an expiry further away (90 s)
    expect(cache.get('c')).toBeUndefined();
  });

  it('an expiry of null or undefined leaves the TTL', () => {
    const { cache, advance } = cacheAt();
    cache.set('a', 'x', { tags: [], epoch: 0, expiresAt: null });
    advance(59_000);
    expect(cache.get('a')).toBe('x');
  });

  it('storing a key again replaces its value, its tags and its life', () => {
    const { cache, advance } = cacheAt();
    cache.set('k', 'old', { tags: ['user:1'], epoch: 0 });
    advance(30_000);
    cache.set('k', 'new', { tags: ['user:2'], epoch: 0 });
    expect(cache.size).toBe(1);
    expect(cache.invalidate(['user:1'])).toBe(0);
    advance(50_000);
    expect(cache.get('k')).toBe('new');
    expect(cache.invalidate(['user:2'])).toBe(1);
  });

  it('TTL 0 turns the cache off: nothing is stored, every read misses', () => {
    const { cache } = cacheAt(1_000, { ttlMs: 0 });
    expect(cache.set('k', 'v', { tags: [], epoch: cache.epoch })).toBe(false);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ size: 0, stores: 0, ttlMs: 0 });
  });

  it('a negative TTL is 0, and at least one entry is kept', () => {
    expect(new CredentialCache({ ttlMs: -5 }).ttlMs).toBe(0);
    expect(new CredentialCache({ ttlMs: 1, maxEntries: 0 }).maxEntries).toBe(1);
    expect(new CredentialCache({ ttlMs: 1 }).maxEntries).toBe(10_000);
  });
});

describe('bounded: least recently used first', () => {
  it('over maxEntries the least recently used entry goes; a read makes an entry recent', () => {
    const { cache } = cacheAt(1_000, { maxEntries: 2 });
    cache.set('a', '1', { tags: ['t'], epoch: 0 });
    cache.set('b', '2', { tags: ['t'], epoch: 0 });
    expect(cache.get('a')).toBe('1'); // a is now the most recent
    cache.set('c', '3', { tags: ['t'], epoch: 0 }); // b goes
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['1', undefined, '3']);
    expect(cache.stats()).toMatchObject({ size: 2, evicted: 1 });
    // the evicted key left its tag: invalidating the tag drops the two that remain
    expect(cache.invalidate(['t'])).toBe(2);
  });
});

describe('revocation', () => {
  it('invalidate drops every entry carrying one of the tags, counts them, and moves the epoch', () => {
    const { cache } = cacheAt();
    cache.set('s1', 'a', { tags: ['user:1', 'workspace:w'], epoch: 0 });
    cache.set('s2', 'b', { tags: ['user:2', 'workspace:w'], epoch: 0 });
    cache.set('s3', 'c', { tags: ['user:3'], epoch: 0 });
    const before = cache.epoch;
    expect(cache.invalidate(['workspace:w', 'user:1'])).toBe(2);
    expect(cache.epoch).toBe(before + 1);
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual([undefined, undefined, 'c']);
    expect(cache.stats().invalidated).toBe(2);
    expect(cache.invalidate(['user:404'])).toBe(0);
    expect(cache.epoch).toBe(before + 2);
  });

  it('an answer asked for before an invalidation is used once but not stored (stale store refused)', () => {
    const { cache } = cacheAt();
    const epoch = cache.epoch;
    cache.invalidate(['user:1']); // a revocation lands while the owner is being asked
    expect(cache.set('s1', 'a', { tags: ['user:1'], epoch })).toBe(false);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ staleStoresRefused: 1, stores: 0 });
    expect(cache.set('s1', 'a', { tags: ['user:1'], epoch: cache.epoch })).toBe(true);
  });

  it('an entry carrying the same tag twice is dropped cleanly (by its tag, or when it expires)', () => {
    const { cache, advance } = cacheAt();
    cache.set('a', '1', { tags: ['user:1', 'user:1'], epoch: 0 });
    expect(cache.invalidate(['user:1'])).toBe(1);
    cache.set('b', '2', { tags: ['user:2', 'user:2'], epoch: cache.epoch });
    advance(60_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ size: 0, invalidated: 1, expired: 1 });
  });

  it('clear drops everything, counts it, and moves the epoch', () => {
    const { cache } = cacheAt();
    cache.set('a', '1', { tags: ['t'], epoch: 0 });
    cache.set('b', '2', { tags: [], epoch: 0 });
    const before = cache.epoch;
    cache.clear();
    expect(cache.epoch).toBe(before + 1);
    expect(cache.size).toBe(0);
    expect(cache.stats()).toMatchObject({ size: 0, invalidated: 2 });
    expect(cache.invalidate(['t'])).toBe(0);
  });
});

describe('the platform clock by default', () => {
  afterEach(() => setClockOffset(0));

  it('without a clock of its own the cache reads kernel/clock.ts: moving the platform clock past the TTL expires entries', () => {
    const cache = new CredentialCache<string>({ ttlMs: 60_000 });
    cache.set('k', 'v', { tags: [], epoch: cache.epoch });
    setClockOffset(50_000);
    expect(cache.get('k')).toBe('v');
    setClockOffset(70_000);
    expect(cache.get('k')).toBeUndefined();
  });
});
