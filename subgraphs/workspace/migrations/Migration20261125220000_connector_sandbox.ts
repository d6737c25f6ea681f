import { Migration } from '@mikro-orm/migrations';

/**
 * Connectors in sandbox mode (docs/orders.md "Sandbox"), and an index for the commerce family's origin credential:
 * the gateway finds the enabled CSP connectors that list an origin (`origins @> '["<origin>"]'`).
 */
export class Migration20261125220000_connector_sandbox extends Migration {
  override name = 'Migration20261125220000_connector_sandbox';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workspace"."connector" add column "sandbox" boolean not null default false;`);
    this.addSql(`create index "connector_origins_index" on "workspace"."connector" using gin ("origins" jsonb_path_ops);`);
  }
}
