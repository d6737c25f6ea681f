import type { RouteSpec } from './types.js';

/** Spec group 16, templates routes (docs/pipelines.md). */
export const templateRoutes: RouteSpec[] = [];
