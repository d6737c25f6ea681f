import type { EntityManager } from '@mikro-orm/postgresql';
import { authorized, requireApiKey, requireOneOriginConnector } from '../../../kernel/principal.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';

/** Who calls the utilities family: a workspace API key allowed to call it, and the request's entity manager. */
export interface UtilitiesScope {
  /** The key's workspace: every vehicle position read or written belongs to it. */
  workspaceId: string;
  /** The key itself (recorded as the reporter of a position). */
  keyId: string;
  em: EntityManager;
}

/**
 * The one way a utilities resolver learns who calls: a workspace API key whose scopes hold `utilities` (or `*`),
 * else UNAUTHORIZED (no key: REST `AUTH::INVALID_API_KEY`) or FORBIDDEN (another scope: REST `AUTH::UNAUTHORIZED`).
 */
export function scope(ctx: SubgraphContext): UtilitiesScope {
  const key = requireApiKey(ctx.principal, 'utilities');
  authorized(key);
  return { workspaceId: key.workspaceId, keyId: key.keyId, em: ctx.em };
}

/**
 * A CSP's client searching around a point (`POST /v1/client/:id/periferals`, docs/orders.md "Client views"): the
 * origin credential of the client order family; the workspace of its connector is the tenant.
 */
export function clientScope(ctx: SubgraphContext): UtilitiesScope {
  const { connector } = requireOneOriginConnector(ctx.principal);
  authorized(ctx.principal);
  return { workspaceId: connector.workspaceId, keyId: connector.connectorId, em: ctx.em };
}
