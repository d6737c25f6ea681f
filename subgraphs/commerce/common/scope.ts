import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden, notFound, unauthorized } from '../../../kernel/errors.js';
import {
  authorized,
  originWorkspace,
  requireOneOriginConnector,
  requireOriginClient,
  requireProviderCode,
  requireUser,
  type OriginConnector,
  type Principal,
  type ProviderPrincipal,
  type Role,
} from '../../../kernel/principal.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import { nowDate } from '../../../kernel/clock.js';
import { findOneByStatement, uuidPlaceholders } from '../../../kernel/db.js';
import { safeEqualHex, sha256 } from '../../../kernel/tokens.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { Order } from '../orders/entities.js';
import { intentOfToken } from './intent-token.js';

/**
 * Who calls the commerce family, and the one way its resolvers learn it (docs/orders.md "Who calls"):
 *
 * - a **client** (spec group 14): the `origin` header names enabled CSP connectors (the gateway resolved them into
 *   an `origin` principal), or a connector access token whose connector lists that origin; the connector is the
 *   tenant: workspace, CSP and mode (live or sandbox);
 * - an **intent** holder: a client with the `x-intent-token` of one of that tenant's intents;
 * - a **desk** (group 9): a member acting as the CSP or the LSP (provider-context token), with a role;
 * - an **agent**: the user of an agent an order is assigned to (their own user token);
 * - **anyone** holding a tracking link's token (the order's receiver): no credential at all; the token is checked by
 *   the tracking service, and answers nothing but that order's tracking view.
 */

export interface ClientScope {
  em: EntityManager;
  connector: OriginConnector;
  origin: string;
  /** Request context (config, idempotency key …). */
  ctx: SubgraphContext;
}

export interface IntentScope extends ClientScope {
  order: Order;
}

/** A client without an intent (creating one, listing a client's orders): the origin must name exactly one connector. */
export function clientScope(ctx: SubgraphContext): ClientScope {
  const { origin, connector } = requireOneOriginConnector(ctx.principal);
  authorized(ctx.principal);
  return { em: scopeToWorkspace(ctx.em, connector.workspaceId), connector, origin, ctx };
}

/**
 * A client with its intent token: the token names an intent of one of the origin's tenants (else NOT_FOUND), was
 * issued to this origin (else 403), and is the token in force, not revoked and not expired (else 401). The intent's
 * connector must still allow the origin (a disabled or deleted connector stops its intents at once: 401).
 */
export async function intentScope(ctx: SubgraphContext): Promise<IntentScope> {
  const { origin, connectors } = requireOriginClient(ctx.principal);
  const token = ctx.principal.client.intentToken;
  if (!token) throw unauthorized('Missing header x-intent-token');
  const orderId = intentOfToken(token, ctx.config.jwtSecret);
  if (!orderId) throw unauthorized('Invalid intent token');
  const workspaces = [...new Set(connectors.map((c) => c.workspaceId))];
  // every intent route's first read (the operators route's most of all): a plain statement, not a findOne whose query
  // MikroORM builds from the criteria on each call; the token names the order, the origin's workspaces bound it
  const order = workspaces.length ? await findOneByStatement(ctx.em, Order, intentSql(workspaces.length), [orderId, ...workspaces]) : null;
  if (!order) throw notFound('Intent');
  if (order.origin !== origin) throw forbidden('This intent token was issued to another origin');
  const connector = connectors.find((c) => c.connectorId === order.connectorId);
  if (!connector) throw unauthorized("The intent's connector is disabled or no longer allows this origin");
  if (!safeEqualHex(sha256(token), order.tokenHash) || order.tokenRevokedAt) throw unauthorized('Intent token revoked');
  if (order.tokenExpiresAt <= nowDate()) throw unauthorized('Intent token expired');
  authorized(ctx.principal);
  const em = scopeToWorkspace(ctx.em, order.workspaceId);
  return { em, connector, origin, ctx, order: em.merge(order) };
}

/** The intent a token names, in one of `workspaces` workspaces (the origin's tenants). */
const intentSql = (workspaces: number) => `select * from "commerce"."orders" where id = ?::uuid and workspace_id in (${uuidPlaceholders(workspaces)}) limit 1`;

/** What a role may do at an order desk (docs/roles.md): everyone reads; DEVELOPERs do not assign, cancel or make tracking links. */
const DESK_PERMISSIONS = {
  read: ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'],
  write: ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR'],
} as const satisfies Record<string, readonly Role[]>;

export interface DeskScope {
  em: EntityManager;
  principal: ProviderPrincipal;
  ctx: SubgraphContext;
}

/**
 * A member acting as the CSP or LSP `code` names (`:icode`): a provider-context token of that kind, whose provider
 * is that code (another code, of this workspace or another, is NOT_FOUND), with the role's permission.
 */
export function deskScope(ctx: SubgraphContext, kind: 'csp' | 'lsp', code: string, permission: keyof typeof DESK_PERMISSIONS): DeskScope {
  const principal = requireProviderCode(ctx.principal, kind, code, kind === 'csp' ? 'CSP' : 'LSP');
  if (!(DESK_PERMISSIONS[permission] as readonly Role[]).includes(principal.role)) {
    throw forbidden(`Your role (${principal.role}) may not ${permission === 'write' ? 'assign, cancel or share (tracking links)' : 'read'} orders`);
  }
  authorized(principal);
  return { em: scopeToWorkspace(ctx.em, principal.workspaceId), principal, ctx };
}

/**
 * Anyone (`orderTracking`, the one public field of the family, docs/orders.md "Tracking links"): no credential is
 * needed, and whatever credential comes is not used. The entity manager is not scoped: the tracking service reads the
 * link its token names, then only that link's workspace.
 */
export function publicScope(ctx: SubgraphContext): { em: EntityManager; ctx: SubgraphContext } {
  authorized(ctx.principal);
  return { em: ctx.em, ctx };
}

/** The signed-in user (an agent's app): a user access token. */
export function agentUser(ctx: SubgraphContext) {
  const user = requireUser(ctx.principal);
  authorized(user);
  return user;
}

/**
 * What an entity reference from another subgraph may see: a caller bound to a workspace (a provider member, a
 * connector, an API key, an origin of one workspace) sees that workspace's orders; anyone else nothing.
 */
export function referenceWorkspace(p: Principal): string | undefined {
  if (p.kind === 'provider' || p.kind === 'apiKey' || p.kind === 'connector') return p.workspaceId;
  return originWorkspace(p);
}
