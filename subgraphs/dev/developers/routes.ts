import express, { type Express } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { resolveDeveloper } from './access.js';

/** The gateway's developer check as an internal route (behind the gateway's signature, kernel/subgraph.ts). */
export function developerRoutes(app: Express, orm: MikroORM) {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  app.post('/internal/credentials/developer', express.json(), async (req, res) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    res.json(await resolveDeveloper(orm.em.fork(), str(body.userId), str(body.workspaceId), str(body.providerCode)));
  });
}
