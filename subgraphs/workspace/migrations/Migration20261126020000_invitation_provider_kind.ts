import { Migration } from '@mikro-orm/migrations';

/** Invitations of DEV providers (docs/dev.md "Developers"): an invitation names the kind of the provider that sent it. */
export class Migration20261126020000_invitation_provider_kind extends Migration {
  override name = 'Migration20261126020000_invitation_provider_kind';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workspace"."invitation" add column "provider_kind" varchar(255) not null default 'csp';`);
  }
}
