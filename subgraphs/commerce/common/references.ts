import type { Constructor } from '@mikro-orm/core';
import { recordById as byId } from '../../../kernel/loaders.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { Order } from '../orders/entities.js';
import { stageOf } from '../orders/service.js';
import { referenceWorkspace } from './scope.js';
import { quoteOf } from './quote-token.js';

/**
 * Entity references to the commerce family's records (docs/graph-conventions.md "Entities and references"): batched
 * per entity and request, in the workspace the caller is bound to (common/scope.ts `referenceWorkspace`); another
 * tenant's record, an unknown id or a malformed one resolves to null.
 */
export function recordById<T extends { id: string }>(ctx: SubgraphContext, entity: Constructor<T>, id: string, name = entity.name): Promise<T | null> {
  const workspaceId = referenceWorkspace(ctx.principal);
  return byId(ctx, workspaceId ? scopeToWorkspace(ctx.em, workspaceId) : undefined, entity, id, { name });
}

export const referenceResolver = <T extends { id: string }>(entity: Constructor<T>, name = entity.name) => ({
  __resolveReference: (ref: { id: string }, ctx: SubgraphContext) => recordById(ctx, entity, ref.id, name),
});

/** A Quote is keyed by its id, which carries it (signed): resolved without a lookup, in the caller's workspace only. */
export const quoteReference = {
  __resolveReference: (ref: { id: string }, ctx: SubgraphContext) => {
    const quote = quoteOf(ref.id, ctx.config.jwtSecret);
    return quote && quote.workspaceId === referenceWorkspace(ctx.principal) ? quote : null;
  },
};

/** A Stage is keyed by its order's id. */
export const stageReference = {
  __resolveReference: async (ref: { id: string }, ctx: SubgraphContext) => {
    const order = await recordById(ctx, Order, ref.id);
    return order ? stageOf(order) : null;
  },
};
