import { SignJWT, jwtVerify } from 'jose';
import { unauthorized } from './errors.js';

/** What the caller's client told us about itself; never logged. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  deviceId?: string;
}

/**
 * Who is calling, resolved once at the gateway from whatever credential the request carried.
 * Subgraphs receive it signed in the PRINCIPAL_HEADER and trust nothing else.
 */
export type Principal =
  | { kind: 'anonymous'; client: ClientInfo }
  | { kind: 'user'; userId: string; sessionId: string; client: ClientInfo };

export const PRINCIPAL_HEADER = 'x-platform-principal';
const AUDIENCE = 'platform-subgraph';
const ISSUER = 'platform-gateway';

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a principal for one hop gateway → subgraph (valid 60 s). */
export async function signPrincipal(principal: Principal, secret: string): Promise<string> {
  return new SignJWT({ p: principal })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(key(secret));
}

/** Verifies the gateway's signature; a subgraph refuses any request without a valid one. */
export async function verifyPrincipal(token: string | undefined, secret: string): Promise<Principal> {
  if (!token) throw unauthorized('Requests must come through the gateway');
  try {
    const { payload } = await jwtVerify(token, key(secret), { audience: AUDIENCE, issuer: ISSUER });
    return payload.p as Principal;
  } catch {
    throw unauthorized('Requests must come through the gateway');
  }
}

/** The signed-in user, or UNAUTHORIZED. */
export function requireUser(principal: Principal): Extract<Principal, { kind: 'user' }> {
  if (principal.kind !== 'user') throw unauthorized('A user access token is required (Authorization: Bearer <ACCESS_TOKEN>)');
  return principal;
}
