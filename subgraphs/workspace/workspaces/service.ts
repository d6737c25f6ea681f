import { byKeys, loader } from '../../../kernel/loaders.js';
import { forbidden, notFound, validationError } from '../../../kernel/errors.js';
import { pageWindow, pagination, type PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { revoke, workspaceTag } from '../../../kernel/revocations.js';
import { nowDate } from '../../../kernel/clock.js';
import { lockOne, lockOneOrNull } from '../../../kernel/db.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller, SignedIn, WorkspaceScope } from '../common/scope.js';
import { WorkspaceRole } from '../common/vocabulary.js';
import { AccessToken } from '../access-tokens/entities.js';
import { ApiKey } from '../api-keys/entities.js';
import { Connector } from '../connectors/entities.js';
import { Invitation } from '../invitations/entities.js';
import { Provider } from '../providers/entities.js';
import { providerEvent } from '../providers/service.js';
import { Member, Workspace } from './entities.js';
import type { CreateWorkspaceInput, UpdateWorkspaceInput } from './types.js';

/** Workspaces and their members (docs/contract.md "Workspaces", docs/roles.md). */

export function createWorkspace(s: SignedIn, input: CreateWorkspaceInput) {
  return s.em.transactional(async (tx) => {
    const workspace = tx.create(Workspace, { name: input.name.trim(), description: input.description ?? null, ownerId: s.userId });
    tx.create(Member, { workspaceId: workspace.id, userId: s.userId, role: WorkspaceRole.OWNER });
    await tx.flush();
    return { workspace, role: WorkspaceRole.OWNER };
  });
}

export async function getWorkspace(s: WorkspaceScope) {
  return { workspace: await s.em.findOneOrFail(Workspace, s.workspaceId), role: s.role };
}

/** The caller's own memberships: the one read across workspaces (tenant filter off, restricted to the caller). */
export async function listMyWorkspaces(s: SignedIn, args: PageArgs) {
  const { page, limit, offset } = pageWindow(args);
  const [members, total] = await s.em.findAndCount(Member, { userId: s.userId }, { filters: false, orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  const workspaces = await s.em.find(Workspace, { id: { $in: members.map((m) => m.workspaceId) } });
  const byId = new Map(workspaces.map((w) => [w.id, w]));
  return {
    items: members.filter((m) => byId.has(m.workspaceId)).map((m) => ({ workspace: byId.get(m.workspaceId)!, role: m.role })),
    pagination: pagination(page, limit, total),
  };
}

export async function updateWorkspace(s: WorkspaceScope, input: UpdateWorkspaceInput) {
  const workspace = await s.em.transactional(async (tx) => {
    const w = await lockOne(tx, Workspace, { id: s.workspaceId }, 'Workspace');
    if (input.name !== undefined) w.name = input.name.trim();
    if (input.description !== undefined) w.description = input.description;
    w.updatedAt = nowDate();
    return w;
  });
  return { workspace, role: s.role };
}

/**
 * Deletes the workspace and everything it owns, in one transaction; every credential bound to it stops at once. Each of
 * its providers is published deleted (`workspace.provider`), as deleting it alone would.
 */
export async function deleteWorkspace(s: WorkspaceScope): Promise<boolean> {
  await s.em.transactional(async (tx) => {
    // locked first (docs/contract.md "Concurrency"): a second deletion at once waits, then finds nothing (NOT_FOUND)
    await lockOne(tx, Workspace, { id: s.workspaceId }, 'Workspace');
    const providers = await tx.find(Provider, { workspaceId: s.workspaceId }, { filters: false });
    for (const entity of [AccessToken, Connector, ApiKey, Invitation, Provider, Member]) {
      await tx.nativeDelete(entity as never, { workspaceId: s.workspaceId }, { filters: false });
    }
    await tx.nativeDelete(Workspace, { id: s.workspaceId });
    for (const provider of providers) await providerEvent(tx, provider, 'deleted');
    await revoke(tx, [workspaceTag(s.workspaceId)]);
  });
  return true;
}

/** Workspaces by id that the caller may see (federation references), one query per request. */
export async function visibleWorkspace(c: Caller, id: string): Promise<Workspace | null> {
  const workspace = await loader<string, Workspace>(c.ctx, 'Workspace.byId', async (ids) => {
    const wanted = [...new Set(ids.filter(isUuid))];
    return byKeys(ids, wanted.length ? await c.em.find(Workspace, { id: { $in: wanted } }) : [], (w) => w.id);
  }).load(id);
  return workspace && (await c.sees(workspace.id)) ? workspace : null;
}

// ───────────────────────────── members ─────────────────────────────

export async function listMembers(s: WorkspaceScope, args: PageArgs) {
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await s.em.findAndCount(Member, {}, { orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/** The member `userId` of the scope's workspace, locked in the write's transaction `tx` (kernel/db.ts `lockOne`); the owner's membership is not managed. */
async function memberToManage(tx: EntityManager, userId: string): Promise<Member> {
  const member = isUuid(userId) ? await lockOneOrNull(tx, Member, { userId }) : null;
  if (!member) throw notFound('Member');
  if (member.role === WorkspaceRole.OWNER) throw forbidden("The owner's membership cannot be changed");
  return member;
}

/** A new role; the member's provider-context tokens resolve to it at once (their cached answers are revoked). */
export async function changeRole(s: WorkspaceScope, userId: string, role: WorkspaceRole) {
  if (role === WorkspaceRole.OWNER) throw validationError('role', 'OWNER cannot be given');
  return s.em.transactional(async (tx) => {
    const member = await memberToManage(tx, userId);
    if (member.role === role) return member;
    member.role = role;
    await revoke(tx, [workspaceTag(s.workspaceId)]);
    return member;
  });
}

/** Ends a membership; of two removals at once, the second finds no member (NOT_FOUND), as it would after the first. */
export async function removeMember(s: WorkspaceScope, userId: string): Promise<boolean> {
  await s.em.transactional(async (tx) => {
    tx.remove(await memberToManage(tx, userId));
    await revoke(tx, [workspaceTag(s.workspaceId)]);
  });
  return true;
}
