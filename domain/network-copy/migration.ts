import { Migration } from '@mikro-orm/migrations';
import { NETWORK_PROVIDER_DDL, NETWORK_VERSION_DDL } from './sync.js';

/**
 * The migration each family that copies the LSP network applies to its own schema: the copy's version per workspace
 * (`network_version`, sync.ts), so a process can hold a workspace's network and check it with one row. Its data
 * starts empty: a workspace without a row is at version 0, and the next event applied to it makes the row. With
 * `names`, the LSPs' names too (`network_provider`), filled from the start of topic `workspace.provider` by the
 * consumer's first catch-up.
 */
export function networkVersionMigration(schema: string, { names = false } = {}) {
  return class extends Migration {
    override name = 'Migration20261130080000_network_version';

    override up(): void | Promise<void> {
      this.addSql(`${NETWORK_VERSION_DDL(schema)};`);
      if (names) this.addSql(`${NETWORK_PROVIDER_DDL(schema)};`);
    }

    override down(): void | Promise<void> {
      this.addSql(`drop table if exists "${schema}"."network_version";`);
      this.addSql(`drop table if exists "${schema}"."network_provider";`);
    }
  };
}
