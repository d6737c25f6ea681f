import type { EntityManager } from '@mikro-orm/postgresql';
import { requireApiKey } from '../../../kernel/principal.js';
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
  return { workspaceId: key.workspaceId, keyId: key.keyId, em: ctx.em };
}
