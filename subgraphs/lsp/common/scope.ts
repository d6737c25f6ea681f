import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../../../kernel/errors.js';
import { requireProvider, type ProviderPrincipal, type Role } from '../../../kernel/principal.js';
import { scopeToProvider } from '../../../kernel/tenancy.js';
import { stampNow, type RecordStamp, type WorkspaceRef } from '../../../kernel/graphql-types.js';
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

export type LspPermission = keyof typeof LSP_PERMISSIONS;
export { LSP_PERMISSIONS };

export interface LspScope {
  /** Sees and writes this LSP's records only (workspace + provider filters, kernel/tenancy.ts). */
  em: EntityManager;
  principal: ProviderPrincipal;
  /** `workspace {type, icode}` of every record of this LSP. */
  ref: WorkspaceRef;
  /** A record stamp for now, by the caller. */
  stamp(timezone?: string): RecordStamp;
}

/** Every LSP operation starts here: an LSP provider-context token, the role's permission, a scoped entity manager. */
export function lspScope(ctx: SubgraphContext, permission: LspPermission): LspScope {
  const principal = requireProvider(ctx.principal, 'lsp');
  if (!(LSP_PERMISSIONS[permission] as readonly Role[]).includes(principal.role)) {
    throw forbidden(`Your role (${principal.role}) may not ${permission} LSP records`);
  }
  return {
    em: scopeToProvider(ctx.em, principal.workspaceId, principal.providerCode),
    principal,
    ref: { type: 'LSP', icode: principal.providerCode },
    stamp: (timezone = 'UTC') => stampNow(principal.userId, timezone),
  };
}
