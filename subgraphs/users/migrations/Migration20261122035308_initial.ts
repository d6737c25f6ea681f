import { Migration } from '@mikro-orm/migrations';

export class Migration20261122035308_initial extends Migration {
  override name = 'Migration20261122035308_initial';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'users') then create schema "users"; end if; end $$;`);
    this.addSql(
      `create table "users"."user" ("id" uuid not null, "email" varchar(255) not null, "phone" varchar(255) null, "name" varchar(255) not null, "password_hash" varchar(255) not null, "avatar" text null, "user_type" text not null default 'client', "verified" boolean not null default false, "bio" text null, "metadata" jsonb not null, "notification_settings" jsonb not null, "profile_visibility" text not null default 'public', "show_email" boolean not null default false, "show_phone" boolean not null default false, "allow_messages" boolean not null default true, "share_location" boolean not null default false, "custom_metadata" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deletion_date" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "users"."user" add constraint "user_email_unique" unique ("email");`);
    this.addSql(`create index "user_deletion_date_index" on "users"."user" ("deletion_date");`);

    this.addSql(
      `create table "users"."session" ("id" uuid not null, "user_id" uuid not null, "device_id" varchar(255) null, "user_agent" text null, "ip" varchar(255) null, "refresh_hash" varchar(255) not null, "refresh_generation" int not null default 0, "created_at" timestamptz not null, "last_used_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" varchar(255) null, primary key ("id"));`,
    );
    this.addSql(`create index "session_user_id_index" on "users"."session" ("user_id");`);

    this.addSql(
      `create table "users"."verification" ("id" uuid not null, "user_id" uuid not null, "document_type" text not null, "status" varchar(255) not null default 'pending', "files" jsonb not null, "submitted_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "verification_user_id_index" on "users"."verification" ("user_id");`);

    this.addSql(`alter table "users"."user" add constraint "user_user_type_check" check ("user_type" in ('client', 'agent', 'lsp', 'csp', 'dev'));`);
    this.addSql(`alter table "users"."user" add constraint "user_profile_visibility_check" check ("profile_visibility" in ('public', 'friends', 'private'));`);

    this.addSql(`alter table "users"."session" add constraint "session_user_id_foreign" foreign key ("user_id") references "users"."user" ("id") on delete cascade;`);

    this.addSql(`alter table "users"."verification" add constraint "verification_user_id_foreign" foreign key ("user_id") references "users"."user" ("id") on delete cascade;`);
    this.addSql(`alter table "users"."verification" add constraint "verification_document_type_check" check ("document_type" in ('passport', 'drivers_license', 'national_id'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users"."session" drop constraint "session_user_id_foreign";`);
    this.addSql(`alter table "users"."verification" drop constraint "verification_user_id_foreign";`);

    this.addSql(`drop table if exists "users"."user" cascade;`);
    this.addSql(`drop table if exists "users"."session" cascade;`);
    this.addSql(`drop table if exists "users"."verification" cascade;`);

    this.addSql(`drop schema if exists "users";`);
  }
}
