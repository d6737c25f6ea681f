import type { RouteSpec } from './types.js';
import { templateRoutes } from './pipelines-templates.js';
import { executionRoutes } from './pipelines-executions.js';
import { webhookRoutes } from './pipelines-webhooks.js';
import { monitoringRoutes } from './pipelines-monitoring.js';

/**
 * Spec group 16 (docs/pipelines.md): every route under `/v1/pipelines`. Routes with a literal segment (`templates`,
 * `deploy`, `executions`, `queries`, `webhooks`, `escalations`, `workers`) come before those with `:pipelineId`, so a
 * literal always wins (and a pipeline id is a UUID, never one of those words).
 */
const all: RouteSpec[] = [...templateRoutes, ...executionRoutes, ...webhookRoutes, ...monitoringRoutes];
const literal = (r: RouteSpec) => !r.path.startsWith('/v1/pipelines/:pipelineId');
export const pipelineRoutes: RouteSpec[] = [...all.filter(literal), ...all.filter((r) => !literal(r))];
