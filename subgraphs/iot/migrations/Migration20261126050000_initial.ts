import { Migration } from '@mikro-orm/migrations';

/**
 * The IoT family's tables (docs/iot.md): rules, topics, devices, their connector assignments, the event-fed copies of
 * the IoTSPs' connectors and the workspace's LSP vehicles, and the reports devices send (`report`: typed telemetry,
 * and failures with their error). Reports are read by device and time: the index leads with the device and orders by
 * when the report was measured, newest first, so a time range of one device is an index range scan.
 */
export class Migration20261126050000_initial extends Migration {
  override name = 'Migration20261126050000_initial';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'iot') then create schema "iot"; end if; end $$;`);
    const record = `"id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "status" varchar(255) not null default 'ACTIVE', "description" text null, "tags" jsonb not null, "created_at" timestamptz not null, "created_by" uuid not null, "updated_at" timestamptz not null, "updated_by" uuid not null`;
    this.addSql(
      `create table "iot"."rule" (${record}, "reference" varchar(255) not null, "type" varchar(255) not null default 'REPORT', "head" jsonb not null, "struct" text not null, "schema" jsonb not null, primary key ("id"));`,
    );
    this.addSql(`create index "rule_workspace_id_index" on "iot"."rule" ("workspace_id");`);
    this.addSql(`create index "rule_icode_index" on "iot"."rule" ("icode");`);
    this.addSql(`alter table "iot"."rule" add constraint "rule_workspace_id_icode_reference_unique" unique ("workspace_id", "icode", "reference");`);
    this.addSql(`create index "rule_workspace_id_icode_type_index" on "iot"."rule" ("workspace_id", "icode", "type");`);

    this.addSql(`create table "iot"."topic" (${record}, "reference" varchar(255) not null, "path" text not null, "qos" int not null, primary key ("id"));`);
    this.addSql(`create index "topic_workspace_id_index" on "iot"."topic" ("workspace_id");`);
    this.addSql(`create index "topic_icode_index" on "iot"."topic" ("icode");`);
    this.addSql(`alter table "iot"."topic" add constraint "topic_workspace_id_icode_reference_unique" unique ("workspace_id", "icode", "reference");`);
    this.addSql(`alter table "iot"."topic" add constraint "topic_workspace_id_icode_path_unique" unique ("workspace_id", "icode", "path");`);

    this.addSql(
      `create table "iot"."device" (${record}, "reference" varchar(255) not null, "external_id" varchar(255) not null, "name" varchar(255) null, "rule_id" uuid not null, "topic_id" uuid null, "vehicle_id" uuid null, "secret_hash" varchar(255) not null, "credential_issued_at" timestamptz not null, "reports_stored" int not null default 0, "reports_failed" int not null default 0, "last_report_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "device_workspace_id_index" on "iot"."device" ("workspace_id");`);
    this.addSql(`create index "device_icode_index" on "iot"."device" ("icode");`);
    this.addSql(`alter table "iot"."device" add constraint "device_reference_unique" unique ("reference");`);
    this.addSql(`alter table "iot"."device" add constraint "device_workspace_id_icode_external_id_unique" unique ("workspace_id", "icode", "external_id");`);
    this.addSql(`create index "device_rule_id_index" on "iot"."device" ("rule_id");`);
    this.addSql(`create index "device_topic_id_index" on "iot"."device" ("topic_id");`);
    this.addSql(`create index "device_vehicle_id_index" on "iot"."device" ("vehicle_id");`);
    this.addSql(`alter table "iot"."device" add constraint "device_rule_id_foreign" foreign key ("rule_id") references "iot"."rule" ("id");`);
    this.addSql(`alter table "iot"."device" add constraint "device_topic_id_foreign" foreign key ("topic_id") references "iot"."topic" ("id");`);

    this.addSql(
      `create table "iot"."connector_copy" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "type" varchar(255) not null, "name" varchar(255) not null, "status" varchar(255) not null, "deleted" boolean not null default false, "changed_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "connector_copy_workspace_id_index" on "iot"."connector_copy" ("workspace_id");`);
    this.addSql(`create index "connector_copy_icode_index" on "iot"."connector_copy" ("icode");`);
    this.addSql(
      `create table "iot"."connector_assignment" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "target_id" uuid not null, "connector_id" uuid not null, "assigned_at" timestamptz not null, "assigned_by" uuid not null, primary key ("id"));`,
    );
    this.addSql(`create index "connector_assignment_workspace_id_index" on "iot"."connector_assignment" ("workspace_id");`);
    this.addSql(`create index "connector_assignment_icode_index" on "iot"."connector_assignment" ("icode");`);
    this.addSql(`create index "connector_assignment_target_id_index" on "iot"."connector_assignment" ("target_id");`);
    this.addSql(`create index "connector_assignment_connector_id_index" on "iot"."connector_assignment" ("connector_id");`);
    this.addSql(`alter table "iot"."connector_assignment" add constraint "connector_assignment_target_id_connector_id_unique" unique ("target_id", "connector_id");`);

    this.addSql(
      `create table "iot"."vehicle_copy" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "type" varchar(255) not null, "status" varchar(255) not null, "deleted" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(`create index "vehicle_copy_workspace_id_index" on "iot"."vehicle_copy" ("workspace_id");`);
    this.addSql(`create index "vehicle_copy_icode_index" on "iot"."vehicle_copy" ("icode");`);

    // reports: written in batches by devices/ingest.ts (SQL), read by device and time (devices/telemetry.ts)
    this.addSql(
      `create table "iot"."report" ("id" bigint generated always as identity, "workspace_id" uuid not null, "device_id" uuid not null, "outcome" varchar(16) not null, "source" varchar(16) not null, "topic" text null, "measured_at" timestamptz not null, "received_at" timestamptz not null, "head" text null, "values" jsonb null, "lat" double precision null, "lng" double precision null, "line" text null, "error" jsonb null, primary key ("id"));`,
    );
    this.addSql(`create index "report_device_time_index" on "iot"."report" ("device_id", "measured_at" desc, "id" desc);`);
    this.addSql(`create index "report_received_at_index" on "iot"."report" using brin ("received_at");`);
  }
}
