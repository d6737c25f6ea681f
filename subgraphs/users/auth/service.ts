import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../../kernel/config.js';
import { now, nowDate } from '../../../kernel/clock.js';
import { AppError, notFound, unauthorized } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { isUniqueViolation, lockOneOrNull } from '../../../kernel/db.js';
import { revoke, userTag } from '../../../kernel/revocations.js';
import { randomSecret, safeEqualHex, sha256, signAccessToken } from '../../../kernel/tokens.js';
import type { AccountScope, GuestScope } from '../common/scope.js';
import { User } from '../accounts/entities.js';
import { UserType } from '../accounts/types.js';
import { Session, type RevokedReason } from './entities.js';
import { checkPassword, hashPassword, parseRefreshToken, refreshExpiry, refreshTokenText } from './rules.js';
import type { AuthPayload, LoginInput, RegisterInput, SessionInfo } from './types.js';

const emailTaken = () => new AppError('CONFLICT', 'email: an account with this e-mail already exists', 'email');

/** Opens a session for the user on this device and issues its first token pair. */
async function openSession(guest: GuestScope, em: EntityManager, user: User, deviceId?: string): Promise<AuthPayload> {
  const { config, client } = guest;
  const secret = randomSecret();
  const session = em.create(Session, {
    user,
    deviceId: deviceId ?? client.deviceId ?? null,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    ip: client.ip ?? null,
    refreshHash: sha256(secret),
    refreshGeneration: 0,
    expiresAt: refreshExpiry(now(), config.REFRESH_TOKEN_TTL_DAYS),
  });
  await em.flush();
  return issueTokens(config, user, session, secret);
}

async function issueTokens(config: Config, user: User, session: Session, secret: string): Promise<AuthPayload> {
  const accessToken = await signAccessToken({ userId: user.id, sessionId: session.id, deviceId: session.deviceId ?? undefined }, config.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  return {
    user,
    accessToken,
    refreshToken: refreshTokenText({ sessionId: session.id, generation: session.refreshGeneration, secret }),
    expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
  };
}

export async function register(guest: GuestScope, input: RegisterInput): Promise<AuthPayload> {
  const email = input.email.trim().toLowerCase();
  if (await guest.em.count(User, { email })) throw emailTaken();
  // (hashed before the transaction: a transaction holds a connection, and a hash takes a CPU for a while)
  const passwordHash = await hashPassword(input.password);
  return guest.em.transactional(async (tx) => {
    const user = tx.create(User, {
      email,
      name: input.name.trim(),
      phone: input.phone ?? null,
      userType: input.userType ?? UserType.client,
      passwordHash,
    });
    try {
      await tx.flush();
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    return openSession(guest, tx, user, input.deviceId);
  });
}

export async function login(guest: GuestScope, input: LoginInput): Promise<AuthPayload> {
  const user = await guest.em.findOne(User, { email: input.email.trim().toLowerCase() });
  const password = user ? await checkPassword(user.passwordHash, input.password) : false;
  if (!user || !password) throw unauthorized('Invalid e-mail or password');
  if (user.deletionDate) throw unauthorized('This account is scheduled for deletion and can no longer sign in');
  // a hash made with other parameters than today's is replaced by one made with them, now that the password is known
  // (only if it is still the one verified: a password changed meanwhile is not overwritten)
  if (password === 'stale') await guest.em.nativeUpdate(User, { id: user.id, passwordHash: user.passwordHash }, { passwordHash: await hashPassword(input.password) });
  return openSession(guest, guest.em, user, input.deviceId);
}

/** Ends the session now (and every credential cached for its user, kernel/revocations.ts), in the caller's transaction. */
async function endSession(tx: EntityManager, session: Session, reason: RevokedReason): Promise<void> {
  session.revokedAt = nowDate();
  session.revokedReason = reason;
  await revoke(tx, [userTag(session.user.id)]);
}

/**
 * Rotates a refresh token. Presenting a spent token (an older generation) revokes the whole session. The session is
 * read under its row lock (kernel/db.ts `lockOne`): of two presentations of one token at once, the first rotates it
 * and the second is a spent token, as it would be after it.
 */
export async function refresh(guest: GuestScope, text: string): Promise<AuthPayload> {
  const { em, config } = guest;
  const token = parseRefreshToken(text);
  if (!token) throw unauthorized('Invalid refresh token');
  const outcome = await em.transactional(async (tx) => {
    const session = await lockOneOrNull(tx, Session, { id: token.sessionId });
    const user = session ? await tx.findOne(User, { id: session.user.id }, { refresh: true }) : null;
    if (!session || !user || !session.isActive() || user.deletionDate) return { refused: 'Invalid refresh token' };
    if (token.generation < session.refreshGeneration) {
      await endSession(tx, session, 'refresh_token_reuse');
      return { refused: 'Refresh token already used; the session has been revoked' };
    }
    if (token.generation !== session.refreshGeneration || !safeEqualHex(sha256(token.secret), session.refreshHash)) return { refused: 'Invalid refresh token' };
    const next = randomSecret();
    session.refreshGeneration += 1;
    session.refreshHash = sha256(next);
    session.lastUsedAt = nowDate();
    session.expiresAt = refreshExpiry(now(), config.REFRESH_TOKEN_TTL_DAYS);
    return { session, user, next };
  });
  // (a refusal after ending the session is answered once the revocation committed)
  if ('refused' in outcome) throw unauthorized(outcome.refused);
  return issueTokens(config, outcome.user, outcome.session, outcome.next);
}

/**
 * Ends one of the caller's own live sessions; any other id is NOT_FOUND. Judged on the session locked in the
 * transaction: of two ends of one session at once, the second finds it ended, as it would after the first — NOT_FOUND
 * for another session of the caller's, and UNAUTHORIZED for the caller's own (`own`: a sign-out, whose credential the
 * first one ended).
 */
export async function revokeSession(account: AccountScope, sessionId: string, reason: RevokedReason, own = false): Promise<void> {
  if (!isUuid(sessionId)) throw notFound('Session');
  await account.em.transactional(async (tx) => {
    const session = await lockOneOrNull(tx, Session, { id: sessionId, user: account.userId });
    if (!session || session.revokedAt) throw own ? unauthorized('The session has ended') : notFound('Session');
    await endSession(tx, session, reason);
  });
}

/** The caller's live sessions, most recently used first. */
export async function listSessions(account: AccountScope): Promise<SessionInfo[]> {
  const sessions = await account.em.find(Session, { user: account.userId, revokedAt: null, expiresAt: { $gt: nowDate() } }, { orderBy: { lastUsedAt: 'desc' } });
  return sessions.map((s) => ({ ...s, current: s.id === account.sessionId }));
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
