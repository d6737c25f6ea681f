import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../../kernel/config.js';
import { forbidden, notFound, unauthorized } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { loader } from '../../../kernel/loaders.js';
import { authorized, requireSignedIn, type Principal } from '../../../kernel/principal.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import { Member } from '../workspaces/entities.js';
import { may, type Permission } from './permissions.js';
import type { PathKind, WorkspaceRole } from './vocabulary.js';

/**
 * Who calls, and what they may reach: the one way the family's resolvers learn it (docs/graph-conventions.md,
 * "Inner shape of a subgraph"). Built on the kernel's principal guards.
 *
 * - `scope(ctx)`: whoever calls, anonymous included (access-token exchange, `viewer`, references);
 * - `scope(ctx, 'signed-in')`: a signed-in user (a user token, or a provider-context token, which carries its user);
 * - `scope(ctx, workspaceId, permission)`: a member of that workspace whose role has the permission;
 * - `scope(ctx, { providerKind }, permission)`: the same in the workspace of the caller's provider context of that kind.
 *
 * A caller who is not a member gets NOT_FOUND (another tenant's workspace does not exist for them), a member without
 * the permission FORBIDDEN (docs/roles.md). A provider-context token only ever acts in its own workspace.
 */

export interface Caller {
  /** The request's entity manager (not scoped to a workspace). */
  em: EntityManager;
  config: Config;
  principal: Principal;
  /** The request (its DataLoaders). */
  ctx: SubgraphContext;
  /**
   * Whether the caller may see a workspace and what it owns: a member (user token), or a provider-context token,
   * API key or connector token of that workspace. Batched: one query per request for a user's memberships.
   */
  sees(workspaceId: string): Promise<boolean>;
}

export interface SignedIn extends Caller {
  userId: string;
  sessionId: string;
}

export interface WorkspaceScope extends SignedIn {
  /** The request's entity manager scoped to the workspace (kernel/tenancy.ts). */
  em: EntityManager;
  workspaceId: string;
  /** The caller's membership. */
  member: Member;
  role: WorkspaceRole;
}

export interface ProviderContextScope extends WorkspaceScope {
  providerKind: PathKind;
  providerCode: string;
}

export function scope(ctx: SubgraphContext): Caller;
export function scope(ctx: SubgraphContext, who: 'signed-in'): SignedIn;
export function scope(ctx: SubgraphContext, workspaceId: string, permission: Permission): Promise<WorkspaceScope>;
export function scope(ctx: SubgraphContext, context: { providerKind: PathKind }, permission: Permission): Promise<ProviderContextScope>;
export function scope(ctx: SubgraphContext, where?: string | { providerKind: PathKind }, permission?: Permission): Caller | SignedIn | Promise<WorkspaceScope | ProviderContextScope> {
  const caller: Caller = { em: ctx.em, config: ctx.config, principal: ctx.principal, ctx, sees: seesFor(ctx) };
  if (where === undefined) return caller;
  // the decision is taken here, once, for a permission probe (kernel/principal.ts `authorized`)
  const decided = <S>(s: S): S => {
    authorized(ctx.principal);
    return s;
  };
  if (where === 'signed-in') return decided(signedIn(caller));
  if (typeof where === 'object') return inProviderContext(caller, where.providerKind, permission!).then(decided);
  return inWorkspace(caller, where, permission!).then(decided);
}

function signedIn(caller: Caller): SignedIn {
  const { userId, sessionId } = requireSignedIn(caller.principal);
  return { ...caller, userId, sessionId };
}

async function inWorkspace(caller: Caller, workspaceId: string, permission: Permission): Promise<WorkspaceScope> {
  const user = signedIn(caller);
  const { principal } = caller;
  if (!isUuid(workspaceId) || (principal.kind === 'provider' && principal.workspaceId !== workspaceId)) throw notFound('Workspace');
  const em = scopeToWorkspace(caller.em, workspaceId);
  const member = await em.findOne(Member, { userId: user.userId });
  if (!member) throw notFound('Workspace');
  if (!may(member.role, permission)) throw forbidden(`Your role (${member.role}) may not do this (${permission})`);
  return { ...user, em, workspaceId, member, role: member.role };
}

async function inProviderContext(caller: Caller, kind: PathKind, permission: Permission): Promise<ProviderContextScope> {
  const { principal } = caller;
  const label = kind.toUpperCase();
  if (principal.kind !== 'provider') throw unauthorized(`A ${label} provider-context token is required (svc-auth-token)`);
  if (principal.providerKind !== kind) throw forbidden(`This is done from the context of a ${label} provider`);
  const inside = await inWorkspace(caller, principal.workspaceId, permission);
  return { ...inside, providerKind: principal.providerKind, providerCode: principal.providerCode };
}

function seesFor(ctx: SubgraphContext): (workspaceId: string) => Promise<boolean> {
  const principal = ctx.principal;
  switch (principal.kind) {
    case 'user': {
      const memberOf = loader<string, boolean>(ctx, 'Member.ofCaller', async (ids) => {
        const wanted = [...new Set(ids.filter(isUuid))];
        const rows = wanted.length ? await ctx.em.find(Member, { userId: principal.userId, workspaceId: { $in: wanted } }, { filters: false }) : [];
        const mine = new Set(rows.map((m) => m.workspaceId));
        return ids.map((id) => mine.has(id));
      });
      return async (workspaceId) => (await memberOf.load(workspaceId)) === true;
    }
    case 'provider':
    case 'apiKey':
    case 'connector':
      return async (workspaceId) => workspaceId === principal.workspaceId;
    case 'origin':
      // a client of a CSP (docs/orders.md) sees the providers of the workspaces its origin's connectors belong to
      return async (workspaceId) => principal.connectors.some((c) => c.workspaceId === workspaceId);
    default:
      return async () => false;
  }
}
