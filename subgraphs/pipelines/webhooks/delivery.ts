import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import type { AllowList } from '../../../kernel/webhooks/guard.js';
import { describe, RESERVED, resolveTarget, send, USER_AGENT, type AttemptOutcome, type Response } from '../../../kernel/webhooks/send.js';
import { signatureHeaders } from '../../../kernel/webhooks/signature.js';
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
  const started = performance.now();
  const timeoutMs = delivery.request?.timeoutMs ?? 30_000;
  let response: Response | undefined;
  let error: string | undefined;
  let url: URL | undefined;
  try {
    url = new URL(delivery.url);
  } catch {
    error = 'refused: the URL is not a valid absolute URL';
  }
  if (url && opts.signal?.aborted) error = 'aborted';
  if (url && !error) {
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timer, opts.signal]) : timer;
    // the secrets are read while the address is checked (one wait, not two); unused when the target is refused
    const secretsRead = signingSecrets(em, delivery.workspaceId);
    secretsRead.catch(() => undefined);
    try {
      const target = await resolveTarget(url, opts.allow);
      if ('error' in target) error = target.error;
      else if (signal.aborted) error = timer.aborted ? `timed out after ${timeoutMs} ms` : 'aborted';
      else {
        const hasBody = delivery.method !== 'GET' && delivery.method !== 'DELETE' && delivery.request?.body != null;
        const body = hasBody ? String(delivery.request.body) : undefined;
        const secrets = await secretsRead;
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(delivery.request?.headers ?? {})) if (!RESERVED.has(name.toLowerCase())) headers[name] = value;
        if (hasBody && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
        headers['user-agent'] = USER_AGENT;
        Object.assign(headers, signatureHeaders(secrets, delivery.messageId, nowDate(), body ?? ''));
        try {
          response = await send(url, target, delivery.method, headers, body, signal);
        } catch (err) {
          error = describe(err, timer.aborted, timeoutMs, !!opts.signal?.aborted);
        }
      }
    } catch (err) {
      error = describe(err, timer.aborted, timeoutMs, !!opts.signal?.aborted);
    }
  }
  const statusCode = response?.statusCode;
  const ok = statusCode !== undefined && statusCode >= 200 && statusCode < 300;
  if (response && !ok) {
    if (statusCode! >= 300 && statusCode! < 400) {
      const location = response.headers['location'];
      error = `redirect not followed (${statusCode}${location ? ` to ${location.slice(0, 500)}` : ''})`;
    } else error = `the target answered HTTP ${statusCode}`;
  }
  const durationMs = Math.max(0, Math.round(performance.now() - started));
  await record(em, delivery, { ok, final: opts.final, response: response ?? null, error: ok ? null : (error ?? 'failed') });
  return { ok, ...(statusCode !== undefined ? { statusCode } : {}), ...(ok ? {} : { error: error ?? 'failed' }), durationMs };
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
