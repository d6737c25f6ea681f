import { Migration } from '@mikro-orm/migrations';

export class Migration20261122044331_initial extends Migration {
  override name = 'Migration20261122044331_initial';

  override up(): void | Promise<void> {
    // spatial search: earthdistance (on cube) for great-circle radius and k-nearest, btree_gist for GiST indexes led by the workspace
    this.addSql(`create extension if not exists cube with schema public;`);
    this.addSql(`create extension if not exists earthdistance with schema public;`);
    this.addSql(`create extension if not exists btree_gist with schema public;`);
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'utilities') then create schema "utilities"; end if; end $$;`);
    this.addSql(
      `create table "utilities"."live_vehicle_position" ("id" uuid not null, "workspace_id" uuid not null, "vehicle_id" varchar(64) not null, "type" varchar(40) not null, "status" text not null, "lat" double precision not null, "lng" double precision not null, "earth" public.cube not null, "heading" double precision null, "speed" double precision null, "reported_by" uuid null, "updated_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "live_vehicle_position_workspace_id_index" on "utilities"."live_vehicle_position" ("workspace_id");`);
    this.addSql(`create index "live_vehicle_position_point_gist" on "utilities"."live_vehicle_position" using gist ("workspace_id", point("lng", "lat"));`);
    this.addSql(`create index "live_vehicle_position_earth_gist" on "utilities"."live_vehicle_position" using gist ("workspace_id", "earth");`);
    this.addSql(`alter table "utilities"."live_vehicle_position" add constraint "live_vehicle_position_workspace_vehicle_unique" unique ("workspace_id", "vehicle_id");`);

    this.addSql(`alter table "utilities"."live_vehicle_position" add constraint "live_vehicle_position_status_check" check ("status" in ('AVAILABLE', 'BUSY', 'OFFLINE'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "utilities"."live_vehicle_position" cascade;`);

    this.addSql(`drop schema if exists "utilities";`);
  }
}
