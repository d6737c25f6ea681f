import express, { type Express } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { resolveApiKey, resolveConnectorToken, resolveProviderContext } from './service.js';

/** The gateway's credential checks as internal routes (behind the gateway's signature, kernel/subgraph.ts). */
export function credentialRoutes(app: Express, orm: MikroORM) {
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
