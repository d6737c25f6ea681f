import { Migration20261122043202_initial } from './Migration20261122043202_initial.js';

/** Every migration of the lsp schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261122043202_initial];
