import { Migration } from '@mikro-orm/migrations';

/**
 * The DEV family's tables (docs/dev.md): developers, FAQs with their versions, the LSP's vocabulary for typo
 * correction, and the event-fed copy of the LSPs' hubs and warehouses. The search indexes are written by hand: a
 * weighted tsvector kept by PostgreSQL (question A, tags B, answer C) with a GIN index, a GIN index on the context
 * links (jsonb containment), and a GiST trigram index on the vocabulary (nearest word by `<->`, scoped by the LSP's
 * code through btree_gist).
 */
export class Migration20261126011941_initial extends Migration {
  override name = 'Migration20261126011941_initial';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm with schema public;`);
    this.addSql(`create extension if not exists btree_gist with schema public;`);
    this.addSql(`do $$ begin if not exists (select 1 from pg_namespace where nspname = 'dev') then create schema "dev"; end if; end $$;`);
    this.addSql(
      `create table "dev"."developer" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "user_id" uuid not null, "name" varchar(255) not null, "role" varchar(255) not null, "status" varchar(255) not null, "invitation_id" uuid not null, "invited_by" uuid not null, "joined_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by" uuid null, "removed_at" timestamptz null, "removed_by" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "developer_workspace_id_index" on "dev"."developer" ("workspace_id");`);
    this.addSql(`create index "developer_icode_index" on "dev"."developer" ("icode");`);
    this.addSql(`alter table "dev"."developer" add constraint "developer_invitation_id_unique" unique ("invitation_id");`);
    this.addSql(`create index "developer_workspace_id_icode_user_id_index" on "dev"."developer" ("workspace_id", "icode", "user_id");`);
    // one record per person and provider while not REMOVED (a later invitation makes a new one)
    this.addSql(`create unique index "developer_current_unique" on "dev"."developer" ("workspace_id", "icode", "user_id") where "status" <> 'REMOVED';`);

    this.addSql(
      `create table "dev"."faq" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "version" varchar(255) not null, "revision" int not null, "question" text not null, "answer" text not null, "tags" jsonb not null, "contexts" jsonb not null, "reference" varchar(255) not null, "state" varchar(255) not null default 'ACTIVE', "locked" boolean not null default false, "locked_at" timestamptz null, "locked_by" uuid null, "created_at" timestamptz not null, "created_by" uuid not null, "updated_at" timestamptz not null, "updated_by" uuid not null, "tags_text" text not null default '', primary key ("id"));`,
    );
    this.addSql(`create index "faq_workspace_id_index" on "dev"."faq" ("workspace_id");`);
    this.addSql(`create index "faq_icode_index" on "dev"."faq" ("icode");`);
    this.addSql(`alter table "dev"."faq" add constraint "faq_reference_unique" unique ("reference");`);
    this.addSql(`create index "faq_workspace_id_icode_state_index" on "dev"."faq" ("workspace_id", "icode", "state");`);
    this.addSql(
      `alter table "dev"."faq" add column "search" tsvector generated always as (setweight(to_tsvector('english'::regconfig, "question"), 'A') || setweight(to_tsvector('english'::regconfig, "tags_text"), 'B') || setweight(to_tsvector('english'::regconfig, "answer"), 'C')) stored;`,
    );
    this.addSql(`create index "faq_search_index" on "dev"."faq" using gin ("search");`);
    this.addSql(`create index "faq_contexts_index" on "dev"."faq" using gin ("contexts" jsonb_path_ops);`);
    this.addSql(`create table "dev"."faq_term" ("workspace_id" uuid not null, "icode" varchar(255) not null, "term" text not null, primary key ("workspace_id", "icode", "term"));`);
    this.addSql(`create index "faq_term_trgm_index" on "dev"."faq_term" using gist ("icode", "term" public.gist_trgm_ops);`);

    this.addSql(
      `create table "dev"."faq_version" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "version" varchar(255) not null, "revision" int not null, "question" text not null, "answer" text not null, "tags" jsonb not null, "contexts" jsonb not null, "faq_id" uuid not null, "edited_at" timestamptz not null, "edited_by" uuid not null, primary key ("id"));`,
    );
    this.addSql(`create index "faq_version_workspace_id_index" on "dev"."faq_version" ("workspace_id");`);
    this.addSql(`create index "faq_version_icode_index" on "dev"."faq_version" ("icode");`);
    this.addSql(`create index "faq_version_faq_id_index" on "dev"."faq_version" ("faq_id");`);
    this.addSql(`alter table "dev"."faq_version" add constraint "faq_version_faq_id_revision_unique" unique ("faq_id", "revision");`);

    this.addSql(
      `create table "dev"."network_pricing" ("id" uuid not null, "workspace_id" uuid not null, "icode" varchar(255) not null, "kind" varchar(255) not null, "point" jsonb null, "rules" jsonb not null, "event_id" bigint not null, primary key ("id"));`,
    );
    this.addSql(`create index "network_pricing_workspace_id_index" on "dev"."network_pricing" ("workspace_id");`);
    this.addSql(`create index "network_pricing_workspace_id_icode_index" on "dev"."network_pricing" ("workspace_id", "icode");`);

    this.addSql(`alter table "dev"."faq_version" add constraint "faq_version_faq_id_foreign" foreign key ("faq_id") references "dev"."faq" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "dev"."faq_version" drop constraint "faq_version_faq_id_foreign";`);

    this.addSql(`drop table if exists "dev"."developer" cascade;`);
    this.addSql(`drop table if exists "dev"."faq" cascade;`);
    this.addSql(`drop table if exists "dev"."faq_version" cascade;`);
    this.addSql(`drop table if exists "dev"."network_pricing" cascade;`);
    this.addSql(`drop table if exists "dev"."faq_term" cascade;`);

    this.addSql(`drop schema if exists "dev";`);
  }
}
