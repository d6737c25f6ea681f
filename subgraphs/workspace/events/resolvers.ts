import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { WorkspaceArgs } from '../common/arguments.js';
import { scope } from '../common/scope.js';
import * as events from './service.js';
import { EventFeedArgs, WorkspaceEvent, WorkspaceEventFeed } from './types.js';

@Resolver(() => WorkspaceEvent)
export class WorkspaceEventResolver {
  @Query(() => WorkspaceEventFeed, {
    description:
      'The workspace\'s events after a cursor, oldest first, for clients that pull instead of receiving webhooks (docs/events.md "The feed"); workspace OWNER or ADMIN. REST: `GET /v1/workspace/:wid/events`.',
  })
  async workspaceEvents(@Args() { workspaceId }: WorkspaceArgs, @Args() args: EventFeedArgs, @Ctx() ctx: SubgraphContext) {
    return events.readFeed(await scope(ctx, workspaceId, 'events.read'), args);
  }
}
