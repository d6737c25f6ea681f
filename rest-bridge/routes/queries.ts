import { capacityRoutes } from './queries-capacity.js';
import { discoveryRoutes } from './queries-discovery.js';
import { matchingRoutes } from './queries-matching.js';
import { performanceRoutes } from './queries-performance.js';
import { pricingRoutes } from './queries-pricing.js';
import type { RouteSpec } from './types.js';

/** The spec's base path of the queries family, and the alias every route is also served under. */
const BASE = '/v1/queries';
const ALIAS = '/v1/realm/queries';

/** Spec group 17 (docs/queries.md): every route under `/v1/queries`, then the same routes under `/v1/realm/queries`. */
const spec: RouteSpec[] = [...discoveryRoutes, ...matchingRoutes, ...capacityRoutes, ...performanceRoutes, ...pricingRoutes];
export const queryRoutes: RouteSpec[] = [...spec, ...spec.map((r) => ({ ...r, path: ALIAS + r.path.slice(BASE.length), summary: `${r.summary} (alias of ${r.path})` }))];
