import { Migration20261122044331_initial } from './Migration20261122044331_initial.js';
import { Migration20261125224651_network_copy } from './Migration20261125224651_network_copy.js';

/** Every migration of the utilities schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261122044331_initial, Migration20261125224651_network_copy];
