import { GraphQLError } from 'graphql';

/**
 * Every error code of the platform, with its HTTP status, in one place.
 * Subgraphs throw AppError(code, …); the REST bridge maps `extensions.code` to the status below.
 * Codes come from the spec's Errors section; CONFLICT and SERVICE_UNAVAILABLE are documented extensions (docs/contract.md),
 * the gateway's guards' codes are in docs/gateway.md.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  // a permission probe that passed (kernel/principal.ts `authorized`): read by the bridge, never answered to a client
  PROBE_PASSED: 400,
  // the gateway's guards (docs/gateway.md): an operation refused before execution
  QUERY_TOO_COMPLEX: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  OPERATION_NOT_REGISTERED: 400,
  INTROSPECTION_DISABLED: 400,
  // commerce family (docs/orders.md)
  IDEMPOTENCY_KEY_REUSED: 422,
  QUOTE_EXPIRED: 409,
  QUOTE_INVALID: 409,
  // dev family (docs/dev.md): an edit of a locked FAQ
  FAQ_LOCKED: 409,
  // utilities family
  'UTILITY::VALIDATION_FAILED': 400,
  'UTILITY::CALCULATION_FAILED': 422,
  'UTILITY::ESTIMATION_FAILED': 422,
  'UTILITY::INSUFFICIENT_DATA': 422,
  'AUTH::INVALID_API_KEY': 401,
  'AUTH::UNAUTHORIZED': 403,
  // pipelines family
  TEMPLATE_INVALID: 400,
  PIPELINE_NOT_FOUND: 404,
  EXECUTION_FAILED: 422,
  STAGE_TIMEOUT: 504,
  QUERY_NO_RESULTS: 200,
  WEBHOOK_FAILED: 502,
  RESOURCE_NOT_AVAILABLE: 503,
  CONCURRENCY_LIMIT: 429,
  // queries family
  NO_RESULTS: 200,
  CAPACITY_UNAVAILABLE: 503,
  PRICING_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Apollo's and graphql-js's codes for a request the client got wrong before any resolver ran (a variable that does
 * not coerce, an unknown field, a syntax error): all of them are the platform's VALIDATION_ERROR.
 */
export const isGraphQLInputError = (code: unknown): boolean => code === 'BAD_USER_INPUT' || code === 'GRAPHQL_VALIDATION_FAILED' || code === 'GRAPHQL_PARSE_FAILED';

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, code);
}

export function httpStatusOf(code: unknown): number {
  return isErrorCode(code) ? ERROR_CODES[code] : 500;
}

/** A typed platform error. `field` names the offending input field for validation errors. */
export class AppError extends GraphQLError {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly field?: string,
  ) {
    super(message, { extensions: field ? { code, field } : { code } });
    this.name = 'AppError';
  }
}

export const validationError = (field: string, message: string) => new AppError('VALIDATION_ERROR', `${field}: ${message}`, field);
/** A collection that is full (docs/contract.md, "Limits"): 409 CONFLICT naming the collection. */
export const collectionFull = (field: string, message: string) => new AppError('CONFLICT', `${field}: ${message}`, field);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'Insufficient permissions') => new AppError('FORBIDDEN', message);

/** SQLSTATE classes and codes that mean "the database cannot serve now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[1-5]|57014|55P03|40001|40P01|58...)$/;
/** Errors of the driver and of the operating system when the server is unreachable, gone or too slow. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
const UNAVAILABLE_MESSAGE =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|query read timeout|not queryable|terminating connection|connection (?:error|refused|reset|closed)|server closed the connection|the database system is (?:starting up|shutting down|in recovery)|canceling statement due to (?:statement|lock) timeout|too many clients|Client was closed|Cannot use a pool after calling end|socket hang up|handler disconnected/i;

/**
 * Whether an error means the database is unreachable, gone or too slow (a 503 SERVICE_UNAVAILABLE the caller may
 * retry), rather than a bug: connection refused or reset, connect or statement timeouts, server shutdown, too many
 * connections, serialization failures. Looks through `cause` chains (MikroORM and Kysely wrap driver errors).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; sqlState?: unknown; message?: unknown; cause?: unknown; name?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.sqlState === 'string' ? e.sqlState : undefined;
  if (code && (UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (e.name === 'ConnectionException') return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true; // AggregateError
  return isDatabaseUnavailable(e.cause, depth + 1);
}
