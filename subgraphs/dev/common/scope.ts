import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../../../kernel/errors.js';
import { authorized, requireProviderCode, type ProviderPrincipal, type Role } from '../../../kernel/principal.js';
import { scopeToProvider } from '../../../kernel/tenancy.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { foundOrSynced } from '../developers/access.js';
import { Developer } from '../developers/entities.js';
import { isProviderAdmin } from '../developers/rules.js';

/**
 * Who calls the DEV family (spec group 10, header set B), and the one way its resolvers learn it (docs/dev.md):
 *
 * - **developers** (`/v1/devs/:xcode/developers…`): a member acting as the DEV provider `:xcode` (a DEV context token;
 *   the gateway lets it through only for the workspace's OWNER and ADMINs and the provider's ACTIVE developers);
 * - **FAQs** (`/v1/lsps/:icode/faqs…`): a member acting as the LSP `:icode` (an LSP context token), with a role.
 *
 * The code in the path must be the context's provider: another code, of this workspace or another, is NOT_FOUND.
 */

/** What a role may do with an LSP's FAQs (docs/roles.md): everyone reads; DEVELOPERs only read; locking is for managers. */
const FAQ_PERMISSIONS = {
  read: ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'],
  write: ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR'],
  lock: ['OWNER', 'ADMIN', 'MANAGER'],
} as const satisfies Record<string, readonly Role[]>;

export type FaqPermission = keyof typeof FAQ_PERMISSIONS;

export interface ProviderScope {
  /** Sees and writes this provider's records only (workspace + provider filters, kernel/tenancy.ts). */
  em: EntityManager;
  principal: ProviderPrincipal;
  ctx: SubgraphContext;
}

/** The provider-context token of `kind` whose provider is `code`. */
function providerScope(ctx: SubgraphContext, kind: 'dev' | 'lsp', code: string): ProviderScope {
  const principal = requireProviderCode(ctx.principal, kind, code, kind === 'dev' ? 'DEV provider' : 'LSP');
  return { em: scopeToProvider(ctx.em, principal.workspaceId, principal.providerCode), principal, ctx };
}

/**
 * A member acting as the DEV provider `code`. Reading is open to all of them; managing developers is for provider
 * admins (`developerAdminScope`).
 */
export function developerScope(ctx: SubgraphContext, code: string): ProviderScope {
  const s = providerScope(ctx, 'dev', code);
  authorized(s.principal);
  return s;
}

/**
 * A provider admin acting as the DEV provider `code` (developers/rules.ts `isProviderAdmin`): the workspace's OWNER
 * or an ADMIN, or a developer whose own ACTIVE record has the role ADMIN; FORBIDDEN for anyone else.
 */
export async function developerAdminScope(ctx: SubgraphContext, code: string): Promise<ProviderScope> {
  const s = providerScope(ctx, 'dev', code);
  const own = isProviderAdmin(s.principal.role, null) ? null : await foundOrSynced(ctx.em, () => s.em.findOne(Developer, { userId: s.principal.userId, status: { $ne: 'REMOVED' } }));
  if (!isProviderAdmin(s.principal.role, own)) throw forbidden("Only the provider's admins (the workspace's OWNER or ADMINs, or a developer with the role ADMIN) manage developers");
  authorized(s.principal);
  return s;
}

/** A member acting as the LSP `code`, whose role has `permission` on FAQs. */
export function faqScope(ctx: SubgraphContext, code: string, permission: FaqPermission): ProviderScope {
  const s = providerScope(ctx, 'lsp', code);
  if (!(FAQ_PERMISSIONS[permission] as readonly Role[]).includes(s.principal.role)) {
    throw forbidden(`Your role (${s.principal.role}) may not ${permission === 'lock' ? 'lock or unlock' : permission} FAQs`);
  }
  authorized(s.principal);
  return s;
}

/**
 * What a reference from another subgraph may see of the FAQs (a Hub's or Warehouse's `faqs`): a member acting as the
 * LSP that owns the facility (reading needs no role beyond membership); anyone else nothing.
 */
export function faqReferenceScope(ctx: SubgraphContext): ProviderScope | undefined {
  const p = ctx.principal;
  if (p.kind !== 'provider' || p.providerKind !== 'lsp') return undefined;
  return { em: scopeToProvider(ctx.em, p.workspaceId, p.providerCode), principal: p, ctx };
}
