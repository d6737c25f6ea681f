import { Migration } from '@mikro-orm/migrations';

/**
 * What a service registry reads of a facility (docs/lsp.md, "Facilities"): its status (ACTIVE, INACTIVE, MAINTENANCE;
 * existing facilities are ACTIVE), its capabilities and its capacities with when they were last set, on fleets,
 * warehouses and hubs.
 */
export class Migration20261126100000_facility_registry extends Migration {
  override name = 'Migration20261126100000_facility_registry';

  override up(): void | Promise<void> {
    for (const table of ['fleet', 'warehouse', 'hub']) {
      this.addSql(
        `alter table "lsp"."${table}" add column "status" text not null default 'ACTIVE', add column "capabilities" jsonb not null default '[]', add column "capacities" jsonb not null default '[]', add column "capacities_updated_at" timestamptz null;`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const table of ['fleet', 'warehouse', 'hub']) {
      this.addSql(`alter table "lsp"."${table}" drop column "status", drop column "capabilities", drop column "capacities", drop column "capacities_updated_at";`);
    }
  }
}
