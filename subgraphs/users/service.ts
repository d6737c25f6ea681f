import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../kernel/config.js';
import { AppError, notFound, unauthorized, validationError } from '../../kernel/errors.js';
import type { ClientInfo } from '../../kernel/principal.js';
import { randomSecret, safeEqualHex, sha256, signAccessToken } from '../../kernel/tokens.js';
import { createStorage, type BlobStorage } from '../../kernel/storage.js';
import { isUuid } from '../../kernel/ids.js';
import { isUniqueViolation } from '../../kernel/db.js';
import { revoke, userTag } from '../../kernel/revocations.js';
import { Session, User, Verification } from './entities.js';
import { ProfileVisibility, UserType } from './enums.js';
import { receiveFile, IMAGE_TYPES, DOCUMENT_TYPES } from './files.js';
import type {
  CustomMetadataInput, DeleteAccountInput, LoginInput, NotificationSettingsInput, PrivacySettingsInput, RegisterInput,
  UpdateProfileInput, VerificationInput, PublicUser, UserSearchResult, CustomMetadata,
} from './types.js';
import type { AuthPayload } from './auth-payload.js';
import { isForbiddenKey } from '../../kernel/input.js';
import { now, nowDate } from '../../kernel/clock.js';

const DAY_MS = 86_400_000;
export const DELETION_GRACE_DAYS = 30;
export const METADATA_MAX_BYTES = 10 * 1024;
export const METADATA_MAX_DEPTH = 3;

let storage: BlobStorage | undefined;
const storageOf = (config: Config) => (storage ??= createStorage(config.dataDir, config.publicUrl));

/** Active (not deletion-scheduled) user by id, or NOT_FOUND. */
export async function activeUser(em: EntityManager, id: string): Promise<User> {
  const user = isUuid(id) ? await em.findOne(User, { id, deletionDate: null }) : null;
  if (!user) throw notFound('User');
  return user;
}

// ───────────────────────────── authentication ─────────────────────────────

async function openSession(em: EntityManager, config: Config, user: User, client: ClientInfo, deviceId?: string): Promise<AuthPayload> {
  const secret = randomSecret();
  const session = em.create(Session, {
    user,
    deviceId: deviceId ?? client.deviceId ?? null,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    ip: client.ip ?? null,
    refreshHash: sha256(secret),
    refreshGeneration: 0,
    expiresAt: new Date(now() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
  });
  await em.flush();
  return issueTokens(config, user, session, secret);
}

async function issueTokens(config: Config, user: User, session: Session, secret: string): Promise<AuthPayload> {
  const accessToken = await signAccessToken(
    { userId: user.id, sessionId: session.id, deviceId: session.deviceId ?? undefined },
    config.jwtSecret,
    config.ACCESS_TOKEN_TTL_SECONDS,
  );
  return {
    user,
    accessToken,
    refreshToken: `${session.id}.${session.refreshGeneration}.${secret}`,
    expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
  };
}

export async function register(em: EntityManager, config: Config, input: RegisterInput, client: ClientInfo): Promise<AuthPayload> {
  const email = input.email.trim().toLowerCase();
  if (await em.count(User, { email })) throw new AppError('CONFLICT', 'email: an account with this e-mail already exists', 'email');
  return em.transactional(async (tx) => {
    const user = tx.create(User, {
      email,
      name: input.name.trim(),
      phone: input.phone ?? null,
      userType: input.userType ?? UserType.client,
      passwordHash: await argon2.hash(input.password, { type: argon2.argon2id }),
    });
    try {
      await tx.flush();
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('CONFLICT', 'email: an account with this e-mail already exists', 'email');
      }
      throw err;
    }
    return openSession(tx as EntityManager, config, user, client, input.deviceId);
  });
}

const BAD_LOGIN = 'Invalid e-mail or password';

export async function login(em: EntityManager, config: Config, input: LoginInput, client: ClientInfo): Promise<AuthPayload> {
  const user = await em.findOne(User, { email: input.email.trim().toLowerCase() });
  if (!user || !(await argon2.verify(user.passwordHash, input.password).catch(() => false))) throw unauthorized(BAD_LOGIN);
  if (user.deletionDate) throw unauthorized('This account is scheduled for deletion and can no longer sign in');
  return openSession(em, config, user, client, input.deviceId);
}

/** Rotates a refresh token. Presenting a spent token (an older generation) revokes the whole session. */
export async function refresh(em: EntityManager, config: Config, token: string): Promise<AuthPayload> {
  const m = /^([0-9a-f-]{36})\.(\d+)\.([A-Za-z0-9_-]{20,})$/.exec(token.trim());
  if (!m) throw unauthorized('Invalid refresh token');
  const [, sessionId, gen, secret] = m;
  const session = await em.findOne(Session, { id: sessionId }, { populate: ['user'] });
  if (!session || !session.isActive() || session.user.deletionDate) throw unauthorized('Invalid refresh token');
  const generation = Number(gen);
  if (generation < session.refreshGeneration) {
    await em.transactional(async (tx) => {
      session.revokedAt = nowDate();
      session.revokedReason = 'refresh_token_reuse';
      await revoke(tx as EntityManager, [userTag(session.user.id)]);
    });
    throw unauthorized('Refresh token already used; the session has been revoked');
  }
  if (generation !== session.refreshGeneration || !safeEqualHex(sha256(secret), session.refreshHash)) {
    throw unauthorized('Invalid refresh token');
  }
  const next = randomSecret();
  session.refreshGeneration += 1;
  session.refreshHash = sha256(next);
  session.lastUsedAt = nowDate();
  session.expiresAt = new Date(now() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS);
  await em.flush();
  return issueTokens(config, session.user, session, next);
}

export async function revokeSession(em: EntityManager, userId: string, sessionId: string, reason: string): Promise<void> {
  const session = isUuid(sessionId) ? await em.findOne(Session, { id: sessionId, user: userId, revokedAt: null }) : null;
  if (!session) throw notFound('Session');
  await em.transactional(async (tx) => {
    session.revokedAt = nowDate();
    session.revokedReason = reason;
    await revoke(tx as EntityManager, [userTag(userId)]);
  });
}

export async function listSessions(em: EntityManager, userId: string, currentSessionId: string) {
  const sessions = await em.find(
    Session,
    { user: userId, revokedAt: null, expiresAt: { $gt: nowDate() } },
    { orderBy: { lastUsedAt: 'desc' } },
  );
  return sessions.map((s) => ({ ...s, current: s.id === currentSessionId }));
}

/**
 * Credential check for a user token (the gateway asks it for tokens it has no cached answer for): is this session
 * still good, and until when at the latest. Every change that ends a session calls `revoke` (kernel/revocations.ts).
 */
export async function sessionStatus(em: EntityManager, userId: string, sessionId: string): Promise<{ active: boolean; expiresAt?: Date }> {
  if (!isUuid(userId) || !isUuid(sessionId)) return { active: false };
  const session = await em.findOne(Session, { id: sessionId, user: userId }, { populate: ['user'] });
  if (!session || !session.isActive() || session.user.deletionDate) return { active: false };
  return { active: true, expiresAt: session.expiresAt };
}

export async function sessionIsActive(em: EntityManager, userId: string, sessionId: string): Promise<boolean> {
  return (await sessionStatus(em, userId, sessionId)).active;
}

// ───────────────────────────── profile ─────────────────────────────

export async function updateProfile(em: EntityManager, userId: string, input: UpdateProfileInput): Promise<User> {
  const user = await activeUser(em, userId);
  if (input.name !== undefined) {
    if (input.name === null) throw validationError('name', 'cannot be null');
    user.name = input.name.trim();
  }
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
  user.updatedAt = nowDate();
  await em.flush();
  return user;
}

/** Public view of another user; private (and friends-only: there is no connection graph yet) profiles are NOT_FOUND to others. */
export async function publicView(em: EntityManager, viewerId: string, id: string): Promise<PublicUser> {
  const user = isUuid(id) ? await em.findOne(User, { id, deletionDate: null }) : null;
  if (!user || (user.id !== viewerId && user.profileVisibility !== ProfileVisibility.public)) throw notFound('User');
  return {
    id: user.id,
    name: user.name,
    avatar: user.avatar,
    userType: user.userType,
    verified: user.verified,
    public: { bio: user.bio ?? null, rating: null, completedDeliveries: 0 },
  };
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Search over name (everyone public), e-mail (only where the owner allows `showEmail`) and phone (`showPhone`).
 * Private profiles and accounts scheduled for deletion are never returned to others.
 */
export async function search(
  em: EntityManager,
  viewerId: string,
  args: { q: string; type?: UserType; limit?: number; offset?: number },
): Promise<UserSearchResult> {
  const q = args.q.trim();
  if (!q) throw validationError('q', 'is required');
  if (q.length > 100) throw validationError('q', 'must be at most 100 characters');
  const limit = args.limit ?? 20;
  const offset = args.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw validationError('limit', 'must be between 1 and 100');
  if (!Number.isInteger(offset) || offset < 0) throw validationError('offset', 'must be 0 or more');
  const pattern = likePattern(q);
  const where = {
    deletionDate: null,
    ...(args.type ? { userType: args.type } : {}),
    $and: [
      { $or: [{ profileVisibility: ProfileVisibility.public }, { id: viewerId }] },
      { $or: [{ name: { $ilike: pattern } }, { showEmail: true, email: { $ilike: pattern } }, { showPhone: true, phone: { $ilike: pattern } }] },
    ],
  };
  const [users, total] = await em.findAndCount(User, where as never, { limit, offset, orderBy: { name: 'asc', id: 'asc' } });
  return {
    users: users.map((u) => ({ id: u.id, name: u.name, avatar: u.avatar, userType: u.userType, verified: u.verified })),
    total,
    limit,
    offset,
  };
}

// ───────────────────────────── settings & metadata ─────────────────────────────

const assign = <T extends object>(target: T, patch: Partial<T> | undefined) => {
  for (const [k, v] of Object.entries(patch ?? {})) if (v !== undefined && v !== null) (target as Record<string, unknown>)[k] = v;
  return target;
};

export async function updateNotifications(em: EntityManager, userId: string, input: NotificationSettingsInput) {
  const user = await activeUser(em, userId);
  const s = structuredClone(user.notificationSettings);
  assign(s.email, input.email);
  assign(s.push, input.push);
  assign(s.sms, input.sms);
  user.notificationSettings = s;
  user.updatedAt = nowDate();
  await em.flush();
  return s;
}

export async function updatePrivacy(em: EntityManager, userId: string, input: PrivacySettingsInput) {
  const user = await activeUser(em, userId);
  assign(user, input as Partial<User>);
  user.updatedAt = nowDate();
  await em.flush();
  return user.privacy();
}

/** Checks custom fields: plain objects of strings, at most METADATA_MAX_DEPTH levels; null removes a key. */
function checkCustomFields(value: unknown, path: string, depth: number): void {
  if (isForbiddenKey(path.slice(path.lastIndexOf('.') + 1))) throw validationError(path, 'is not an accepted key');
  if (value === null || typeof value === 'string') return;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationError(path, 'values must be strings (JSON-stringify other values)');
  if (depth >= METADATA_MAX_DEPTH) throw validationError(path, `nesting deeper than ${METADATA_MAX_DEPTH} levels`);
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) checkCustomFields(v, `${path}.${k}`, depth + 1);
}

function mergeFields(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (typeof v === 'object') out[k] = mergeFields(Object.hasOwn(out, k) && typeof out[k] === 'object' && out[k] ? (out[k] as Record<string, unknown>) : {}, v as Record<string, unknown>);
    else out[k] = v;
  }
  return out;
}

export async function updateCustomMetadata(em: EntityManager, userId: string, input: CustomMetadataInput): Promise<CustomMetadata> {
  const user = await activeUser(em, userId);
  if (input.customFields !== undefined && input.customFields !== null) {
    for (const [k, v] of Object.entries(input.customFields)) checkCustomFields(v, `customFields.${k}`, 1);
  }
  const preferences = { ...user.customMetadata.preferences };
  for (const [k, v] of Object.entries(input.preferences ?? {})) {
    if (v === null) delete (preferences as Record<string, unknown>)[k];
    else if (v !== undefined) (preferences as Record<string, unknown>)[k] = v;
  }
  const next: CustomMetadata = {
    preferences,
    customFields: input.customFields ? mergeFields(user.customMetadata.customFields, input.customFields) : user.customMetadata.customFields,
  };
  if (Buffer.byteLength(JSON.stringify(next)) > METADATA_MAX_BYTES) {
    throw validationError('customFields', `metadata must not exceed ${METADATA_MAX_BYTES / 1024} KB`);
  }
  user.customMetadata = next;
  user.updatedAt = nowDate();
  await em.flush();
  return next;
}

// ───────────────────────────── files ─────────────────────────────

export async function uploadAvatar(em: EntityManager, config: Config, userId: string, upload: Parameters<typeof receiveFile>[0]) {
  const user = await activeUser(em, userId);
  const file = await receiveFile(upload, 'file', config.AVATAR_MAX_BYTES, IMAGE_TYPES);
  const store = storageOf(config);
  const key = `public/avatars/${user.id}/${randomUUID()}.${file.ext}`;
  await store.put(key, file.data);
  const previous = user.avatar;
  user.avatar = store.publicUrl(key);
  user.updatedAt = nowDate();
  try {
    await em.flush();
  } catch (err) {
    await store.delete(key);
    throw err;
  }
  const prefix = store.publicUrl(`public/avatars/${user.id}/`);
  if (previous?.startsWith(prefix)) await store.delete(`public/avatars/${user.id}/${previous.slice(prefix.length)}`).catch(() => undefined);
  return { avatarUrl: user.avatar, message: 'Avatar uploaded' };
}

export async function submitVerification(em: EntityManager, config: Config, userId: string, input: VerificationInput) {
  const user = await activeUser(em, userId);
  if (await em.count(Verification, { user, status: 'pending' })) {
    throw new AppError('CONFLICT', 'A verification is already pending review');
  }
  const max = config.DOCUMENT_MAX_BYTES;
  const front = await receiveFile(input.documentFront, 'documentFront', max, DOCUMENT_TYPES);
  const back = input.documentBack
    ? await receiveFile(input.documentBack, 'documentBack', max, DOCUMENT_TYPES)
    : input.documentType === 'passport'
      ? undefined
      : (() => { throw validationError('documentBack', `is required for ${input.documentType}`); })();
  const selfie = await receiveFile(input.selfie, 'selfie', max, IMAGE_TYPES);
  const store = storageOf(config);
  const id = randomUUID();
  const base = `private/verifications/${user.id}/${id}`;
  const files = {
    documentFront: `${base}/front.${front.ext}`,
    ...(back ? { documentBack: `${base}/back.${back.ext}` } : {}),
    selfie: `${base}/selfie.${selfie.ext}`,
  };
  await store.put(files.documentFront, front.data);
  if (back) await store.put(files.documentBack!, back.data);
  await store.put(files.selfie, selfie.data);
  try {
    em.create(Verification, { id, user, documentType: input.documentType, files });
    await em.flush();
  } catch (err) {
    await store.delete(base);
    throw err;
  }
  return { verificationId: id, status: 'pending', message: 'Verification submitted; review typically takes 24 to 48 hours' };
}

// ───────────────────────────── deletion ─────────────────────────────

export async function scheduleDeletion(em: EntityManager, userId: string, input: DeleteAccountInput) {
  const user = await activeUser(em, userId);
  if (!(await argon2.verify(user.passwordHash, input.password).catch(() => false))) {
    throw new AppError('FORBIDDEN', 'password: is incorrect', 'password');
  }
  const deletionDate = new Date(now() + DELETION_GRACE_DAYS * DAY_MS);
  await em.transactional(async (tx) => {
    const u = await tx.findOneOrFail(User, user.id);
    u.deletionDate = deletionDate;
    await tx.nativeUpdate(Session, { user: u.id, revokedAt: null }, { revokedAt: nowDate(), revokedReason: 'account_deleted' });
    await revoke(tx as EntityManager, [userTag(u.id)]);
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
      await revoke(tx as EntityManager, due.map((u) => userTag(u.id)));
    });
  }
  return due.length;
}
