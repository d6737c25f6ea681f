import { watchCredentialCache } from '../kernel/metrics.js';
import type { Request } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from '../kernel/config.js';
import { CredentialCache, type CacheStats } from '../kernel/credential-cache.js';
import { createLogger, type Logger } from '../kernel/logger.js';
import type { ClientInfo, Principal } from '../kernel/principal.js';
import { RevocationListener, userTag, workspaceTag, type RevocationListenerStats } from '../kernel/revocations.js';
import { bearerToken, sha256, tokenType, verifyAccessToken, verifyConnectorToken, verifyContextToken } from '../kernel/tokens.js';
import type { CredentialOwners } from './credential-owners.js';

/**
 * Credential resolution, once, at the gateway. Every scheme of the spec becomes one principal:
 *
 * | where the credential is                        | what it may be                                   |
 * |------------------------------------------------|--------------------------------------------------|
 * | `svc-auth-token` (set A) / `X-Auth-Token` (set B) | user access token, or provider-context token    |
 * | `Authorization: Bearer`                        | user access token, connector access token, API key (`lpk_…`) |
 * | nothing                                        | anonymous (operations that need more refuse)     |
 *
 * A credential that is present but not valid is a 401 here and now. Tokens bound to a device (context tokens,
 * user tokens from a login with a device) are refused when the set's device header names another device.
 *
 * Signatures and expiry are checked here on every request (jose). Whether the credential is still good is its
 * owner's to say (`CredentialOwners`: the session for user tokens, membership and provider for context tokens, the
 * key, the connector and its token); positive answers are cached (`CredentialCache`, at most
 * CREDENTIAL_CACHE_TTL_SECONDS) and dropped when a revocation is seen (`RevocationListener`: PostgreSQL NOTIFY plus a
 * 250 ms poll of the event log, and at once for revocations committed in this process). A cached answer is used only
 * while the listener is in touch with the database, and a GraphQL mutation answered by this gateway fences the cache
 * until the next poll (the caller's next request sees what that mutation revoked). Negative answers are never cached.
 */
const invalidCredential = (message: string) => new GraphQLError(message, { extensions: { code: 'UNAUTHORIZED', http: { status: 401 } } });

interface HeaderSet {
  token: string;
  device?: string;
}

/** An `origin` header as connectors store origins (`scheme://host[:port]`, lower-case); anything else as sent. */
export function normalizedOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.origin !== 'null' && /^https?:$/.test(url.protocol) ? url.origin : value;
  } catch {
    return value;
  }
}

export function clientInfo(req: Request): ClientInfo {
  return {
    ip: req.ip,
    userAgent: req.header('svc-user-agent') ?? req.header('x-user-agent') ?? req.header('user-agent') ?? undefined,
    deviceId: req.header('svc-auth-device') ?? req.header('x-auth-device') ?? undefined,
    origin: normalizedOrigin(req.header('origin')),
    intentToken: req.header('x-intent-token') || undefined,
    idempotencyKey: req.header('idempotency-key') || undefined,
    workspaceId: req.header('x-workspace-id') || undefined,
  };
}

function headerSet(req: Request): HeaderSet | undefined {
  const a = req.header('svc-auth-token');
  if (a) return { token: a, device: req.header('svc-auth-device') ?? undefined };
  const b = req.header('x-auth-token');
  if (b) return { token: b, device: req.header('x-auth-device') ?? undefined };
  return undefined;
}

/**
 * A token bound to a device must come with that device's id: an absent device header and a different id are named
 * as what they are (the message never guesses which device the caller meant).
 */
function checkDevice(bound: string | undefined, presented: string | undefined) {
  if (!bound || presented === undefined || bound === presented) return;
  if (presented === '') throw invalidCredential('Token is bound to a device: send the device id it was issued for (svc-auth-device or X-Auth-Device)');
  throw invalidCredential('Token was not issued for this device id');
}

/** Over-approximates "this request is a GraphQL mutation" (a false positive only costs one early poll). */
const MUTATION = /\bmutation\b/;

export interface CredentialResolverStats {
  /** Answers served from the cache. */
  hits: number;
  /** Owner lookups (cache misses, plus lookups while the cache was not trusted). */
  misses: number;
  /** Lookups that skipped the cache because the revocation listener was out of touch. */
  bypassed: number;
  cache: CacheStats;
  listener: RevocationListenerStats;
}

export interface CredentialResolver {
  /** The request's principal; 401 UNAUTHORIZED for a credential that is not (or no longer) good, 503 when its owner cannot answer. */
  resolve(req: Request): Promise<Principal>;
  /**
   * A write routed through this gateway has answered: cached answers are not used again until the revocation log has
   * been read once more. `resolve` does it itself for the GraphQL mutations it sees in `req.body` (once their response
   * is sent); a path that runs operations without them passing through `resolve`'s request should call it.
   */
  fence(): void;
  /** Drops cached answers carrying any of `tags` now (an in-process revocation; committed ones arrive by themselves). */
  onRevoked(tags: string[]): void;
  /** Resolves once the revocation listener has made its first attempt (it is started by the factory). */
  readonly started: Promise<void>;
  /** Stops the revocation listener (its connection and timer). */
  close(): Promise<void>;
  stats(): CredentialResolverStats;
}

export interface CredentialResolverOptions {
  log?: Logger;
  /** Most cached answers; default 10,000. */
  maxEntries?: number;
  /** Revocation poll period; default 250 ms. */
  pollMs?: number;
}

/**
 * A credential resolver asking `owners`, with its cache and its revocation listener. The listener is started here
 * (a connection to DATABASE_URL that LISTENs and polls); `close()` stops it. With CREDENTIAL_CACHE_TTL_SECONDS=0
 * nothing is cached and no listener runs: every request asks the owner.
 */
export function createCredentialResolver(config: Config, owners: CredentialOwners, options: CredentialResolverOptions = {}): CredentialResolver {
  const log = options.log ?? createLogger('gateway', config.LOG_LEVEL);
  const cache = new CredentialCache<{ active: boolean }>({ ttlMs: config.CREDENTIAL_CACHE_TTL_SECONDS * 1000, maxEntries: options.maxEntries });
  watchCredentialCache(cache);
  const caching = cache.ttlMs > 0;
  const listener = new RevocationListener(cache, { databaseUrl: config.databaseUrl, log, pollMs: options.pollMs });
  const started = caching ? listener.start() : Promise.resolve();
  let bypassed = 0;

  /** The owner's answer for `key`: from the cache when it can be trusted, else asked (and stored when positive). */
  async function answer<T extends { active: boolean; expiresAt?: Date | string | null }>(key: string, tagsOf: (a: T) => string[], ask: () => Promise<T>): Promise<T> {
    if (caching) {
      if (listener.fresh() && (!listener.behind() || (await listener.catchUp()))) {
        const hit = cache.get(key);
        if (hit) return hit as T;
      } else {
        bypassed++;
      }
    }
    const epoch = cache.epoch;
    const result = await ask();
    if (caching && result.active === true) cache.set(key, result, { tags: tagsOf(result), epoch, expiresAt: result.expiresAt });
    return result;
  }

  async function sessionActive(userId: string, sessionId: string) {
    const { active } = await answer(
      `session:${userId}:${sessionId}`,
      () => [userTag(userId)],
      () => owners.userSession(userId, sessionId),
    );
    if (active !== true) throw invalidCredential('Session has ended; sign in again');
  }

  async function userOrContext(token: string, client: ClientInfo, device: string | undefined): Promise<Principal> {
    const typ = tokenType(token);
    if (typ === 'access') {
      const claims = await verifyAccessToken(token, config.jwtSecret);
      if (!claims) throw invalidCredential('Invalid or expired access token');
      checkDevice(claims.deviceId, device);
      await sessionActive(claims.userId, claims.sessionId);
      return { kind: 'user', userId: claims.userId, sessionId: claims.sessionId, client };
    }
    if (typ === 'context') {
      const c = await verifyContextToken(token, config.jwtSecret);
      if (!c) throw invalidCredential('Invalid or expired provider-context token');
      checkDevice(c.deviceId, device ?? '');
      const [, owner] = await Promise.all([
        sessionActive(c.userId, c.sessionId),
        answer(
          `context:${c.userId}:${c.workspaceId}:${c.providerId}`,
          () => [userTag(c.userId), workspaceTag(c.workspaceId)],
          () => owners.providerContext(c.userId, c.workspaceId, c.providerId),
        ),
      ]);
      if (owner.active !== true) throw invalidCredential('Provider context is no longer valid');
      // a DEV provider acts through its developers (docs/dev.md): a member who is not the workspace's OWNER or ADMIN
      // must be one of its developers now (removed or suspended: the token stops at once)
      if (c.providerKind === 'dev' && owner.role !== 'OWNER' && owner.role !== 'ADMIN') {
        const dev = await answer(
          `developer:${c.userId}:${c.workspaceId}:${c.providerCode}`,
          () => [userTag(c.userId), workspaceTag(c.workspaceId)],
          () => owners.developer(c.userId, c.workspaceId, c.providerCode),
        );
        if (dev.active !== true) throw invalidCredential('You are not a developer of this DEV provider (removed or suspended)');
      }
      return {
        kind: 'provider',
        userId: c.userId,
        sessionId: c.sessionId,
        workspaceId: c.workspaceId,
        providerKind: c.providerKind,
        providerId: c.providerId,
        providerCode: c.providerCode,
        role: owner.role!,
        client,
      };
    }
    throw invalidCredential('Invalid token');
  }

  /** Fences the cache once a GraphQL mutation carried by `req` has answered (see `fence`). */
  function watchWrite(req: Request) {
    const query = (req.body as { query?: unknown } | undefined)?.query;
    if (!caching || typeof query !== 'string' || !MUTATION.test(query) || !req.res) return;
    let fenced = false;
    const fence = () => {
      if (fenced) return;
      fenced = true;
      listener.fence();
    };
    req.res.once('finish', fence);
    req.res.once('close', fence);
  }

  /**
   * No credential but an `origin` header: the enabled CSP connectors that list it make an `origin` principal (the
   * commerce family's tenant, docs/orders.md); none, an anonymous one. Cached like any positive answer, dropped by
   * the revocation a connector's disabling, deletion or change of origins commits.
   */
  async function originPrincipal(client: ClientInfo): Promise<Principal> {
    const origin = client.origin!;
    const found = await answer(
      `origin:${origin}`,
      (a) => a.connectors.map((c) => workspaceTag(c.workspaceId)),
      () => owners.origin(origin),
    );
    return found.active === true && found.connectors.length ? { kind: 'origin', origin, connectors: found.connectors, client } : { kind: 'anonymous', client };
  }

  async function resolve(req: Request): Promise<Principal> {
    watchWrite(req);
    const client = clientInfo(req);
    const set = headerSet(req);
    if (set) return userOrContext(set.token, client, set.device);

    const authorization = req.header('authorization');
    if (!authorization) return client.origin ? originPrincipal(client) : { kind: 'anonymous', client };
    const token = bearerToken(authorization);
    if (!token) throw invalidCredential('Malformed Authorization header (expected: Bearer <token>)');

    if (token.startsWith('lpk_')) {
      const key = await answer(
        `apikey:${sha256(token)}`,
        (a) => [workspaceTag(String(a.workspaceId))],
        () => owners.apiKey(token),
      );
      if (key.active !== true) throw invalidCredential('Invalid or revoked API key');
      return { kind: 'apiKey', workspaceId: String(key.workspaceId), keyId: String(key.keyId), scopes: key.scopes!, client };
    }
    if (tokenType(token) === 'connector') {
      const claims = await verifyConnectorToken(token, config.jwtSecret);
      if (!claims) throw invalidCredential('Invalid or expired access token');
      const owner = await answer(
        `connector:${claims.connectorId}:${claims.tokenId}`,
        (a) => [workspaceTag(a.workspaceId ?? claims.workspaceId)],
        () => owners.connectorToken(claims.connectorId, claims.tokenId),
      );
      if (owner.active !== true) throw invalidCredential('Access token revoked, or its connector disabled or deleted');
      const origin = client.origin;
      return {
        kind: 'connector',
        workspaceId: claims.workspaceId,
        connectorId: claims.connectorId,
        tokenId: claims.tokenId,
        providerKind: owner.providerKind!,
        providerCode: String(owner.providerCode),
        scopes: owner.scopes!,
        sandbox: owner.sandbox === true,
        ...(origin ? { originAllowed: (owner.origins ?? []).includes(origin) } : {}),
        client,
      };
    }
    return userOrContext(token, client, undefined);
  }

  return {
    resolve,
    fence: () => {
      if (caching) listener.fence();
    },
    onRevoked: (tags) => listener.onRevoked(tags),
    started,
    close: () => listener.close(),
    stats() {
      const c = cache.stats();
      return { hits: c.hits, misses: c.misses + bypassed, bypassed, cache: c, listener: listener.stats() };
    },
  };
}
