import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com), shared by every outgoing webhook of the platform
 * (pipelines' WEBHOOK stages, docs/pipelines.md; event subscriptions, docs/events.md): secrets are `whsec_` + base64 of
 * 32 random bytes; an attempt is signed with the newest secret and with every secret replaced in the last 24 hours,
 * space-separated in `webhook-signature`, so that a receiver switching to a rotated secret keeps verifying.
 */

/** How long a secret keeps signing after a newer one was made. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new secret: `whsec_` + base64 of 32 random bytes (the form `standardwebhooks` reads). */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The secrets an attempt made at `at` is signed with: the newest first, then each older one until 24 hours after the
 * secret that replaced it was made (however old it is itself), so a receiver has a day from a rotation to switch over.
 */
export function secretsInUse(rows: readonly { secret: string; createdAt: Date }[], at: Date): string[] {
  const sorted = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return sorted.filter((_r, i) => i === 0 || at.getTime() - sorted[i - 1].createdAt.getTime() <= SECRET_OVERLAP_MS).map((r) => r.secret);
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per secret, space-separated).
 */
export function signatureHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  if (!secrets.length) throw new Error('no signing secret');
  const signatures = secrets.map((s) => new Webhook(s).sign(messageId, at, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
