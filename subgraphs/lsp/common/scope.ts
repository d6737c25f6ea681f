import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../../../kernel/errors.js';
import { authorized, originWorkspace, requireProvider, type ProviderPrincipal, type Role } from '../../../kernel/principal.js';
import { PROVIDER_FILTER, scopeToProvider, scopeToWorkspace } from '../../../kernel/tenancy.js';
import { stampNow, type RecordStamp } from '../../../kernel/graphql-types.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';

/**
 * What a role may do in the LSP family (docs/roles.md). Reading is open to every member acting as the LSP;
 * DEVELOPERs are read-only; deleting needs OWNER, ADMIN or MANAGER.
 */
const LSP_PERMISSIONS = {
  read: ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'],
  write: ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR'],
  delete: ['OWNER', 'ADMIN', 'MANAGER'],
} as const satisfies Record<string, readonly Role[]>;

type LspPermission = keyof typeof LSP_PERMISSIONS;

export interface LspScope {
  /** Sees and writes this LSP's records only (workspace + provider filters, kernel/tenancy.ts). */
  em: EntityManager;
  principal: ProviderPrincipal;
  /** A record stamp for now, by the caller. */
  stamp(timezone?: string): RecordStamp;
  /** The `added` and `updated` stamps of a new record: one instant, so a record never changed reads `added == updated`. */
  created(timezone?: string): { added: RecordStamp; updated: RecordStamp };
}

/**
 * The one way a resolver learns who calls. Every LSP operation takes an LSP provider-context token and the role's
 * permission, and works on an entity manager scoped to that LSP (another LSP's or workspace's record is unknown).
 */
export function scope(ctx: SubgraphContext, permission: LspPermission): LspScope {
  const principal = requireProvider(ctx.principal, 'lsp');
  if (!(LSP_PERMISSIONS[permission] as readonly Role[]).includes(principal.role)) {
    throw forbidden(`Your role (${principal.role}) may not ${permission} LSP records`);
  }
  authorized(principal);
  return {
    em: scopeToProvider(ctx.em, principal.workspaceId, principal.providerCode),
    principal,
    stamp: (timezone = 'UTC') => stampNow(principal.userId, timezone),
    created: (timezone = 'UTC') => {
      const stamp = stampNow(principal.userId, timezone);
      return { added: stamp, updated: stamp };
    },
  };
}

/** The LSP records a CSP's member or client reaches through its orders: the agent and the vehicle (docs/orders.md "GraphQL"). */
const ORDER_PARTIES = new Set(['Agent', 'Vehicle']);

/**
 * What an entity reference from another subgraph may see (docs/graph-conventions.md, "Entities and references"): a
 * member acting as an LSP sees that LSP's records; a workspace API key (the utilities family names vehicles of its
 * nearby search) sees the records of every LSP of its workspace; a CSP's member or client sees the agents and
 * vehicles of the workspace's LSPs (`entity` Agent or Vehicle: the parties of its orders, reached only through the
 * orders the commerce subgraph lets it read). Anyone else sees nothing: `undefined`, and the references resolve to
 * null. Reading needs no role beyond membership, as `scope(ctx, 'read')`.
 */
export function referenceScope(ctx: SubgraphContext, entity?: string): { em: EntityManager; filters?: Record<string, boolean> } | undefined {
  const p = ctx.principal;
  const everyLsp = (workspaceId: string) => ({ em: scopeToWorkspace(ctx.em, workspaceId), filters: { [PROVIDER_FILTER]: false } });
  if (p.kind === 'provider' && p.providerKind === 'lsp') return { em: scopeToProvider(ctx.em, p.workspaceId, p.providerCode) };
  if (p.kind === 'apiKey') return everyLsp(p.workspaceId);
  if (!entity || !ORDER_PARTIES.has(entity)) return undefined;
  if (p.kind === 'provider' && p.providerKind === 'csp') return everyLsp(p.workspaceId);
  const origin = originWorkspace(p);
  return origin ? everyLsp(origin) : undefined;
}
