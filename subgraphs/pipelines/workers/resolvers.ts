import { Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { pipelinesScope } from '../common/scope.js';
import * as workers from './service.js';
import { PipelineWorkers, PipelineWorkersInitialized, PipelineWorkersSwitched } from './types.js';

/**
 * The workers area's operations (docs/pipelines.md "Workers"): the workspace's switches of the five workers. Every
 * operation needs an API key with the `pipelines:admin` scope (only a workspace OWNER or ADMIN may create one).
 */
@Resolver()
export class WorkerResolver {
  @Query(() => PipelineWorkers, {
    description: "The five workers' switches, intervals and counters for the caller's workspace (today = since 00:00 UTC); needs the pipelines:admin scope. REST: `GET /v1/pipelines/workers/stats`.",
  })
  pipelineWorkers(@Ctx() ctx: SubgraphContext) {
    return workers.workerStats(pipelinesScope(ctx, 'admin'));
  }

  @Mutation(() => PipelineWorkersInitialized, {
    description:
      'Makes sure the workspace has a switch for each of the five workers (missing ones start enabled, existing ones keep their state); needs the pipelines:admin scope. REST: `POST /v1/pipelines/workers/initialize`.',
  })
  initializePipelineWorkers(@Ctx() ctx: SubgraphContext) {
    return workers.initializeWorkers(pipelinesScope(ctx, 'admin'));
  }

  @Mutation(() => PipelineWorkersSwitched, {
    description: "Switches the five workers on for the caller's workspace: its waiting executions and deliveries go on; needs the pipelines:admin scope. REST: `POST /v1/pipelines/workers/start`.",
  })
  startPipelineWorkers(@Ctx() ctx: SubgraphContext) {
    return workers.switchWorkers(pipelinesScope(ctx, 'admin'), true);
  }

  @Mutation(() => PipelineWorkersSwitched, {
    description:
      "Switches the five workers off for the caller's workspace: its executions and deliveries wait (other workspaces go on) until started; needs the pipelines:admin scope. REST: `POST /v1/pipelines/workers/stop`.",
  })
  stopPipelineWorkers(@Ctx() ctx: SubgraphContext) {
    return workers.switchWorkers(pipelinesScope(ctx, 'admin'), false);
  }
}
