import { Migration20261125221911_initial } from './Migration20261125221911_initial.js';
import { Migration20261201090000_tracking_links } from './Migration20261201090000_tracking_links.js';
import { networkVersionMigration } from '../../../domain/network-copy/migration.js';

/** Every migration of the commerce schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261125221911_initial, networkVersionMigration('commerce', { names: true }), Migration20261201090000_tracking_links];
