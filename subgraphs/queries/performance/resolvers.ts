import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { queriesScope } from '../common/scope.js';
import { ServicePerformance } from '../common/types.js';
import * as performance from './service.js';
import { PerformanceBatchInput, PerformanceBatchSync, PerformanceSync, PerformanceSyncInput } from './types.js';

/** The performance area of the queries family (spec group 17, REST `/v1/queries/performance/*`; docs/queries.md "Performance"). */
@Resolver()
export class PerformanceResolver {
  @Mutation(() => PerformanceSync, {
    description: "Stores how well a service of the caller's workspace performs (replacing what was synced before). REST: `POST /v1/queries/performance/sync`.",
  })
  syncServicePerformance(@Arg('input', () => PerformanceSyncInput, { description: 'The service and its figures (the REST request body).' }) input: PerformanceSyncInput, @Ctx() ctx: SubgraphContext) {
    return performance.syncServicePerformance(queriesScope(ctx), input);
  }

  @Mutation(() => PerformanceBatchSync, {
    description: 'Stores the performance of several services of one provider: each item stored or failing on its own. REST: `POST /v1/queries/performance/sync/batch`.',
  })
  syncServicePerformanceBatch(
    @Arg('input', () => PerformanceBatchInput, { description: 'The provider and its services (the REST request body).' }) input: PerformanceBatchInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return performance.syncServicePerformanceBatch(queriesScope(ctx), input);
  }

  @Query(() => ServicePerformance, { description: 'The performance last synced for a service; NOT_FOUND before the first sync. REST: `GET /v1/queries/performance/:lsp/:serviceId`.' })
  servicePerformance(
    @Arg('lsp', { description: "The service's provider code (the `<lsp>` of its composite id)." }) lsp: string,
    @Arg('serviceId', () => ID, { description: "The service's id (the `<serviceId>` of its composite id)." }) serviceId: string,
    @Ctx() ctx: SubgraphContext,
  ) {
    return performance.servicePerformance(queriesScope(ctx), lsp, serviceId);
  }
}
