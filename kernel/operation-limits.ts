import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { RouteLimit } from './ratelimit.js';

/**
 * The spec's per-action limits (profile updates, avatar uploads, user search, settings updates) belong to the action,
 * not to the path it is reached by: each is named here by the root field that performs it. The bridge counts them for
 * its routes' operations and the gateway for GraphQL clients' operations, both from this table.
 */
export const FIELD_LIMITS: Readonly<Record<string, RouteLimit>> = {
  searchUsers: 'user-search',
  updateProfile: 'profile-updates',
  uploadAvatar: 'avatar-uploads',
  updateNotificationSettings: 'settings-updates',
  updatePrivacySettings: 'settings-updates',
  createOrderIntent: 'order-intents',
  // the queries family (docs/queries.md "Rate limits")
  discoverServices: 'queries-discovery',
  discoverServicesAdvanced: 'queries-discovery',
  discoverAvailableServices: 'queries-discovery',
  countServices: 'queries-discovery',
  registryService: 'queries-discovery',
  matchServices: 'queries-matching',
  serviceCapacity: 'queries-capacity',
  serviceCapacities: 'queries-capacity',
  allServiceCapacities: 'queries-capacity',
  invalidateCapacityCache: 'queries-capacity',
  capacityCacheStats: 'queries-capacity',
  syncServicePerformance: 'queries-performance',
  syncServicePerformanceBatch: 'queries-performance',
  servicePerformance: 'queries-performance',
  servicePricing: 'queries-pricing',
  estimateServicePrice: 'queries-pricing',
  compareServicePrices: 'queries-pricing',
  invalidatePricingCache: 'queries-pricing',
  pricingCacheStats: 'queries-pricing',
  // the pipelines family (docs/pipelines.md "Rate limits")
  createPipelineTemplate: 'pipelines-templates',
  pipelineTemplates: 'pipelines-templates',
  pipelineTemplate: 'pipelines-templates',
  updatePipelineTemplate: 'pipelines-templates',
  publishPipelineTemplate: 'pipelines-templates',
  validatePipelineTemplate: 'pipelines-templates',
  deletePipelineTemplate: 'pipelines-templates',
  deployPipeline: 'pipelines-deployments',
  executePipeline: 'pipelines-executions',
  executePipelineQuery: 'pipelines-queries',
};

/**
 * The limits an operation meets: one entry per occurrence of a limited root field (two aliased `updateProfile`
 * fields are two profile updates), through inline fragments and fragment spreads. `operation` defaults to the
 * document's only (or first) operation.
 */
export function operationLimits(document: DocumentNode, operation?: OperationDefinitionNode | null): RouteLimit[] {
  const op = operation ?? document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!op) return [];
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const found: RouteLimit[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        const limit = Object.hasOwn(FIELD_LIMITS, s.name.value) ? FIELD_LIMITS[s.name.value] : undefined;
        if (limit) found.push(limit);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        walk(s.selectionSet);
      } else {
        const f = fragments.get(s.name.value);
        if (f && !seen.has(f.name.value)) {
          seen.add(f.name.value);
          walk(f.selectionSet);
        }
      }
    }
  };
  walk(op.selectionSet);
  return found;
}
