import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { queriesScope } from '../common/scope.js';
import { Capacity } from '../common/types.js';
import * as capacity from './service.js';
import { CapacityBatch, CapacityBatchInput, CapacityCacheInvalidation, CapacityCacheStats, CapacityQueryInput, ServiceCapacities } from './types.js';

const LSP = { description: "The service's provider code (the `<lsp>` of its composite id)." };
const SERVICE_ID = { description: "The service's id (the `<serviceId>` of its composite id)." };

/** The capacity area of the queries family (spec group 17, REST `/v1/queries/capacity/*`; docs/queries.md "Capacity"). */
@Resolver()
export class CapacityResolver {
  @Query(() => Capacity, {
    description:
      "One capacity of a service of the caller's workspace, cached per service and type (CAPACITY_CACHE_TTL_SECONDS). CAPACITY_UNAVAILABLE when the service is not ACTIVE or publishes no capacity of that type. REST: `POST /v1/queries/capacity/query`.",
  })
  serviceCapacity(@Arg('input', () => CapacityQueryInput, { description: 'The capacity asked for (the REST request body).' }) input: CapacityQueryInput, @Ctx() ctx: SubgraphContext) {
    return capacity.serviceCapacity(queriesScope(ctx), input);
  }

  @Query(() => CapacityBatch, {
    description: 'Capacities of several services at once: each query answered or listed in `errors` on its own. REST: `POST /v1/queries/capacity/batch`.',
  })
  serviceCapacities(@Arg('input', () => CapacityBatchInput, { description: 'The queries (the REST request body).' }) input: CapacityBatchInput, @Ctx() ctx: SubgraphContext) {
    return capacity.serviceCapacities(queriesScope(ctx), input);
  }

  @Query(() => ServiceCapacities, { description: 'Every capacity a service publishes (read afresh, not cached). REST: `GET /v1/queries/capacity/:lsp/:serviceId/all`.' })
  allServiceCapacities(@Arg('lsp', LSP) lsp: string, @Arg('serviceId', () => ID, SERVICE_ID) serviceId: string, @Ctx() ctx: SubgraphContext) {
    return capacity.allServiceCapacities(queriesScope(ctx), lsp, serviceId);
  }

  @Mutation(() => CapacityCacheInvalidation, {
    description: "Drops a service's cached capacity answers (of one type when given) on every replica. REST: `DELETE /v1/queries/capacity/:lsp/:serviceId/cache`.",
  })
  invalidateCapacityCache(
    @Arg('lsp', LSP) lsp: string,
    @Arg('serviceId', () => ID, SERVICE_ID) serviceId: string,
    @Arg('capacityType', () => String, { nullable: true, description: 'Only the answers of this kind of capacity (an upper-case identifier; an open list); default: every kind.' })
    capacityType: string | null | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return capacity.invalidateCapacityCache(queriesScope(ctx), lsp, serviceId, capacityType);
  }

  @Query(() => CapacityCacheStats, { description: "The capacity answers cached for the caller's workspace (one cache for every replica). REST: `GET /v1/queries/capacity/cache/stats`." })
  capacityCacheStats(@Ctx() ctx: SubgraphContext) {
    return capacity.capacityCacheStats(queriesScope(ctx));
  }
}
