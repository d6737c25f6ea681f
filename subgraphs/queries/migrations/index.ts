import { Migration20261126090000_initial } from './Migration20261126090000_initial.js';
import { Migration20261129070000_widened_points } from './Migration20261129070000_widened_points.js';
import { Migration20261129150000_shared_caches } from './Migration20261129150000_shared_caches.js';

/** Every migration of the queries schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261126090000_initial, Migration20261129070000_widened_points, Migration20261129150000_shared_caches];
