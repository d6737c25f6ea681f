import type { Request } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from '../kernel/config.js';
import { PRINCIPAL_HEADER, signPrincipal, type ClientInfo, type Principal, type ProviderKind, type Role } from '../kernel/principal.js';
import { bearerToken, tokenType, verifyAccessToken, verifyConnectorToken, verifyContextToken } from '../kernel/tokens.js';

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
 */
const invalidCredential = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'UNAUTHORIZED', http: { status: 401 } } });

interface HeaderSet {
  token: string;
  device?: string;
}

export function clientInfo(req: Request): ClientInfo {
  return {
    ip: req.ip,
    userAgent: req.header('svc-user-agent') ?? req.header('x-user-agent') ?? req.header('user-agent') ?? undefined,
    deviceId: req.header('svc-auth-device') ?? req.header('x-auth-device') ?? undefined,
    origin: req.header('origin') ?? undefined,
  };
}

function headerSet(req: Request): HeaderSet | undefined {
  const a = req.header('svc-auth-token');
  if (a) return { token: a, device: req.header('svc-auth-device') ?? undefined };
  const b = req.header('x-auth-token');
  if (b) return { token: b, device: req.header('x-auth-device') ?? undefined };
  return undefined;
}

/** The owner of a credential cannot answer: the request cannot be judged now (503), it is not the caller's fault. */
const unavailable = (subgraph: string) =>
  new GraphQLError(`Credential check unavailable (${subgraph}); retry shortly`, { extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } } });

/** Asks the subgraph that owns a credential whether it is still good (internal route, signed by the gateway). */
async function askOwner(config: Config, subgraph: string, route: string, body: unknown): Promise<Record<string, unknown>> {
  const headers = {
    'content-type': 'application/json',
    [PRINCIPAL_HEADER]: await signPrincipal({ kind: 'anonymous', client: {} }, config.internalSecret),
  };
  const res = await fetch(new URL(route, config.subgraphUrl(subgraph)), {
    signal: AbortSignal.timeout(5000), method: 'POST', headers, body: JSON.stringify(body),
  }).catch(() => undefined);
  if (!res?.ok) throw unavailable(subgraph);
  return (await res.json()) as Record<string, unknown>;
}

function checkDevice(bound: string | undefined, presented: string | undefined) {
  if (bound && presented !== undefined && bound !== presented) throw invalidCredential('Token was issued to another device');
}

async function sessionActive(config: Config, userId: string, sessionId: string) {
  const { active } = await askOwner(config, 'users', '/internal/credentials/user-session', { userId, sessionId });
  if (active !== true) throw invalidCredential('Session has ended; sign in again');
}

async function userOrContext(config: Config, token: string, client: ClientInfo, device: string | undefined): Promise<Principal> {
  const typ = tokenType(token);
  if (typ === 'access') {
    const claims = await verifyAccessToken(token, config.jwtSecret);
    if (!claims) throw invalidCredential('Invalid or expired access token');
    checkDevice(claims.deviceId, device);
    await sessionActive(config, claims.userId, claims.sessionId);
    return { kind: 'user', userId: claims.userId, sessionId: claims.sessionId, client };
  }
  if (typ === 'context') {
    const c = await verifyContextToken(token, config.jwtSecret);
    if (!c) throw invalidCredential('Invalid or expired provider-context token');
    checkDevice(c.deviceId, device ?? '');
    const [, owner] = await Promise.all([
      sessionActive(config, c.userId, c.sessionId),
      askOwner(config, 'workspace', '/internal/credentials/provider-context', { userId: c.userId, workspaceId: c.workspaceId, providerId: c.providerId }),
    ]);
    if (owner.active !== true) throw invalidCredential('Provider context is no longer valid');
    return {
      kind: 'provider', userId: c.userId, sessionId: c.sessionId, workspaceId: c.workspaceId, providerKind: c.providerKind,
      providerId: c.providerId, providerCode: c.providerCode, role: owner.role as Role, client,
    };
  }
  throw invalidCredential('Invalid token');
}

export async function resolvePrincipal(req: Request, config: Config): Promise<Principal> {
  const client = clientInfo(req);
  const set = headerSet(req);
  if (set) return userOrContext(config, set.token, client, set.device);

  const authorization = req.header('authorization');
  if (!authorization) return { kind: 'anonymous', client };
  const token = bearerToken(authorization);
  if (!token) throw invalidCredential('Malformed Authorization header (expected: Bearer <token>)');

  if (token.startsWith('lpk_')) {
    const key = await askOwner(config, 'workspace', '/internal/credentials/api-key', { key: token });
    if (key.active !== true) throw invalidCredential('Invalid or revoked API key');
    return { kind: 'apiKey', workspaceId: String(key.workspaceId), keyId: String(key.keyId), scopes: key.scopes as string[], client };
  }
  if (tokenType(token) === 'connector') {
    const claims = await verifyConnectorToken(token, config.jwtSecret);
    if (!claims) throw invalidCredential('Invalid or expired access token');
    const owner = await askOwner(config, 'workspace', '/internal/credentials/connector-token', claims);
    if (owner.active !== true) throw invalidCredential('Access token revoked, or its connector disabled or deleted');
    return {
      kind: 'connector', workspaceId: claims.workspaceId, connectorId: claims.connectorId, tokenId: claims.tokenId,
      providerKind: owner.providerKind as ProviderKind, providerCode: String(owner.providerCode), scopes: owner.scopes as string[], client,
    };
  }
  return userOrContext(config, token, client, undefined);
}
