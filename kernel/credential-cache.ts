import { now as clockNow } from './clock.js';

/**
 * A small, bounded cache of positive credential answers (LRU with a TTL per entry), for the gateway.
 *
 * - key: the credential's identity (a session, a user + workspace + provider, the SHA-256 of an API key, a connector
 *   token id); value: what the credential's owner answered when it said "still good".
 * - every entry carries the tags that can revoke it (`user:<id>`, `workspace:<id>`); `invalidate(tags)` drops every
 *   entry carrying one of them (kernel/revocations.ts calls it when a revocation is seen in PostgreSQL).
 * - an entry lives `ttlMs` at most, less when the owner said when the answer stops being true (`expiresAt`).
 * - only positive answers are stored: a credential that failed a check is asked about again next time.
 *
 * Stale writes are refused: a caller reads `epoch` before asking the owner and hands it to `set`; if any invalidation
 * happened meanwhile (the owner's answer may predate the revocation), the answer is used once but not stored.
 */
export interface CacheStats {
  size: number;
  maxEntries: number;
  ttlMs: number;
  hits: number;
  misses: number;
  /** Entries stored. */
  stores: number;
  /** Answers not stored because an invalidation happened while the owner was being asked. */
  staleStoresRefused: number;
  /** Entries dropped by `invalidate` or `clear`. */
  invalidated: number;
  /** Entries dropped to stay within `maxEntries`. */
  evicted: number;
  /** Entries found expired. */
  expired: number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  /** Epoch milliseconds (the platform clock, kernel/clock.ts) after which the entry is gone. */
  expiresAt: number;
}

export interface CredentialCacheOptions {
  /** Upper bound of an entry's life; 0 turns the cache off (every lookup is a miss, nothing is stored). */
  ttlMs: number;
  /** Most entries kept; the least recently used go first. */
  maxEntries?: number;
  /** Clock (default: the platform clock, kernel/clock.ts). */
  now?: () => number;
}

export class CredentialCache<V = unknown> {
  readonly ttlMs: number;
  readonly maxEntries: number;
  private readonly now: () => number;
  /** Insertion order of a Map = recency order: a hit re-inserts its key at the end. */
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  private generation = 0;
  private counters = { hits: 0, misses: 0, stores: 0, staleStoresRefused: 0, invalidated: 0, evicted: 0, expired: 0 };

  constructor(options: CredentialCacheOptions) {
    this.ttlMs = Math.max(0, options.ttlMs);
    this.maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.now = options.now ?? clockNow;
  }

  /** Changes on every invalidation; read it before asking an owner and pass it to `set`. */
  get epoch(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached answer, or undefined (counted as a hit or a miss). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.counters.misses++;
      return undefined;
    }
    if (entry.expiresAt <= this.now()) {
      this.drop(key, entry);
      this.counters.expired++;
      this.counters.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.counters.hits++;
    return entry.value;
  }

  /**
   * Stores a positive answer, unless an invalidation happened since `epoch` was read (then the answer may predate a
   * revocation). `expiresAt` (when the answer stops being true) shortens the TTL. Returns whether it was stored.
   */
  set(key: string, value: V, options: { tags: readonly string[]; epoch: number; expiresAt?: Date | string | number | null }): boolean {
    if (this.ttlMs === 0) return false;
    if (options.epoch !== this.generation) {
      this.counters.staleStoresRefused++;
      return false;
    }
    const now = this.now();
    const limit = options.expiresAt == null ? Infinity : new Date(options.expiresAt).getTime();
    const expiresAt = Math.min(now + this.ttlMs, Number.isNaN(limit) ? now : limit);
    if (expiresAt <= now) return false;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    this.entries.set(key, { value, tags: [...options.tags], expiresAt });
    for (const tag of options.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.counters.stores++;
    while (this.entries.size > this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry<V>];
      this.drop(oldest, entry);
      this.counters.evicted++;
    }
    return true;
  }

  /** Drops every entry carrying one of `tags`; returns how many. Always moves the epoch. */
  invalidate(tags: readonly string[]): number {
    this.generation++;
    let dropped = 0;
    for (const tag of tags) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        const entry = this.entries.get(key);
        if (entry) {
          this.drop(key, entry);
          dropped++;
        }
      }
      this.byTag.delete(tag);
    }
    this.counters.invalidated += dropped;
    return dropped;
  }

  /** Drops everything (when revocations may have been missed). Moves the epoch. */
  clear(): void {
    this.generation++;
    this.counters.invalidated += this.entries.size;
    this.entries.clear();
    this.byTag.clear();
  }

  stats(): CacheStats {
    return { size: this.entries.size, maxEntries: this.maxEntries, ttlMs: this.ttlMs, ...this.counters };
  }

  private drop(key: string, entry: Entry<V>) {
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (!keys.size) this.byTag.delete(tag);
    }
  }
}
