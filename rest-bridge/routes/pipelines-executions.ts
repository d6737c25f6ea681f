import type { RouteSpec } from './types.js';

/** Spec group 16, executions routes (docs/pipelines.md). */
export const executionRoutes: RouteSpec[] = [];
