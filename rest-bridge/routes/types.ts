/**
 * One entry per specified REST path. The bridge holds no business logic: an entry says which credential the path
 * needs, which GraphQL operation it sends, where the operation's variables come from, how the result becomes the
 * family's envelope, and the HTTP status on success. The OpenAPI document is generated from the same entries.
 */
import type { ErrorCode } from '../../kernel/errors.js';
import type { EnumSpellings, TimeForms } from '../wire.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The pagination every list answers, in every family (spec "Limits": `pagination` {page, limit, total, pages, hasNext,
 * hasPrevious}; spec group 16 names the first four for pipelines lists, which answer the same six).
 */
export const PAGE = 'pagination { page limit total pages hasNext hasPrevious }';

/**
 * Envelope style (docs/contract.md): `user` = {success,…} (user management and auth); `generic` = {error,status:"SUCCESS",…};
 * `result` = {error,status:"<FAMILY>::<RESULT>",…,trace} for families whose results carry their own status code.
 */
export type Envelope = 'user' | 'generic' | 'result';

/**
 * Credential a route requires; the bridge refuses with 401 naming a missing header before calling the gateway.
 * set-a = svc-auth-token + svc-user-agent + svc-auth-device (origin+set-a: and `origin`, the IoT rules); set-b = X-Auth-Token + X-User-Agent + X-Auth-Device.
 */
export type CredentialScheme =
  'none' | 'user-bearer' | 'set-a' | 'set-b' | 'set-a-or-b' | 'origin' | 'origin+svc-user-agent' | 'origin+intent-token' | 'origin+set-a' | 'api-key' | 'api-key+workspace';

export interface RouteSpec {
  method: Method;
  /** Express-style path, e.g. `/v1/users/:userId`. */
  path: string;
  /** Family tag used in the OpenAPI document. */
  tag: string;
  summary: string;
  envelope: Envelope;
  auth: CredentialScheme;
  /** The GraphQL operation; its variables are filled by name from path params, query params and the body. */
  operation: string;
  /**
   * Path parameters this route takes only some values of (any case): any other value goes on to the next route of
   * the same shape. For two spec routes of one template, e.g. `PATCH …/faqs/:reference/:operation` (archive,
   * restore) before `…/:reference/:lockstate`.
   */
  paramValues?: Record<string, readonly string[]>;
  /** Variable that receives the JSON body (or the multipart text fields); omitted when the route takes no body. */
  bodyVariable?: string;
  /** The body is a JSON array (the spec's "JSON array of …"), passed whole as `bodyVariable`. */
  bodyArray?: true;
  /** Body variables read one by one from the body's top-level fields (instead of one input object). */
  bodyFields?: string[];
  /** Multipart routes: form field → variable path (e.g. `file` → `file`, `selfie` → `input.selfie`). */
  files?: Record<string, string>;
  /** Maximum size of each file of a multipart route, in bytes (a config value name). */
  maxFileBytes?: 'AVATAR_MAX_BYTES' | 'DOCUMENT_MAX_BYTES';
  /**
   * Response fields beside the envelope's own: key → dotted path into the GraphQL `data`; the key `...` spreads that
   * object. Generic-envelope routes put the record under `data` (and lists `pagination` beside it).
   */
  result: Record<string, string>;
  /** `result` envelope: the status string on success (e.g. `CONNECTOR::CREATED`). */
  resultStatus?: string;
  /**
   * Family-specific error codes replacing the generic ones on this route, e.g. utilities:
   * `{ UNAUTHORIZED: 'AUTH::INVALID_API_KEY', FORBIDDEN: 'AUTH::UNAUTHORIZED', VALIDATION_ERROR: 'UTILITY::VALIDATION_FAILED' }`.
   */
  errorCodes?: Partial<Record<ErrorCode, ErrorCode>>;
  /**
   * Failures of this route beyond the generic ones (400, 401, 403, 404, 409 on writes, 429, 500, 503), by code, with
   * when they happen: documented in the OpenAPI answer of the code's status (e.g. the commerce family's
   * `IDEMPOTENCY_KEY_REUSED` 422, `QUOTE_EXPIRED` 409, a 409 of a GET that acts).
   */
  failures?: Partial<Record<ErrorCode, string>>;
  /**
   * Response lists the REST contract writes as an object keyed by one of each item's fields (the graph has no maps):
   * `{ capacities: { key: 'compositeId', value: 'capacity' } }` turns `[{compositeId, capacity}]` into
   * `{"<compositeId>": capacity}`.
   */
  keyBy?: Record<string, { key: string; value: string }>;
  /** Constant fields added to the payload (e.g. a message for a Boolean mutation). */
  constants?: Record<string, unknown>;
  /** HTTP status on success (201 on creation). */
  status?: number;
  /**
   * How the family's REST contract writes instants (the graph's `DateTime`, rest-bridge/wire.ts): ISO-8601 (default),
   * epoch milliseconds (LSP record stamps: `{ timestamp: 'epoch-ms' }`) or Unix seconds (utilities: `'unix-seconds'`).
   */
  time?: TimeForms;
  /**
   * Response keys (at any depth) whose enum values the REST contract writes in lower case, e.g. the workspace family's
   * provider kinds: the graph's `LSP` is REST's `lsp` (`['kind', 'providerKind']`).
   */
  lowerCase?: readonly string[];
  /**
   * REST spellings of enum values the graph writes otherwise (rest-bridge/wire.ts), per enum type: e.g.
   * `{ OperatingMode: { '24_7': 'ALWAYS_OPEN' } }`, or a function reading any REST spelling.
   */
  enums?: EnumSpellings;
}
