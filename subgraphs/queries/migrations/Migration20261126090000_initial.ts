import { Migration } from '@mikro-orm/migrations';

/**
 * The queries family's tables (docs/queries.md): the service registry (`service_entry`, fed from the event log), the
 * copies it is computed from (the LSPs' coverage records and fleet vehicles), and the performance callers sync
 * (`service_performance`, the family's own data: it survives a rebuild of the registry).
 *
 * Discovery is index-backed the way the utilities' nearby search is: `earth` = ll_to_earth(lat, lng) (earthdistance
 * on cube), in a GiST index led by the workspace and the service type (btree_gist), so a radius search is an index
 * box filter plus an exact distance check, ordered by `earth <-> centre` from the index.
 */
export class Migration20261126090000_initial extends Migration {
  override name = 'Migration20261126090000_initial';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'queries') then create schema "queries"; end if; end $$;`);
    this.addSql(`create extension if not exists cube with schema public;`);
    this.addSql(`create extension if not exists earthdistance with schema public;`);
    this.addSql(`create extension if not exists btree_gist with schema public;`);
    this.addSql(
      `create table "queries"."service_entry" (
        "service_id" uuid not null, "workspace_id" uuid not null, "lsp" varchar(255) not null, "composite_id" text not null,
        "service_type" varchar(20) not null, "source" varchar(20) not null, "name" text not null, "description" text null,
        "lat" double precision null, "lng" double precision null, "earth" public.cube null, "address" jsonb null, "timezone" text not null,
        "capabilities" jsonb not null default '{}', "capacities" jsonb not null default '[]', "computed_capacities" jsonb not null default '[]',
        "capacities_updated_at" timestamptz null, "pricing" jsonb not null default '[]', "tags" jsonb not null default '[]',
        "status" varchar(20) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "last_synced" timestamptz not null,
        "event_id" bigint not null, primary key ("service_id"));`,
    );
    this.addSql(`alter table "queries"."service_entry" add constraint "service_entry_workspace_composite_unique" unique ("workspace_id", "composite_id");`);
    this.addSql(`create index "service_entry_earth_gist" on "queries"."service_entry" using gist ("workspace_id", "service_type", "earth");`);
    this.addSql(`create index "service_entry_type_name" on "queries"."service_entry" ("workspace_id", "service_type", "status", "name", "composite_id");`);
    this.addSql(`create index "service_entry_lsp" on "queries"."service_entry" ("workspace_id", "lsp");`);
    this.addSql(
      `create table "queries"."service_performance" (
        "workspace_id" uuid not null, "service_id" uuid not null, "lsp" varchar(255) not null,
        "on_time_delivery_rate" double precision not null, "order_accuracy" double precision not null,
        "average_processing_time" double precision not null, "damage_rate" double precision not null,
        "customer_satisfaction" double precision null, "overall_score" double precision not null,
        "last_updated" timestamptz not null, primary key ("workspace_id", "service_id"));`,
    );
    this.addSql(
      `create table "queries"."coverage_copy" ("id" uuid not null, "workspace_id" uuid not null, "lsp" varchar(255) not null,
        "status" varchar(20) not null, "geographic" jsonb not null default '[]', "service_types" jsonb not null default '[]',
        "event_id" bigint not null, primary key ("id"));`,
    );
    this.addSql(`create index "coverage_copy_lsp" on "queries"."coverage_copy" ("workspace_id", "lsp");`);
    this.addSql(
      `create table "queries"."fleet_vehicle_copy" ("id" uuid not null, "workspace_id" uuid not null, "fleet_id" uuid not null,
        "status" varchar(20) not null, "allocated" boolean not null default false, "changed_at" timestamptz not null, "event_id" bigint not null, primary key ("id"));`,
    );
    this.addSql(`create index "fleet_vehicle_copy_fleet" on "queries"."fleet_vehicle_copy" ("fleet_id");`);
  }
}
