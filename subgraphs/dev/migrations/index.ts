import { Migration20261126011941_initial } from './Migration20261126011941_initial.js';
import { networkVersionMigration } from '../../../domain/network-copy/migration.js';

/** Every migration of the dev schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261126011941_initial, networkVersionMigration('dev')];
