import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../../kernel/config.js';
import { now, nowDate } from '../../../kernel/clock.js';
import { AppError, notFound, unauthorized } from '../../../kernel/errors.js';
import { findOneByStatement, lockOneOrNull } from '../../../kernel/db.js';
import { isUuid } from '../../../kernel/ids.js';
import { revoke, userTag } from '../../../kernel/revocations.js';
import { publish } from '../../../kernel/events.js';
import type { AccountScope } from '../common/scope.js';
import { IMAGE_TYPES, receiveFile, storageOf } from '../common/files.js';
import { Session } from '../auth/entities.js';
import { checkPassword } from '../auth/rules.js';
import { User } from './entities.js';
import { DELETION_GRACE_DAYS, containing, isVisibleTo, publicView, searchWindow, visibleToFilter, type SearchArgs } from './rules.js';
import type { AccountDeletion, AvatarUpload, DeleteAccountInput, PublicUser, UpdateProfileInput, UserSearchResult } from './types.js';

const DAY_MS = 86_400_000;

/**
 * What a caller whose account was scheduled for deletion after the gateway judged its session gets: the 401 the next
 * call gets (the deletion ended every session), not NOT_FOUND: a DELETE racing another call of the same account.
 */
const SESSION_ENDED = 'The session has ended: the account is scheduled for deletion';

/** The caller's own account, not scheduled for deletion, or 401 (`SESSION_ENDED`). */
export async function ownAccount(em: EntityManager, userId: string): Promise<User> {
  // the platform's most frequent read (every `me`): one plain statement, its row mapped to the entity, instead of a
  // `findOne` whose query is built from the filter on every call (docs/performance.md "Where a request's time goes")
  const user = isUuid(userId) ? await findOneByStatement(em, User, OWN_ACCOUNT_SQL, [userId]) : null;
  if (!user) throw unauthorized(SESSION_ENDED);
  return user;
}

const OWN_ACCOUNT_SQL = 'select * from "users"."user" where id = ? and deletion_date is null limit 1';

/** The accounts of `ids` (one query; ids that are not UUIDs name nothing), in the order asked, undefined where none. */
export async function usersByIds(em: EntityManager, ids: readonly string[]): Promise<(User | undefined)[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  const rows = wanted.length ? await em.find(User, { id: { $in: wanted } }) : [];
  const byId = new Map(rows.map((u) => [u.id, u]));
  return ids.map((id) => byId.get(id));
}

/**
 * The caller's own account (401 `SESSION_ENDED` once scheduled for deletion), locked and read afresh in the write's
 * transaction `tx` (kernel/db.ts `lockOneOrNull`, docs/contract.md "Concurrency"): changes of one account apply one
 * after another.
 */
export async function lockOwnAccount(tx: EntityManager, userId: string): Promise<User> {
  const user = await lockOneOrNull(tx, User, { id: userId, deletionDate: null });
  if (!user) throw unauthorized(SESSION_ENDED);
  return user;
}

/**
 * Applies `change` to the caller's own account, locked in one transaction (`lockOwnAccount`: two changes of different
 * settings at once both land), stamps `updatedAt`, saves; returns what `change` returns.
 */
export async function changeOwnAccount<T>(account: AccountScope, change: (user: User) => T): Promise<T> {
  return account.em.transactional(async (tx) => {
    const user = await lockOwnAccount(tx, account.userId);
    const result = change(user);
    user.updatedAt = nowDate();
    return result;
  });
}

/** The log topic of profile changes (the workspace subgraph makes each member's workspaces a `user.updated` of it, docs/events.md). */
export const PROFILE_TOPIC = 'users.profile';

/** Changes the caller's profile; a change of a field records `users.profile` (which fields, and the name) in the same transaction. */
export async function updateProfile(account: AccountScope, input: UpdateProfileInput): Promise<User> {
  return account.em.transactional(async (tx) => {
    const user = await lockOwnAccount(tx, account.userId);
    const before = { name: user.name, avatar: user.avatar ?? null, bio: user.bio ?? null, ...user.metadata };
    if (input.name !== undefined) user.name = input.name.trim();
    if (input.avatar !== undefined) user.avatar = input.avatar;
    if (input.bio !== undefined) user.bio = input.bio;
    if (input.metadata) {
      const { language, timezone, notifications } = input.metadata;
      user.metadata = {
        language: language ?? user.metadata.language,
        timezone: timezone ?? user.metadata.timezone,
        notifications: notifications ?? user.metadata.notifications,
      };
    }
    const after = { name: user.name, avatar: user.avatar ?? null, bio: user.bio ?? null, ...user.metadata };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
    user.updatedAt = nowDate();
    await tx.flush();
    if (changed.length) await publish(tx, PROFILE_TOPIC, user.id, null, { userId: user.id, name: user.name, changed });
    return user;
  });
}

/** The public view of a user the caller may see (`isVisibleTo`); any other is NOT_FOUND. */
export async function publicUser(account: AccountScope, id: string): Promise<PublicUser> {
  const user = isUuid(id) ? await account.em.findOne(User, { id }) : null;
  if (!user || !isVisibleTo(user, account.userId)) throw notFound('User');
  return publicView(user);
}

/**
 * Search over names (of the profiles the caller may see), e-mail addresses (only where the owner allows `showEmail`)
 * and phone numbers (`showPhone`), ordered by name.
 */
export async function search(account: AccountScope, args: SearchArgs): Promise<UserSearchResult> {
  const { text, limit, offset } = searchWindow(args);
  const pattern = containing(text);
  const where = {
    ...(args.userType ? { userType: args.userType } : {}),
    $and: [visibleToFilter(account.userId), { $or: [{ name: { $ilike: pattern } }, { showEmail: true, email: { $ilike: pattern } }, { showPhone: true, phone: { $ilike: pattern } }] }],
  };
  const [users, total] = await account.em.findAndCount(User, where, { limit, offset, orderBy: { name: 'asc', id: 'asc' } });
  return { users: users.map(publicView), total, limit, offset };
}

export async function uploadAvatar(account: AccountScope, upload: Parameters<typeof receiveFile>[0]): Promise<AvatarUpload> {
  const { em, config } = account;
  const user = await ownAccount(em, account.userId);
  const file = await receiveFile(upload, 'file', config.AVATAR_MAX_BYTES, IMAGE_TYPES);
  const store = storageOf(config);
  const folder = `public/avatars/${user.id}/`;
  const key = `${folder}${randomUUID()}.${file.ext}`;
  await store.put(key, file.data);
  let previous: string | null | undefined;
  let avatarUrl: string;
  try {
    // the avatar it replaces is read under the account's lock: of two uploads at once, the second replaces the first's
    ({ previous, avatarUrl } = await em.transactional(async (tx) => {
      const locked = await lockOwnAccount(tx, account.userId);
      const was = locked.avatar;
      locked.avatar = store.publicUrl(key);
      locked.updatedAt = nowDate();
      return { previous: was, avatarUrl: locked.avatar };
    }));
  } catch (err) {
    await store.delete(key);
    throw err;
  }
  const prefix = store.publicUrl(folder);
  if (previous?.startsWith(prefix)) await store.delete(`${folder}${previous.slice(prefix.length)}`).catch(() => undefined);
  return { avatarUrl, message: 'Avatar uploaded' };
}

/** Schedules the account's removal DELETION_GRACE_DAYS from now and ends every session at once. */
export async function scheduleDeletion(account: AccountScope, input: DeleteAccountInput): Promise<AccountDeletion> {
  const user = await ownAccount(account.em, account.userId);
  if (!(await checkPassword(user.passwordHash, input.password))) {
    throw new AppError('FORBIDDEN', 'password: is incorrect', 'password');
  }
  const deletionDate = new Date(now() + DELETION_GRACE_DAYS * DAY_MS);
  await account.em.transactional(async (tx) => {
    // judged on the account locked in the transaction: a second deletion at once finds it scheduled and the caller's
    // session ended by the first, and is refused as it would be after it (the session's credential no longer works)
    const u = await lockOwnAccount(tx, user.id);
    u.deletionDate = deletionDate;
    await tx.nativeUpdate(Session, { user: u.id, revokedAt: null }, { revokedAt: nowDate(), revokedReason: 'account_deleted' });
    await revoke(tx, [userTag(u.id)]);
  });
  return { message: `Account scheduled for deletion; data is removed after ${DELETION_GRACE_DAYS} days`, deletionDate };
}

/** Removes accounts whose grace period has passed (their sessions and verifications cascade; files are deleted). */
export async function purgeDueAccounts(em: EntityManager, config: Config): Promise<number> {
  const due = await em.find(User, { deletionDate: { $lte: nowDate() } }, { limit: 500 });
  const store = storageOf(config);
  for (const u of due) {
    await store.delete(`public/avatars/${u.id}`);
    await store.delete(`private/verifications/${u.id}`);
  }
  if (due.length) {
    await em.transactional(async (tx) => {
      await tx.nativeDelete(User, { id: { $in: due.map((u) => u.id) } });
      await revoke(
        tx,
        due.map((u) => userTag(u.id)),
      );
    });
  }
  return due.length;
}
