import { Migration20261122044331_initial } from './Migration20261122044331_initial.js';

/** Every migration of the utilities schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261122044331_initial];
