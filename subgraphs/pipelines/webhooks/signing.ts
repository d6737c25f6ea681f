import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Webhook } from 'standardwebhooks';
import { nowDate } from '../../../kernel/clock.js';
import { SigningSecretRecord } from './entities.js';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com; docs/pipelines.md "WEBHOOK deliveries"): each workspace
 * has signing secrets (`whsec_` + base64 of 32 random bytes). A delivery is signed with the newest secret and with
 * every other secret made in the last 24 hours, space-separated in `webhook-signature`, so that a receiver switching
 * to a rotated secret keeps verifying during the switch.
 */

/** How long a secret keeps signing after a newer one was made. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new secret: `whsec_` + base64 of 32 random bytes (the form `standardwebhooks` reads). */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** Serializes the first-use creation of a workspace's secret (two deliveries at once make one secret, not two). */
async function lockWorkspace(tx: EntityManager, workspaceId: string): Promise<void> {
  await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`pipelines.signing_secret:${workspaceId}`]);
}

function secretRow(workspaceId: string, createdAt: Date): SigningSecretRecord {
  const row = new SigningSecretRecord();
  row.workspaceId = workspaceId;
  row.secret = newSecret();
  row.createdAt = createdAt;
  return row;
}

async function secretsOf(em: EntityManager, workspaceId: string): Promise<SigningSecretRecord[]> {
  return em.find(SigningSecretRecord, { workspaceId }, { filters: false, orderBy: { createdAt: 'desc', id: 'asc' }, refresh: true, limit: 50 });
}

/** The secrets a delivery made at `at` is signed with: the newest first, then the others made in the 24 hours before `at`. */
export function secretsInUse(rows: readonly { secret: string; createdAt: Date }[], at: Date): string[] {
  const sorted = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return sorted.filter((r, i) => i === 0 || at.getTime() - r.createdAt.getTime() <= SECRET_OVERLAP_MS).map((r) => r.secret);
}

/**
 * The workspace's signing secrets in use (newest first), creating the first one when the workspace has none. `em`
 * may be request-scoped or a worker's fork without the tenant filter: rows are read and written by `workspaceId`.
 */
export async function signingSecrets(em: EntityManager, workspaceId: string, at: Date = nowDate()): Promise<string[]> {
  let rows = await secretsOf(em.fork(), workspaceId);
  if (!rows.length) {
    rows = await em.fork().transactional(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      const again = await secretsOf(tx, workspaceId);
      if (again.length) return again;
      const row = secretRow(workspaceId, nowDate());
      await tx.insert(row);
      return [row];
    });
  }
  return secretsInUse(rows, at);
}

/** The workspace's newest secret (made on first use). */
export async function signingSecret(em: EntityManager, workspaceId: string): Promise<string> {
  return (await signingSecrets(em, workspaceId))[0];
}

/** Makes a new secret for the workspace; the answer is the only place it is shown. */
export async function rotateSigningSecret(em: EntityManager, workspaceId: string): Promise<{ secret: string; createdAt: Date }> {
  return em.fork().transactional(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    // strictly after the newest secret, so "newest" is never a tie
    const newest = (await secretsOf(tx, workspaceId))[0];
    const at = nowDate();
    const createdAt = newest && newest.createdAt.getTime() >= at.getTime() ? new Date(newest.createdAt.getTime() + 1) : at;
    const row = secretRow(workspaceId, createdAt);
    await tx.insert(row);
    return { secret: row.secret, createdAt: row.createdAt };
  });
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
