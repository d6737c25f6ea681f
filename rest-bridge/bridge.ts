import { restReference } from '../kernel/pages.js';
import { cors } from '../kernel/cors.js';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { Readable } from 'node:stream';
import Upload from 'graphql-upload/Upload.mjs';
import type { Config } from '../kernel/config.js';
import type { Logger } from '../kernel/logger.js';
import { createApp, healthRoutes } from '../kernel/http.js';
import { AppError, httpStatusOf, isDatabaseUnavailable, isGraphQLInputError } from '../kernel/errors.js';
import { graphqlMultipartForm, type MultipartFile } from '../kernel/multipart.js';
import { assertInput, boundedJson, hasBody } from '../kernel/input.js';
import { publicFilesRoot } from '../kernel/storage.js';
import { routes, type RouteSpec } from './routes/index.js';
import type { CredentialScheme } from './routes/types.js';
import { compileOperation, describeInputError, payloadOf, probeVariables, put, restError, variablesFor, type CompiledOperation } from './translate.js';
import { envelopeOfPath, sendError, sendSuccess } from './envelope.js';
import { RateLimits, setRateHeaders } from '../kernel/ratelimit.js';
import { operationLimits } from '../kernel/operation-limits.js';
import { BRIDGE_HEADER, CREDENTIAL_HEADERS, JUDGE_PATH, PROBE_HEADER, signBridgeCall, type CredentialRefusal, type CredentialRequirement } from '../kernel/principal.js';
import { type Gateway, type GatewayResponse } from '../gateway/gateway.js';
import { observe, propagationHeaders, reenterScope } from '../kernel/observability.js';
import { documentHash, persistedExtensions } from '../gateway/persisted.js';
import { openApiDocument } from './openapi.js';
import { byPrecedence, matchRoute, takesParams } from './precedence.js';
import { now } from '../kernel/clock.js';
import { trackingPage } from './tracking-page.js';

/** Headers each credential scheme needs (names as the spec spells them; HTTP headers are case-insensitive). */
const SET_A = ['svc-auth-token', 'svc-user-agent', 'svc-auth-device'];
const SET_B = ['X-Auth-Token', 'X-User-Agent', 'X-Auth-Device'];
/** Each scheme is one or more header sets; the set whose first header the request carries applies, else the first. */
const REQUIRED_HEADERS: Record<CredentialScheme, string[][]> = {
  none: [[]],
  'user-bearer': [['authorization']],
  'set-a': [SET_A],
  'set-b': [SET_B],
  'set-a-or-b': [SET_A, SET_B],
  origin: [['origin']],
  'origin+svc-user-agent': [['origin', 'svc-user-agent']],
  'origin+intent-token': [['origin', 'x-intent-token']],
  'origin+set-a': [['origin', ...SET_A]],
  'api-key': [['authorization']],
  'api-key+workspace': [['authorization', 'X-Workspace-ID']],
};

/**
 * The credential error for a request that lacks headers of its scheme: every missing one named in one answer, with
 * the whole set, so a client learns the header set from its first refusal (not one header per attempt).
 */
export function missingHeaders(missing: string[], set: string[]): string {
  const names = missing.join(', ');
  const whole = set.length > missing.length ? ` (this route needs ${set.join(', ')})` : '';
  return missing.length === 1 ? `Missing credential: header ${names} is required${whole}` : `Missing credential: headers ${names} are required${whole}`;
}

/** Headers passed through to the gateway, which resolves the credential. */
const FORWARDED = [...CREDENTIAL_HEADERS, 'origin', 'user-agent', 'idempotency-key'];

/** The gateway's guards refusing an operation (docs/gateway.md): for one of the bridge's own operations, a platform fault. */
const GATEWAY_REFUSALS = new Set(['QUERY_TOO_COMPLEX', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_NOT_REGISTERED']);

type GraphQLResponse = GatewayResponse & { errors?: { message: string; extensions?: { code?: string; field?: string } }[] };

/**
 * How the bridge reaches the gateway: in-process (one process) or over HTTP (split topology). Either way a route's
 * operation is sent by its hash only (a persisted document the gateway registered from the same route table,
 * gateway/persisted.ts): `{ extensions: { persistedQuery: { version: 1, sha256Hash } }, variables }`.
 */
interface GatewayClient {
  /** `probe`: as a permission probe (kernel/principal.ts `Principal.probe`), which ends at the resolver's scope check. */
  send(req: Request, route: RouteSpec, sha256Hash: string, variables: Record<string, unknown>, files?: Record<string, Express.Multer.File[]>, options?: { probe?: boolean }): Promise<GraphQLResponse>;
  /** The gateway's judgement of the request's credential against a route's requirement (gateway/gateway.ts `judge`). */
  judge(req: Request, requirement: CredentialRequirement): Promise<CredentialRefusal | undefined>;
}

/** The gateway in this process: the operation runs on its server directly; files become Upload values as they are. */
function localGateway(gateway: Gateway): GatewayClient {
  return {
    send(req, route, sha256Hash, variables, files, options) {
      for (const [field, path] of Object.entries(route.files ?? {})) {
        const file = files?.[field]?.[0];
        if (!file) continue;
        const upload = new Upload();
        upload.resolve({
          filename: file.originalname || 'upload',
          mimetype: file.mimetype,
          encoding: file.encoding,
          createReadStream: () => Readable.from([file.buffer]),
        });
        put(variables, path, upload);
      }
      return gateway.execute(req, { extensions: persistedExtensions(sha256Hash), variables }, req.id!, options);
    },
    judge: (req, requirement) => gateway.judge(req, requirement),
  };
}

/** The gateway at GATEWAY_URL (split topology). Calls are signed as the bridge's, so the gateway does not count them again. */
function remoteGateway(config: Config, log: Logger): GatewayClient {
  let mark: { token: Promise<string>; at: number } | undefined;
  const bridgeMark = () => {
    if (!mark || now() - mark.at > 30_000) mark = { token: signBridgeCall(config.internalSecret), at: now() };
    return mark.token;
  };
  const forwardedHeaders = async (req: Request): Promise<Record<string, string>> => {
    const headers: Record<string, string> = { ...propagationHeaders(), 'x-forwarded-for': req.ip ?? '', [BRIDGE_HEADER]: await bridgeMark() };
    for (const h of FORWARDED) {
      const v = req.header(h);
      if (v !== undefined) headers[h] = v;
    }
    return headers;
  };
  const judgeUrl = new URL(JUDGE_PATH, config.gatewayUrl);
  return {
    async judge(req, requirement) {
      const headers = { ...(await forwardedHeaders(req)), 'content-type': 'application/json' };
      let res: globalThis.Response;
      try {
        res = await fetch(judgeUrl, { method: 'POST', headers, body: JSON.stringify({ requirement }) });
      } catch (err) {
        log.error({ err: (err as Error).message }, 'gateway unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'The platform is temporarily unavailable; retry shortly');
      }
      if (!res.ok) throw new Error(`gateway answered ${res.status} to the credential question`);
      return ((await res.json()) as { refusal: CredentialRefusal | null }).refusal ?? undefined;
    },
    async send(req, route, sha256Hash, variables, files, options) {
      const headers = await forwardedHeaders(req);
      if (options?.probe) headers[PROBE_HEADER] = '1';
      let body: string | FormData;
      if (route.files) {
        headers['apollo-require-preflight'] = 'true';
        body = multipartForGateway(route, sha256Hash, variables, files ?? {});
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify({ extensions: persistedExtensions(sha256Hash), variables });
      }
      let res: globalThis.Response;
      try {
        res = await fetch(config.gatewayUrl, { method: 'POST', headers, body });
      } catch (err) {
        log.error({ err: (err as Error).message }, 'gateway unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'The platform is temporarily unavailable; retry shortly');
      }
      const text = await res.text();
      try {
        return JSON.parse(text) as GraphQLResponse;
      } catch {
        throw new Error(`gateway answered ${res.status} with a non-JSON body`);
      }
    },
  };
}

/** Multipart → GraphQL multipart request: text fields go into the body variable, files are mapped to their variable paths. */
function multipartForGateway(route: RouteSpec, sha256Hash: string, variables: Record<string, unknown>, files: Record<string, Express.Multer.File[]>): FormData {
  const parts: MultipartFile[] = [];
  for (const [field, path] of Object.entries(route.files ?? {})) {
    const file = files[field]?.[0];
    if (!file) continue;
    put(variables, path, null); // a null placeholder at the variable path
    parts.push({ path: `variables.${path}`, blob: new Blob([new Uint8Array(file.buffer)], { type: file.mimetype }), filename: file.originalname || 'upload' });
  }
  return graphqlMultipartForm({ extensions: persistedExtensions(sha256Hash), variables }, parts);
}

/**
 * Any failure while reading a multipart body is the request's (truncated, no boundary, a part too large, a field
 * of another name …): VALIDATION_ERROR naming the part when known, never a 500.
 */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof multer.MulterError) {
    const field = err.field ?? (err.code === 'LIMIT_FILE_SIZE' || err.code === 'LIMIT_FILE_COUNT' ? 'file' : 'body');
    const reason = err.code === 'LIMIT_FILE_SIZE' ? 'file is too large' : err.code === 'LIMIT_UNEXPECTED_FILE' ? 'unexpected file field' : err.message.toLowerCase();
    return new AppError('VALIDATION_ERROR', `${field}: ${reason}`, field);
  }
  const message = String((err as Error)?.message ?? 'unreadable')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 120);
  return new AppError('VALIDATION_ERROR', `body: malformed multipart/form-data (${message})`, 'body');
}

/**
 * What a route's credential must be before its request's form is judged (docs/contract.md "Order of checks"): the
 * scheme says which principal the operation takes. The access-token routes carry their credential (the connector's
 * secret) in the body, so only the body can be judged there.
 */
export function requirementOf(route: RouteSpec): CredentialRequirement {
  if (route.tag === 'Access tokens') return { kind: 'none' };
  switch (route.auth) {
    case 'none':
      return { kind: 'none' };
    case 'user-bearer':
      return { kind: 'user' };
    case 'api-key':
    case 'api-key+workspace':
      return { kind: 'api-key', family: route.tag.toLowerCase() };
    case 'origin':
    case 'origin+svc-user-agent':
    case 'origin+intent-token':
      return { kind: 'origin-client' };
    default:
      return { kind: 'signed-in' };
  }
}

/** The credential headers of the route's scheme the request lacks, and the set they belong to. */
function missingOf(route: RouteSpec, req: Request): { missing: string[]; required: string[] } {
  const sets = REQUIRED_HEADERS[route.auth];
  const required = sets.find((set) => set[0] && req.header(set[0])) ?? sets[0];
  return { missing: required.filter((h) => !req.header(h)), required };
}

/** Answers a failure on a route, in its envelope, with its family's code for the generic one. */
function fail(res: Response, route: RouteSpec, code: string, message: string, field?: string) {
  const mapped = (route.errorCodes as Record<string, string> | undefined)?.[code] ?? code;
  sendError(res, route.envelope, mapped, message, field);
}

/**
 * The route table in the order the bridge registers it, which is the order Express matches it in: by precedence
 * (rest-bridge/precedence.ts), not by the order of the family files. One ordering, computed once per bridge.
 */
export const registrationOrder = (table: readonly RouteSpec[]): RouteSpec[] => byPrecedence(table);

export interface BridgeOptions {
  log: Logger;
  limits: RateLimits;
  /** The gateway in this process (one-process topology); without it the bridge calls GATEWAY_URL over HTTP. */
  gateway?: Gateway;
}

/**
 * The REST bridge: every specified path, header set and envelope, translated into one GraphQL operation of the
 * supergraph (route table in routes/), answered in the family's envelope. Holds no business logic.
 */
export function createBridge(config: Config, { log, limits, gateway }: BridgeOptions): Express {
  const client = gateway ? localGateway(gateway) : remoteGateway(config, log);

  /** The body reader of a route: the bounded JSON parser (kernel/input.ts), or multer whose text fields get the same checks. */
  function bodyParser(route: RouteSpec) {
    if (route.files) {
      const maxBytes = config[route.maxFileBytes ?? 'DOCUMENT_MAX_BYTES'];
      const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: Object.keys(route.files).length, fields: 20, fieldSize: 64 * 1024, parts: 40 } }).fields(
        Object.keys(route.files).map((name) => ({ name, maxCount: 1 })),
      );
      return (req: Request, res: Response, next: NextFunction) =>
        upload(req, res, (err?: unknown) => {
          if (err) return next(multipartError(err));
          try {
            assertInput(req.body);
            next();
          } catch (e) {
            next(e);
          }
        });
    }
    // an array body's elements are named by their index (`0.weight`), as the route's own errors name them
    return boundedJson(config.MAX_JSON_BODY_BYTES, route.bodyArray ? { root: '' } : {});
  }

  /**
   * A request whose form is wrong (400) is answered so only once its credential passed (docs/contract.md "Order of
   * checks"): missing headers are 401 as in step 2, and the gateway judges the credential against the route's
   * requirement (a 401 or 403 it earns wins over the 400). Asked only on this path: an accepted request costs nothing.
   */
  async function refuseInput(req: Request, res: Response, route: RouteSpec, message: string, field?: string) {
    const { missing, required } = missingOf(route, req);
    if (missing.length) return fail(res, route, 'UNAUTHORIZED', missingHeaders(missing, required));
    const requirement = requirementOf(route);
    let refusal: CredentialRefusal | undefined;
    try {
      refusal = requirement.kind === 'none' ? undefined : ((await client.judge(req, requirement)) ?? (await permissionProbe(req, res, route)));
    } catch (err) {
      if (err instanceof AppError) return fail(res, route, err.code, err.message);
      log.error({ err, route: `${route.method} ${route.path}` }, 'credential judgement failed');
      return fail(res, route, 'INTERNAL_ERROR', 'Internal server error');
    }
    if (refusal) return fail(res, route, refusal.code, refusal.message);
    fail(res, route, 'VALIDATION_ERROR', message, field);
  }

  /**
   * Whether the caller, whose credential passed, may run the route's operation at all (docs/contract.md "Order of
   * checks"): the operation is sent as a permission probe, with the path and query parameters and the least value of
   * every other variable (translate.ts `probeVariables`), and ends at its resolver's scope check. A 401 or 403 there is
   * the answer; anything else (the probe passed, or the record the path names does not exist) leaves the 400. The two
   * file routes act on the caller's own account and take no role: they are not probed.
   */
  async function permissionProbe(req: Request, res: Response, route: RouteSpec): Promise<CredentialRefusal | undefined> {
    const compiled = operations.get(route);
    if (!compiled || route.files) return undefined;
    // (the route's parameters as its handlers saw them: Express resets req.params for an error handler)
    const params = (res.locals.params ?? req.params ?? {}) as Record<string, string>;
    const variables = probeVariables(compiled.op, { params, query: req.query ?? {} });
    const error = (await client.send(req, route, compiled.sha256Hash, variables, undefined, { probe: true })).errors?.[0];
    const code = error?.extensions?.code;
    if (code === 'SERVICE_UNAVAILABLE') throw new AppError('SERVICE_UNAVAILABLE', error!.message);
    const status = httpStatusOf(code);
    return code && (status === 401 || status === 403) ? { code, message: error.message } : undefined;
  }
  /** Each route's compiled operation and its hash (filled as the handlers are built). */
  const operations = new Map<RouteSpec, { op: CompiledOperation; sha256Hash: string }>();

  function handler(route: RouteSpec) {
    const op = compileOperation(route);
    const sha256Hash = documentHash(op.text);
    operations.set(route, { op, sha256Hash });
    const routeLimits = operationLimits(op.document);
    const parse = bodyParser(route);
    const expectsBody = Boolean(route.bodyVariable || route.bodyFields || route.files);
    return [
      // 0. a route that takes only some values of a path parameter hands the others to the next route of its shape
      (req: Request, _res: Response, next: NextFunction) => {
        if (route.paramValues && !takesParams(route, req.params as Record<string, string>)) return next('route');
        next();
      },
      // 1. count the request (general + route limits), headers on every answer
      async (req: Request, res: Response, next: NextFunction) => {
        res.locals.envelope = route.envelope;
        res.locals.trace = req.id;
        res.locals.params = req.params;
        const outcome = await limits.check(await limits.callerKey(req), routeLimits);
        setRateHeaders(res, outcome);
        res.locals.route = route;
        if (outcome.blocked) return fail(res, route, 'RATE_LIMIT_EXCEEDED', 'Too many requests; retry after the time in Retry-After');
        next();
      },
      // 2. the credential the route needs must be present (its validity is the gateway's to judge)
      (req: Request, res: Response, next: NextFunction) => {
        const { missing, required } = missingOf(route, req);
        if (missing.length) return fail(res, route, 'UNAUTHORIZED', missingHeaders(missing, required));
        next();
      },
      // 3. the body (a refusal of it is answered only after the credential passed: `refuseInput`)
      (req: Request, res: Response, next: NextFunction) => {
        if (!expectsBody) return next();
        if (route.files && !req.is('multipart/form-data')) return next(new AppError('VALIDATION_ERROR', 'body: must be multipart/form-data', 'body'));
        // whatever the framing (Content-Length or chunked): a JSON route reads only application/json
        if (!route.files && hasBody(req) && !req.is('application/json')) return next(new AppError('VALIDATION_ERROR', 'body: must be application/json', 'body'));
        parse(req, res, next);
      },
      reenterScope,
      // 4. translate, call the gateway, answer in the family's envelope
      async (req: Request, res: Response) => {
        const variables = variablesFor(route, op, { params: req.params as Record<string, string>, query: req.query, body: route.files ? { ...(req.body ?? {}) } : req.body });
        const result = await client.send(req, route, sha256Hash, variables, req.files as Record<string, Express.Multer.File[]> | undefined);
        const error = result.errors?.[0];
        if (error) {
          const code = error.extensions?.code;
          // (BAD_REQUEST: the gateway refused the request itself, split topology)
          if (isGraphQLInputError(code) || code === 'VALIDATION_ERROR' || code === 'BAD_REQUEST') {
            const described = error.extensions?.field ? restError(op, error.message, error.extensions.field) : describeInputError(error.message, route.bodyVariable);
            return refuseInput(req, res, route, described.message, described.field);
          }
          // the gateway refusing the route's own operation (over a limit, not registered) is the platform's fault
          if (!code || code === 'INTERNAL_SERVER_ERROR' || code === 'INTERNAL_ERROR' || GATEWAY_REFUSALS.has(code)) {
            log.error({ route: `${route.method} ${route.path}`, code, gatewayMessage: error.message }, 'operation failed');
            return fail(res, route, 'INTERNAL_ERROR', 'Internal server error');
          }
          const described = restError(op, error.message, error.extensions?.field);
          return fail(res, route, code, described.message, described.field);
        }
        sendSuccess(res, route.envelope, route.status ?? 200, payloadOf(route, op, result.data), route.resultStatus);
      },
    ];
  }

  const app = createApp(config.TRUST_PROXY);
  observe(app, log, 'bridge', (req, res) => {
    const route = res.locals.route as RouteSpec | undefined;
    return route ? `${route.method} ${route.path}` : undefined;
  });
  // one ordering of the table for registration, for errors raised while matching and for CORS
  const ordered = registrationOrder(routes);
  const routeByPattern = (method: string, path: string) => matchRoute(ordered, method, path);
  cors(app, config.corsOrigins, (method, path) => routeByPattern(method, path)?.auth.startsWith('origin') ?? false);
  healthRoutes(
    app,
    async () =>
      (await limits.ready()) &&
      (gateway
        ? true
        : await fetch(config.gatewayUrl.replace(/\/graphql$/, '/readyz'))
            .then((r) => r.ok)
            .catch(() => false)),
  );
  if (config.restDocs) restReference(app);
  trackingPage(app, config, { log, limits, gateway: client });
  // the document depends only on the route table, the committed supergraph and the configuration: built once, on first use
  let openapi: ReturnType<typeof openApiDocument> | undefined;
  app.get('/openapi.json', (_req, res) => res.json((openapi ??= openApiDocument(routes, config))));
  app.use('/files', express.static(publicFilesRoot(config.dataDir), { index: false, dotfiles: 'deny', fallthrough: true }));

  const METHODS = { GET: 'get', POST: 'post', PATCH: 'patch', PUT: 'put', DELETE: 'delete' } as const;
  for (const route of ordered) app[METHODS[route.method]](route.path, ...handler(route));

  // Unknown paths: counted, then NOT_FOUND in the envelope of the family the path belongs to.
  app.use(async (req: Request, res: Response) => {
    const outcome = await limits.check(await limits.callerKey(req));
    setRateHeaders(res, outcome);
    if (outcome.blocked) return sendError(res, envelopeOfPath(req.path), 'RATE_LIMIT_EXCEEDED', 'Too many requests; retry after the time in Retry-After');
    sendError(res, envelopeOfPath(req.path), 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
  });

  // Body and upload errors become VALIDATION_ERROR naming the field (read by boundedJson and multipartError, which
  // raise AppErrors); a database that cannot serve is 503; anything else is a logged INTERNAL_ERROR.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    // an error raised while the router matched (a parameter it cannot decode) comes before the route's handlers:
    // find the route by its pattern, so that the answer is in its family's envelope all the same
    const route = (res.locals.route as RouteSpec | undefined) ?? routeByPattern(req.method, req.path);
    res.locals.trace ??= req.id;
    const answer = (code: string, message: string, field?: string) => {
      if (!route) return sendError(res, envelopeOfPath(req.path), code, message, field);
      // the request's form is judged after its credential (docs/contract.md "Order of checks")
      if (code === 'VALIDATION_ERROR') return void refuseInput(req, res, route, message, field);
      fail(res, route, code, message, field);
    };
    if (err instanceof AppError) return answer(err.code, err.message, err.field);
    const e = err as { type?: string; status?: number };
    if (e.type === 'entity.too.large') return answer('VALIDATION_ERROR', `body: exceeds ${Math.round(config.MAX_JSON_BODY_BYTES / 1024)} KB`, 'body');
    // a path segment that is not valid percent-encoded UTF-8 (the router cannot decode it): the message would echo it
    if (err instanceof URIError) return answer('VALIDATION_ERROR', 'path: a parameter is not valid percent-encoded UTF-8', 'path');
    if (e.status && e.status >= 400 && e.status < 500) return answer('VALIDATION_ERROR', `body: ${(err as Error).message}`, 'body');
    // the shared counters' database is unreachable or too slow (kernel/db.ts): retry later, not a bug
    if (isDatabaseUnavailable(err)) {
      log.warn({ err, path: req.path, method: req.method }, 'database unavailable');
      return answer('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly');
    }
    log.error({ err, path: req.path, method: req.method }, 'request failed');
    answer('INTERNAL_ERROR', 'Internal server error');
  });

  return app;
}
