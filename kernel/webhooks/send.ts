import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { nowDate } from '../clock.js';
import { forbiddenAddress, hostAllowed, staticUrlProblem, type AllowList } from './guard.js';
import { signatureHeaders } from './signature.js';

/**
 * Sending one outgoing webhook request, shared by every webhook of the platform (pipelines' WEBHOOK stages; event
 * subscriptions): only to an address the SSRF guard (guard.ts) let through — the very address checked, no second DNS
 * lookup — never following a redirect, keeping the first 4 KB of the answer.
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
export const RESERVED = new Set(['webhook-id', 'webhook-timestamp', 'webhook-signature', 'host', 'content-length', 'transfer-encoding', 'connection', 'user-agent']);

export interface Response {
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
      // one wording for a literal address and a resolved one (the literal's comes from staticUrlProblem above)
      if (reason) return { error: `refused: the URL targets a forbidden address (${host === a.address ? '' : `${host} resolves to ${a.address}, `}${reason})` };
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

/**
 * Kept-alive connections, an agent per address the guard checked (`${protocol}//${address}:${port}`): a socket is
 * reused only for the address it was opened to, so the SSRF guard holds for every request sent on it. An idle socket
 * closes after FREE_SOCKET_MS, under the 5 s after which Node's own servers close an idle connection, so a reused socket
 * is rarely one the receiver is closing (when it is, `send` sends once more on a new one). At most AGENT_LIMIT agents
 * are kept (the least recently used is closed).
 */
const AGENTS = new Map<string, http.Agent>();
const AGENT_LIMIT = 256;
/** How long an idle kept-alive connection stays open. */
export const FREE_SOCKET_MS = 4000;

function agentFor(url: URL, target: { address: string; family: 4 | 6 }): http.Agent {
  const secure = url.protocol === 'https:';
  const key = `${url.protocol}//${target.family === 6 ? `[${target.address}]` : target.address}:${url.port || (secure ? 443 : 80)}`;
  let agent = AGENTS.get(key);
  if (agent)
    AGENTS.delete(key); // re-inserted below: the map's order is the use order
  else {
    const options = { keepAlive: true, maxFreeSockets: 16, timeout: FREE_SOCKET_MS, scheduling: 'lifo' as const };
    agent = secure ? new https.Agent(options) : new http.Agent(options);
    if (AGENTS.size >= AGENT_LIMIT) {
      const [oldest, old] = AGENTS.entries().next().value!;
      AGENTS.delete(oldest);
      old.destroy();
    }
  }
  AGENTS.set(key, agent);
  return agent;
}

/** Closes every kept-alive connection (idle ones close by themselves after FREE_SOCKET_MS and never hold a process open). */
export function closeWebhookConnections(): void {
  for (const agent of AGENTS.values()) agent.destroy();
  AGENTS.clear();
}

/**
 * Sends one request to the pinned address on a kept-alive connection; resolves with the answer (first 4 KB of the
 * body) or rejects. A reused connection the receiver closed before answering (ECONNRESET, no answer) is retried once
 * on a new connection: the receiver did not read the request (Node's documented pattern, `request.reusedSocket`).
 */
export async function send(url: URL, target: { address: string; family: 4 | 6 }, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal): Promise<Response> {
  try {
    return await sendOnce(url, target, method, headers, body, signal);
  } catch (err) {
    if ((err as { reusedSocket?: boolean }).reusedSocket && (err as NodeJS.ErrnoException).code === 'ECONNRESET' && !signal.aborted) {
      return sendOnce(url, target, method, headers, body, signal);
    }
    throw err;
  }
}

function sendOnce(url: URL, target: { address: string; family: 4 | 6 }, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, { method, headers, agent: agentFor(url, target), lookup: pinned(target.address, target.family), signal, maxHeaderSize: 64 * 1024 }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      // read to its end, the connection goes back to the agent; cut short past RESPONSE_BODY_BYTES, it is closed
      const finish = (complete: boolean) => {
        if (done) return;
        done = true;
        if (!complete) res.destroy();
        resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_BYTES).toString('utf8'), headers: flatHeaders(res.headers) });
      };
      res.on('data', (c: Buffer) => {
        if (size < RESPONSE_BODY_BYTES) chunks.push(c);
        size += c.length;
        if (size > RESPONSE_BODY_BYTES) finish(false);
      });
      res.on('end', () => finish(true));
      res.on('error', (err) => (done ? undefined : reject(err)));
      res.on('aborted', () => (done ? undefined : reject(new Error('response aborted'))));
    });
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

export function describe(err: unknown, timedOut: boolean, timeoutMs: number, aborted: boolean): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  if (aborted) return 'aborted';
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ECONNRESET') return 'connection reset';
  if (e?.code?.startsWith?.('ERR_TLS') || /certificate|SSL|TLS/i.test(e?.message ?? '')) return `TLS error: ${e.message}`;
  return (e?.code ? `${e.code}: ` : '') + (e?.message ?? String(err)).slice(0, 500);
}

/** One signed webhook call: what to send, to whom, signed how. */
export interface Attempt {
  url: string;
  method: string;
  /** The caller's own headers (those of RESERVED are dropped). */
  headers?: Record<string, string>;
  /** The body; none for GET and DELETE. */
  body?: string | null;
  timeoutMs: number;
  /** The Standard Webhooks `webhook-id`: the same on every attempt of one message. */
  messageId: string;
  /** The signing secrets (signature.ts `secretsInUse`), read while the address is checked. */
  secrets: Promise<string[]>;
  allow: AllowList;
  signal?: AbortSignal;
}

/** What one attempt gave: ok on a 2xx; the answer (first 4 KB) when there was one; why not otherwise. */
export interface AttemptResult extends AttemptOutcome {
  response?: Response;
}

/**
 * The one way the platform calls a webhook: resolves the host, refuses a forbidden resolved address (no request
 * made; the error names it), signs (Standard Webhooks, signature.ts), connects to the address it checked (no second
 * lookup), never follows a redirect (a 3xx is a failure "redirect not followed"), gives up after `timeoutMs` (or when
 * `signal` aborts). Never throws: every failure is an outcome.
 */
export async function attempt(a: Attempt): Promise<AttemptResult> {
  const started = performance.now();
  a.secrets.catch(() => undefined); // unused when the target is refused
  let response: Response | undefined;
  let error: string | undefined;
  let url: URL | undefined;
  try {
    url = new URL(a.url);
  } catch {
    error = 'refused: the URL is not a valid absolute URL';
  }
  if (url && a.signal?.aborted) error = 'aborted';
  if (url && !error) {
    const timer = AbortSignal.timeout(a.timeoutMs);
    const signal = a.signal ? AbortSignal.any([timer, a.signal]) : timer;
    try {
      const target = await resolveTarget(url, a.allow);
      if ('error' in target) error = target.error;
      else if (signal.aborted) error = timer.aborted ? `timed out after ${a.timeoutMs} ms` : 'aborted';
      else {
        const hasBody = a.method !== 'GET' && a.method !== 'DELETE' && a.body != null;
        const body = hasBody ? String(a.body) : undefined;
        const secrets = await a.secrets;
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(a.headers ?? {})) if (!RESERVED.has(name.toLowerCase())) headers[name] = value;
        if (hasBody && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
        headers['user-agent'] = USER_AGENT;
        Object.assign(headers, signatureHeaders(secrets, a.messageId, nowDate(), body ?? ''));
        try {
          response = await send(url, target, a.method, headers, body, signal);
        } catch (err) {
          error = describe(err, timer.aborted, a.timeoutMs, !!a.signal?.aborted);
        }
      }
    } catch (err) {
      error = describe(err, timer.aborted, a.timeoutMs, !!a.signal?.aborted);
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
  return { ok, ...(statusCode !== undefined ? { statusCode } : {}), ...(ok ? {} : { error: error ?? 'failed' }), durationMs, ...(response ? { response } : {}) };
}
