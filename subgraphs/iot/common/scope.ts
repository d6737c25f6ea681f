import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../../../kernel/errors.js';
import { authorized, requireProvider, type ProviderPrincipal, type Role } from '../../../kernel/principal.js';
import { scopeToProvider } from '../../../kernel/tenancy.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';

/**
 * Who calls the IoT family (spec groups 11–13, header set A): a member acting as an IoTSP (its context token). Paths
 * carry no provider code: the context's IoTSP is the tenant, so another IoTSP's reference, of this workspace or
 * another, is NOT_FOUND. What the member's role may do (docs/roles.md): everyone reads; OWNER, ADMIN, MANAGER and
 * DEVELOPER (IoT integration is developers' work) write; SUPERVISOR and COORDINATOR only read.
 */
const IOT_PERMISSIONS = {
  read: ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'],
  write: ['OWNER', 'ADMIN', 'MANAGER', 'DEVELOPER'],
} as const satisfies Record<string, readonly Role[]>;

export type IotPermission = keyof typeof IOT_PERMISSIONS;

export interface IotScope {
  /** Sees and writes this IoTSP's records only (workspace + provider filters, kernel/tenancy.ts). */
  em: EntityManager;
  principal: ProviderPrincipal;
  ctx: SubgraphContext;
}

export function iotScope(ctx: SubgraphContext, permission: IotPermission): IotScope {
  const principal = requireProvider(ctx.principal, 'iotsp');
  if (!(IOT_PERMISSIONS[permission] as readonly Role[]).includes(principal.role)) {
    throw forbidden(`Your role (${principal.role}) may not change the IoTSP's rules, topics and devices`);
  }
  authorized(principal);
  return { em: scopeToProvider(ctx.em, principal.workspaceId, principal.providerCode), principal, ctx };
}

/** The IoTSP of a reference from another subgraph (an IotRule, IotTopic or IotDevice by id): its members, else none. */
export function iotReferenceScope(ctx: SubgraphContext): EntityManager | undefined {
  const p = ctx.principal;
  return p.kind === 'provider' && p.providerKind === 'iotsp' ? scopeToProvider(ctx.em, p.workspaceId, p.providerCode) : undefined;
}
