import type { RouteSpec } from './types.js';

/** Spec group 16, webhooks routes (docs/pipelines.md). */
export const webhookRoutes: RouteSpec[] = [];
