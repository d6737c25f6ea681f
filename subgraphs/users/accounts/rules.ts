import { validationError } from '../../../kernel/errors.js';
import { ProfileVisibility } from '../settings/types.js';
import type { PublicUser, UserType } from './types.js';

/** What the visibility rules read of an account. */
export interface Visible {
  id: string;
  profileVisibility: ProfileVisibility;
  deletionDate?: Date | null;
}

/**
 * Whether `viewerId` may see the user at all (public view, search, a reference): never an account scheduled for
 * deletion; its owner always; anyone else only a public profile (`friends` means nobody else: there is no
 * connection graph yet). Nobody sees anything without a viewer.
 */
export const isVisibleTo = (user: Visible, viewerId: string | undefined): boolean =>
  viewerId !== undefined && !user.deletionDate && (user.id === viewerId || user.profileVisibility === ProfileVisibility.public);

/** The same rule as a query filter, for lists (`isVisibleTo` row by row). */
export const visibleToFilter = (viewerId: string) => ({
  deletionDate: null,
  $or: [{ profileVisibility: ProfileVisibility.public }, { id: viewerId }],
});

/** The public view of a user: never e-mail or phone. (No ratings or deliveries are recorded yet: null and 0.) */
export const publicView = (user: Pick<PublicUser, 'id' | 'name' | 'avatar' | 'userType' | 'verified'> & { bio?: string | null }): PublicUser => ({
  id: user.id,
  name: user.name,
  avatar: user.avatar ?? null,
  userType: user.userType,
  verified: user.verified,
  public: { bio: user.bio ?? null, rating: null, completedDeliveries: 0 },
});

export interface SearchArgs {
  q: string;
  userType?: UserType;
  limit?: number;
  offset?: number;
}

/** A search request checked: `q` 1 to 100 characters (trimmed), limit 1 to 100 (default 20), offset 0 or more. */
export function searchWindow(args: SearchArgs): { text: string; limit: number; offset: number } {
  const text = args.q.trim();
  if (!text) throw validationError('q', 'is required');
  if (text.length > 100) throw validationError('q', 'must be at most 100 characters');
  const limit = args.limit ?? 20;
  const offset = args.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw validationError('limit', 'must be between 1 and 100');
  if (!Number.isInteger(offset) || offset < 0) throw validationError('offset', 'must be 0 or more');
  return { text, limit, offset };
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts are purged this many days after their owner deleted them. */
export const DELETION_GRACE_DAYS = 30;
