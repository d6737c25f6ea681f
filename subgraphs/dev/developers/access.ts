import type { EntityManager } from '@mikro-orm/postgresql';
import { catchUp, type PlatformEvent } from '../../../kernel/events.js';
import { isUuid } from '../../../kernel/ids.js';
import { developerRoleOf } from './rules.js';

/**
 * How the DEV family learns its developers, and answers the gateway about them (docs/dev.md "Developers").
 *
 * Developers come in through the workspace's invitations: when an invitation of a DEV provider is accepted, the
 * workspace publishes `workspace.invitation.accepted` in the same transaction, and this consumer records the
 * developer (idempotent on the invitation: a batch seen twice, or a copy rebuilt from the log, ends the same). A
 * read that must see a developer who joined a moment ago catches up with the log first (kernel/events.ts `catchUp`).
 */
export const DEVELOPER_CONSUMER = 'dev.developers';
export const DEVELOPER_TOPICS = ['workspace.invitation.accepted'] as const;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Records the developer of one accepted invitation of a DEV provider (others are skipped). */
export async function applyInvitationEvent(e: PlatformEvent, em: EntityManager): Promise<void> {
  const p = e.payload;
  const [userId, code, invitationId, invitedBy] = [str(p.userId), str(p.providerCode), str(p.invitationId), str(p.invitedBy)];
  if (p.providerKind !== 'dev' || !e.workspaceId || !userId || !code || !invitationId || !invitedBy) return;
  // (one record per invitation; a person already an ACTIVE or SUSPENDED developer of the provider keeps that record)
  await em.execute(
    `insert into dev.developer (id, workspace_id, icode, user_id, name, role, status, invitation_id, invited_by, joined_at, updated_at)
     values (gen_random_uuid(), ?, ?, ?, ?, ?, 'ACTIVE', ?, ?, ?, ?) on conflict do nothing`,
    [e.workspaceId, code, userId, str(p.name) ?? '', developerRoleOf(str(p.role) ?? ''), invitationId, invitedBy, e.createdAt, e.createdAt],
  );
}

/** Applies every accepted invitation not applied yet. */
export const syncDevelopers = (em: EntityManager) => catchUp(em, DEVELOPER_CONSUMER, DEVELOPER_TOPICS, applyInvitationEvent);

/**
 * `find()`; when it finds nothing, `find()` again after catching up with the log (the developer may have joined a
 * moment ago; another replica or the polling loop may have applied the event meanwhile, so always look again).
 * Records only ever appear through the log: what is found is current.
 */
export async function foundOrSynced<T>(em: EntityManager, find: () => Promise<T | null>): Promise<T | null> {
  const found = await find();
  if (found !== null) return found;
  await syncDevelopers(em);
  return find();
}

/** The gateway's question: is `userId` an ACTIVE developer of the DEV provider `providerCode` now? */
export async function resolveDeveloper(em: EntityManager, userId: string, workspaceId: string, providerCode: string): Promise<{ active: boolean }> {
  if (!isUuid(userId) || !isUuid(workspaceId) || !providerCode) return { active: false };
  const active = async () => {
    const rows = await em.execute<unknown[]>(`select 1 from dev.developer where workspace_id = ? and icode = ? and user_id = ? and status = 'ACTIVE' limit 1`, [workspaceId, providerCode, userId]);
    return rows.length > 0 ? true : null;
  };
  return { active: (await foundOrSynced(em, active)) === true };
}
