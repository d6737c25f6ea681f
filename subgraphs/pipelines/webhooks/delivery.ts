import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import { webhookDeliveries } from '../../../kernel/metrics.js';
import type { AllowList } from '../../../kernel/webhooks/guard.js';
import { attempt, type AttemptOutcome, type Response } from '../../../kernel/webhooks/send.js';
import type { DeliveryRecord } from './entities.js';
import { signingSecrets } from './signing.js';

export type { AttemptOutcome };

/**
 * One attempt of `delivery` (a DeliveryRecord the engine created: url, method, request {headers, body, timeoutMs},
 * messageId). Signs it, resolves the host, refuses a forbidden resolved address (no request made; error names it),
 * connects to the address it checked (no second lookup), never follows a redirect (a 3xx is a failure "redirect not
 * followed"), gives up after request.timeoutMs (or when `signal` aborts). Records the attempt on the row in its own
 * short transaction: attempts + 1, lastAttemptAt, response {statusCode, body (first 4 KB), headers} or error,
 * status DELIVERED on a 2xx, FAILED only when `final` and not ok, else stays PENDING.
 */
export async function attemptDelivery(em: EntityManager, delivery: DeliveryRecord, opts: { final: boolean; allow: AllowList; signal?: AbortSignal }): Promise<AttemptOutcome> {
  const result = await attempt({
    url: delivery.url,
    method: delivery.method,
    headers: delivery.request?.headers,
    body: delivery.request?.body,
    timeoutMs: delivery.request?.timeoutMs ?? 30_000,
    messageId: delivery.messageId,
    secrets: signingSecrets(em, delivery.workspaceId),
    allow: opts.allow,
    signal: opts.signal,
  });
  const { response, ...outcome } = result;
  webhookDeliveries.inc({ kind: 'pipeline', outcome: result.ok ? 'delivered' : opts.final ? 'failed' : 'retrying' });
  await record(em, delivery, { ok: result.ok, final: opts.final, response: response ?? null, error: result.ok ? null : (result.error ?? 'failed') });
  return outcome;
}

/**
 * Writes the attempt on the row in one statement (its own transaction): attempts + 1 (counted by the database, so two
 * attempts at once both count), last attempt, response or error, and the status (a DELIVERED row stays DELIVERED).
 * The `delivery` object is updated to match.
 */
async function record(em: EntityManager, delivery: DeliveryRecord, a: { ok: boolean; final: boolean; response: Response | null; error: string | null }): Promise<void> {
  const at = nowDate();
  const status = a.ok ? 'DELIVERED' : a.final ? 'FAILED' : 'PENDING';
  const rows: { attempts: number; status: DeliveryRecord['status'] }[] = await em.fork().execute(
    `update "pipelines"."webhook_delivery" set "attempts" = "attempts" + 1, "last_attempt_at" = ?, "response" = ?::jsonb, "error" = ?,
         "status" = case when "status" = 'DELIVERED' then "status" else ? end, "updated_at" = ?
       where "id" = ? and "workspace_id" = ? returning "attempts", "status"`,
    [at, a.response ? JSON.stringify(a.response) : null, a.error, status, at, delivery.id, delivery.workspaceId],
  );
  const row = rows[0];
  delivery.attempts = row?.attempts ?? delivery.attempts + 1;
  delivery.status = row?.status ?? status;
  delivery.lastAttemptAt = at;
  delivery.response = a.response;
  delivery.error = a.error;
  delivery.updatedAt = at;
}
