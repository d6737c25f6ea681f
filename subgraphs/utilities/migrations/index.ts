import { Migration20261122044331_initial } from './Migration20261122044331_initial.js';
import { Migration20261125224651_network_copy } from './Migration20261125224651_network_copy.js';
import { Migration20261129070000_widened_points } from './Migration20261129070000_widened_points.js';
import { networkVersionMigration } from '../../../domain/network-copy/migration.js';

/** Every migration of the utilities schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261122044331_initial, Migration20261125224651_network_copy, Migration20261129070000_widened_points, networkVersionMigration('utilities')];
