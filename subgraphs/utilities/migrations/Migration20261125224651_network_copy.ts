import { Migration } from '@mikro-orm/migrations';

/** The utilities' copy of the LSP network (domain/network-copy): coverage areas and facility points, for the LSP zones. */
export class Migration20261125224651_network_copy extends Migration {
  override name = 'Migration20261125224651_network_copy';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "utilities"."network_coverage" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "kind" varchar(255) not null, "status" varchar(255) not null, "record" jsonb not null, "event_id" bigint not null, primary key ("id"));`,
    );
    this.addSql(`create index "network_coverage_workspace_id_index" on "utilities"."network_coverage" ("workspace_id");`);
    this.addSql(`create index "network_coverage_workspace_id_icode_index" on "utilities"."network_coverage" ("workspace_id", "icode");`);

    this.addSql(
      `create table "utilities"."network_pricing" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "kind" varchar(255) not null, "point" jsonb null, "rules" jsonb not null, "event_id" bigint not null, primary key ("id"));`,
    );
    this.addSql(`create index "network_pricing_workspace_id_index" on "utilities"."network_pricing" ("workspace_id");`);
    this.addSql(`create index "network_pricing_workspace_id_icode_index" on "utilities"."network_pricing" ("workspace_id", "icode");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "utilities"."network_coverage" cascade;`);
    this.addSql(`drop table if exists "utilities"."network_pricing" cascade;`);
  }
}
