import type { RouteSpec } from './types.js';

/** Spec group 16, monitoring routes (docs/pipelines.md). */
export const monitoringRoutes: RouteSpec[] = [];
