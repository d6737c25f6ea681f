import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { preloadReferenceData } from '../../domain/reference-data.js';
import { IdempotencyKey } from './common/idempotency.js';
import { quoteReference, referenceResolver, stageReference } from './common/references.js';
import { DeskResolver } from './desks/resolvers.js';
import { migrations } from './migrations/index.js';
import { NetworkAgent, NetworkCoverage, NetworkPricing } from '../../domain/network-copy/entities.js';
import { startNetworkSync } from '../../domain/network-copy/sync.js';
import { Order, Package, Waypoint } from './orders/entities.js';
import { OrderResolver } from './orders/resolvers.js';
import { OrderQuoteResolver, QuoteResolver } from './quotes/resolvers.js';
import { NETWORK_CONSUMER, NETWORK_TOPICS } from './quotes/service.js';
import { OrderTrackingLink } from './tracking/entities.js';
import { TrackingResolver } from './tracking/resolvers.js';

/**
 * The commerce subgraph (spec groups 14 and 9; docs/orders.md): client orders built through an intent token
 * (orders/), the operators and quotes that price them and the service that binds a quote (quotes/), and the CSP and
 * LSP order desks with the agents' moves (desks/), the receivers' tracking links (tracking/); common/ holds the scope (who calls), the intent token and
 * idempotency. The LSP coverage, pricing rules and agents it sells are its own event-fed copy of the LSP network
 * (domain/network-copy, tables network_* in the commerce schema).
 */
export const commerceSubgraph: SubgraphDefinition = {
  name: 'commerce',
  resolvers: [OrderResolver, QuoteResolver, OrderQuoteResolver, DeskResolver, TrackingResolver],
  referenceResolvers: {
    Order: referenceResolver(Order),
    Waypoint: referenceResolver(Waypoint),
    Package: referenceResolver(Package),
    Quote: quoteReference,
    Stage: stageReference,
  },
  database: {
    entities: [Order, Waypoint, Package, OrderTrackingLink, IdempotencyKey, NetworkCoverage, NetworkPricing, NetworkAgent],
    migrations,
    migrationsPath: 'subgraphs/commerce/migrations',
  },
  preload: preloadReferenceData,
  onStart: (orm, _config, log) => {
    return startNetworkSync(orm, log, NETWORK_CONSUMER, 'commerce', NETWORK_TOPICS);
  },
};
