import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { followBatches } from '../../kernel/events.js';
import { preloadReferenceData } from '../../domain/reference-data.js';
import { configureCaches, sweepCaches } from './common/cache.js';
import { migrations } from './migrations/index.js';
import { CoverageCopy, FleetVehicleCopy, ServiceEntryRecord, ServicePerformanceRecord } from './registry/entities.js';
import { RegistryResolver } from './registry/resolvers.js';
import { CapacityResolver } from './capacity/resolvers.js';
import { PerformanceResolver } from './performance/resolvers.js';
import { PricingResolver } from './pricing/resolvers.js';
import { MatchingResolver } from './matching/resolvers.js';
import { SelectionResolver } from './selection/resolvers.js';
import { applyRegistryBatch, REGISTRY_CONSUMER, REGISTRY_TOPICS } from './registry/sync.js';

/**
 * The queries subgraph (spec group 17; docs/queries.md): the service registry fed from the event log and its
 * index-backed discovery (registry/), matching (matching/), capacity (capacity/), performance (performance/) and
 * pricing (pricing/) and selection (selection/: one resource by a strategy, for pipelines); common/ holds the scope, the enums, the caches and the shared scores.
 */
/** How often the registry consumer polls: a change in LSP shows up in discovery well within 1 s. */
const REGISTRY_POLL_MS = 200;
/** How often expired cache entries are deleted (common/cache.ts `sweepCaches`). */
const CACHE_SWEEP_MS = 60_000;

export const queriesSubgraph: SubgraphDefinition = {
  name: 'queries',
  resolvers: [RegistryResolver, MatchingResolver, CapacityResolver, PerformanceResolver, PricingResolver, SelectionResolver],
  // searches store nothing: an explicit null in an input is the same as leaving the field out
  nullMeansAbsent: true,
  database: {
    entities: [ServiceEntryRecord, ServicePerformanceRecord, CoverageCopy, FleetVehicleCopy],
    migrations,
    migrationsPath: 'subgraphs/queries/migrations',
    extensions: ['cube', 'earthdistance', 'btree_gist'],
  },
  preload: preloadReferenceData,
  onStart: async (orm, config, log) => {
    configureCaches({ capacity: config.CAPACITY_CACHE_TTL_SECONDS, pricing: config.PRICING_CACHE_TTL_SECONDS });
    const sweep = setInterval(() => void sweepCaches(orm.em.fork()).catch((err: unknown) => log.warn({ err }, 'cache sweep failed; retried in a minute')), CACHE_SWEEP_MS);
    sweep.unref();
    const stopRegistry = followBatches(orm, log, REGISTRY_CONSUMER, REGISTRY_TOPICS, applyRegistryBatch, REGISTRY_POLL_MS);
    return async () => {
      clearInterval(sweep);
      await stopRegistry();
    };
  },
};
