import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../../../kernel/errors.js';
import { authorized, requireApiKey } from '../../../kernel/principal.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';

/** Who calls the pipelines family: a workspace API key allowed to call it, and an entity manager scoped to its workspace. */
export interface PipelinesScope {
  /** The key's workspace: every template, pipeline, execution and delivery read or written belongs to it. */
  workspaceId: string;
  /** The key's id: the `by` of the records' stamps. */
  keyId: string;
  /** Sees and writes the key's workspace's rows only (another workspace's id is NOT_FOUND). */
  em: EntityManager;
  ctx: SubgraphContext;
}

/** The scope an API key needs for the worker operations (docs/pipelines.md "Workers"); only OWNER and ADMIN give it. */
export const ADMIN_SCOPE = 'pipelines:admin';

/**
 * The one way a pipelines resolver learns who calls (spec group 16): a workspace API key whose scopes hold
 * `pipelines` (or `*`), else UNAUTHORIZED (no key) or FORBIDDEN (another scope). `admin` operations (the workers)
 * need a key with `pipelines:admin`, which only a workspace OWNER or ADMIN may create.
 */
export function pipelinesScope(ctx: SubgraphContext, access: 'use' | 'admin' = 'use'): PipelinesScope {
  const key = requireApiKey(ctx.principal, access === 'admin' ? ADMIN_SCOPE : 'pipelines');
  if (access === 'admin' && !key.scopes.includes(ADMIN_SCOPE)) throw forbidden(`The worker operations need an API key with the ${ADMIN_SCOPE} scope (made by a workspace OWNER or ADMIN)`);
  authorized(key);
  return { workspaceId: key.workspaceId, keyId: key.keyId, em: scopeToWorkspace(ctx.em, key.workspaceId), ctx };
}
