import type { Request } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from '../kernel/config.js';
import { PRINCIPAL_HEADER, signPrincipal, type ClientInfo, type Principal } from '../kernel/principal.js';
import { bearerToken, verifyAccessToken } from '../kernel/tokens.js';

/** A 401 the gateway answers itself (credential present but not valid). */
const invalidCredential = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'UNAUTHORIZED', http: { status: 401 } } });

export function clientInfo(req: Request): ClientInfo {
  return {
    ip: req.ip,
    userAgent: req.header('svc-user-agent') ?? req.header('x-user-agent') ?? req.header('user-agent') ?? undefined,
    deviceId: req.header('svc-auth-device') ?? req.header('x-auth-device') ?? undefined,
  };
}

/** Asks the subgraph that owns a credential whether it is still good (internal route, signed by the gateway). */
async function askOwner(config: Config, subgraph: string, route: string, body: unknown): Promise<Record<string, unknown>> {
  const base = new URL(config.subgraphUrl(subgraph));
  const res = await fetch(new URL(route, base), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [PRINCIPAL_HEADER]: await signPrincipal({ kind: 'anonymous', client: {} }, config.internalSecret),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`credential check at ${subgraph} failed with ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Resolves whatever credential the request carries into a principal, once, here.
 * No credential → anonymous (operations that need one refuse with UNAUTHORIZED); a bad credential → 401 now.
 */
export async function resolvePrincipal(req: Request, config: Config): Promise<Principal> {
  const client = clientInfo(req);
  const authorization = req.header('authorization');
  if (!authorization) return { kind: 'anonymous', client };
  const token = bearerToken(authorization);
  if (!token) throw invalidCredential('Malformed Authorization header (expected: Bearer <token>)');
  const claims = await verifyAccessToken(token, config.jwtSecret);
  if (!claims) throw invalidCredential('Invalid or expired access token');
  const { active } = await askOwner(config, 'users', '/internal/credentials/user-session', claims);
  if (active !== true) throw invalidCredential('Session has ended; sign in again');
  return { kind: 'user', userId: claims.userId, sessionId: claims.sessionId, client };
}
