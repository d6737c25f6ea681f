import { graphqlIde, schemaPicture } from '../kernel/pages.js';
import { cors } from '../kernel/cors.js';
import { observe, operationNamePlugin, reenterScope, propagationHeaders, requestIdFrom } from '../kernel/observability.js';
import { requestScope } from '../kernel/request-scope.js';
import { operationLabel, subgraphFetchDuration } from '../kernel/metrics.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import express, { type Express, type Request } from 'express';
import type { Config } from '../kernel/config.js';
import { libraryLogger, type Logger } from '../kernel/logger.js';
import { createApp, healthRoutes } from '../kernel/http.js';
import { checkParsedBody, graphqlError, graphqlErrorHandler, graphqlNotFound, graphqlRequestBoundary, graphqlUploads } from '../kernel/graphql-http.js';
import { isDatabaseUnavailable } from '../kernel/errors.js';
import {
  BRIDGE_HEADER,
  PRINCIPAL_HEADER,
  PROBE_HEADER,
  SERVICE_HEADER,
  isBridgeCall,
  verifyServiceCall,
  JUDGE_PATH,
  judgeCredential,
  signPrincipal,
  type CredentialRefusal,
  type CredentialRequirement,
  type Principal,
} from '../kernel/principal.js';
import { RateLimits, setRateHeaders } from '../kernel/ratelimit.js';
import type { LocalResponse, SubgraphRuntime } from '../kernel/subgraph.js';
import { databaseReady } from '../kernel/db.js';
import { serveGraphInProcess } from '../kernel/graph-client.js';
import { createCredentialResolver, type CredentialResolver } from './credentials.js';
import { httpOwners, localOwners } from './credential-owners.js';
import { extractUploads, multipartBody } from './uploads.js';
import { operationLimitsPlugin } from './operation-limits.js';
import { fieldUsagePlugin } from './usage.js';
import { formatGuardError, limitRules } from './guards.js';
import { OperationRegistry, admit, persistedDocuments } from './persisted.js';
import type { GatewayContext } from './context.js';

/**
 * GraphQL over HTTP: a client that accepts `application/json` but not `application/graphql-response+json` gets 200 for
 * a well-formed request whose document fails to parse or validate (the guards' refusals included) or whose variables
 * fail coercion, the errors in the body; with `application/graphql-response+json` (or no explicit JSON type) those stay
 * 400 (docs/gateway.md, "GraphQL over HTTP").
 */
function acceptsLegacyJson(accept: string | undefined): boolean {
  const types = (accept ?? '').split(',').map((t) => t.split(';')[0].trim().toLowerCase());
  return types.includes('application/json') && !types.includes('application/graphql-response+json');
}

function legacyJsonStatusPlugin(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, response }) {
          if (contextValue.legacyJson && response.http.status === 400) response.http.status = 200;
        },
      };
    },
  };
}

/** Adds a subgraph fetch's `extensions.sqlStatements` to the operation's count. */
function countStatements(ctx: Partial<GatewayContext>, response: GatewayGraphQLResponse): GatewayGraphQLResponse {
  const n = (response.extensions as { sqlStatements?: unknown } | undefined)?.sqlStatements;
  if (ctx.sqlStatements && typeof n === 'number') ctx.sqlStatements.count += n;
  return response;
}

/**
 * GRAPHQL_SQL_STATEMENTS: an answer to a request with `x-sql-statements: true` carries `extensions.sqlStatements`, the
 * SQL statements all subgraphs ran for the operation (how a test, or an operator tuning a query, sees that references
 * are batched: docs/gateway.md).
 */
function sqlStatementsPlugin(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, response }) {
          if (response.body.kind !== 'single' || !contextValue.sqlStatements) return;
          response.body.singleResult.extensions = { ...response.body.singleResult.extensions, sqlStatements: contextValue.sqlStatements.count };
        },
      };
    },
  };
}

/** The principal of a permission probe: a copy marked `probe` (the resolved one may be cached and shared). */
const probed = (principal: Principal, probe: boolean): Principal => (probe ? { ...principal, probe: true } : principal);

/** A GraphQL response as the gateway answers it: the same shape as a subgraph's (formatted errors). */
export type GatewayResponse = LocalResponse;

/** Sends each subgraph fetch over HTTP with the signed principal; rebuilds multipart bodies so uploads reach the subgraph. */
class RemoteSubgraph extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly config: Config,
  ) {
    super({ url });
  }

  override async willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<void> {
    const ctx = options.context as Partial<GatewayContext>;
    const principal = ctx.principal ?? { kind: 'anonymous', client: {} };
    options.request.http?.headers.set(PRINCIPAL_HEADER, await signPrincipal(principal, this.config.internalSecret));
    for (const [name, value] of Object.entries(propagationHeaders())) options.request.http?.headers.set(name, value);
    if (ctx.requestId) options.request.http?.headers.set('x-request-id', ctx.requestId);
  }

  override async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const { clean, uploads } = extractUploads(options.request.variables ?? {});
    if (uploads.size === 0) {
      try {
        return countStatements(options.context as Partial<GatewayContext>, await super.process(options));
      } catch (err) {
        // A subgraph answers request-level errors (e.g. a variable it cannot coerce) with HTTP 400 and a GraphQL
        // body; pass those errors on as they are instead of a generic "400: Bad Request".
        const body = (err as { extensions?: { response?: { body?: { errors?: unknown } } } }).extensions?.response?.body;
        if (body && Array.isArray(body.errors)) return { errors: body.errors };
        throw err;
      }
    }
    const ctx = options.context as GatewayContext;
    const form = await multipartBody(options.request.query!, clean, uploads, options.request.operationName);
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        [PRINCIPAL_HEADER]: await signPrincipal(ctx.principal, this.config.internalSecret),
        'apollo-require-preflight': 'true',
        'x-request-id': ctx.requestId,
      },
      body: form,
    });
    return (await res.json()) as GatewayGraphQLResponse;
  }
}

/**
 * A subgraph in the same process: the fetch runs on its schema directly (no HTTP, no signature, no JSON round trip).
 * Uploads pass as they are. Same context, errors and `extensions.sqlStatements` as its HTTP endpoint.
 */
class LocalSubgraph implements GraphQLDataSource<GatewayContext> {
  constructor(private readonly runtime: SubgraphRuntime) {}

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const ctx = options.context as Partial<GatewayContext>;
    const { query, variables, operationName } = options.request;
    const response = (await this.runtime.execute(
      { query: query!, variables: variables as Record<string, unknown> | undefined, operationName },
      ctx.principal ?? { kind: 'anonymous', client: {} },
      ctx.requestId ?? randomUUID(),
    )) as GatewayGraphQLResponse;
    return countStatements(ctx, response);
  }
}

/** A data source whose fetches are timed (gateway_subgraph_fetch_duration_seconds, kernel/metrics.ts). */
function timed(name: string, source: LocalSubgraph | RemoteSubgraph): GraphQLDataSource<GatewayContext> {
  const labels = { subgraph: name, transport: source instanceof LocalSubgraph ? 'in-process' : 'http' };
  return {
    async process(options) {
      const end = subgraphFetchDuration.startTimer(labels);
      try {
        return await source.process(options);
      } finally {
        end();
      }
    },
  };
}

export interface GatewayOptions {
  log: Logger;
  /** Subgraphs running in this process: their fetches run in-process. The others are called at their URLs. */
  local?: SubgraphRuntime[];
  /** Rate-limit counters (shared with the bridge when both run in one process). */
  limits: RateLimits;
}

export interface Gateway {
  app: Express;
  /** Credential resolution with its cache of owners' answers and its revocation listener. */
  credentials: CredentialResolver;
  /**
   * Runs an operation in-process for a caller whose credential headers are on `req` (the bridge, in one process): a
   * document text, or a registered one named by its hash (`extensions.persistedQuery`, gateway/persisted.ts).
   */
  execute(
    req: Request,
    body: { query?: string; variables?: Record<string, unknown>; operationName?: string; extensions?: Record<string, unknown> },
    requestId: string,
    options?: { probe?: boolean },
  ): Promise<GatewayResponse>;
  /**
   * The refusal the credential on `req` earns against a route's requirement (kernel/principal.ts `judgeCredential`),
   * or undefined when it passes: what the bridge asks before it answers a 400 (docs/contract.md "Order of checks").
   */
  judge(req: Request, requirement: CredentialRequirement): Promise<CredentialRefusal | undefined>;
  close(): Promise<void>;
}

/** The request's id (kernel/observability.ts): the client's when valid, else generated. */
export const requestIdOf = (req: Request): string => req.id ?? requestIdFrom(req.header('x-request-id'));

/**
 * The supergraph gateway: composed schema (schema/supergraph.graphql), query plans, credential resolution, rate limits,
 * and the guards of docs/gateway.md (operation limits, persisted documents, the introspection switch).
 */
export async function createGateway(config: Config, opts: GatewayOptions): Promise<Gateway> {
  const { log, limits } = opts;
  // the registered operations: the bridge's and the manifest's (a bad manifest stops the start here)
  const registry = OperationRegistry.load(config.GRAPHQL_OPERATIONS_MANIFEST);
  const local = new Map((opts.local ?? []).map((r) => [r.name, r]));
  const supergraphSdl = readFileSync(join(process.cwd(), 'schema', 'supergraph.graphql'), 'utf8');
  const gateway = new ApolloGateway({
    supergraphSdl,
    logger: libraryLogger(log),
    buildService: ({ name }) => timed(name, local.has(name) ? new LocalSubgraph(local.get(name)!) : new RemoteSubgraph(config.subgraphUrl(name), config)),
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    logger: libraryLogger(log),
    csrfPrevention: true,
    // off: Apollo refuses __schema and __type (INTROSPECTION_DISABLED) and graphql-js names no "Did you mean …"
    introspection: config.graphqlIntrospection,
    validationOptions: { hideSuggestions: !config.graphqlIntrospection },
    // the operation limits: tokens while parsing, the others as validation rules, all before execution
    parseOptions: { maxTokens: config.graphqlLimits.tokens },
    validationRules: limitRules(config.graphqlLimits),
    // documents are resolved from the registry (gateway/persisted.ts), never stored by clients at run time
    persistedQueries: false,
    includeStacktraceInErrorResponses: false,
    // the process's owner stops it (kernel/http.ts onShutdown, scripts/launcher.ts), not Apollo's own signal handlers
    stopOnTerminationSignals: false,
    // the IDE is the platform's own (kernel/pages.ts, GRAPHQL_IDE); Apollo's landing page would load one from a CDN
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      legacyJsonStatusPlugin(),
      operationNamePlugin,
      operationLimitsPlugin(limits),
      fieldUsagePlugin(),
      ...(config.GRAPHQL_SQL_STATEMENTS ? [sqlStatementsPlugin()] : []),
    ],
    // the guards' refusals carry their codes; GraphQL's own input errors (parse, validation, variable coercion) the
    // platform's VALIDATION_ERROR; with introspection off no message suggests a name of the schema
    formatError: formatGuardError({ maxTokens: config.graphqlLimits.tokens, hideSuggestions: !config.graphqlIntrospection }),
  });
  await server.start();

  // Credential owners in this process are asked in-process; the others over their internal HTTP routes.
  const users = local.get('users');
  const workspace = local.get('workspace');
  const owners = users && workspace ? localOwners({ users: users.orm, workspace: workspace.orm, dev: local.get('dev')?.orm }, config) : httpOwners(config);
  const credentials = createCredentialResolver(config, owners, { log });
  // the credential's kind goes into the request's access-log line (kernel/observability.ts)
  const resolvePrincipal = async (req: Request) => {
    const principal = await credentials.resolve(req);
    const scope = requestScope.getStore();
    if (scope) scope.principal = principal.kind;
    return principal;
  };

  const judge = async (req: Request, requirement: CredentialRequirement): Promise<CredentialRefusal | undefined> => {
    try {
      judgeCredential(requirement, await resolvePrincipal(req));
      return undefined;
    } catch (err) {
      const e = err as { message: string; extensions?: { code?: unknown } };
      if (typeof e.extensions?.code === 'string') return { code: e.extensions.code, message: e.message };
      if (isDatabaseUnavailable(err)) return { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable; retry shortly' };
      throw err;
    }
  };

  const remoteNames = [...supergraphSdl.matchAll(/@join__graph\(name: "([^"]+)"/g)].map((m) => m[1]).filter((n) => !local.has(n));
  const app = createApp(config.TRUST_PROXY);
  observe(app, log, 'gateway', (req, _res, scope) => (req.originalUrl.split('?')[0] === '/graphql' ? operationLabel(scope.operation) : undefined));
  cors(app, config.corsOrigins);
  // the browser pages (kernel/pages.ts): GraphiQL and the schema picture, both by GRAPHQL_IDE; off, their paths
  // fall through to the GraphQL endpoint below and get its answer to a GET without a query
  if (config.graphqlIde) {
    graphqlIde(app);
    schemaPicture(app);
  }
  healthRoutes(app, async () => {
    const checks = await Promise.all([
      ...remoteNames.map((n) =>
        fetch(new URL('/readyz', config.subgraphUrl(n)))
          .then((r) => r.ok)
          .catch(() => false),
      ),
      ...[...local.values()].map((r) => databaseReady(r.orm.em)),
    ]);
    return checks.every(Boolean);
  });
  // the bridge's question "does this credential pass the route's requirement?" (split topology; signed calls only)
  app.post(JUDGE_PATH, express.json({ limit: '1kb' }), async (req, res) => {
    if (!(await isBridgeCall(req.header(BRIDGE_HEADER), config.internalSecret))) return void res.status(404).json({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] });
    const { requirement } = req.body as { requirement: CredentialRequirement };
    res.json({ refusal: (await judge(req, requirement)) ?? null });
  });
  app.use(
    '/graphql',
    // direct GraphQL clients count against the same general limits as REST callers (the bridge's calls are counted
    // there); a family's call through the graph (kernel/graph-client.ts) is the platform's own work, not a client's
    async (req, res, next) => {
      if (await isBridgeCall(req.header(BRIDGE_HEADER), config.internalSecret)) {
        res.locals.bridgeCall = true;
        return next();
      }
      const service = req.header(SERVICE_HEADER);
      if (service !== undefined) {
        const caller = await verifyServiceCall(service, config.internalSecret);
        if (!caller) return graphqlError(res, 401, 'UNAUTHORIZED', 'Invalid or expired service call');
        res.locals.service = { kind: 'service', ...caller, client: { ip: req.ip, workspaceId: caller.workspaceId } } satisfies Principal;
        return next();
      }
      res.locals.caller = await limits.callerKey(req);
      let outcome: Awaited<ReturnType<RateLimits['check']>>;
      try {
        outcome = await limits.check(res.locals.caller as string);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        // the counters' database is unreachable or too slow: retry later (kernel/errors.ts)
        log.warn({ err }, 'database unavailable');
        res.status(503).json({ errors: [{ message: 'The service is temporarily unavailable; retry shortly', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
        return;
      }
      setRateHeaders(res, outcome);
      if (!outcome.blocked) return next();
      res.status(429).json({ errors: [{ message: 'Too many requests; retry after the time in Retry-After', extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] });
    },
    // the input boundary (kernel/graphql-http.ts): method, content type, size and limits, before Apollo reads anything
    // (the bridge's own calls carry a REST body already bounded, plus the operation: room for both)
    graphqlRequestBoundary((_req, res) => (res.locals.bridgeCall ? 2 * config.MAX_JSON_BODY_BYTES + 64 * 1024 : config.MAX_JSON_BODY_BYTES)),
    graphqlUploads(config.graphqlUploads),
    checkParsedBody,
    // a registered document named by its hash takes the request's `query`; in `registered` mode any other is refused
    // (a family's own call names its document in full: GRAPHQL_OPERATIONS governs clients)
    persistedDocuments(registry, config.GRAPHQL_OPERATIONS, (res) => res.locals.service !== undefined),
    reenterScope,
    expressMiddleware(server, {
      context: async ({ req, res }) => ({
        principal: (res.locals.service as Principal | undefined) ?? probed(await resolvePrincipal(req), res.locals.bridgeCall === true && req.header(PROBE_HEADER) === '1'),
        requestId: requestIdOf(req),
        caller: res.locals.caller as string | undefined,
        client: res.locals.bridgeCall === true ? ('rest' as const) : res.locals.service !== undefined ? ('service' as const) : ('graphql' as const),
        legacyJson: acceptsLegacyJson(req.header('accept')),
        // counted for the requests that ask (x-sql-statements: true) when GRAPHQL_SQL_STATEMENTS allows it
        ...(config.GRAPHQL_SQL_STATEMENTS && req.header('x-sql-statements') === 'true' ? { sqlStatements: { count: 0 } } : {}),
      }),
    }),
  );
  // every other answer is GraphQL-over-HTTP JSON too: unknown paths, and errors (never Express's HTML page)
  app.use(graphqlNotFound);
  app.use(graphqlErrorHandler(log));

  /** One operation in this process (the bridge's calls, the families' calls through the graph): its single result. */
  const executeInProcess = async (request: Parameters<typeof server.executeOperation>[0], principal: Principal, requestId: string) => {
    const response = await server.executeOperation<Record<string, unknown>>(request, { contextValue: { principal, requestId, client: principal.kind === 'service' ? 'service' : 'rest' } });
    if (response.body.kind !== 'single') throw new Error('incremental delivery is not supported');
    return response.body.singleResult;
  };
  // the families of this process call the graph in-process (kernel/graph-client.ts)
  serveGraphInProcess((query, variables, principal) => executeInProcess({ query, variables }, principal, requestScope.getStore()?.requestId ?? randomUUID()));

  return {
    app,
    credentials,
    judge,
    async execute(req, body, requestId, options) {
      const admission = admit(registry, config.GRAPHQL_OPERATIONS, body);
      if (!admission.ok) return { errors: [{ message: admission.message, extensions: { code: admission.code } }] };
      const { extensions: _, ...rest } = body;
      const request = admission.resolved ? { ...rest, query: admission.resolved.query, extensions: admission.resolved.extensions } : body;
      let principal: Principal;
      try {
        principal = await resolvePrincipal(req);
      } catch (err) {
        const e = err as { message: string; extensions?: Record<string, unknown> };
        return { errors: [{ message: e.message, extensions: { code: e.extensions?.code ?? 'INTERNAL_ERROR' } }] };
      }
      return (await executeInProcess(request, probed(principal, options?.probe === true), requestId)) as GatewayResponse;
    },
    async close() {
      serveGraphInProcess(undefined);
      await server.stop();
      await credentials.close();
    },
  };
}
