import type { RouteSpec } from './types.js';
import { CAPACITY, ENTRY, q } from './queries-common.js';

/** Spec group 17, discovery routes (under `/v1/queries`; queries.ts adds the `/v1/realm/queries` alias). */
export const discoveryRoutes: RouteSpec[] = [
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/discovery/discover',
    summary: 'Discover services of a type, near a point, filtered',
    bodyVariable: 'input',
    operation: `query DiscoverServices($input: DiscoveryInput!) { discoverServices(input: $input) { status services { ${ENTRY} } total executionTimeMs } }`,
    result: { '...': 'discoverServices' },
  },
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/discovery/advanced',
    summary: 'Discover services with capabilities and performance thresholds',
    bodyVariable: 'input',
    operation: `query DiscoverServicesAdvanced($input: AdvancedDiscoveryInput!) { discoverServicesAdvanced(input: $input) { status services { ${ENTRY} } total executionTimeMs } }`,
    result: { '...': 'discoverServicesAdvanced' },
  },
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/discovery/available',
    summary: 'Discover services with free capacity',
    bodyVariable: 'input',
    operation: `query DiscoverAvailableServices($input: AvailabilityInput!) { discoverAvailableServices(input: $input) { status services { ${ENTRY} capacity { ${CAPACITY} } } total executionTimeMs } }`,
    result: { '...': 'discoverAvailableServices' },
  },
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/discovery/count',
    summary: 'Count the services a discovery would find',
    bodyVariable: 'input',
    operation: `query CountServices($input: DiscoveryInput!) { countServices(input: $input) { status count } }`,
    result: { '...': 'countServices' },
  },
  {
    ...q,
    method: 'GET',
    path: '/v1/queries/discovery/:compositeId',
    summary: 'One service by its composite id',
    operation: `query RegistryService($compositeId: ID!) { registryService(compositeId: $compositeId) { service { ${ENTRY} } } }`,
    result: { '...': 'registryService' },
  },
];
