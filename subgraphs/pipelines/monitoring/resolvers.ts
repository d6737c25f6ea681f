import { Arg, Args, Ctx, ID, Query, Resolver } from 'type-graphql';
import { PageArgs } from '../../../kernel/graphql-types.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { pipelinesScope } from '../common/scope.js';
import * as monitoring from './service.js';
import { AnalyticsArgs, EscalationArgs, PipelineAnalytics, PipelineEscalationPage, PipelineHealth } from './types.js';

/** The monitoring area's operations (docs/pipelines.md "Health", "Analytics", "Escalations"). */
@Resolver()
export class MonitoringResolver {
  @Query(() => PipelineHealth, {
    description:
      "A pipeline's health over its executions that ended in the last 24 hours: status, score, figures, stored alerts and the last simulation; PIPELINE_NOT_FOUND for no pipeline of the caller's workspace. REST: `GET /v1/pipelines/:pipelineId/health`.",
  })
  pipelineHealth(@Arg('pipelineId', () => ID, { description: 'The pipeline.' }) pipelineId: string, @Ctx() ctx: SubgraphContext) {
    return monitoring.pipelineHealth(pipelinesScope(ctx), pipelineId);
  }

  @Query(() => PipelineAnalytics, {
    description:
      "A pipeline's executions over a period (default the last 7 days) by hour, day or week, per stage, and the resources its QUERY stages selected. REST: `GET /v1/pipelines/:pipelineId/analytics`.",
  })
  pipelineAnalytics(@Arg('pipelineId', () => ID, { description: 'The pipeline.' }) pipelineId: string, @Args() args: AnalyticsArgs, @Ctx() ctx: SubgraphContext) {
    return monitoring.pipelineAnalytics(pipelinesScope(ctx), pipelineId, args);
  }

  @Query(() => PipelineEscalationPage, { description: "The escalations of the caller's workspace, newest first. REST: `GET /v1/pipelines/escalations`." })
  pipelineEscalations(@Args() filters: EscalationArgs, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext) {
    return monitoring.listEscalations(pipelinesScope(ctx), { ...filters, ...page });
  }
}
