import { GraphQLError } from 'graphql';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../kernel/config.js';
import { PRINCIPAL_HEADER, signPrincipal, type OriginConnector, type ProviderKind, type Role } from '../kernel/principal.js';

/**
 * The owners of credentials, as the gateway asks them "is this still good?". Each answer is what the owner's
 * internal route answers (`/internal/credentials/*`), plus `expiresAt` where the owner knows when a "yes" stops being
 * true. Two ways to ask: over HTTP (`httpOwners`, the gateway in its own process) or by calling the owning service
 * functions directly (`localOwners`, the gateway in the process of the users and workspace subgraphs).
 * An owner that cannot answer (unreachable, timeout, database error) is a 503 SERVICE_UNAVAILABLE, never a 401.
 */
export interface SessionAnswer {
  active: boolean;
  /** The session's end (refresh-token lifetime). */
  expiresAt?: Date | string | null;
}

export interface ProviderContextAnswer {
  active: boolean;
  /** The member's current role. */
  role?: Role;
  providerCode?: string;
}

export interface ApiKeyAnswer {
  active: boolean;
  workspaceId?: string;
  keyId?: string;
  scopes?: string[];
  /** When the key expires, if it does. */
  expiresAt?: Date | string | null;
}

export interface ConnectorTokenAnswer {
  active: boolean;
  workspaceId?: string;
  providerKind?: ProviderKind;
  providerCode?: string;
  scopes?: string[];
  /** The connector's allowed origins. */
  origins?: string[];
  sandbox?: boolean;
  /** The access token's expiry. */
  expiresAt?: Date | string | null;
}

export interface OriginAnswer {
  active: boolean;
  /** The enabled CSP connectors that list the origin, oldest first. */
  connectors: OriginConnector[];
}

/** Whether a member acting as a DEV provider is one of its developers now (docs/dev.md "Developers"). */
export interface DeveloperAnswer {
  active: boolean;
}

export interface CredentialOwners {
  userSession(userId: string, sessionId: string): Promise<SessionAnswer>;
  providerContext(userId: string, workspaceId: string, providerId: string): Promise<ProviderContextAnswer>;
  apiKey(key: string): Promise<ApiKeyAnswer>;
  connectorToken(connectorId: string, tokenId: string): Promise<ConnectorTokenAnswer>;
  origin(origin: string): Promise<OriginAnswer>;
  /** Asked for a DEV provider-context token of a member who is not the workspace's OWNER or ADMIN (the dev subgraph). */
  developer(userId: string, workspaceId: string, providerCode: string): Promise<DeveloperAnswer>;
}

/** The owner of a credential cannot answer: the request cannot be judged now (503), it is not the caller's fault. */
export const ownerUnavailable = (subgraph: string) =>
  new GraphQLError(`Credential check unavailable (${subgraph}); retry shortly`, { extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } } });

const OWNER_TIMEOUT_MS = 5000;

/** Asks the owning subgraphs over HTTP (internal routes, signed by the gateway; 5 s timeout). */
export function httpOwners(config: Config): CredentialOwners {
  async function ask<T>(subgraph: string, route: string, body: unknown): Promise<T> {
    try {
      const headers = {
        'content-type': 'application/json',
        [PRINCIPAL_HEADER]: await signPrincipal({ kind: 'anonymous', client: {} }, config.internalSecret),
      };
      const res = await fetch(new URL(route, config.subgraphUrl(subgraph)), {
        signal: AbortSignal.timeout(OWNER_TIMEOUT_MS),
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${res.status}`);
      return (await res.json()) as T;
    } catch {
      throw ownerUnavailable(subgraph);
    }
  }
  return {
    userSession: (userId, sessionId) => ask('users', '/internal/credentials/user-session', { userId, sessionId }),
    providerContext: (userId, workspaceId, providerId) => ask('workspace', '/internal/credentials/provider-context', { userId, workspaceId, providerId }),
    apiKey: (key) => ask('workspace', '/internal/credentials/api-key', { key }),
    connectorToken: (connectorId, tokenId) => ask('workspace', '/internal/credentials/connector-token', { connectorId, tokenId }),
    origin: (origin) => ask('workspace', '/internal/credentials/origin', { origin }),
    developer: (userId, workspaceId, providerCode) => ask('dev', '/internal/credentials/developer', { userId, workspaceId, providerCode }),
  };
}

/**
 * Calls the owners' service functions in this process, each on a fresh fork of the owning subgraph's ORM (the same
 * functions the internal routes call). For the gateway running in the process of the users and workspace subgraphs.
 * (The services are imported on first use, so that a gateway alone never loads subgraph code.) The dev subgraph's
 * answer is asked in process when its ORM is given, else over HTTP (`config`), else it is unavailable.
 */
export function localOwners(orms: { users: MikroORM; workspace: MikroORM; dev?: MikroORM }, config?: Config): CredentialOwners {
  let services: Promise<[typeof import('../subgraphs/users/auth/service.js'), typeof import('../subgraphs/workspace/credentials/service.js')]> | undefined;
  async function ask<T>(
    subgraph: 'users' | 'workspace',
    fn: (s: { users: typeof import('../subgraphs/users/auth/service.js'); workspace: typeof import('../subgraphs/workspace/credentials/service.js') }, em: EntityManager) => Promise<T>,
  ): Promise<T> {
    try {
      // (type-graphql's decorators in what the services import need the metadata polyfill first)
      services ??= import('reflect-metadata').then(() => Promise.all([import('../subgraphs/users/auth/service.js'), import('../subgraphs/workspace/credentials/service.js')]));
      const [users, workspace] = await services;
      return await fn({ users, workspace }, orms[subgraph].em.fork());
    } catch {
      throw ownerUnavailable(subgraph);
    }
  }
  return {
    userSession: (userId, sessionId) => ask('users', (s, em) => s.users.sessionStatus(em, userId, sessionId)),
    providerContext: (userId, workspaceId, providerId) => ask('workspace', (s, em) => s.workspace.resolveProviderContext(em, userId, workspaceId, providerId)),
    apiKey: (key) => ask('workspace', (s, em) => s.workspace.resolveApiKey(em, key)),
    connectorToken: (connectorId, tokenId) => ask('workspace', (s, em) => s.workspace.resolveConnectorToken(em, connectorId, tokenId)),
    origin: (origin) => ask('workspace', (s, em) => s.workspace.resolveOrigin(em, origin)),
    developer: developerOwner(orms.dev, config),
  };
}

/** The dev subgraph's answer: in process on its ORM, or over its internal route. */
function developerOwner(orm: MikroORM | undefined, config: Config | undefined): CredentialOwners['developer'] {
  if (!orm) {
    const http = config ? httpOwners(config) : undefined;
    return (userId, workspaceId, providerCode) => (http ? http.developer(userId, workspaceId, providerCode) : Promise.reject(ownerUnavailable('dev')));
  }
  let service: Promise<typeof import('../subgraphs/dev/developers/access.js')> | undefined;
  return async (userId, workspaceId, providerCode) => {
    try {
      service ??= import('reflect-metadata').then(() => import('../subgraphs/dev/developers/access.js'));
      return await (await service).resolveDeveloper(orm.em.fork(), userId, workspaceId, providerCode);
    } catch {
      throw ownerUnavailable('dev');
    }
  };
}
