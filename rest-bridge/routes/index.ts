import { authRoutes } from './auth.js';
import { userRoutes } from './users.js';
import { agentRoutes, fleetRoutes, siteRoutesAll } from './lsp.js';
import { coverageRoutes } from './lsp-coverage.js';
import { accessRoutes, connectorRoutes, invitationRoutes, providerRoutes, workspaceRoutes } from './workspace.js';
import { utilityRoutes } from './utilities.js';
import { webhookRoutes } from './workspace-webhooks.js';
import { clientOrderRoutes, orderDeskRoutes } from './commerce.js';
import { developerRoutes, faqRoutes } from './dev.js';
import { iotDeviceRoutes, iotRuleRoutes, iotTopicRoutes } from './iot.js';
import { queryRoutes } from './queries.js';
import { pipelineRoutes } from './pipelines.js';
import type { RouteSpec } from './types.js';

/** Every REST path the bridge serves. A new family adds its file and one spread here. */
export const routes: RouteSpec[] = [
  ...authRoutes,
  ...userRoutes,
  ...workspaceRoutes,
  ...providerRoutes,
  ...connectorRoutes,
  ...accessRoutes,
  ...invitationRoutes,
  ...webhookRoutes,
  ...coverageRoutes,
  ...fleetRoutes,
  ...siteRoutesAll,
  ...agentRoutes,
  ...utilityRoutes,
  ...clientOrderRoutes,
  ...orderDeskRoutes,
  ...developerRoutes,
  ...faqRoutes,
  ...iotRuleRoutes,
  ...iotTopicRoutes,
  ...iotDeviceRoutes,
  ...queryRoutes,
  ...pipelineRoutes,
];
export type { RouteSpec };
