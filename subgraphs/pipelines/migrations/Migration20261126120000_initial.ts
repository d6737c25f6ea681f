import { Migration } from '@mikro-orm/migrations';

/**
 * The pipelines family's tables (docs/pipelines.md): templates, pipelines (a snapshot of their template), executions
 * with their logs, webhook deliveries, escalations, the QUERY stages' cache, the workspaces' signing secrets and
 * worker switches. The durable jobs live in pg-boss's own schema (`pgboss`), which pg-boss creates and migrates.
 */
export class Migration20261126120000_initial extends Migration {
  override name = 'Migration20261126120000_initial';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'pipelines') then create schema "pipelines"; end if; end $$;`);
    this.addSql(
      `create table "pipelines"."template" ("id" uuid not null, "workspace_id" uuid not null, "name" text not null, "description" text null,
        "version" varchar(100) not null, "status" varchar(20) not null, "stages" jsonb not null, "config" jsonb not null, "health" jsonb not null,
        "metadata" jsonb null, "created_at" timestamptz not null, "created_by" text not null, "updated_at" timestamptz not null, "updated_by" text not null,
        "published_at" timestamptz null, "deprecated_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "pipelines"."template" add constraint "template_workspace_name_version_unique" unique ("workspace_id", "name", "version");`);
    this.addSql(`create index "template_workspace_created" on "pipelines"."template" ("workspace_id", "created_at");`);
    this.addSql(
      `create table "pipelines"."pipeline" ("id" uuid not null, "workspace_id" uuid not null, "template_id" uuid not null, "template_version" varchar(100) not null,
        "name" text not null, "description" text null, "status" varchar(20) not null, "status_changed_at" timestamptz not null, "status_reason" text null,
        "stages" jsonb not null, "config" jsonb not null, "health" jsonb not null, "health_score" double precision not null, "health_status" varchar(20) not null,
        "health_checked_at" timestamptz null, "alerts" jsonb not null default '[]', "last_simulation" jsonb null, "next_simulation_at" timestamptz null,
        "baseline" jsonb not null, "created_at" timestamptz not null, "created_by" text not null, "updated_at" timestamptz not null, "updated_by" text not null,
        primary key ("id"));`,
    );
    this.addSql(`create index "pipeline_workspace_created" on "pipelines"."pipeline" ("workspace_id", "created_at");`);
    this.addSql(
      `create table "pipelines"."execution" ("id" uuid not null, "workspace_id" uuid not null, "pipeline_id" uuid not null, "status" varchar(20) not null,
        "current_stage_index" int not null, "stages" jsonb not null, "context" jsonb not null, "metadata" jsonb not null, "results" jsonb not null,
        "error" jsonb null, "priority" varchar(10) not null, "tags" jsonb not null, "debug" boolean not null, "simulation" boolean not null,
        "created_at" timestamptz not null, "started_at" timestamptz not null, "completed_at" timestamptz null, "duration" int null,
        "retry_attempts" int not null, "step" int not null, "stage_runs" int not null, "deadline_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "execution_workspace_pipeline_created" on "pipelines"."execution" ("workspace_id", "pipeline_id", "created_at");`);
    this.addSql(`create index "execution_pipeline_status" on "pipelines"."execution" ("pipeline_id", "status");`);
    this.addSql(
      `create table "pipelines"."execution_log" ("id" bigserial, "workspace_id" uuid not null, "execution_id" uuid not null, "at" timestamptz not null,
        "level" varchar(10) not null, "stage" text null, "message" text not null, "data" jsonb null, primary key ("id"));`,
    );
    this.addSql(`create index "execution_log_execution" on "pipelines"."execution_log" ("execution_id", "id");`);
    this.addSql(`create table "pipelines"."query_cache" ("key" text not null, "workspace_id" uuid not null, "result" jsonb not null, "expires_at" timestamptz not null, primary key ("key"));`);
    this.addSql(
      `create table "pipelines"."webhook_delivery" ("id" uuid not null, "workspace_id" uuid not null, "execution_id" uuid not null, "pipeline_id" uuid not null,
        "stage" text not null, "url" text not null, "method" varchar(10) not null, "request" jsonb not null, "status" varchar(20) not null,
        "attempts" int not null, "max_attempts" int not null, "last_attempt_at" timestamptz null, "response" jsonb null, "error" text null,
        "message_id" text not null, "step" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "webhook_delivery_workspace_created" on "pipelines"."webhook_delivery" ("workspace_id", "created_at");`);
    this.addSql(`create index "webhook_delivery_execution" on "pipelines"."webhook_delivery" ("execution_id");`);
    this.addSql(
      `create table "pipelines"."escalation" ("id" uuid not null, "workspace_id" uuid not null, "execution_id" uuid not null, "pipeline_id" uuid not null,
        "severity" varchar(20) not null, "reason" text not null, "stage" text null, "status" varchar(20) not null, "created_at" timestamptz not null,
        "resolved_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "escalation_workspace_created" on "pipelines"."escalation" ("workspace_id", "created_at");`);
    // a SUCCESS resolves its pipeline's open escalations (monitoring/escalations.ts resolveEscalations)
    this.addSql(`create index "escalation_pipeline_open" on "pipelines"."escalation" ("pipeline_id") where "status" in ('OPEN', 'ACKNOWLEDGED');`);
    this.addSql(`create table "pipelines"."signing_secret" ("id" uuid not null, "workspace_id" uuid not null, "secret" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "signing_secret_workspace" on "pipelines"."signing_secret" ("workspace_id", "created_at");`);
    this.addSql(
      `create table "pipelines"."worker_switch" ("id" text not null, "workspace_id" uuid not null, "name" varchar(20) not null, "enabled" boolean not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
  }
}
