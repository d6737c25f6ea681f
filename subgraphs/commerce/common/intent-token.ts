/**
 * The intent token (docs/orders.md "The intent token"): an opaque capability for one intent, issued to one origin.
 * `oit_` + base64url(16 bytes: the intent's id ‖ 18 random bytes) + `.` + base64url(HMAC-SHA256 over that, first 16
 * bytes), keyed by JWT_SECRET. The signature lets a forged token be refused without a lookup; the record keeps the
 * sha256 of the token in force, its origin, its expiry and its revocation, so a token is only as good as its record
 * says now. Its content is not a contract: clients treat it as an opaque string.
 */
import { randomBytes } from 'node:crypto';
import { shortMac, shortMacMatches } from '../../../kernel/tokens.js';

const PREFIX = 'oit_';
const SHAPE = /^oit_([A-Za-z0-9_-]{46})\.([A-Za-z0-9_-]{22})$/;

const PURPOSE = 'intent-token';

/** A new token for the intent `orderId` (a UUID). */
export function issueIntentToken(orderId: string, secret: string): string {
  const id = Buffer.from(orderId.replace(/-/g, ''), 'hex');
  const payload = Buffer.concat([id, randomBytes(18)]).toString('base64url');
  return `${PREFIX}${payload}.${shortMac(PURPOSE, secret, payload)}`;
}

/** The intent a well-formed, correctly signed token names; undefined for anything else. */
export function intentOfToken(token: string, secret: string): string | undefined {
  const m = SHAPE.exec(token);
  if (!m) return undefined;
  if (!shortMacMatches(PURPOSE, secret, m[1], m[2])) return undefined;
  const hex = Buffer.from(m[1], 'base64url').subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
