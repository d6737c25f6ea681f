import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { AccessToken } from './access-tokens/entities.js';
import { AccessTokenResolver } from './access-tokens/resolvers.js';
import { ApiKey } from './api-keys/entities.js';
import { ApiKeyResolver } from './api-keys/resolvers.js';
import { Connector } from './connectors/entities.js';
import { ConnectorResolver } from './connectors/resolvers.js';
import { ViewerResolver } from './credentials/resolvers.js';
import { WorkspaceEventResolver } from './events/resolvers.js';
import { followProfiles } from './events/service.js';
import { startWebhooks } from './webhooks/delivery.js';
import { EventDelivery, WebhookEndpoint, WebhookEndpointSecret } from './webhooks/entities.js';
import { WebhookEndpointResolver } from './webhooks/resolvers.js';
import { credentialRoutes } from './credentials/routes.js';
import { Invitation } from './invitations/entities.js';
import { InvitationResolver } from './invitations/resolvers.js';
import { migrations } from './migrations/index.js';
import { Provider } from './providers/entities.js';
import { ProviderResolver, providerReferences } from './providers/resolvers.js';
import { Member, Workspace } from './workspaces/entities.js';
import { MemberResolver, WorkspaceResolver, workspaceReferences } from './workspaces/resolvers.js';

/**
 * The workspace subgraph: workspaces and members, providers of four kinds and their context tokens, connectors and
 * their access tokens, API keys, CSP invitations, the workspace's public event feed (events/, docs/events.md), and the
 * credential checks the gateway asks for, and webhook endpoints that events are pushed to (webhooks/).
 * Owns the `Workspace` and `Provider` entities (Provider by `id` and by `workspaceId kind code`).
 */
export const workspaceSubgraph: SubgraphDefinition = {
  name: 'workspace',
  resolvers: [
    WorkspaceResolver,
    MemberResolver,
    ProviderResolver,
    ConnectorResolver,
    AccessTokenResolver,
    ApiKeyResolver,
    InvitationResolver,
    ViewerResolver,
    WorkspaceEventResolver,
    WebhookEndpointResolver,
  ],
  referenceResolvers: { ...workspaceReferences, ...providerReferences },
  database: {
    entities: [Workspace, Member, Provider, ApiKey, Connector, AccessToken, Invitation, WebhookEndpoint, WebhookEndpointSecret, EventDelivery],
    migrations,
    migrationsPath: 'subgraphs/workspace/migrations',
  },
  internalRoutes: (app, orm) => credentialRoutes(app, orm),
  // members' profile changes as user.updated of their workspaces (events/service.ts); pushing events to webhook
  // endpoints (webhooks/delivery.ts): the fan-out consumer and the delivery worker
  onStart: async (orm, config, log) => {
    const stopProfiles = followProfiles(orm, log);
    const stopWebhooks = await startWebhooks(orm, config, log);
    return async () => {
      await Promise.all([stopProfiles(), stopWebhooks()]);
    };
  },
};
