import { randomFillSync, randomUUID } from 'node:crypto';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from './logger.js';
import { httpDuration } from './metrics.js';
import { requestScope, type RequestScope } from './request-scope.js';
import { startServerSpan, startTelemetry } from './telemetry.js';

/**
 * Request ids, trace context and access logs (docs/operations.md).
 *
 * - `x-request-id`: taken from the client when it is 1–128 characters of `[A-Za-z0-9._:-]`, else generated (a UUID);
 *   answered in the `x-request-id` response header, sent on to the gateway and the subgraphs, and written in every
 *   log line of the request (`reqId`, through the logger's mixin: kernel/logger.ts).
 * - W3C `traceparent`: continued when the client sends a valid one, else started; each process forwards it with its
 *   own span id. With OpenTelemetry switched on (`OTEL_*`, kernel/telemetry.ts) every request is a server span.
 * - One access-log line per request and process: method, route template (or GraphQL operation), status, duration,
 *   principal kind. No ids of people, no query strings, no bodies, no headers.
 */

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** The client's request id when valid, else a fresh UUID. */
export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * Random bytes for trace and span ids, drawn from a pool refilled 4 KB at a time (as `randomUUID` does): an id per
 * request without a call into the system's random source each (`randomBytes` was 4% of a simple read's CPU).
 * Trace ids are not secrets; they only need to be unique.
 */
const RANDOM_POOL = Buffer.allocUnsafe(4096);
let poolAt = RANDOM_POOL.length;
export function randomHex(bytes: number): string {
  if (poolAt + bytes > RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL);
    poolAt = 0;
  }
  const hex = RANDOM_POOL.toString('hex', poolAt, poolAt + bytes);
  poolAt += bytes;
  return hex;
}

/** The trace a request continues (a valid `traceparent`), or a new one. */
export function traceFrom(header: string | undefined): { traceId: string; parentId?: string; flags: string } {
  const m = header ? TRACEPARENT.exec(header) : null;
  if (m && m[1] !== ZERO_TRACE && m[2] !== ZERO_SPAN) return { traceId: m[1], parentId: m[2], flags: m[3] };
  return { traceId: randomHex(16), flags: '01' };
}

/** The headers a process sends on to the next hop of the current request (request id and trace context). */
export function propagationHeaders(): Record<string, string> {
  const s = requestScope.getStore();
  return s ? { 'x-request-id': s.requestId, traceparent: `00-${s.traceId}-${s.spanId}-${s.flags}` } : {};
}

/**
 * Re-enters the request's scope. Body readers resume on stream events, outside the async context the request started
 * in: mount this after them, so what follows (resolvers, log lines) runs in the request's scope again.
 */
export function reenterScope(_req: Request, res: Response, next: NextFunction): void {
  const scope = res.locals.scope as RequestScope | undefined;
  if (scope) requestScope.run(scope, next);
  else next();
}

/** An Apollo plugin that records the resolved operation's name in the request scope (for logs and metrics). */
export const operationNamePlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operationName }: { operationName?: string | null }) {
        const s = requestScope.getStore();
        if (s && operationName && !s.operation) s.operation = operationName;
      },
    };
  },
};

/** Paths operators poll (health, metrics): their access lines are at debug level. */
const QUIET = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Mounts request ids, trace context, the access log and the HTTP metrics on an app (first, before its routes).
 * `routeOf` names the request for logs and metrics once it has finished: a route template or an operation name.
 */
export function observe(app: Express, log: Logger, service: string, routeOf: (req: Request, res: Response, scope: RequestScope) => string | undefined): void {
  void startTelemetry(log).catch((err: unknown) => log.error({ err }, 'OpenTelemetry failed to start'));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(req.header('x-request-id'));
    const trace = traceFrom(req.header('traceparent'));
    const span = startServerSpan(service, req, trace);
    const scope: RequestScope = { requestId, traceId: span?.traceId ?? trace.traceId, spanId: span?.spanId ?? randomHex(8), flags: trace.flags };
    req.id = requestId;
    res.locals.scope = scope;
    res.setHeader('x-request-id', requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeOf(req, res, scope) ?? expressRoute(req) ?? 'unmatched';
      httpDuration.observe({ service, method: req.method, route, status: res.statusCode }, ms / 1000);
      span?.end(route, res.statusCode);
      const line = { reqId: requestId, traceId: scope.traceId, method: req.method, route, status: res.statusCode, ms: Math.round(ms * 10) / 10, principal: scope.principal ?? 'none' };
      if (QUIET.has(req.path)) log.debug(line, 'request');
      else log.info(line, 'request');
    });
    requestScope.run(scope, next);
  });
}

/**
 * A request the service's own `routeOf` does not name (a page, an asset, a health check) under the express route that
 * answered it, `GET /track/:token`: a template, never the path's values. None matched: `unmatched`.
 */
function expressRoute(req: Request): string | undefined {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  const template = Array.isArray(path) ? (path[0] as unknown) : path;
  return typeof template === 'string' ? `${req.method} ${template}` : undefined;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id (kernel/observability.ts). */
    id?: string;
  }
}
