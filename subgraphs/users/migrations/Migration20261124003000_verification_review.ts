import { Migration } from '@mikro-orm/migrations';

/** Identity verification review by platform administrators: who decided, when, and why (docs/operators.md). */
export class Migration20261124003000_verification_review extends Migration {
  override name = 'Migration20261124003000_verification_review';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users"."verification" add column "reviewed_at" timestamptz null, add column "reviewed_by_id" uuid null, add column "reason" text null;`);
    this.addSql(`alter table "users"."verification" add constraint "verification_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "users"."user" ("id") on delete set null;`);
    this.addSql(`create index "verification_status_submitted_at_index" on "users"."verification" ("status", "submitted_at");`);
  }
}
