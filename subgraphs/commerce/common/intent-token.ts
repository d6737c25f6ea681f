/**
 * The commerce family's signed record tokens: an opaque capability naming one record (a UUID).
 * `<prefix>` + base64url(16 bytes: the record's id ‖ 18 random bytes) + `.` + base64url(HMAC-SHA256 over that, first
 * 16 bytes), keyed by JWT_SECRET under one purpose per kind of token (so one kind never verifies as another). The
 * signature lets a forged token be refused without a lookup; the record keeps the sha256 of the token in force (and
 * its expiry and revocation), so a token is only as good as its record says now. Its content is not a contract:
 * clients treat it as an opaque string.
 *
 * - the intent token (`oit_`, docs/orders.md "The intent token"): one intent, issued to one origin;
 * - the tracking link token (`otl_`, docs/orders.md "Tracking links"): one tracking link of an order.
 */
import { randomBytes } from 'node:crypto';
import { shortMac, shortMacMatches } from '../../../kernel/tokens.js';

/** The issuer and reader of one kind of signed record token. */
function recordTokens(prefix: string, purpose: string) {
  const shape = new RegExp(`^${prefix}([A-Za-z0-9_-]{46})\\.([A-Za-z0-9_-]{22})$`);
  return {
    /** A new token for the record `id` (a UUID). */
    issue(id: string, secret: string): string {
      const bytes = Buffer.from(id.replace(/-/g, ''), 'hex');
      const payload = Buffer.concat([bytes, randomBytes(18)]).toString('base64url');
      return `${prefix}${payload}.${shortMac(purpose, secret, payload)}`;
    },
    /** The record a well-formed, correctly signed token names; undefined for anything else. */
    recordOf(token: string, secret: string): string | undefined {
      const m = shape.exec(token);
      if (!m) return undefined;
      if (!shortMacMatches(purpose, secret, m[1], m[2])) return undefined;
      const hex = Buffer.from(m[1], 'base64url').subarray(0, 16).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}

const intentTokens = recordTokens('oit_', 'intent-token');
const trackingTokens = recordTokens('otl_', 'tracking-link');

/** A new intent token for the intent `orderId` (a UUID). */
export const issueIntentToken = (orderId: string, secret: string): string => intentTokens.issue(orderId, secret);

/** The intent a well-formed, correctly signed intent token names; undefined for anything else. */
export const intentOfToken = (token: string, secret: string): string | undefined => intentTokens.recordOf(token, secret);

/** A new tracking link token for the link `linkId` (a UUID). */
export const issueTrackingToken = (linkId: string, secret: string): string => trackingTokens.issue(linkId, secret);

/** The tracking link a well-formed, correctly signed tracking token names; undefined for anything else. */
export const linkOfTrackingToken = (token: string, secret: string): string | undefined => trackingTokens.recordOf(token, secret);
