import { pl } from './pipelines-common.js';
import { PAGE, type RouteSpec } from './types.js';

const EXECUTION = `id pipelineId status currentStageIndex stages { name status attempts startedAt completedAt duration error { code message } }
  context metadata results error { code message stage } startedAt completedAt duration retryAttempts tags`;

/** Spec group 16, execution routes (docs/pipelines.md "Executions", "Dry run", "QUERY"). */
export const executionRoutes: RouteSpec[] = [
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/:pipelineId/execute',
    summary: 'Start an execution',
    status: 201,
    bodyVariable: 'input',
    operation: `mutation ExecutePipeline($pipelineId: ID!, $input: ExecutePipelineInput!) { executePipeline(pipelineId: $pipelineId, input: $input) { ${EXECUTION} } }`,
    result: { data: 'executePipeline' },
    failures: { CONCURRENCY_LIMIT: 'the pipeline already runs `config.concurrency` executions', CONFLICT: 'the pipeline is DISABLED' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/:pipelineId/executions',
    summary: "A pipeline's executions",
    operation: `query PipelineExecutions($pipelineId: ID!, $status: ExecutionStatus, $tags: [String!], $startDate: DateTime, $endDate: DateTime, $page: Int, $limit: Int) {
      pipelineExecutions(pipelineId: $pipelineId, status: $status, tags: $tags, startDate: $startDate, endDate: $endDate, page: $page, limit: $limit) { items { ${EXECUTION} } ${PAGE} } }`,
    result: { data: 'pipelineExecutions.items', pagination: 'pipelineExecutions.pagination' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/executions/:executionId',
    summary: 'An execution',
    operation: `query PipelineExecution($executionId: ID!) { pipelineExecution(id: $executionId) { ${EXECUTION} } }`,
    result: { data: 'pipelineExecution' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/executions/:executionId/retry',
    summary: 'Retry an execution from a stage',
    bodyVariable: 'input',
    operation: `mutation RetryPipelineExecution($executionId: ID!, $input: RetryExecutionInput) { retryPipelineExecution(id: $executionId, input: $input) { ${EXECUTION} } }`,
    result: { data: 'retryPipelineExecution' },
    failures: { CONFLICT: 'the execution is not FAILED or TIMEOUT' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/executions/:executionId/cancel',
    summary: 'Cancel an execution',
    operation: `mutation CancelPipelineExecution($executionId: ID!) { cancelPipelineExecution(id: $executionId) { ${EXECUTION} } }`,
    result: { data: 'cancelPipelineExecution' },
    failures: { CONFLICT: 'the execution already ended' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/executions/:executionId/logs',
    summary: "An execution's log",
    operation: `query PipelineExecutionLogs($executionId: ID!) { pipelineExecutionLogs(id: $executionId) { executionId logs { timestamp level stage message data } } }`,
    result: { data: 'pipelineExecutionLogs' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/:pipelineId/dry-run',
    summary: 'Predict an execution, with no side effects',
    bodyFields: ['metadata'],
    operation: `mutation DryRunPipeline($pipelineId: ID!, $metadata: JSONObject!) { dryRunPipeline(pipelineId: $pipelineId, metadata: $metadata) { stages { name predictedResult estimatedDuration } estimatedDuration warnings } }`,
    result: { data: 'dryRunPipeline' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/queries/execute',
    summary: 'Run one query as a QUERY stage would',
    bodyVariable: 'input',
    operation: `mutation ExecutePipelineQuery($input: PipelineQueryInput!) { executePipelineQuery(input: $input) { status resource score strategy alternatives } }`,
    // the spec's generic envelope (group 16): the answer under `data`; the envelope's `status` says whether anything
    // matched (SUCCESS or QUERY_NO_RESULTS, docs/pipelines.md "QUERY")
    result: {
      status: 'executePipelineQuery.status',
      'data.resource': 'executePipelineQuery.resource',
      'data.score': 'executePipelineQuery.score',
      'data.strategy': 'executePipelineQuery.strategy',
      'data.alternatives': 'executePipelineQuery.alternatives',
    },
  },
];
