import type { Constructor } from '@mikro-orm/core';
import { isUuid } from '../../../kernel/ids.js';
import { byKeys, loader } from '../../../kernel/loaders.js';
import { scopeToProvider } from '../../../kernel/tenancy.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';

/**
 * Entity references to the DEV family's records (docs/graph-conventions.md "Entities and references"): batched per
 * entity and request, in the provider the caller acts as (a Developer for a member acting as its DEV provider, an
 * Faq for one acting as its LSP); anything else, an unknown id or a malformed one resolves to null.
 */
export const referenceResolver = <T extends { id: string }>(entity: Constructor<T>, kind: 'dev' | 'lsp') => ({
  __resolveReference: (ref: { id: string }, ctx: SubgraphContext): Promise<T | null> => {
    const p = ctx.principal;
    if (p.kind !== 'provider' || p.providerKind !== kind || typeof ref.id !== 'string' || !isUuid(ref.id)) return Promise.resolve(null);
    const em = scopeToProvider(ctx.em, p.workspaceId, p.providerCode);
    return loader<string, T>(ctx, `${entity.name}.byId`, async (ids) => byKeys(ids, (await em.find(entity, { id: { $in: [...ids] } })) as T[], (r) => r.id))
      .load(ref.id.toLowerCase())
      .then((r) => r ?? null);
  },
});
