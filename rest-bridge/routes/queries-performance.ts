import type { RouteSpec } from './types.js';
import { q } from './queries-common.js';

const PERFORMANCE = 'onTimeDeliveryRate orderAccuracy averageProcessingTime damageRate customerSatisfaction overallScore lastUpdated';

/** Spec group 17, performance routes (under `/v1/queries`; rest-bridge/routes/queries.ts adds the `/v1/realm/queries` alias). */
export const performanceRoutes: RouteSpec[] = [
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/performance/sync',
    summary: 'Store the performance of a service',
    bodyVariable: 'input',
    operation: `mutation SyncServicePerformance($input: PerformanceSyncInput!) { syncServicePerformance(input: $input) { message } }`,
    result: { message: 'syncServicePerformance.message' },
  },
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/performance/sync/batch',
    summary: 'Store the performance of several services',
    bodyVariable: 'input',
    operation: `mutation SyncServicePerformanceBatch($input: PerformanceBatchInput!) { syncServicePerformanceBatch(input: $input) { synced failed errors { serviceId field message } } }`,
    result: { '...': 'syncServicePerformanceBatch' },
  },
  {
    ...q,
    method: 'GET',
    path: '/v1/queries/performance/:lsp/:serviceId',
    summary: 'The performance last synced for a service',
    operation: `query ServicePerformance($lsp: String!, $serviceId: ID!) { servicePerformance(lsp: $lsp, serviceId: $serviceId) { ${PERFORMANCE} } }`,
    result: { performance: 'servicePerformance' },
  },
];
