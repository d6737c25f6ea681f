import { Migration20261126050000_initial } from './Migration20261126050000_initial.js';

/** Every migration of the iot schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261126050000_initial];
