import { Migration } from '@mikro-orm/migrations';

/** Webhook endpoints, their signing secrets, and the deliveries of events to them (docs/events.md "Webhooks"). */
export class Migration20261126180000_webhooks extends Migration {
  override name = 'Migration20261126180000_webhooks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "workspace"."webhook_endpoint" ("id" uuid not null, "workspace_id" uuid not null, "url" text not null, "types" jsonb not null, "description" text null,
        "status" text not null default 'ENABLED', "disabled_reason" text null, "failing_since" timestamptz null, "secret_rotated_at" timestamptz not null,
        "starts_after" bigint not null default 0, "created_by" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "webhook_endpoint_workspace_id_index" on "workspace"."webhook_endpoint" ("workspace_id");`);
    this.addSql(
      `create table "workspace"."webhook_endpoint_secret" ("id" uuid not null, "workspace_id" uuid not null, "endpoint_id" uuid not null, "secret" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "webhook_endpoint_secret_workspace_id_index" on "workspace"."webhook_endpoint_secret" ("workspace_id");`);
    this.addSql(`create index "webhook_endpoint_secret_endpoint_id_created_at_index" on "workspace"."webhook_endpoint_secret" ("endpoint_id", "created_at");`);
    this.addSql(
      `create table "workspace"."event_delivery" ("id" uuid not null, "workspace_id" uuid not null, "endpoint_id" uuid not null, "event_id" text not null, "event_type" text not null,
        "body" text not null, "status" text not null default 'PENDING', "attempts" int not null default 0, "next_attempt_at" timestamptz null, "run" int not null default 1,
        "attempt_log" jsonb not null default '[]', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "event_delivery_workspace_id_index" on "workspace"."event_delivery" ("workspace_id");`);
    this.addSql(`alter table "workspace"."event_delivery" add constraint "event_delivery_endpoint_id_event_id_unique" unique ("endpoint_id", "event_id");`);
    this.addSql(`create index "event_delivery_workspace_id_endpoint_id_created_at_index" on "workspace"."event_delivery" ("workspace_id", "endpoint_id", "created_at");`);
  }
}
