import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { Session, User, Verification } from './entities.js';
import { AuthResolver, UserResolver, referenceResolvers } from './resolvers.js';
import { migrations } from './migrations/index.js';
import { purgeDueAccounts, sessionStatus } from './service.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import express from 'express';


/** The users subgraph: accounts, profiles, settings, verification, deletion, and the authentication service. */
export const usersSubgraph: SubgraphDefinition = {
  name: 'users',
  resolvers: [UserResolver, AuthResolver],
  referenceResolvers,
  database: {
    entities: [User, Session, Verification],
    migrations,
    migrationsPath: 'subgraphs/users/migrations',
  },
  internalRoutes(app, orm) {
    // Credential resolution for the gateway: is this user session still active (and until when at the latest)?
    app.post('/internal/credentials/user-session', express.json(), async (req, res) => {
      const { userId, sessionId } = req.body ?? {};
      if (typeof userId !== 'string' || typeof sessionId !== 'string') {
        res.status(400).json({ active: false });
        return;
      }
      res.json(await sessionStatus(orm.em.fork() as EntityManager, userId, sessionId));
    });
  },
  onStart(orm, config, log) {
    // Accounts past their 30-day grace period are purged. The due date lives in the row, so any replica may sweep.
    const sweep = () =>
      purgeDueAccounts(orm.em.fork() as EntityManager, config)
        .then((n) => n && log.info({ purged: n }, 'purged deleted accounts'))
        .catch((err) => log.error({ err }, 'account purge failed'));
    void sweep();
    const timer = setInterval(sweep, config.PURGE_SWEEP_INTERVAL_SECONDS * 1000).unref();
    return () => clearInterval(timer);
  },
};
