import { Migration } from '@mikro-orm/migrations';

export class Migration20261122043202_initial extends Migration {
  override name = 'Migration20261122043202_initial';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'lsp') then create schema "lsp"; end if; end $$;`);
    this.addSql(
      `create table "lsp"."agent" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "user_id" uuid not null, "name" varchar(255) not null, "phone" varchar(255) null, "status" varchar(255) not null, "bio" text null, "license_number" varchar(255) null, primary key ("id"));`,
    );
    this.addSql(`create index "agent_workspace_id_index" on "lsp"."agent" ("workspace_id");`);
    this.addSql(`create index "agent_icode_index" on "lsp"."agent" ("icode");`);
    this.addSql(`alter table "lsp"."agent" add constraint "agent_workspace_id_icode_user_id_unique" unique ("workspace_id", "icode", "user_id");`);

    this.addSql(
      `create table "lsp"."agent_invitation" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "name" varchar(255) not null, "phone" varchar(255) null, "token_hash" varchar(255) not null, "status" varchar(255) not null, "expires_at" timestamptz not null, "accepted_by" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "agent_invitation_workspace_id_index" on "lsp"."agent_invitation" ("workspace_id");`);
    this.addSql(`create index "agent_invitation_icode_index" on "lsp"."agent_invitation" ("icode");`);
    this.addSql(`alter table "lsp"."agent_invitation" add constraint "agent_invitation_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `create table "lsp"."fleet" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "type" varchar(255) not null, "code" varchar(255) not null, "name" varchar(255) not null, "description" text null, "contacts" jsonb not null, "address" jsonb null, "timezone" varchar(255) not null, "level" varchar(255) not null, "operating_mode" varchar(255) not null, "operating_hours" jsonb not null, "digital_twin_sync" boolean not null, primary key ("id"));`,
    );
    this.addSql(`create index "fleet_workspace_id_index" on "lsp"."fleet" ("workspace_id");`);
    this.addSql(`create index "fleet_icode_index" on "lsp"."fleet" ("icode");`);
    this.addSql(`alter table "lsp"."fleet" add constraint "fleet_workspace_id_icode_code_unique" unique ("workspace_id", "icode", "code");`);

    this.addSql(
      `create table "lsp"."hub" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "type" varchar(255) not null, "code" varchar(255) not null, "name" varchar(255) not null, "description" text null, "contacts" jsonb not null, "address" jsonb null, "timezone" varchar(255) not null, "level" varchar(255) not null, "operating_mode" varchar(255) not null, "operating_hours" jsonb not null, "digital_twin_sync" boolean not null, "pricing" jsonb not null, primary key ("id"));`,
    );
    this.addSql(`create index "hub_workspace_id_index" on "lsp"."hub" ("workspace_id");`);
    this.addSql(`create index "hub_icode_index" on "lsp"."hub" ("icode");`);
    this.addSql(`alter table "lsp"."hub" add constraint "hub_workspace_id_icode_code_unique" unique ("workspace_id", "icode", "code");`);

    this.addSql(
      `create table "lsp"."parking_facility" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "name" varchar(255) not null, "type" varchar(255) not null, "status" varchar(255) not null, "address" jsonb not null, "access" jsonb not null, "security_level" varchar(255) not null, "amenities" jsonb not null, "decommissioned_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "parking_facility_workspace_id_index" on "lsp"."parking_facility" ("workspace_id");`);
    this.addSql(`create index "parking_facility_icode_index" on "lsp"."parking_facility" ("icode");`);

    this.addSql(
      `create table "lsp"."vehicle" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "fleet_id" uuid not null, "type" varchar(255) not null, "grade" varchar(255) null, "status" varchar(255) not null, "specs" jsonb not null, "ownership" varchar(255) null, "iot" jsonb null, "allocation" jsonb null, primary key ("id"));`,
    );
    this.addSql(`create index "vehicle_workspace_id_index" on "lsp"."vehicle" ("workspace_id");`);
    this.addSql(`create index "vehicle_icode_index" on "lsp"."vehicle" ("icode");`);
    this.addSql(`create index "vehicle_fleet_id_index" on "lsp"."vehicle" ("fleet_id");`);

    this.addSql(
      `create table "lsp"."agent_vehicle" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "agent_id" uuid not null, "vehicle_id" uuid not null, "terms" jsonb not null, "is_owner" boolean not null, primary key ("id"));`,
    );
    this.addSql(`create index "agent_vehicle_workspace_id_index" on "lsp"."agent_vehicle" ("workspace_id");`);
    this.addSql(`create index "agent_vehicle_icode_index" on "lsp"."agent_vehicle" ("icode");`);
    this.addSql(`create index "agent_vehicle_agent_id_index" on "lsp"."agent_vehicle" ("agent_id");`);
    this.addSql(`create index "agent_vehicle_vehicle_id_index" on "lsp"."agent_vehicle" ("vehicle_id");`);
    this.addSql(`alter table "lsp"."agent_vehicle" add constraint "agent_vehicle_agent_id_vehicle_id_unique" unique ("agent_id", "vehicle_id");`);

    this.addSql(
      `create table "lsp"."warehouse" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "added" jsonb not null, "updated" jsonb not null, "type" varchar(255) not null, "code" varchar(255) not null, "name" varchar(255) not null, "description" text null, "contacts" jsonb not null, "address" jsonb null, "timezone" varchar(255) not null, "level" varchar(255) not null, "operating_mode" varchar(255) not null, "operating_hours" jsonb not null, "digital_twin_sync" boolean not null, "pricing" jsonb not null, primary key ("id"));`,
    );
    this.addSql(`create index "warehouse_workspace_id_index" on "lsp"."warehouse" ("workspace_id");`);
    this.addSql(`create index "warehouse_icode_index" on "lsp"."warehouse" ("icode");`);
    this.addSql(`alter table "lsp"."warehouse" add constraint "warehouse_workspace_id_icode_code_unique" unique ("workspace_id", "icode", "code");`);

    this.addSql(`alter table "lsp"."vehicle" add constraint "vehicle_fleet_id_foreign" foreign key ("fleet_id") references "lsp"."fleet" ("id") on delete cascade;`);

    this.addSql(`alter table "lsp"."agent_vehicle" add constraint "agent_vehicle_agent_id_foreign" foreign key ("agent_id") references "lsp"."agent" ("id") on delete cascade;`);
    this.addSql(`alter table "lsp"."agent_vehicle" add constraint "agent_vehicle_vehicle_id_foreign" foreign key ("vehicle_id") references "lsp"."vehicle" ("id") on delete cascade;`);
    // a vehicle has at most one owner-agent at a time
    this.addSql(`create unique index "agent_vehicle_one_owner" on "lsp"."agent_vehicle" ("vehicle_id") where "is_owner";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "lsp"."agent_vehicle" drop constraint "agent_vehicle_agent_id_foreign";`);
    this.addSql(`alter table "lsp"."vehicle" drop constraint "vehicle_fleet_id_foreign";`);
    this.addSql(`alter table "lsp"."agent_vehicle" drop constraint "agent_vehicle_vehicle_id_foreign";`);

    this.addSql(`drop table if exists "lsp"."agent" cascade;`);
    this.addSql(`drop table if exists "lsp"."agent_invitation" cascade;`);
    this.addSql(`drop table if exists "lsp"."fleet" cascade;`);
    this.addSql(`drop table if exists "lsp"."hub" cascade;`);
    this.addSql(`drop table if exists "lsp"."parking_facility" cascade;`);
    this.addSql(`drop table if exists "lsp"."vehicle" cascade;`);
    this.addSql(`drop table if exists "lsp"."agent_vehicle" cascade;`);
    this.addSql(`drop table if exists "lsp"."warehouse" cascade;`);

    this.addSql(`drop schema if exists "lsp";`);
  }
}
