import { Migration20261122035308_initial } from './Migration20261122035308_initial.js';
import { Migration20261124003000_verification_review } from './Migration20261124003000_verification_review.js';

/** Every migration of the users schema, oldest first (applied at start; see kernel/db.ts). */
export const migrations = [Migration20261122035308_initial, Migration20261124003000_verification_review];
