import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { ProviderKind, Role } from './principal.js';

/**
 * Platform tokens: HS256 JWTs signed with JWT_SECRET, each with a `typ`:
 * - `access`: a user's access token (short-lived, bound to a session and, when known, a device);
 * - `context`: a provider-context token (a user acting as one provider of one workspace, bound to a device);
 * - `connector`: a connector access token (server-to-server, bound to a connector; `jti` is its record).
 */
const ISSUER = 'platform-auth';
const AUDIENCE = 'platform';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  deviceId?: string;
}

export interface ContextClaims extends AccessClaims {
  workspaceId: string;
  providerKind: ProviderKind;
  providerId: string;
  providerCode: string;
  role: Role;
  deviceId: string;
}

export interface ConnectorClaims {
  connectorId: string;
  workspaceId: string;
  tokenId: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

async function sign(typ: string, subject: string, claims: Record<string, unknown>, secret: string, ttlSeconds: number, jti?: string) {
  const jwt = new SignJWT({ ...claims, typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds);
  if (jti) jwt.setJti(jti);
  return jwt.sign(key(secret));
}

/** The payload of a valid platform token of type `typ`, or undefined (bad signature, expired, other type). */
async function verify(token: string, typ: string, secret: string, allowExpired = false): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      ...(allowExpired ? { currentDate: new Date(0) } : {}),
    });
    return payload.typ === typ && typeof payload.sub === 'string' ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** The `typ` of a token that looks like a platform JWT (unverified: only to choose how to verify it). */
export function tokenType(token: string): string | undefined {
  try {
    const typ = decodeJwt(token).typ;
    return typeof typ === 'string' ? typ : undefined;
  } catch {
    return undefined;
  }
}

export function signAccessToken(c: AccessClaims, secret: string, ttlSeconds: number): Promise<string> {
  return sign('access', c.userId, { sid: c.sessionId, ...(c.deviceId ? { dev: c.deviceId } : {}) }, secret, ttlSeconds);
}

export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | undefined> {
  const p = await verify(token, 'access', secret);
  if (!p || typeof p.sid !== 'string') return undefined;
  return { userId: p.sub!, sessionId: p.sid, ...(typeof p.dev === 'string' ? { deviceId: p.dev } : {}) };
}

export function signContextToken(c: ContextClaims, secret: string, ttlSeconds: number): Promise<string> {
  return sign(
    'context',
    c.userId,
    { sid: c.sessionId, wid: c.workspaceId, pk: c.providerKind, pid: c.providerId, pc: c.providerCode, role: c.role, dev: c.deviceId },
    secret,
    ttlSeconds,
  );
}

export async function verifyContextToken(token: string, secret: string): Promise<ContextClaims | undefined> {
  const p = await verify(token, 'context', secret);
  if (!p || typeof p.sid !== 'string' || typeof p.wid !== 'string' || typeof p.pid !== 'string' || typeof p.dev !== 'string') return undefined;
  return {
    userId: p.sub!, sessionId: p.sid, workspaceId: p.wid, providerKind: p.pk as ProviderKind, providerId: p.pid,
    providerCode: String(p.pc), role: p.role as Role, deviceId: p.dev,
  };
}

export function signConnectorToken(c: ConnectorClaims, secret: string, ttlSeconds: number): Promise<string> {
  return sign('connector', c.connectorId, { wid: c.workspaceId }, secret, ttlSeconds, c.tokenId);
}

/** `allowExpired` lets revocation accept a token that has already run out. */
export async function verifyConnectorToken(token: string, secret: string, allowExpired = false): Promise<ConnectorClaims | undefined> {
  const p = await verify(token, 'connector', secret, allowExpired);
  if (!p || typeof p.wid !== 'string' || typeof p.jti !== 'string') return undefined;
  return { connectorId: p.sub!, workspaceId: p.wid, tokenId: p.jti };
}

/** A high-entropy opaque secret (refresh tokens, API keys, connector secrets). */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Hash for high-entropy secrets (stored instead of the secret; argon2 is for passwords). */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Parses `Authorization: Bearer <token>`; undefined when absent or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}
