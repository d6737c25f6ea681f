import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import { newSecret, secretsInUse } from '../../../kernel/webhooks/signature.js';
import { SigningSecretRecord } from './entities.js';

/**
 * The pipelines' signing secrets (docs/pipelines.md "WEBHOOK deliveries"): one set per workspace, made on first use and
 * rotated by `rotatePipelineSigningSecret`; the signing itself is kernel/webhooks/signature.ts.
 */

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

/** The workspace's secrets, newest first: one plain statement (every webhook attempt asks, just before its request). */
async function secretsOf(em: EntityManager, workspaceId: string): Promise<{ secret: string; createdAt: Date }[]> {
  const rows = await em.execute<{ secret: string; created_at: string }[]>('select secret, created_at from pipelines.signing_secret where workspace_id = ? order by created_at desc, id asc limit 50', [
    workspaceId,
  ]);
  return rows.map((r) => ({ secret: r.secret, createdAt: new Date(r.created_at) }));
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
