import { CREDENTIAL_HEADERS } from './principal.js';
import type { Express, NextFunction, Request, Response } from 'express';

/**
 * Cross-origin calls from browsers (docs/contract.md, "CORS"), on the two entry points: the REST bridge and the
 * gateway. CORS_ORIGINS lists the allowed origins (comma-separated, exact `scheme://host[:port]`; `*` allows any).
 * Credentials travel in headers, never cookies, so no `Access-Control-Allow-Credentials`.
 *
 * - An allowed origin gets `Access-Control-Allow-Origin: <origin>` (with `Vary: Origin`) on every answer, and the
 *   rate-limit headers, `Retry-After` and `x-request-id` exposed to its scripts.
 * - A preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin is answered 204 with the
 *   methods and the request headers of every credential scheme; from another origin, 204 with no CORS header at all,
 *   which the browser reads as a refusal. Requests without `Origin` (servers, curl) are not affected.
 */
export const CORS_ALLOWED_HEADERS = [...CREDENTIAL_HEADERS, 'content-type', 'idempotency-key', 'apollo-require-preflight', 'x-apollo-operation-name', 'x-request-id', 'traceparent', 'tracestate'];
export const CORS_EXPOSED_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'x-request-id'];
const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
/** How long a browser may reuse a preflight answer. */
const MAX_AGE_SECONDS = '600';

/** The development default of CORS_ORIGINS: the usual local dev-server origins (none with NODE_ENV=production). */
export const DEV_ORIGINS = ['http://localhost:3000', 'http://localhost:5173', 'http://localhost:8080', 'http://127.0.0.1:3000', 'http://127.0.0.1:5173', 'http://127.0.0.1:8080'];

/**
 * `openFor(method, path)`: requests whose credential is the `Origin` itself (the bridge's connector routes, checked
 * against the connector's own allowed origins by the platform) are allowed from any origin at the CORS level.
 */
export function cors(app: Express, origins: readonly string[], openFor?: (method: string, path: string) => boolean): void {
  const any = origins.includes('*');
  const allowed = new Set(origins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  const allowedHeaders = CORS_ALLOWED_HEADERS.join(', ');
  const exposed = CORS_EXPOSED_HEADERS.join(', ');
  app.use((req: Request, res: Response, next: NextFunction) => {
    const origin = req.header('origin');
    if (!origin) return next();
    res.vary('Origin');
    const preflight = req.method === 'OPTIONS' && req.header('access-control-request-method') !== undefined;
    const method = preflight ? req.header('access-control-request-method')!.toUpperCase() : req.method;
    const ok = any || allowed.has(origin.toLowerCase()) || (openFor?.(method, req.path) ?? false);
    if (ok) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', exposed);
    }
    if (!preflight) return next();
    if (ok) {
      res.setHeader('Access-Control-Allow-Methods', METHODS);
      res.setHeader('Access-Control-Allow-Headers', allowedHeaders);
      res.setHeader('Access-Control-Max-Age', MAX_AGE_SECONDS);
    }
    res.status(204).end();
  });
}
