import type { Constructor } from '@mikro-orm/core';
import { recordById } from '../../../kernel/loaders.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { iotReferenceScope } from './scope.js';

/**
 * Entity references to the IoT family's records (docs/graph-conventions.md "Entities and references"): batched per
 * entity and request, in the IoTSP the caller acts as; anything else, an unknown id or a malformed one is null.
 */
export const referenceResolver = <T extends { id: string }>(entity: Constructor<T>) => ({
  __resolveReference: (ref: { id: string }, ctx: SubgraphContext): Promise<T | null> => recordById(ctx, iotReferenceScope(ctx), entity, ref.id),
});
