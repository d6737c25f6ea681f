import { Migration20261122040924_initial } from './Migration20261122040924_initial.js';
import { Migration20261125220000_connector_sandbox } from './Migration20261125220000_connector_sandbox.js';
import { Migration20261126020000_invitation_provider_kind } from './Migration20261126020000_invitation_provider_kind.js';
import { Migration20261126180000_webhooks } from './Migration20261126180000_webhooks.js';

/** Every migration of the workspace schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261122040924_initial, Migration20261125220000_connector_sandbox, Migration20261126020000_invitation_provider_kind, Migration20261126180000_webhooks];
