import { Migration } from '@mikro-orm/migrations';

export class Migration20261122043903_coverage extends Migration {
  override name = 'Migration20261122043903_coverage';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "lsp"."coverage" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "type" varchar(255) not null, "code" varchar(255) not null, "name" varchar(255) not null, "status" varchar(255) not null, "reach" varchar(255) not null, "service_level" varchar(255) not null, "transit_type" varchar(255) not null, "transit_mode" varchar(255) not null, "transit_time" jsonb not null, "schedules" jsonb not null, "is_guaranteed" boolean not null, "capacity" jsonb null, "radius" jsonb null, "country" varchar(255) null, "region" varchar(255) null, "cities" jsonb null, "linked_to" jsonb null, "origin" jsonb null, "destination" jsonb null, "distance" jsonb null, "transit_points" jsonb null, primary key ("id"));`,
    );
    this.addSql(`create index "coverage_workspace_id_index" on "lsp"."coverage" ("workspace_id");`);
    this.addSql(`create index "coverage_icode_index" on "lsp"."coverage" ("icode");`);
    this.addSql(`create index "coverage_workspace_id_icode_type_code_index" on "lsp"."coverage" ("workspace_id", "icode", "type", "code");`);
    this.addSql(`alter table "lsp"."coverage" add constraint "coverage_workspace_id_icode_code_unique" unique ("workspace_id", "icode", "code");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "lsp"."coverage" cascade;`);
  }
}
