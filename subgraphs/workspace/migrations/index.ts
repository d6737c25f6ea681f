import { Migration20261122040924_initial } from './Migration20261122040924_initial.js';

/** Every migration of the workspace schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261122040924_initial];
