import type { EntityManager } from '@mikro-orm/postgresql';
import { now } from '../../../kernel/clock.js';

/**
 * The queries family's caches of capacity answers and pricing rules (docs/queries.md "Caches"), shared by every
 * replica: two unlogged tables in PostgreSQL, the one store all replicas have in common.
 *
 * - `queries.cache_entry` (cache, key): the answer (jsonb), its tags, its expiry on the platform clock (milliseconds, so
 *   tests move time) and the snapshot (`pg_current_snapshot()`) taken before it was loaded.
 * - `queries.cache_invalidation` (tag): the transaction (`pg_current_xact_id()`) that last invalidated the tag.
 *
 * An entry answers only while no invalidation of one of its tags is missing from its snapshot: one committed before
 * the load began was visible to it; one that was running or began later may have changed what the load read, so the
 * entry is stale from the moment that invalidation commits. An invalidation writes its row inside the announcing
 * transaction (a registry change, an invalidation route), so it takes effect exactly when the change does, on every
 * replica at once, with no listener and no lock: a writer upserts one row per tag, a reader adds one index lookup per
 * tag of the entry it reads. Unlogged: a crash empties both tables together, which is a cold cache, never a stale one.
 *
 * Tags: `queries:<workspace>:<lsp>:<serviceId>` (everything of a service), plus `…:capacity`, `…:capacity:<TYPE>` and
 * `…:pricing` for the invalidation routes.
 */
export const serviceTag = (workspaceId: string, lsp: string, serviceId: string) => `queries:${workspaceId}:${lsp}:${serviceId}`;

/** The tables (created by the family's migration Migration20261129150000_shared_caches). */
export const CACHE_DDL = [
  `create unlogged table if not exists "queries"."cache_entry" ("cache" text not null, "key" text not null, "tags" text[] not null,
    "value" jsonb not null, "expires_at" bigint not null, "snapshot" pg_snapshot not null, primary key ("cache", "key"))`,
  `create unlogged table if not exists "queries"."cache_invalidation" ("tag" text not null primary key, "xid" xid8 not null)`,
];

/** A text[] from a JSON array parameter (MikroORM's `execute` spreads an array parameter into a list). */
const TEXT_ARRAY = `array(select jsonb_array_elements_text(?::jsonb))`;

/** An entry none of whose tags was invalidated by a transaction its snapshot did not see (`c` the entry's alias). */
const VALID = `not exists (select 1 from "queries"."cache_invalidation" i where i."tag" = any(c."tags") and not pg_visible_in_snapshot(i."xid", c."snapshot"))`;

export class QueryCache<V> {
  constructor(
    readonly name: string,
    private readonly ttlSeconds: () => number,
    /** Turns the stored JSON back into a value (dates are stored as ISO strings). */
    private readonly revive: (json: unknown) => V = (json) => json as V,
  ) {}

  /**
   * The cached value of `key`, else `load()`'s, stored for the TTL with the snapshot taken before the load (so an
   * invalidation of one of `tags` that the load may not have seen makes it stale when it commits). One statement reads
   * the entry and takes the snapshot; a miss adds the load and one upsert.
   */
  async through(em: EntityManager, key: string, tags: readonly string[], load: () => Promise<V>): Promise<V> {
    const [hit] = await em.execute<{ snapshot: string; value: unknown }[]>(
      `select pg_current_snapshot()::text as snapshot,
        (select c."value" from "queries"."cache_entry" c where c."cache" = ? and c."key" = ? and c."expires_at" > ? and ${VALID}) as value`,
      [this.name, key, now()],
    );
    if (hit.value !== null && hit.value !== undefined) return this.revive(hit.value);
    const value = await load();
    await em.execute(
      `insert into "queries"."cache_entry" ("cache", "key", "tags", "value", "expires_at", "snapshot") values (?, ?, ${TEXT_ARRAY}, ?::jsonb, ?, ?::pg_snapshot)
       on conflict ("cache", "key") do update set "tags" = excluded."tags", "value" = excluded."value", "expires_at" = excluded."expires_at", "snapshot" = excluded."snapshot"`,
      [this.name, key, JSON.stringify(tags), JSON.stringify(value), now() + this.ttlSeconds() * 1000, hit.snapshot],
    );
    return value;
  }

  /** The live entries whose key starts with `prefix` (a workspace's), with whole seconds left, soonest to expire first. */
  async live(em: EntityManager, prefix: string): Promise<{ key: string; expiresIn: number }[]> {
    const t = now();
    const rows = await em.execute<{ key: string; expires_at: string | number }[]>(
      `select c."key", c."expires_at" from "queries"."cache_entry" c
        where c."cache" = ? and left(c."key", ?) = ? and c."expires_at" > ? and ${VALID}`,
      [this.name, prefix.length, prefix, t],
    );
    return rows.map((r) => ({ key: r.key.slice(prefix.length), expiresIn: Math.ceil((Number(r.expires_at) - t) / 1000) })).sort((a, b) => a.expiresIn - b.expiresIn || a.key.localeCompare(b.key));
  }
}

/** The family's two caches; their TTLs come from the configuration at start (`configureCaches`). */
const cacheTtl = { capacity: 60, pricing: 300 };
export const caches = {
  capacity: new QueryCache<unknown>(
    'capacity',
    () => cacheTtl.capacity,
    (json) => {
      const c = json as { lastUpdated: string | Date };
      return { ...c, lastUpdated: new Date(c.lastUpdated) };
    },
  ),
  pricing: new QueryCache<unknown>('pricing', () => cacheTtl.pricing),
};

/** Sets the caches' TTLs (CAPACITY_CACHE_TTL_SECONDS, PRICING_CACHE_TTL_SECONDS). */
export function configureCaches(ttl: { capacity: number; pricing: number }): void {
  cacheTtl.capacity = ttl.capacity;
  cacheTtl.pricing = ttl.pricing;
}

/** Entries expired for a minute at least are deleted (by whichever replica runs the sweep; idempotent). */
export async function sweepCaches(em: EntityManager): Promise<void> {
  await em.execute(`delete from "queries"."cache_entry" where "expires_at" < ?`, [now() - 60_000]);
}

/**
 * Announces, inside `em`'s transaction or a new one, that cached answers carrying `tags` are no longer good: one
 * invalidation row per tag, stamped with this transaction, and the entries already carrying them deleted. Both take
 * effect when the transaction commits, for every replica.
 */
export async function invalidateCached(em: EntityManager, tags: string[]): Promise<void> {
  const unique = [...new Set(tags)].sort(); // one order for every writer: two invalidations never wait on each other in a circle
  if (!unique.length) return;
  const run = async (tx: EntityManager) => {
    await tx.execute(
      `insert into "queries"."cache_invalidation" ("tag", "xid") select t, pg_current_xact_id() from unnest(${TEXT_ARRAY}) t
       on conflict ("tag") do update set "xid" = excluded."xid"`,
      [JSON.stringify(unique)],
    );
    await tx.execute(`delete from "queries"."cache_entry" where "tags" && ${TEXT_ARRAY}`, [JSON.stringify(unique)]);
  };
  if (em.getTransactionContext()) await run(em);
  else await em.transactional(run);
}
