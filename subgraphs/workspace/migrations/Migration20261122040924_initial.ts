import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040924_initial extends Migration {
  override name = 'Migration20261122040924_initial';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'workspace') then create schema "workspace"; end if; end $$;`);
    this.addSql(
      `create table "workspace"."access_token" ("id" uuid not null, "workspace_id" uuid not null, "connector_id" uuid not null, "origin" varchar(255) not null, "user_agent" text null, "issued_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "access_token_workspace_id_index" on "workspace"."access_token" ("workspace_id");`);
    this.addSql(`create index "access_token_connector_id_index" on "workspace"."access_token" ("connector_id");`);

    this.addSql(
      `create table "workspace"."api_key" ("id" uuid not null, "workspace_id" uuid not null, "name" varchar(255) not null, "prefix" varchar(255) not null, "hash" varchar(255) not null, "scopes" jsonb not null, "created_by" uuid not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "expires_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "api_key_workspace_id_index" on "workspace"."api_key" ("workspace_id");`);
    this.addSql(`alter table "workspace"."api_key" add constraint "api_key_prefix_unique" unique ("prefix");`);

    this.addSql(
      `create table "workspace"."connector" ("id" uuid not null, "workspace_id" uuid not null, "provider_id" uuid not null, "provider_kind" text not null, "provider_code" varchar(255) not null, "type" text not null, "name" varchar(255) not null, "description" text null, "config" jsonb not null, "origins" jsonb not null, "secret_hash" varchar(255) not null, "secret_rotated_at" timestamptz null, "status" text not null default 'ENABLED', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "connector_workspace_id_index" on "workspace"."connector" ("workspace_id");`);
    this.addSql(`create index "connector_provider_id_index" on "workspace"."connector" ("provider_id");`);

    this.addSql(
      `create table "workspace"."invitation" ("id" uuid not null, "workspace_id" uuid not null, "provider_code" varchar(255) not null, "phone" varchar(255) not null, "name" varchar(255) not null, "operator" jsonb not null, "token_hash" varchar(255) not null, "status" text not null default 'PENDING', "invited_by" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "accepted_by" uuid null, "accepted_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "invitation_workspace_id_index" on "workspace"."invitation" ("workspace_id");`);
    this.addSql(`create index "invitation_token_hash_index" on "workspace"."invitation" ("token_hash");`);
    this.addSql(`alter table "workspace"."invitation" add constraint "invitation_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `create table "workspace"."member" ("id" uuid not null, "workspace_id" uuid not null, "user_id" uuid not null, "name" varchar(255) null, "role" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "member_workspace_id_index" on "workspace"."member" ("workspace_id");`);
    this.addSql(`create index "member_user_id_index" on "workspace"."member" ("user_id");`);
    this.addSql(`alter table "workspace"."member" add constraint "member_workspace_id_user_id_unique" unique ("workspace_id", "user_id");`);

    this.addSql(
      `create table "workspace"."provider" ("id" uuid not null, "workspace_id" uuid not null, "code" varchar(255) not null, "kind" text not null, "type" varchar(255) not null, "name" varchar(255) not null, "description" text null, "logo" text null, "contacts" jsonb not null, "address" jsonb null, "created_by" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "provider_workspace_id_index" on "workspace"."provider" ("workspace_id");`);
    this.addSql(`alter table "workspace"."provider" add constraint "provider_code_unique" unique ("code");`);

    this.addSql(
      `create table "workspace"."workspace" ("id" uuid not null, "name" varchar(255) not null, "description" text null, "owner_id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "workspace_owner_id_index" on "workspace"."workspace" ("owner_id");`);

    this.addSql(`alter table "workspace"."connector" add constraint "connector_provider_kind_check" check ("provider_kind" in ('csp', 'dev', 'lsp', 'iotsp'));`);
    this.addSql(`alter table "workspace"."connector" add constraint "connector_type_check" check ("type" in ('ASI', 'MSI', 'IOT', 'API'));`);
    this.addSql(`alter table "workspace"."connector" add constraint "connector_status_check" check ("status" in ('ENABLED', 'DISABLED'));`);

    this.addSql(`alter table "workspace"."invitation" add constraint "invitation_status_check" check ("status" in ('PENDING', 'ACCEPTED', 'CANCELLED'));`);

    this.addSql(`alter table "workspace"."member" add constraint "member_role_check" check ("role" in ('OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'));`);

    this.addSql(`alter table "workspace"."provider" add constraint "provider_kind_check" check ("kind" in ('csp', 'dev', 'lsp', 'iotsp'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "workspace"."access_token" cascade;`);
    this.addSql(`drop table if exists "workspace"."api_key" cascade;`);
    this.addSql(`drop table if exists "workspace"."connector" cascade;`);
    this.addSql(`drop table if exists "workspace"."invitation" cascade;`);
    this.addSql(`drop table if exists "workspace"."member" cascade;`);
    this.addSql(`drop table if exists "workspace"."provider" cascade;`);
    this.addSql(`drop table if exists "workspace"."workspace" cascade;`);

    this.addSql(`drop schema if exists "workspace";`);
  }
}
