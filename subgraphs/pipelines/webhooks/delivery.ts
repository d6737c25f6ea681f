import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import type { DeliveryRecord } from './entities.js';
import { forbiddenAddress, hostAllowed, staticUrlProblem, type AllowList } from './guard.js';
import { signatureHeaders, signingSecrets } from './signing.js';

/**
 * One HTTP attempt of a webhook delivery (docs/pipelines.md "WEBHOOK deliveries"): signed the Standard Webhooks way,
 * sent only to an address the SSRF guard let through (the very address checked: no second DNS lookup), never following
 * a redirect, bounded by the delivery's timeout. The attempt is recorded on the delivery row by one UPDATE.
 */

export interface AttemptOutcome {
  ok: boolean;
  statusCode?: number;
  error?: string;
  durationMs: number;
}

/** The `User-Agent` of every webhook call. */
export const USER_AGENT = 'LogisticsPlatform-Pipelines-Webhooks/1.0';
/** How much of a response body is kept on the delivery. */
export const RESPONSE_BODY_BYTES = 4096;

/** Headers the platform sets itself; a stage's own header of these names is dropped. */
const RESERVED = new Set(['webhook-id', 'webhook-timestamp', 'webhook-signature', 'host', 'content-length', 'transfer-encoding', 'connection', 'user-agent']);

interface Response {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

/** The address a delivery may connect to, or why none: the URL's static checks, then every resolved address. */
export async function resolveTarget(url: URL, allow: AllowList): Promise<{ address: string; family: 4 | 6 } | { error: string }> {
  const problem = staticUrlProblem(url.href, allow);
  if (problem) return { error: `refused: the URL ${problem}` };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch (err) {
      return { error: `could not resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? 'lookup failed'}` };
    }
    if (!addresses.length) return { error: `could not resolve ${host}: no address` };
  }
  // every address is checked (not only the one used), so a host that mixes public and private records is refused
  if (!hostAllowed(host, allow)) {
    for (const a of addresses) {
      const reason = forbiddenAddress(a.address, allow);
      if (reason) return { error: `refused: ${host === a.address ? '' : `${host} resolves to `}${reason}; PIPELINE_WEBHOOK_ALLOW does not allow it` };
    }
  }
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` that answers the address already checked, whatever it is asked (the socket never resolves again). */
function pinned(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

function flatHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

/** Sends one request to the pinned address; resolves with the answer (first 4 KB of the body) or rejects. */
function send(url: URL, target: { address: string; family: 4 | 6 }, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, { method, headers, agent: false, lookup: pinned(target.address, target.family), signal, maxHeaderSize: 64 * 1024 }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        res.destroy();
        resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_BYTES).toString('utf8'), headers: flatHeaders(res.headers) });
      };
      res.on('data', (c: Buffer) => {
        if (size < RESPONSE_BODY_BYTES) chunks.push(c);
        size += c.length;
        if (size >= RESPONSE_BODY_BYTES) finish();
      });
      res.on('end', finish);
      res.on('error', (err) => (done ? undefined : reject(err)));
      res.on('aborted', () => (done ? undefined : reject(new Error('response aborted'))));
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

function describe(err: unknown, timedOut: boolean, timeoutMs: number, aborted: boolean): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  if (aborted) return 'aborted';
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ECONNRESET') return 'connection reset';
  if (e?.code?.startsWith?.('ERR_TLS') || /certificate|SSL|TLS/i.test(e?.message ?? '')) return `TLS error: ${e.message}`;
  return (e?.code ? `${e.code}: ` : '') + (e?.message ?? String(err)).slice(0, 500);
}

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
