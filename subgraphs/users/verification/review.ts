import { now, nowDate } from '../../../kernel/clock.js';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { publish } from '../../../kernel/events.js';
import { isUuid } from '../../../kernel/ids.js';
import { pageWindow, pagination, type PageArgs } from '../../../kernel/graphql-types.js';
import type { AdminScope } from '../common/scope.js';
import { Session } from '../auth/entities.js';
import { User } from '../accounts/entities.js';
import { Verification } from './entities.js';
import { VerificationStatus, type IdentityVerification, type SupportUserView, type VerificationDecision } from './types.js';

/**
 * What platform administrators do (docs/operators.md): review identity verifications and look users up for support.
 * Every action is written to the event log (topic `platform.admin`: who, what, which record, when; ids only).
 */
const MAX_REASON = 500;

function view(v: Verification): IdentityVerification {
  return { id: v.id, user: v.user, documentType: v.documentType, status: v.status, submittedAt: v.submittedAt, reviewedAt: v.reviewedAt, reviewedBy: v.reviewedBy, reason: v.reason };
}

async function audit(s: AdminScope, action: string, target: { kind: string; id: string }, extra: Record<string, unknown> = {}) {
  await publish(s.em, 'platform.admin', `${target.kind}:${target.id}`, null, { action, actorId: s.adminId, target, at: new Date(now()).toISOString(), ...extra });
}

/** Submissions in one status (default pending), oldest first: the review queue. */
export async function listVerifications(s: AdminScope, status: VerificationStatus, args: PageArgs) {
  const { page, limit, offset } = pageWindow(args);
  const [rows, total] = await s.em.findAndCount(Verification, { status }, { orderBy: { submittedAt: 'asc', id: 'asc' }, limit, offset, populate: ['user', 'reviewedBy'] });
  await s.em.transactional(async (em) => audit({ ...s, em: em }, 'verification.listed', { kind: 'verifications', id: status }));
  return { items: rows.map(view), pagination: pagination(page, limit, total) };
}

/**
 * Approve or reject a pending submission. Approval verifies the user's account; rejection needs a reason (1–500
 * characters) and lets the user submit again. A decided submission cannot be decided again (CONFLICT).
 */
export async function reviewVerification(s: AdminScope, id: string, decision: VerificationDecision, reason: string | null | undefined): Promise<IdentityVerification> {
  const why = reason?.trim() ? reason.trim() : null;
  if (decision === 'reject' && !why) throw validationError('reason', 'is required to reject a verification');
  if (why && why.length > MAX_REASON) throw validationError('reason', `must be at most ${MAX_REASON} characters`);
  if (!isUuid(id)) throw notFound('Verification');
  return s.em.transactional(async (em) => {
    const v = await em.findOne(Verification, { id: id.toLowerCase() }, { populate: ['user'], lockMode: undefined });
    if (!v) throw notFound('Verification');
    if (v.status !== VerificationStatus.pending) throw new AppError('CONFLICT', `This verification was already ${v.status}`);
    v.status = decision === 'approve' ? VerificationStatus.approved : VerificationStatus.rejected;
    v.reviewedAt = nowDate();
    v.reviewedBy = em.getReference(User, s.adminId);
    v.reason = why;
    if (decision === 'approve') v.user.verified = true;
    await em.flush();
    await audit({ ...s, em: em }, `verification.${v.status}`, { kind: 'verification', id: v.id }, { userId: v.user.id });
    await em.populate(v, ['reviewedBy']);
    return view(v);
  });
}

/** A user by id or e-mail address, as support may see them (no secret, no document); NOT_FOUND when none. */
export async function supportUser(s: AdminScope, by: { id?: string | null; email?: string | null }): Promise<SupportUserView> {
  if (!by.id === !by.email) throw validationError(by.id ? 'email' : 'id', 'give exactly one of id and email');
  if (by.id && !isUuid(by.id)) throw notFound('User');
  const user = await s.em.findOne(User, by.id ? { id: by.id.toLowerCase() } : { email: by.email!.trim().toLowerCase() });
  if (!user) throw notFound('User');
  const [activeSessions, latest] = await Promise.all([
    s.em.count(Session, { user, revokedAt: null, expiresAt: { $gt: nowDate() } }),
    s.em.findOne(Verification, { user }, { orderBy: { submittedAt: 'desc' } }),
  ]);
  await s.em.transactional(async (em) => audit({ ...s, em: em }, 'user.looked_up', { kind: 'user', id: user.id }));
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    verified: user.verified,
    createdAt: user.createdAt,
    deletionDate: user.deletionDate ?? null,
    activeSessions,
    latestVerification: latest?.status ?? null,
  };
}
