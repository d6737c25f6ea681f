import { Migration20261122043202_initial } from './Migration20261122043202_initial.js';
import { Migration20261122043903_coverage } from './Migration20261122043903_coverage.js';
import { Migration20261123150000_pricing_amounts } from './Migration20261123150000_pricing_amounts.js';
import { Migration20261126100000_facility_registry } from './Migration20261126100000_facility_registry.js';

/** Every migration of the lsp schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261122043202_initial, Migration20261122043903_coverage, Migration20261123150000_pricing_amounts, Migration20261126100000_facility_registry];
