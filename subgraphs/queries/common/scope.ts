import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../../../kernel/errors.js';
import { authorized, requireApiKey } from '../../../kernel/principal.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';

/** Who calls the queries family: a workspace API key allowed to call it, and the request's entity manager. */
export interface QueriesScope {
  /** The key's workspace: every registry entry read or written belongs to it (each SQL statement names it). */
  workspaceId: string;
  keyId: string;
  em: EntityManager;
  ctx: SubgraphContext;
}

/**
 * The one way a queries resolver learns who calls (spec group 17): a workspace API key whose scopes hold `queries`
 * (or `*`), else UNAUTHORIZED (no key) or FORBIDDEN (another scope). `X-Workspace-ID` names the workspace the caller
 * means: another workspace than the key's is 403 FORBIDDEN (the spec's "verify workspace access"). REST requires the
 * header (the bridge refuses without it, 401); a GraphQL client may leave it out (then the key's workspace).
 */
export function queriesScope(ctx: SubgraphContext): QueriesScope {
  const key = requireApiKey(ctx.principal, 'queries');
  const asked = key.client.workspaceId;
  if (asked !== undefined && asked.toLowerCase() !== key.workspaceId.toLowerCase()) {
    throw forbidden("Insufficient permissions; verify workspace access: X-Workspace-ID names another workspace than the API key's");
  }
  authorized(key);
  return { workspaceId: key.workspaceId, keyId: key.keyId, em: ctx.em, ctx };
}
