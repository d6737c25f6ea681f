import type { RouteSpec } from './types.js';
import { ENTRY, q } from './queries-common.js';

/** Spec group 17, matching routes (under `/v1/queries`; rest-bridge/routes/queries.ts adds the `/v1/realm/queries` alias). */
export const matchingRoutes: RouteSpec[] = [
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/matching/match',
    summary: 'Match services to a delivery, best first',
    bodyVariable: 'input',
    operation: `query MatchServices($input: MatchInput!) { matchServices(input: $input) {
      status recommendations { service { ${ENTRY} score } serviceType scores { capability proximity capacity performance cost overall } reasoning
        estimatedCost { amount currency } estimatedDuration } totalCandidates strategy } }`,
    result: { '...': 'matchServices' },
  },
];
