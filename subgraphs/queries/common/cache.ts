import type { EntityManager } from '@mikro-orm/postgresql';
import { now } from '../../../kernel/clock.js';
import { revoke, RevocationListener, type RevocationTarget } from '../../../kernel/revocations.js';
import type { Logger } from '../../../kernel/logger.js';

/**
 * The queries family's caches of capacity answers and pricing rules (docs/queries.md "Caches"): one per process, each
 * entry living its TTL at most (the platform clock, so tests move time). Every replica can trust them because every
 * invalidation goes through PostgreSQL: a registry change of a service (the event consumer) and the invalidation
 * routes announce tags with the platform's invalidation channel (kernel/revocations.ts `revoke`: a row in the event
 * log and `NOTIFY`, inside the announcing transaction), and each process's `RevocationListener` drops the entries
 * carrying them. While a process's listener is out of touch with the database (its last poll older than 750 ms), its
 * caches are not read: every answer is computed afresh.
 *
 * Tags: `queries:<workspace>:<lsp>:<serviceId>` (everything of a service), plus `…:capacity`, `…:capacity:<TYPE>` and
 * `…:pricing` for the invalidation routes.
 */
export const serviceTag = (workspaceId: string, lsp: string, serviceId: string) => `queries:${workspaceId}:${lsp}:${serviceId}`;

/** Invalidations remembered for the overlap check of loads in flight. */
const RECENT_MAX = 2000;

interface Entry<V> {
  value: V;
  tags: readonly string[];
  expiresAt: number;
}

export class QueryCache<V> implements RevocationTarget {
  private readonly entries = new Map<string, Entry<V>>();
  /** Invalidations seen lately, in order (`seq` counts them all): a load that overlapped one of its tags is not kept. */
  private recent: { seq: number; tags: ReadonlySet<string> }[] = [];
  private seq = 0;

  constructor(
    readonly name: string,
    private readonly ttlSeconds: () => number,
  ) {}

  /** Drops every entry carrying one of `tags`. */
  invalidate(tags: readonly string[]): void {
    const wanted = new Set(tags.filter((t) => t.startsWith('queries:')));
    if (!wanted.size) return;
    this.remember(wanted);
    for (const [key, e] of this.entries) if (e.tags.some((t) => wanted.has(t))) this.entries.delete(key);
  }

  clear(): void {
    this.remember(null);
    this.entries.clear();
  }

  /** Records an invalidation (null: of everything); keeps the last RECENT_MAX. */
  private remember(tags: ReadonlySet<string> | null): void {
    this.seq++;
    this.recent.push({ seq: this.seq, tags: tags ?? new Set(['*']) });
    if (this.recent.length > RECENT_MAX) this.recent = this.recent.slice(-RECENT_MAX / 2);
  }

  /** Whether an invalidation after `since` may concern `tags` (or the record of them was dropped). */
  private touched(since: number, tags: readonly string[]): boolean {
    if (this.seq === since) return false;
    const first = this.recent[0];
    if (!first || first.seq > since + 1) return true;
    return this.recent.some((r) => r.seq > since && (r.tags.has('*') || tags.some((t) => r.tags.has(t))));
  }

  /**
   * The cached value of `key`, else `load()`'s, stored for the TTL unless an invalidation of one of its tags happened
   * while it loaded (the answer may predate it: used once, not kept). `trusted` false (the listener is out of touch)
   * reads through.
   */
  async through(key: string, tags: readonly string[], trusted: boolean, load: () => Promise<V>): Promise<V> {
    const t = now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > t && trusted) return hit.value;
    if (hit && hit.expiresAt <= t) this.entries.delete(key);
    const since = this.seq;
    const value = await load();
    if (trusted && !this.touched(since, tags)) this.entries.set(key, { value, tags, expiresAt: now() + this.ttlSeconds() * 1000 });
    return value;
  }

  /** The live entries whose key starts with `prefix` (a workspace's), with seconds left, soonest to expire first. */
  live(prefix: string): { key: string; expiresIn: number }[] {
    const t = now();
    const out: { key: string; expiresIn: number }[] = [];
    for (const [key, e] of this.entries) {
      if (e.expiresAt <= t) {
        this.entries.delete(key);
        continue;
      }
      if (key.startsWith(prefix)) out.push({ key: key.slice(prefix.length), expiresIn: Math.ceil((e.expiresAt - t) / 1000) });
    }
    return out.sort((a, b) => a.expiresIn - b.expiresIn || a.key.localeCompare(b.key));
  }
}

/** The caches of this process and the listener that keeps them in step (started by the subgraph's onStart). */
export const caches = {
  capacity: new QueryCache<unknown>('capacity', () => cacheTtl.capacity),
  pricing: new QueryCache<unknown>('pricing', () => cacheTtl.pricing),
};
const cacheTtl = { capacity: 60, pricing: 300 };
let listener: RevocationListener | undefined;

/** Starts the invalidation listener of this process's caches; returns how to stop it. */
export async function startCaches(databaseUrl: string, ttl: { capacity: number; pricing: number }, log: Logger): Promise<() => void> {
  cacheTtl.capacity = ttl.capacity;
  cacheTtl.pricing = ttl.pricing;
  const target: RevocationTarget = {
    invalidate: (tags) => {
      caches.capacity.invalidate(tags);
      caches.pricing.invalidate(tags);
    },
    clear: () => {
      caches.capacity.clear();
      caches.pricing.clear();
    },
  };
  const l = new RevocationListener(target, { databaseUrl, log });
  listener = l;
  await l.start();
  return () => {
    void l.close();
    if (listener === l) listener = undefined;
  };
}

/** Whether this process's caches may be read now (the listener has heard from PostgreSQL recently). */
export const cachesTrusted = (): boolean => listener?.fresh() ?? false;

/** Announces, inside `em`'s transaction or a new one, that cached answers carrying `tags` are no longer good. */
export async function invalidateCached(em: EntityManager, tags: string[]): Promise<void> {
  if (!tags.length) return;
  if (em.getTransactionContext()) await revoke(em, tags);
  else await em.transactional((tx) => revoke(tx, tags));
}
