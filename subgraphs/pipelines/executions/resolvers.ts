import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { pipelinesScope } from '../common/scope.js';
import { cancelExecution, dryRunPipeline, executePipeline, executeQuery, executionLogs, getExecution, listExecutions, retryExecution } from './service.js';
import { DryRunResult, ExecutePipelineInput, ExecutionListArgs, ExecutionLogs, ExecutionPage, PipelineExecution, PipelineQueryInput, PipelineQueryResult, RetryExecutionInput } from './types.js';
import { GraphQLJSONObject } from 'graphql-scalars';

const PIPELINE_ID = { description: 'The pipeline.' };
const EXECUTION_ID = { description: 'The execution.' };

@Resolver()
export class ExecutionResolver {
  @Mutation(() => PipelineExecution, { description: 'Starts an execution of a pipeline (PENDING; it runs on the workers). REST: `POST /v1/pipelines/:pipelineId/execute`.' })
  executePipeline(
    @Arg('pipelineId', () => ID, PIPELINE_ID) pipelineId: string,
    @Arg('input', { description: 'Its metadata, config, tags and debug.' }) input: ExecutePipelineInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return executePipeline(pipelinesScope(ctx), pipelineId, input);
  }

  @Query(() => ExecutionPage, { description: 'The executions of one pipeline, newest started first, a page at a time. REST: `GET /v1/pipelines/:pipelineId/executions`.' })
  pipelineExecutions(@Arg('pipelineId', () => ID, PIPELINE_ID) pipelineId: string, @Args() args: ExecutionListArgs, @Ctx() ctx: SubgraphContext) {
    return listExecutions(pipelinesScope(ctx), pipelineId, args);
  }

  @Query(() => PipelineExecution, { description: 'One execution of a pipeline, with its stages, results and error. REST: `GET /v1/pipelines/executions/:executionId`.' })
  pipelineExecution(@Arg('id', () => ID, EXECUTION_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return getExecution(pipelinesScope(ctx), id);
  }

  @Mutation(() => PipelineExecution, { description: 'Runs a FAILED or TIMEOUT execution again from a stage. REST: `POST /v1/pipelines/executions/:executionId/retry`.' })
  retryPipelineExecution(
    @Arg('id', () => ID, EXECUTION_ID) id: string,
    @Arg('input', () => RetryExecutionInput, { nullable: true, description: 'Where to start.' }) input: RetryExecutionInput | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return retryExecution(pipelinesScope(ctx), id, input?.fromStage);
  }

  @Mutation(() => PipelineExecution, { description: 'Ends a PENDING or RUNNING execution FAILED ("cancelled"). REST: `POST /v1/pipelines/executions/:executionId/cancel`.' })
  cancelPipelineExecution(@Arg('id', () => ID, EXECUTION_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return cancelExecution(pipelinesScope(ctx), id);
  }

  @Query(() => ExecutionLogs, { description: 'The log lines an execution wrote, oldest first. REST: `GET /v1/pipelines/executions/:executionId/logs`.' })
  pipelineExecutionLogs(@Arg('id', () => ID, EXECUTION_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return executionLogs(pipelinesScope(ctx), id);
  }

  @Mutation(() => DryRunResult, { description: 'Predicts an execution with this metadata, with no side effects. REST: `POST /v1/pipelines/:pipelineId/dry-run`.' })
  dryRunPipeline(
    @Arg('pipelineId', () => ID, PIPELINE_ID) pipelineId: string,
    @Arg('metadata', () => GraphQLJSONObject, { description: 'The metadata to predict with.' }) metadata: Record<string, unknown>,
    @Ctx() ctx: SubgraphContext,
  ) {
    return dryRunPipeline(pipelinesScope(ctx), pipelineId, metadata);
  }

  @Mutation(() => PipelineQueryResult, { description: 'Runs one query as a QUERY stage would. REST: `POST /v1/pipelines/queries/execute`.' })
  executePipelineQuery(@Arg('input', { description: 'The query.' }) input: PipelineQueryInput, @Ctx() ctx: SubgraphContext) {
    return executeQuery(pipelinesScope(ctx), input);
  }
}
