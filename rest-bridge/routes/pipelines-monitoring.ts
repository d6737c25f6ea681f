import { pl } from './pipelines-common.js';
import { PAGE, type RouteSpec } from './types.js';

const HEALTH_ANSWER = `pipelineId status healthScore lastCheck lastWorkerCheck
  metrics { totalExecutions successRate errorRate avgDuration p95Duration p99Duration activeExecutions }
  alerts { severity message timestamp acknowledged }
  lastSimulation { success duration completedAt }`;
const ANALYTICS_ANSWER = `pipelineId startDate endDate groupBy
  timeSeries { timestamp executions successes failures avgDuration }
  stageMetrics { stage executions successRate avgDuration errors }
  resourceUsage { resource resourceType selections avgScore }`;
const ESCALATION = 'id executionId pipelineId severity reason stage status createdAt resolvedAt';
const COUNTERS = `activeExecutions stalledStages timedOutStages completedToday failedToday pipelinesChecked healthScoresCalculated statusChanges alertsGenerated
  transitionsProcessed transitionErrors webhooksDelivered webhookRetries webhookFailures escalationsToday openEscalations`;

/** Spec group 16, monitoring routes: health, analytics, escalations and the workers (docs/pipelines.md). */
export const monitoringRoutes: RouteSpec[] = [
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/escalations',
    summary: "The workspace's escalations, newest first",
    operation: `query PipelineEscalations($severity: EscalationSeverity, $status: EscalationStatus, $pipelineId: ID, $page: Int, $limit: Int) {
      pipelineEscalations(severity: $severity, status: $status, pipelineId: $pipelineId, page: $page, limit: $limit) { items { ${ESCALATION} } ${PAGE} } }`,
    result: { data: 'pipelineEscalations.items', pagination: 'pipelineEscalations.pagination' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/workers/stats',
    summary: "The workers' switches, intervals and counters for the workspace (pipelines:admin)",
    operation: `query PipelineWorkers { pipelineWorkers { workers { name enabled intervalMs stats { ${COUNTERS} } lastRun } } }`,
    result: { data: 'pipelineWorkers' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/workers/initialize',
    summary: "Create the workspace's worker switches (pipelines:admin)",
    operation: `mutation InitializePipelineWorkers { initializePipelineWorkers { success workersInitialized } }`,
    result: { data: 'initializePipelineWorkers' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/workers/start',
    summary: "Start the workspace's workers (pipelines:admin)",
    operation: `mutation StartPipelineWorkers { startPipelineWorkers { success } }`,
    result: { data: 'startPipelineWorkers' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/workers/stop',
    summary: "Stop the workspace's workers: its work waits (pipelines:admin)",
    operation: `mutation StopPipelineWorkers { stopPipelineWorkers { success } }`,
    result: { data: 'stopPipelineWorkers' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/:pipelineId/health',
    summary: "A pipeline's health over the last 24 hours",
    operation: `query PipelineHealth($pipelineId: ID!) { pipelineHealth(pipelineId: $pipelineId) { ${HEALTH_ANSWER} } }`,
    result: { data: 'pipelineHealth' },
  },
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/:pipelineId/analytics',
    summary: "A pipeline's executions by hour, day or week, per stage and per selected resource",
    operation: `query PipelineAnalytics($pipelineId: ID!, $startDate: DateTime, $endDate: DateTime, $groupBy: AnalyticsGroupBy) {
      pipelineAnalytics(pipelineId: $pipelineId, startDate: $startDate, endDate: $endDate, groupBy: $groupBy) { ${ANALYTICS_ANSWER} } }`,
    result: { data: 'pipelineAnalytics' },
  },
];
