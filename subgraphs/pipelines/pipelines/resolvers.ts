import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { loader } from '../../../kernel/loaders.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { pipelinesScope } from '../common/scope.js';
import { Deletion } from '../templates/types.js';
import * as pipelines from './service.js';
import { DeployPipelineInput, Pipeline, PipelineListArgs, PipelineMetrics, PipelinePage, UpdatePipelineInput } from './types.js';

const ID_ARG = { description: "The pipeline's identifier (another workspace's is PIPELINE_NOT_FOUND)." };

/** The pipelines area's operations (spec group 16 `/v1/pipelines/deploy`, `/v1/pipelines/:pipelineId`; docs/pipelines.md "Pipelines"). */
@Resolver(() => Pipeline)
export class PipelineResolver {
  @Query(() => PipelinePage, { description: "The workspace's pipelines, newest first unless sorted otherwise, a page at a time. REST: `GET /v1/pipelines`." })
  pipelines(@Args() args: PipelineListArgs, @Ctx() ctx: SubgraphContext) {
    return pipelines.listPipelines(pipelinesScope(ctx), args);
  }

  @Query(() => Pipeline, { description: 'One pipeline of the workspace (PIPELINE_NOT_FOUND otherwise). REST: `GET /v1/pipelines/:pipelineId`.' })
  pipeline(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return pipelines.getPipeline(pipelinesScope(ctx), id);
  }

  @Mutation(() => Pipeline, {
    description: 'Deploys a pipeline from a PUBLISHED template: a snapshot of its stages, config (with the overrides) and health; ACTIVE, health score 100. REST: `POST /v1/pipelines/deploy`.',
  })
  deployPipeline(@Arg('input', () => DeployPipelineInput, { description: 'The deployment (the REST request body).' }) input: DeployPipelineInput, @Ctx() ctx: SubgraphContext) {
    return pipelines.deployPipeline(pipelinesScope(ctx), input);
  }

  @Mutation(() => Pipeline, { description: 'Changes a pipeline: name, description, status (ACTIVE or DISABLED), config and health in part. REST: `PATCH /v1/pipelines/:pipelineId`.' })
  updatePipeline(
    @Arg('id', () => ID, ID_ARG) id: string,
    @Arg('input', () => UpdatePipelineInput, { description: 'The changes (the REST request body).' }) input: UpdatePipelineInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return pipelines.updatePipeline(pipelinesScope(ctx), id, input);
  }

  @Mutation(() => Deletion, { description: 'Deletes a pipeline; its running executions are stopped first (FAILED, "pipeline deleted"). REST: `DELETE /v1/pipelines/:pipelineId`.' })
  deletePipeline(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return pipelines.deletePipeline(pipelinesScope(ctx), id);
  }

  @FieldResolver(() => PipelineMetrics, { description: 'Its executions so far (simulations not counted): one statement for all the pipelines of a request.' })
  metrics(@Root() p: Pipeline, @Ctx() ctx: SubgraphContext): Promise<PipelineMetrics | undefined> {
    const s = pipelinesScope(ctx);
    return loader<string, PipelineMetrics>(ctx, 'Pipeline.metrics', (ids) => pipelines.metricsOf(s.em, s.workspaceId, ids)).load(p.id);
  }
}
