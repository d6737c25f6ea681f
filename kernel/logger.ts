import { pino, type Logger } from 'pino';
import { requestScope } from './request-scope.js';

/**
 * One logger shape for every process: JSON lines on stdout, `service` naming the process.
 *
 * Nothing private reaches a log line (docs/contract.md, "Logs"):
 * - keys that carry credentials, personal data, request bodies or GraphQL variables are redacted at any depth
 *   (`password`, `token`, `email`, `phone`, `variables`, `body`, `parameters`, …);
 * - errors are logged as `{type, message, stack, code, …}` with safe fields only: a PostgreSQL error's `detail`
 *   ("Failing row contains (…)", "Key (email)=(…) already exists"), `where`, `parameters` and the driver's SQL are
 *   dropped, and so is anything an error object carries beside its message (a parser's `body`, a data source's
 *   `request`/`response`);
 * - every string left (messages and stacks included) is scrubbed of e-mail addresses, phone numbers, JWTs, bearer
 *   credentials and the platform's secrets (`lpk_…`, `lcs_…`, `inv_…`), whatever put them there.
 */
const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'secret',
  '*.secret',
  'email',
  '*.email',
  'phone',
  '*.phone',
  'req.headers.authorization',
  'req.headers["svc-auth-token"]',
  'req.headers["x-auth-token"]',
  'req.headers["x-intent-token"]',
  'req.headers["x-platform-principal"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-platform-principal"]',
];

const CENSOR = '[redacted]';

/** Keys whose values are never logged, at any depth (case-insensitive). */
const SECRET_KEY =
  /^(password|newPassword|currentPassword|token|accessToken|refreshToken|idToken|secret|clientSecret|key|apiKey|email|emails|phone|phones|authorization|cookie|set-cookie|svc-auth-token|x-auth-token|x-intent-token|x-platform-principal|x-platform-bridge|variables|body|rawBody|parameters|params|bindings|detail|where|internalQuery|query|sql|request|response|data)$/i;

/** Fields of an error worth logging: what happened and where, never the values involved. */
const ERROR_FIELDS = ['code', 'errno', 'syscall', 'severity', 'sqlState', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'status', 'statusCode', 'type'];

const PATTERNS: [RegExp, string][] = [
  // JSON.parse's message quotes the text it failed on (a request body)
  [/(Unexpected [^\n]*?,\s*)".*"(\s+is not valid JSON)/gs, '$1"[body]"$2'],
  // `"password": "…"`, `secret=…` and the like, wherever a string holds them (`authorization: Bearer …` whole)
  [
    /("?\b(?:password|newPassword|currentPassword|secret|token|accessToken|refreshToken|apiKey|authorization)\b"?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'[^']*'|(?:Bearer|Basic)\s+[^\s,;&}]+|[^\s,;&}]+)/gi,
    '$1"[redacted]"',
  ],
  [/eyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){0,2}/g, '[jwt]'],
  [/\bBearer\s+\S+/gi, 'Bearer [redacted]'],
  [/\b(?:lpk|lcs|inv|lrt)_[A-Za-z0-9_-]{6,}/g, '[secret]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  [/\+\d[\d ()-]{5,18}\d/g, '[phone]'],
  [/Failing row contains \(.*?\)(?=\.?\s*$|\.?\s*\n)/gs, 'Failing row contains ([redacted])'],
  [/\bKey \((.*?)\)=\(.*?\)/gs, 'Key ($1)=([redacted])'],
];

export function scrubString(s: string): string {
  let out = s;
  for (const [re, replacement] of PATTERNS) out = out.replace(re, replacement);
  return out;
}

/** An error as a log field: its type, scrubbed message and stack, and its safe fields; its cause, the same way. */
function errorFields(err: Error, depth: number): Record<string, unknown> {
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name ?? 'Error', message: scrubString(String(e.message ?? '')) };
  if (typeof e.stack === 'string') out.stack = scrubString(e.stack);
  for (const f of ERROR_FIELDS) {
    const v = e[f];
    if (v !== undefined && v !== null && (typeof v === 'string' || typeof v === 'number')) out[f] = typeof v === 'string' ? scrubString(v) : v;
  }
  const code = (e.extensions as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') out.extensionsCode = code;
  if (e.cause !== undefined && depth < 4) out.cause = scrub(e.cause, depth + 1);
  if (Array.isArray(e.errors) && depth < 4) out.errors = e.errors.slice(0, 5).map((x) => scrub(x, depth + 1));
  return out;
}

/** A copy of a logged value with nothing private left in it (see above). */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return errorFields(value, depth);
  if (depth > 6) return '[deep]';
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? CENSOR : scrub(v, depth + 1);
  return out;
}

/**
 * Lines are gathered up to LOG_BUFFER_BYTES before a write, and written at the latest LOG_FLUSH_MS after the first
 * line of a batch: under load a process makes one write for many lines instead of one per line (each write is a system
 * call, a sizeable share of a request's cost), while a line written at rest still shows within a fifth of a second.
 */
export const LOG_BUFFER_BYTES = 4096;
export const LOG_FLUSH_MS = 200;

/**
 * A destination for log lines (a file descriptor or a path) that writes in batches: asynchronously (a log line never
 * blocks a request), at LOG_BUFFER_BYTES or LOG_FLUSH_MS after the first line of a batch, whichever comes first, and
 * whatever is left synchronously at exit.
 */
export function bufferedDestination(dest: number | string): pino.DestinationStream {
  const boom = pino.destination({ dest, sync: false, minLength: LOG_BUFFER_BYTES });
  process.on('exit', () => boom.flushSync());
  let due: NodeJS.Timeout | undefined;
  const flush = () => {
    due = undefined;
    boom.flush();
  };
  return {
    write(line: string) {
      boom.write(line);
      due ??= setTimeout(flush, LOG_FLUSH_MS).unref();
    },
  };
}

/** Where log lines go by default: stdout, in batches. */
let stdout: pino.DestinationStream | undefined;
function defaultDestination(): pino.DestinationStream {
  stdout ??= bufferedDestination(1);
  return stdout;
}

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service },
      // every line logged while a request is served names it (kernel/observability.ts)
      mixin: () => {
        const s = requestScope.getStore();
        return s ? { reqId: s.requestId } : {};
      },
      redact: { paths: REDACT, censor: CENSOR },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: (obj) => scrub(obj) as Record<string, unknown> },
      serializers: { err: (err: unknown) => scrub(err), msg: (msg: unknown) => (typeof msg === 'string' ? scrubString(msg) : msg) },
    },
    destination ?? defaultDestination(),
  );
}

/**
 * A logger for libraries that log on their own (Apollo Server, the Apollo gateway): their lines go through the same
 * scrubbing, at the platform's levels.
 */
export function libraryLogger(log: Logger) {
  const line =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first instanceof Error) log[level]({ err: first }, scrubString(first.message));
      else if (typeof first === 'string' || first === undefined) log[level](rest.length ? { details: rest } : {}, scrubString(first ?? ''));
      // a value that is no message (an object, a number …) is a detail like the rest, not "[object Object]"
      else log[level]({ details: args }, '');
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

export type { Logger };
