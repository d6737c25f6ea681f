import { now, nowDate } from '../../../kernel/clock.js';
import { publish } from '../../../kernel/events.js';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { lockOne, lockOneOrNull } from '../../../kernel/db.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import { randomSecret, sha256 } from '../../../kernel/tokens.js';
import type { ProviderContextScope, SignedIn } from '../common/scope.js';
import { InvitationStatus } from '../common/vocabulary.js';
import { Member } from '../workspaces/entities.js';
import { Invitation } from './entities.js';
import type { InvitableRole, InviteInput } from './types.js';

/**
 * Invitations (docs/contract.md "CSP invitations", docs/dev.md "Developers"): sent from a CSP context (operators) or a
 * DEV context (developers), accepted by the invitee's own user token. Acceptance makes a workspace member and
 * publishes `workspace.invitation.accepted`, from which the DEV family records its developers.
 */

const DAY_MS = 86_400_000;

/** The roles a DEV provider gives its developers (docs/dev.md): its admins and its developers. */
export const DEVELOPER_ROLES: readonly InvitableRole[] = ['ADMIN', 'DEVELOPER'];

export async function invite(s: ProviderContextScope, role: InvitableRole, input: InviteInput) {
  if (input.operator?.role && input.operator.role !== role) throw validationError('operator.role', `must agree with the path (${role})`);
  if (s.providerKind === 'dev' && !DEVELOPER_ROLES.includes(role)) throw validationError('operator.role', `a DEV provider invites ${DEVELOPER_ROLES.join(' or ')}`);
  const token = `inv_${randomSecret(24)}`;
  const contacts = input.operator?.contacts;
  const invitation = await s.em.transactional(async (tx) =>
    tx.create(Invitation, {
      providerKind: s.providerKind,
      providerCode: s.providerCode,
      phone: input.phone,
      name: input.name.trim(),
      operator: {
        role,
        status: input.operator?.status ?? 'ACTIVE',
        bio: input.operator?.bio ?? null,
        contacts: contacts ? { emails: contacts.emails ?? [], phones: contacts.phones ?? [] } : null,
      },
      tokenHash: sha256(token),
      invitedBy: s.userId,
      expiresAt: new Date(now() + s.config.INVITATION_TTL_DAYS * DAY_MS),
    }),
  );
  return { invitation, token };
}

export async function cancelInvitation(s: ProviderContextScope, invitationId: string) {
  // (a CSP cancels the workspace's operator invitations; a DEV provider only its own developer invitations)
  const own = s.providerKind === 'dev' ? { providerKind: 'dev' as const, providerCode: s.providerCode } : { providerKind: 'csp' as const };
  if (!isUuid(invitationId)) throw notFound('Invitation');
  // judged on the invitation locked in the transaction (docs/contract.md "Concurrency"): of two cancellations at once,
  // the second finds it cancelled (CONFLICT), as it would after the first
  return s.em.transactional(async (tx) => {
    const invitation = await lockOne(tx, Invitation, { id: invitationId, ...own }, 'Invitation');
    if (invitation.status !== InvitationStatus.PENDING) throw new AppError('CONFLICT', `Invitation is already ${invitation.status.toLowerCase()}`);
    invitation.status = InvitationStatus.CANCELLED;
    return invitation;
  });
}

/**
 * The invitee (signed in with their own user token) accepts: they become a member with the invited role. A member of
 * the workspace may still accept a DEV provider's invitation (they become its developer; their workspace role stays);
 * an operator invitation to a member is a CONFLICT.
 */
export async function acceptInvitation(s: SignedIn, token: string) {
  const found = /^inv_[A-Za-z0-9_-]{20,}$/.test(token) ? await s.em.findOne(Invitation, { tokenHash: sha256(token) }, { filters: false }) : null;
  if (!found || found.status !== InvitationStatus.PENDING || found.expiresAt < nowDate()) throw notFound('Invitation');
  return scopeToWorkspace(s.em, found.workspaceId).transactional(async (tx) => {
    // locked and judged again in the transaction: of two acceptances at once, the second finds it accepted (NOT_FOUND)
    const invitation = await lockOneOrNull(tx, Invitation, { id: found.id });
    if (!invitation || invitation.status !== InvitationStatus.PENDING || invitation.expiresAt < nowDate()) throw notFound('Invitation');
    const existing = await tx.findOne(Member, { userId: s.userId });
    if (existing && invitation.providerKind !== 'dev') throw new AppError('CONFLICT', 'You are already a member of this workspace');
    // (a DEV provider's invitee joins the workspace as a DEVELOPER: ADMIN is their role in the provider only, docs/dev.md)
    const role = invitation.providerKind === 'dev' ? 'DEVELOPER' : invitation.operator.role;
    const member = existing ?? tx.create(Member, { userId: s.userId, role, name: invitation.name });
    invitation.status = InvitationStatus.ACCEPTED;
    invitation.acceptedBy = s.userId;
    invitation.acceptedAt = nowDate();
    await publish(tx, INVITATION_ACCEPTED, invitation.id, invitation.workspaceId, {
      invitationId: invitation.id,
      userId: s.userId,
      providerKind: invitation.providerKind,
      providerCode: invitation.providerCode,
      role: invitation.operator.role,
      name: invitation.name,
      invitedBy: invitation.invitedBy,
    });
    return { invitation, member };
  });
}

/** The event of an accepted invitation (docs/dev.md "Developers"): the DEV family records its developers from it. */
export const INVITATION_ACCEPTED = 'workspace.invitation.accepted';
