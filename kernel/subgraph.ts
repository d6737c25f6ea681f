import { configureGraphClient } from './graph-client.js';
import { observe, operationNamePlugin, reenterScope } from './observability.js';
import { operationLabel } from './metrics.js';
import 'reflect-metadata';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import type { ValidationError } from 'class-validator';
import express, { type Express, type Request } from 'express';
import { GraphQLError, execute, parse, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { buildSchema, createResolversMap, type NonEmptyArray } from 'type-graphql';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AppError, isDatabaseUnavailable, isErrorCode, isGraphQLInputError } from './errors.js';
import { PRINCIPAL_HEADER, verifyPrincipal, type Principal } from './principal.js';
import { createApp, healthRoutes, serve } from './http.js';
import { databaseReady, isUniqueViolation, openDatabase, type DatabaseOptions } from './db.js';
import { createLogger, libraryLogger, type Logger } from './logger.js';
import { SqlCounter, sqlCountPlugin } from './sql-count.js';
import { argumentValidator } from './validation.js';
import { DateTimeScalar } from './scalars.js';
import { GeoPointResolver } from './graphql-types.js';
import { canonicalIdArguments } from './input.js';
import { graphqlErrorHandler, graphqlNotFound } from './graphql-http.js';
import type { Config } from './config.js';
import { Memo } from './memo.js';

/** What every resolver of every subgraph receives. */
export interface SubgraphContext {
  principal: Principal;
  /** A request-scoped entity manager (identity map per request). */
  em: EntityManager;
  log: Logger;
  config: Config;
  requestId: string;
  /** Set by sign-in operations: the user this request has just authenticated (the principal is still anonymous). */
  authenticatedUserId?: string;
  /** SQL statements this request ran (reported in `extensions.sqlStatements`, kernel/sql-count.ts). */
  sqlCounter?: SqlCounter;
  /** Request-scoped DataLoaders (see kernel/loaders.ts). */
  loaders?: Map<string, unknown>;
}

export interface SubgraphDefinition {
  /** Subgraph name: also its Postgres schema, its SDL file name in schema/, and its *_PORT / *_URL variables. */
  name: string;
  resolvers: NonEmptyArray<Function>;
  /**
   * Entity types no field of this subgraph returns, which it only adds fields to (the DEV family's `faqs` of the LSP
   * family's Hub and Warehouse): listed so that they are in its schema.
   */
  orphanedTypes?: Function[];
  /** `__resolveReference` and other resolvers added to the federated schema by type name. */
  referenceResolvers?: Record<string, Record<string, unknown>>;
  database: Omit<DatabaseOptions, 'schema'>;
  /** Extra internal routes (mounted before /graphql, guarded by the gateway's signature). */
  internalRoutes?: (app: Express, orm: MikroORM, config: Config) => void;
  /**
   * `null` in this subgraph's inputs means "absent" everywhere (families that store nothing from their inputs, such
   * as the utilities queries). Otherwise `null` is accepted only by `@Nullable()` fields (kernel/validation.ts).
   */
  nullMeansAbsent?: boolean;
  /** Work started after the server listens (sweeps, event consumers …); may return how to stop it at shutdown (awaited before the database closes). */
  onStart?: (orm: MikroORM, config: Config, log: Logger) => void | StopWork | Promise<void | StopWork>;
  /**
   * Data the answers use, loaded in the background once the server listens so that the first request does not pay for
   * it. It must yield to the event loop as it goes: neither readiness nor a stop waits for it, and a signal that comes
   * meanwhile is handled at once. Subgraphs of one process that name the same function share one run of it.
   */
  preload?: () => Promise<void>;
}

/** The preloads started in this process, by function: the one-process topology's subgraphs share one run of each. */
const preloads = new Map<() => Promise<void>, Promise<void>>();

/** Parses a gateway's fetch document, without locations: the gateway forwards a fetch's errors without them (they would point into its fetch document). */
const parseFetch = (query: string): DocumentNode => parse(query, { noLocation: true });

const FEDERATION_LINK = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires", "@provides", "@inaccessible"])';

/** `Date` fields are the graph's one instant scalar, `DateTime` (kernel/scalars.ts). */
const SCALARS = [{ type: Date, scalar: DateTimeScalar }];

/** The family's resolvers and the kernel's (the shared value types' field resolvers). */
const kernelResolvers = (def: SubgraphDefinition): NonEmptyArray<Function> => [...def.resolvers, GeoPointResolver];

/** The subgraph's SDL, exactly as composed into the supergraph. */
export async function subgraphSdl(def: SubgraphDefinition): Promise<string> {
  const schema = await buildSchema({ resolvers: kernelResolvers(def), orphanedTypes: def.orphanedTypes, skipCheck: true, validate: false, scalarsMap: SCALARS });
  return `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(schema)}`;
}

/** The executable federated schema: type-graphql SDL + its resolver map + reference resolvers. */
export async function federatedSchema(def: SubgraphDefinition): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: kernelResolvers(def),
    orphanedTypes: def.orphanedTypes,
    skipCheck: true,
    scalarsMap: SCALARS,
    // the kernel's input rule (explicit null, kernel/validation.ts), then class-validator
    validateFn: argumentValidator({ forbidUnknownValues: false, whitelist: false }, { nullMeansAbsent: def.nullMeansAbsent }),
  });
  // without locations: the schema keeps its AST for good, and every node's location held the SDL's whole token list
  // (3.9 MB of heap for the nine subgraphs); the SDL is the platform's own, so no error points into it
  const typeDefs = parse(`${FEDERATION_LINK}\n\n${printSchemaWithDirectives(schema)}`, { noLocation: true });
  const resolvers = createResolversMap(schema) as Record<string, Record<string, unknown>>;
  for (const [type, extra] of Object.entries(def.referenceResolvers ?? {})) {
    resolvers[type] = { ...(resolvers[type] ?? {}), ...extra };
  }
  // ids compare the way they are stored: UUIDs in ID arguments reach resolvers lower-cased (kernel/input.ts)
  return canonicalIdArguments(buildSubgraphSchema({ typeDefs, resolvers: resolvers as never }));
}

/** Flattens class-validator errors into `path: message` for the first failing constraint. */
function firstValidationIssue(errors: ValidationError[], prefix = ''): { field: string; message: string } | undefined {
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) {
      const message = Object.values(e.constraints)[0] ?? 'is invalid';
      return { field, message };
    }
    const nested = firstValidationIssue(e.children ?? [], field);
    if (nested) return nested;
  }
  return undefined;
}

/** What a client reads when its write lost a unique key to another (no SQL, no key, no row). */
export const UNIQUE_CONFLICT_MESSAGE = 'The record conflicts with one that already exists (another request wrote it first)';

/**
 * Maps any error a resolver produced onto the platform's codes. Typed AppErrors pass through;
 * input validation becomes VALIDATION_ERROR naming the field; a unique key taken (PostgreSQL 23505) that the service
 * did not turn into its own CONFLICT is CONFLICT with a generic message; a database that cannot serve (unreachable,
 * timeout) is SERVICE_UNAVAILABLE; anything else is an INTERNAL_ERROR (a bug, logged).
 */
export function formatSubgraphError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = error instanceof GraphQLError && error.originalError ? error.originalError : error;
    if (original instanceof AppError) return { ...formatted, message: original.message, extensions: original.extensions };
    const ext = (original as GraphQLError)?.extensions ?? formatted.extensions ?? {};
    if (Array.isArray(ext.validationErrors)) {
      const issue = firstValidationIssue(ext.validationErrors as ValidationError[]);
      const field = (issue?.field ?? 'input').replace(/^(input|args)\./, '');
      return { message: `${field}: ${issue?.message ?? 'is invalid'}`, path: formatted.path, extensions: { code: 'VALIDATION_ERROR', field } };
    }
    const code = formatted.extensions?.code;
    if (isGraphQLInputError(code)) {
      return { ...formatted, extensions: { code: 'VALIDATION_ERROR' } };
    }
    if (isErrorCode(code)) return formatted;
    // a unique key taken by a concurrent write the service did not name (docs/contract.md "Concurrency"): the caller's
    // request conflicts with a record that exists now; never a 500, and never the constraint, key or row in the answer
    if (isUniqueViolation(original)) {
      // the constraint's name only: the driver's message and detail carry the key's value (an e-mail address, say)
      log.warn({ constraint: (original as { constraint?: string }).constraint }, 'unique key taken');
      return { message: UNIQUE_CONFLICT_MESSAGE, path: formatted.path, extensions: { code: 'CONFLICT' } };
    }
    // the database is unreachable, gone or too slow: the caller may retry (503), it is not a bug
    if (isDatabaseUnavailable(original)) {
      log.warn({ err: original }, 'database unavailable');
      return { message: 'The service is temporarily unavailable; retry shortly', path: formatted.path, extensions: { code: 'SERVICE_UNAVAILABLE' } };
    }
    log.error({ err: original }, 'unhandled resolver error');
    return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_ERROR' } };
  };
}

/** A request to a subgraph executed in-process (the gateway's fetch for a co-located subgraph). */
export interface LocalRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** What a subgraph answers, as its HTTP endpoint would (formatted errors). */
export interface LocalResponse {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
  extensions?: Record<string, unknown>;
}

/** One subgraph, built and connected, not yet bound to a port: served over HTTP, executed in-process, or both. */
export interface SubgraphRuntime {
  name: string;
  orm: MikroORM;
  schema: GraphQLSchema;
  log: Logger;
  /** Health, the principal check, internal routes and `/graphql` (what a split process listens with). */
  app: Express;
  /** Executes a gateway fetch in-process, with the same context, error mapping and `extensions.sqlStatements` as over HTTP. */
  execute(request: LocalRequest, principal: Principal, requestId: string): Promise<LocalResponse>;
  /** Starts background work (sweeps, event consumers); call once, after the platform is serving. */
  startWork(): Promise<void>;
  close(): Promise<void>;
}

/** Parsed fetch documents by text: the gateway sends the same few queries again and again (bounded). */
const FETCH_DOCUMENTS_MAX = 2000;

/** Builds one subgraph: database + migrations, schema, Apollo server, HTTP app, in-process executor. */
export async function createSubgraph(def: SubgraphDefinition, config: Config, log: Logger = createLogger(def.name, config.LOG_LEVEL)): Promise<SubgraphRuntime> {
  configureGraphClient(config);
  const [orm, schema] = await Promise.all([openDatabase(config, { schema: def.name, ...def.database }, log), federatedSchema(def)]);
  const formatError = formatSubgraphError(log);
  const contextFor = (principal: Principal, requestId: string): SubgraphContext => {
    const sqlCounter = new SqlCounter();
    return { sqlCounter, principal, em: orm.em.fork({ loggerContext: { sqlCounter } }), log, config, requestId };
  };
  const server = new ApolloServer<SubgraphContext>({
    schema,
    logger: libraryLogger(log),
    formatError,
    csrfPrevention: true,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // the process's owner stops it (kernel/http.ts onShutdown, scripts/launcher.ts), not Apollo's own signal handlers
    stopOnTerminationSignals: false,
    plugins: [ApolloServerPluginInlineTraceDisabled(), sqlCountPlugin, operationNamePlugin],
  });
  await server.start();

  const app = createApp(false);
  observe(app, log, def.name, (req, _res, scope) =>
    req.originalUrl.split('?')[0] === '/graphql' ? operationLabel(scope.operation) : req.originalUrl.startsWith('/internal') ? 'internal' : undefined,
  );
  healthRoutes(app, () => databaseReady(orm.em));

  // Everything below is reachable only with the gateway's signed principal.
  const principalOf = (req: Request) => verifyPrincipal(req.header(PRINCIPAL_HEADER), config.internalSecret);
  app.use(['/graphql', '/internal'], async (req, res, next) => {
    try {
      (req as Request & { principal: Principal }).principal = await principalOf(req);
      next();
    } catch (err) {
      res.status(401).json({ errors: [{ message: (err as Error).message, extensions: { code: 'UNAUTHORIZED' } }] });
    }
  });
  def.internalRoutes?.(app, orm, config);
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    graphqlUploadExpress(config.graphqlUploads),
    reenterScope,
    expressMiddleware(server, {
      context: async ({ req }) => contextFor((req as Request & { principal: Principal }).principal, req.id ?? randomUUID()),
    }),
  );
  // errors (an unreadable body …) and unknown paths answer GraphQL-over-HTTP JSON, never Express's HTML page
  app.use(graphqlNotFound);
  app.use(graphqlErrorHandler(log));

  const documents = new Memo<string, DocumentNode>(FETCH_DOCUMENTS_MAX);
  let started: Promise<StopWork | void> | undefined;
  return {
    name: def.name,
    orm,
    schema,
    log,
    app,
    async execute(request, principal, requestId) {
      const context = contextFor(principal, requestId);
      const format = (errors: readonly GraphQLError[], requestLevel: boolean) =>
        errors.map((e) => {
          const formatted = e.toJSON();
          // what Apollo Server marks BAD_USER_INPUT over HTTP: errors before execution (variables that do not coerce)
          const ext = requestLevel && !formatted.extensions?.code ? { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_USER_INPUT' } } : formatted;
          return formatError(ext, e);
        });
      let document: DocumentNode;
      try {
        document = documents.of(request.query, parseFetch);
      } catch (err) {
        return { errors: format([err as GraphQLError], true) };
      }
      // The gateway's fetch documents are valid against this schema by construction (query planning), and the
      // gateway validated the client's operation: no second validation. Variable coercion and every resolver check run.
      const result = await execute({ schema, document, variableValues: request.variables, operationName: request.operationName, contextValue: context });
      const sqlStatements = context.sqlCounter!.sql;
      if (!('data' in result)) return { errors: format(result.errors ?? [], true), extensions: { sqlStatements } };
      return {
        data: result.data as Record<string, unknown> | null,
        ...(result.errors ? { errors: format(result.errors, false) } : {}),
        extensions: { ...(result.extensions ?? {}), sqlStatements },
      };
    },
    async startWork() {
      if (def.preload && !started && !preloads.has(def.preload)) {
        const began = Date.now();
        const run = def.preload();
        preloads.set(def.preload, run);
        run.then(
          () => log.info({ ms: Date.now() - began }, 'reference data loaded'),
          (err: unknown) => log.warn({ err }, 'loading reference data failed; each set loads on its first use'),
        );
      }
      started ??= Promise.resolve(def.onStart?.(orm, config, log));
      await started;
    },
    async close() {
      // background work stops first (its jobs and consumers use the database), then the server, then the database.
      // A stop that comes while the work is still starting waits for it, then stops it: nothing starts after the close.
      started ??= Promise.resolve(undefined);
      const stopWork = await started.catch(() => undefined);
      await Promise.resolve(stopWork?.()).catch((err: unknown) => log.warn({ err }, 'stopping background work failed'));
      await server.stop();
      await orm.close();
    },
  };
}

/** How a subgraph's background work stops. */
export type StopWork = () => void | Promise<void>;

/** Starts one subgraph process (split topology): the runtime, listening on its own port. */
export async function runSubgraph(def: SubgraphDefinition, config: Config): Promise<void> {
  const runtime = await createSubgraph(def, config);
  await serve(runtime.app, config.subgraphPort(def.name), config.HOST, runtime.log, () => runtime.close());
  await runtime.startWork();
}
