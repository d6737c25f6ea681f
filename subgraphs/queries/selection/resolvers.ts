import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { SelectableResource } from '../common/enums.js';
import { queriesScope } from '../common/scope.js';
import { selectableResources, selectResource } from './service.js';
import { ResourceSelection, ResourceSelectionInput } from './types.js';

/** Selection in the queries family (docs/queries.md "Selection"; GraphQL only: the spec names no REST route for it). */
@Resolver()
export class SelectionResolver {
  @Query(() => ResourceSelection, {
    nullable: true,
    description: "One resource of the caller's workspace picked by a strategy, with up to 4 runners-up; null when none matches. A pipeline QUERY stage runs it.",
  })
  selectResource(@Arg('input', () => ResourceSelectionInput, { description: 'What to select and how.' }) input: ResourceSelectionInput, @Ctx() ctx: SubgraphContext) {
    return selectResource(queriesScope(ctx), input);
  }

  @Query(() => [SelectableResource], { description: "The kinds of resource `selectResource` can find at least one of in the caller's workspace now." })
  selectableResources(@Ctx() ctx: SubgraphContext) {
    return selectableResources(queriesScope(ctx));
  }
}
