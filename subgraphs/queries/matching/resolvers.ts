import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { queriesScope } from '../common/scope.js';
import { matchServices } from './service.js';
import { MatchInput, MatchResult } from './types.js';

/** The matching area of the queries family (spec group 17, REST `/v1/queries/matching/match`; docs/queries.md "Matching"). */
@Resolver()
export class MatchingResolver {
  @Query(() => MatchResult, {
    description:
      "The services of the caller's workspace best suited to a delivery, scored on capability, proximity, capacity, performance and cost and weighed by the strategy. REST: `POST /v1/queries/matching/match`.",
  })
  matchServices(@Arg('input', () => MatchInput, { description: 'What to match (the REST request body).' }) input: MatchInput, @Ctx() ctx: SubgraphContext) {
    return matchServices(queriesScope(ctx), input);
  }
}
