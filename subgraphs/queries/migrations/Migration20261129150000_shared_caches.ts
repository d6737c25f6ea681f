import { Migration } from '@mikro-orm/migrations';
import { CACHE_DDL } from '../common/cache.js';

/**
 * The capacity and pricing caches move from each process's memory into PostgreSQL, shared by every replica
 * (subgraphs/queries/common/cache.ts, docs/queries.md "Caches"): `cache_entry` and `cache_invalidation`, unlogged.
 */
export class Migration20261129150000_shared_caches extends Migration {
  override name = 'Migration20261129150000_shared_caches';

  override up(): void | Promise<void> {
    for (const sql of CACHE_DDL) this.addSql(`${sql};`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "queries"."cache_entry";`);
    this.addSql(`drop table if exists "queries"."cache_invalidation";`);
  }
}
