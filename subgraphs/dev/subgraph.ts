import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { follow } from '../../kernel/events.js';
import { NetworkPricing } from '../../domain/network-copy/entities.js';
import { startNetworkSync } from '../../domain/network-copy/sync.js';
import { applyInvitationEvent, DEVELOPER_CONSUMER, DEVELOPER_TOPICS } from './developers/access.js';
import { Developer } from './developers/entities.js';
import { DeveloperResolver } from './developers/resolvers.js';
import { developerRoutes } from './developers/routes.js';
import { Faq, FaqVersion } from './faqs/entities.js';
import { facilityReferences, HubFaqResolver, HubFaqs, WarehouseFaqResolver, WarehouseFaqs } from './faqs/references.js';
import { FaqResolver } from './faqs/resolvers.js';
import { NETWORK_CONSUMER } from './faqs/service.js';
import { referenceResolver } from './common/references.js';
import { migrations } from './migrations/index.js';

/**
 * The DEV subgraph (spec group 10; docs/dev.md): the developers of DEV providers (developers/: recorded from the
 * workspace's accepted invitations, and the gateway's check of a DEV context token) and the LSPs' FAQ knowledge
 * bases with full-text search (faqs/). A FAQ links to the LSP's hubs and warehouses, checked against this family's
 * event-fed copy of them (domain/network-copy, table network_pricing in the dev schema), and shows on them in the graph.
 */
/** How often the DEV family's event consumers poll between the catch-ups of requests. */
const CATCH_UP_MS = 5000;

export const devSubgraph: SubgraphDefinition = {
  name: 'dev',
  resolvers: [DeveloperResolver, FaqResolver, HubFaqResolver, WarehouseFaqResolver],
  orphanedTypes: [HubFaqs, WarehouseFaqs],
  referenceResolvers: {
    Developer: referenceResolver(Developer, 'dev'),
    Faq: referenceResolver(Faq, 'lsp'),
    ...facilityReferences,
  },
  database: {
    entities: [Developer, Faq, FaqVersion, NetworkPricing],
    migrations,
    migrationsPath: 'subgraphs/dev/migrations',
    extensions: ['pg_trgm', 'btree_gist'],
  },
  internalRoutes: (app, orm) => developerRoutes(app, orm),
  // Both copies are read through a catch-up with the log when they must be current (a developer's first request, a
  // link to a facility made a moment ago: developers/access.ts, faqs/service.ts); the loops only keep them near it,
  // so they poll slowly (every replica's idle load on the database stays small).
  onStart: (orm, _config, log) => {
    const stopNetwork = startNetworkSync(orm, log, NETWORK_CONSUMER, 'dev', ['lsp.facility'], CATCH_UP_MS);
    const stopDevelopers = follow(orm, log, DEVELOPER_CONSUMER, DEVELOPER_TOPICS, applyInvitationEvent, CATCH_UP_MS);
    return async () => void (await Promise.all([stopNetwork(), stopDevelopers()]));
  },
};
