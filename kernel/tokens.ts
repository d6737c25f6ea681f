import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { ProviderKind, Role } from './principal.js';
import { now } from './clock.js';
import { hmacKey } from './hmac-keys.js';
import { Memo } from './memo.js';

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

async function sign(typ: string, subject: string, claims: Record<string, unknown>, secret: string, ttlSeconds: number, jti?: string) {
  const issuedAt = Math.floor(now() / 1000);
  const jwt = new SignJWT({ ...claims, typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds);
  // every token is distinct (RFC 7519 `jti`), even two issued to the same session in the same second: a token is
  // what rate limits count and caches remember
  jwt.setJti(jti ?? randomUUID());
  return jwt.sign(await hmacKey(secret));
}

/**
 * Verified tokens, so a token presented again is not verified again (an HMAC through WebCrypto costs more than the
 * rest of a cached request). One memo per secret, keyed by the whole token; an entry is used only until the token's
 * `exp`, so expiry is honoured exactly. Only valid tokens are kept. Bounded: the oldest entries go first.
 */
const verified = new Map<string, Memo<string, JWTPayload>>();
const VERIFIED_MAX = 20_000;

/**
 * Whether `token` has a compact JWS's form (three base64url parts; RFC 7515 §7.1). A credential of another form (an
 * API key, a connector secret) is no platform token: answered without jose, which would build and throw an error
 * with its stack for it (45 µs of every API-key request, docs/performance.md "Where a nearby search's time goes").
 */
const JWS_FORM = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
export const hasJwtForm = (token: string): boolean => JWS_FORM.test(token);

/** The payload of a valid platform token of type `typ`, or undefined (bad signature, expired, other type). */
async function verify(token: string, typ: string, secret: string, allowExpired = false): Promise<JWTPayload | undefined> {
  if (!hasJwtForm(token)) return undefined;
  let memo = verified.get(secret);
  if (!memo) verified.set(secret, (memo = new Memo<string, JWTPayload>(VERIFIED_MAX)));
  const hit = allowExpired ? undefined : memo.get(token);
  if (hit && typeof hit.exp === 'number' && hit.exp * 1000 > now()) return hit.typ === typ ? hit : undefined;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: allowExpired ? new Date(0) : new Date(now()),
    });
    if (payload.typ !== typ || typeof payload.sub !== 'string') return undefined;
    if (!allowExpired && typeof payload.exp === 'number') {
      memo.set(token, payload);
    }
    return payload;
  } catch {
    return undefined;
  }
}

/** The `typ` of a token that looks like a platform JWT (unverified: only to choose how to verify it). */
export function tokenType(token: string): string | undefined {
  if (!hasJwtForm(token)) return undefined;
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
    // a fresh id: two context tokens issued in the same second are still two credentials (rate limits count per token)
    randomUUID(),
  );
}

export async function verifyContextToken(token: string, secret: string): Promise<ContextClaims | undefined> {
  const p = await verify(token, 'context', secret);
  if (!p || typeof p.sid !== 'string' || typeof p.wid !== 'string' || typeof p.pid !== 'string' || typeof p.dev !== 'string') return undefined;
  return {
    userId: p.sub!,
    sessionId: p.sid,
    workspaceId: p.wid,
    providerKind: p.pk as ProviderKind,
    providerId: p.pid,
    providerCode: String(p.pc),
    role: p.role as Role,
    deviceId: p.dev,
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

/**
 * A short signature of `payload` for an opaque platform token (the commerce family's intent tokens and quote ids):
 * the first 16 bytes of HMAC-SHA256 under `secret` for one `purpose` (so one kind of token never verifies as
 * another), base64url.
 */
export const shortMac = (purpose: string, secret: string, payload: string): string => createHmac('sha256', `${purpose}:${secret}`).update(payload).digest().subarray(0, 16).toString('base64url');

/** Whether `mac` is `payload`'s short signature for `purpose` (compared in constant time). */
export function shortMacMatches(purpose: string, secret: string, payload: string, mac: string): boolean {
  const expected = Buffer.from(shortMac(purpose, secret, payload));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Parses `Authorization: Bearer <token>`; undefined when absent or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}
