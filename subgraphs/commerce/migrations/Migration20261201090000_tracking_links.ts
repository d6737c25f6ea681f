import { Migration } from '@mikro-orm/migrations';

/** Tracking links of orders (docs/orders.md "Tracking links"): the token's sha256, who made the link, its revocation. */
export class Migration20261201090000_tracking_links extends Migration {
  override name = 'Migration20261201090000_tracking_links';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "commerce"."order_tracking_link" ("id" uuid not null, "workspace_id" uuid not null, "order_id" uuid not null, "token_hash" varchar(255) not null, "created_by" jsonb not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "order_tracking_link_workspace_id_index" on "commerce"."order_tracking_link" ("workspace_id");`);
    this.addSql(`create index "order_tracking_link_order_id_index" on "commerce"."order_tracking_link" ("order_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "commerce"."order_tracking_link" cascade;`);
  }
}
