import { Migration } from '@mikro-orm/migrations';

export class Migration20261125221911_initial extends Migration {
  override name = 'Migration20261125221911_initial';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'commerce') then create schema "commerce"; end if; end $$;`);
    this.addSql(
      `create table "commerce"."idempotency_key" ("owner" varchar(255) not null, "operation" varchar(255) not null, "key" varchar(255) not null, "request_hash" varchar(255) not null, "result_id" varchar(255) not null, "sealed" text null, "created_at" timestamptz not null, primary key ("owner", "operation", "key"));`,
    );

    this.addSql(
      `create table "commerce"."network_agent" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "user_id" uuid not null, "status" varchar(255) not null, "vehicles" jsonb not null, "event_id" bigint not null, primary key ("id"));`,
    );
    this.addSql(`create index "network_agent_workspace_id_index" on "commerce"."network_agent" ("workspace_id");`);
    this.addSql(`create index "network_agent_user_id_index" on "commerce"."network_agent" ("user_id");`);
    this.addSql(`create index "network_agent_workspace_id_icode_index" on "commerce"."network_agent" ("workspace_id", "icode");`);

    this.addSql(
      `create table "commerce"."network_coverage" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "kind" varchar(255) not null, "status" varchar(255) not null, "record" jsonb not null, "event_id" bigint not null, primary key ("id"));`,
    );
    this.addSql(`create index "network_coverage_workspace_id_index" on "commerce"."network_coverage" ("workspace_id");`);
    this.addSql(`create index "network_coverage_workspace_id_icode_index" on "commerce"."network_coverage" ("workspace_id", "icode");`);

    this.addSql(
      `create table "commerce"."network_pricing" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "kind" varchar(255) not null, "point" jsonb null, "rules" jsonb not null, "event_id" bigint not null, primary key ("id"));`,
    );
    this.addSql(`create index "network_pricing_workspace_id_index" on "commerce"."network_pricing" ("workspace_id");`);
    this.addSql(`create index "network_pricing_workspace_id_icode_index" on "commerce"."network_pricing" ("workspace_id", "icode");`);

    this.addSql(
      `create table "commerce"."orders" ("id" uuid not null, "workspace_id" uuid not null, "reference" varchar(255) not null, "status" text not null default 'INTENT', "sandbox" boolean not null default false, "csp_code" varchar(255) not null, "connector_id" uuid not null, "origin" varchar(255) not null, "client_id" varchar(255) not null, "client_user_id" uuid null, "external_ref" varchar(255) null, "note" text null, "lsp_code" varchar(255) null, "agent_id" uuid null, "agent_user_id" uuid null, "vehicle_id" uuid null, "service" jsonb null, "rating" jsonb null, "history" jsonb not null, "token_hash" varchar(255) not null, "token_expires_at" timestamptz not null, "token_revoked_at" timestamptz null, "placed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 0, primary key ("id"));`,
    );
    this.addSql(`create index "orders_workspace_id_index" on "commerce"."orders" ("workspace_id");`);
    this.addSql(`alter table "commerce"."orders" add constraint "orders_reference_unique" unique ("reference");`);
    this.addSql(`create index "orders_workspace_id_csp_code_client_id_index" on "commerce"."orders" ("workspace_id", "csp_code", "client_id");`);
    this.addSql(`create index "orders_workspace_id_lsp_code_sandbox_created_at_index" on "commerce"."orders" ("workspace_id", "lsp_code", "sandbox", "created_at");`);
    this.addSql(`create index "orders_workspace_id_csp_code_sandbox_created_at_index" on "commerce"."orders" ("workspace_id", "csp_code", "sandbox", "created_at");`);

    this.addSql(
      `create table "commerce"."package" ("id" uuid not null, "workspace_id" uuid not null, "ptc" varchar(255) not null, "order_id" uuid not null, "waypoint_id" uuid not null, "care_level" int not null, "category" varchar(255) not null, "weight" double precision not null, "note" text null, "status" varchar(255) not null default 'PENDING', primary key ("id"));`,
    );
    this.addSql(`create index "package_workspace_id_index" on "commerce"."package" ("workspace_id");`);
    this.addSql(`alter table "commerce"."package" add constraint "package_ptc_unique" unique ("ptc");`);
    this.addSql(`create index "package_order_id_index" on "commerce"."package" ("order_id");`);

    this.addSql(
      `create table "commerce"."waypoint" ("id" uuid not null, "workspace_id" uuid not null, "order_id" uuid not null, "no" int not null, "type" varchar(255) not null, "description" text null, "coordinates" jsonb not null, "address" text null, "country" varchar(255) null, "contact" jsonb null, primary key ("id"));`,
    );
    this.addSql(`create index "waypoint_workspace_id_index" on "commerce"."waypoint" ("workspace_id");`);
    this.addSql(`create index "waypoint_order_id_index" on "commerce"."waypoint" ("order_id");`);
    this.addSql(`alter table "commerce"."waypoint" add constraint "waypoint_order_id_no_unique" unique ("order_id", "no");`);

    this.addSql(
      `alter table "commerce"."orders" add constraint "orders_status_check" check ("status" in ('INTENT', 'PLACED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED', 'FAILED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "commerce"."idempotency_key" cascade;`);
    this.addSql(`drop table if exists "commerce"."network_agent" cascade;`);
    this.addSql(`drop table if exists "commerce"."network_coverage" cascade;`);
    this.addSql(`drop table if exists "commerce"."network_pricing" cascade;`);
    this.addSql(`drop table if exists "commerce"."orders" cascade;`);
    this.addSql(`drop table if exists "commerce"."package" cascade;`);
    this.addSql(`drop table if exists "commerce"."waypoint" cascade;`);

    this.addSql(`drop schema if exists "commerce";`);
  }
}
