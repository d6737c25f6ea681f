import type { Constructor } from '@mikro-orm/core';
import { recordById as byId } from '../../../kernel/loaders.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { referenceScope } from './scope.js';

/**
 * Entity references (docs/graph-conventions.md, "Entities and references"): another subgraph (or this one, e.g.
 * `Vehicle.fleet`) names a record by its id, and the record is loaded here in one query per entity and request
 * (a DataLoader), in the caller's reference scope (common/scope.ts): a record the caller may not see, an unknown id or
 * a malformed one resolves to null, never to another tenant's data.
 */
export function recordById<T extends { id: string }>(ctx: SubgraphContext, entity: Constructor<T>, id: string, name = entity.name, where: object = {}): Promise<T | null> {
  const s = referenceScope(ctx, name);
  return byId(ctx, s?.em, entity, id, { name, where, filters: s?.filters });
}

/** The `__resolveReference` of an entity keyed by `id` (`where` narrows the rows, e.g. one kind of coverage). */
export const referenceResolver = <T extends { id: string }>(entity: Constructor<T>, name = entity.name, where: object = {}) => ({
  __resolveReference: (ref: { id: string }, ctx: SubgraphContext) => recordById(ctx, entity, ref.id, name, where),
});
