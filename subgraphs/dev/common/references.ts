import type { Constructor } from '@mikro-orm/core';
import { recordById } from '../../../kernel/loaders.js';
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
    const em = p.kind === 'provider' && p.providerKind === kind ? scopeToProvider(ctx.em, p.workspaceId, p.providerCode) : undefined;
    return recordById(ctx, em, entity, ref.id);
  },
});
