import express, { type Express } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { resolveApiKey, resolveConnectorToken, resolveOrigin, resolveProviderContext } from './service.js';

/** The gateway's credential checks as internal routes (behind the gateway's signature, kernel/subgraph.ts). */
export function credentialRoutes(app: Express, orm: MikroORM) {
  const em = () => orm.em.fork() as EntityManager;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  /** A JSON body's fields (any other body reads as none). */
  const body = (req: { body?: unknown }) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  app.post('/internal/credentials/api-key', express.json(), async (req, res) => {
    res.json(await resolveApiKey(em(), str(body(req).key)));
  });
  app.post('/internal/credentials/provider-context', express.json(), async (req, res) => {
    res.json(await resolveProviderContext(em(), str(body(req).userId), str(body(req).workspaceId), str(body(req).providerId)));
  });
  app.post('/internal/credentials/connector-token', express.json(), async (req, res) => {
    res.json(await resolveConnectorToken(em(), str(body(req).connectorId), str(body(req).tokenId)));
  });
  app.post('/internal/credentials/origin', express.json(), async (req, res) => {
    res.json(await resolveOrigin(em(), str(body(req).origin)));
  });
}
