import { Migration20261125221911_initial } from './Migration20261125221911_initial.js';

/** Every migration of the commerce schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261125221911_initial];
