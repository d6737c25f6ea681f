import { Migration20261126120000_initial } from './Migration20261126120000_initial.js';

/** Every migration of the pipelines schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261126120000_initial];
