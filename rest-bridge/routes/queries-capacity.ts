import type { RouteSpec } from './types.js';
import { CAPACITY, q } from './queries-common.js';

/**
 * Spec group 17, capacity routes (under `/v1/queries`; rest-bridge/routes/queries.ts adds the `/v1/realm/queries`
 * alias). `/capacity/cache/stats` is not taken for a service: its path has three segments, a service's routes four.
 */
export const capacityRoutes: RouteSpec[] = [
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/capacity/query',
    summary: 'One capacity of a service (cached)',
    bodyVariable: 'input',
    operation: `query ServiceCapacity($input: CapacityQueryInput!) { serviceCapacity(input: $input) { ${CAPACITY} } }`,
    result: { capacity: 'serviceCapacity' },
    failures: { CAPACITY_UNAVAILABLE: 'The service is not ACTIVE, or it publishes no capacity of `capacityType` (the message names those it publishes).' },
  },
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/capacity/batch',
    summary: 'Capacities of several services, keyed by service',
    bodyVariable: 'input',
    operation: `query ServiceCapacities($input: CapacityBatchInput!) { serviceCapacities(input: $input) { capacities { compositeId capacity { ${CAPACITY} } } total errors { compositeId capacityType code message } } }`,
    result: { '...': 'serviceCapacities' },
    keyBy: { capacities: { key: 'compositeId', value: 'capacity' } },
  },
  {
    ...q,
    method: 'GET',
    path: '/v1/queries/capacity/:lsp/:serviceId/all',
    summary: 'Every capacity of a service',
    operation: `query AllServiceCapacities($lsp: String!, $serviceId: ID!) { allServiceCapacities(lsp: $lsp, serviceId: $serviceId) { capacities { ${CAPACITY} } total } }`,
    result: { '...': 'allServiceCapacities' },
    failures: { CAPACITY_UNAVAILABLE: 'The service is not ACTIVE.' },
  },
  {
    ...q,
    method: 'DELETE',
    path: '/v1/queries/capacity/:lsp/:serviceId/cache',
    summary: "Invalidate a service's cached capacities",
    operation: `mutation InvalidateCapacityCache($lsp: String!, $serviceId: ID!, $capacityType: String) { invalidateCapacityCache(lsp: $lsp, serviceId: $serviceId, capacityType: $capacityType) { message } }`,
    result: { '...': 'invalidateCapacityCache' },
  },
  {
    ...q,
    method: 'GET',
    path: '/v1/queries/capacity/cache/stats',
    summary: "The workspace's cached capacity answers",
    operation: `query CapacityCacheStats { capacityCacheStats { size entries { key expiresIn } } }`,
    result: { '...': 'capacityCacheStats' },
  },
];
