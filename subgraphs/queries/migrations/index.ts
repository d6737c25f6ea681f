import { Migration20261126090000_initial } from './Migration20261126090000_initial.js';

/** Every migration of the queries schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261126090000_initial];
