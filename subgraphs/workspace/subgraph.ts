import express, { type Express } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { AccessToken, ApiKey, Connector, Invitation, Member, Provider, Workspace } from './entities.js';
import { AccessResolver, ConnectorResolver, InvitationResolver, ProviderResolver, WorkspaceResolver } from './resolvers.js';
import { migrations } from './migrations/index.js';
import { resolveApiKey, resolveConnectorToken, resolveProviderContext } from './service.js';

/** Credential checks the gateway asks for (internal, behind the gateway's signature). */
function credentialRoutes(app: Express, orm: MikroORM) {
  const em = () => orm.em.fork() as EntityManager;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  app.post('/internal/credentials/api-key', express.json(), async (req, res) => {
    res.json(await resolveApiKey(em(), str(req.body?.key)));
  });
  app.post('/internal/credentials/provider-context', express.json(), async (req, res) => {
    res.json(await resolveProviderContext(em(), str(req.body?.userId), str(req.body?.workspaceId), str(req.body?.providerId)));
  });
  app.post('/internal/credentials/connector-token', express.json(), async (req, res) => {
    res.json(await resolveConnectorToken(em(), str(req.body?.connectorId), str(req.body?.tokenId)));
  });
}

/** The workspace subgraph: workspaces, members, providers of four kinds, API keys, connectors, access tokens, CSP invitations. */
export const workspaceSubgraph: SubgraphDefinition = {
  name: 'workspace',
  resolvers: [WorkspaceResolver, ProviderResolver, ConnectorResolver, AccessResolver, InvitationResolver],
  database: {
    entities: [Workspace, Member, Provider, ApiKey, Connector, AccessToken, Invitation],
    migrations,
    migrationsPath: 'subgraphs/workspace/migrations',
  },
  internalRoutes: (app, orm) => credentialRoutes(app, orm),
};
