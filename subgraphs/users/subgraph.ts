import type { EntityManager } from '@mikro-orm/postgresql';
import express from 'express';
import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { User } from './accounts/entities.js';
import { AccountResolver, userReference } from './accounts/resolvers.js';
import { purgeDueAccounts } from './accounts/service.js';
import { Session } from './auth/entities.js';
import { AuthResolver } from './auth/resolvers.js';
import { sessionStatus } from './auth/service.js';
import { SettingsResolver } from './settings/resolvers.js';
import { Verification } from './verification/entities.js';
import { VerificationResolver } from './verification/resolvers.js';
import { migrations } from './migrations/index.js';

/**
 * The users subgraph: accounts (profile, public view, search, avatar, deletion), settings, identity verification,
 * and the authentication service (register, login, refresh, sessions). Owns the `User` entity.
 */
export const usersSubgraph: SubgraphDefinition = {
  name: 'users',
  resolvers: [AccountResolver, SettingsResolver, VerificationResolver, AuthResolver],
  referenceResolvers: { User: userReference },
  database: {
    entities: [User, Session, Verification],
    migrations,
    migrationsPath: 'subgraphs/users/migrations',
  },
  internalRoutes(app, orm) {
    // Credential resolution for the gateway: is this user session still active (and until when at the latest)?
    app.post('/internal/credentials/user-session', express.json(), async (req, res) => {
      const { userId, sessionId } = (req.body ?? {}) as { userId?: unknown; sessionId?: unknown };
      if (typeof userId !== 'string' || typeof sessionId !== 'string') {
        res.status(400).json({ active: false });
        return;
      }
      res.json(await sessionStatus(orm.em.fork(), userId, sessionId));
    });
  },
  onStart(orm, config, log) {
    // Accounts past their 30-day grace period are purged. The due date lives in the row, so any replica may sweep.
    const sweep = () =>
      purgeDueAccounts(orm.em.fork() as EntityManager, config)
        .then((n) => n && log.info({ purged: n }, 'purged deleted accounts'))
        .catch((err) => log.error({ err }, 'account purge failed'));
    void sweep();
    const timer = setInterval(() => void sweep(), config.PURGE_SWEEP_INTERVAL_SECONDS * 1000).unref();
    return () => clearInterval(timer);
  },
};
