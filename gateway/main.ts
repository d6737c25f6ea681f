import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import express from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { loadConfigOrExit, type Config } from '../kernel/config.js';
import { createLogger } from '../kernel/logger.js';
import { createApp, healthRoutes, serve } from '../kernel/http.js';
import { BRIDGE_HEADER, PRINCIPAL_HEADER, isBridgeCall, signPrincipal, type Principal } from '../kernel/principal.js';
import { RateLimits, setRateHeaders } from '../kernel/ratelimit.js';
import { resolvePrincipal } from './credentials.js';
import { extractUploads, multipartBody } from './uploads.js';

interface GatewayContext {
  principal: Principal;
  requestId: string;
}

/** Sends each subgraph fetch with the signed principal; rebuilds multipart bodies so uploads reach the subgraph. */
class PlatformDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(url: string, private readonly config: Config) {
    super({ url });
  }

  override async willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<void> {
    const ctx = options.context as Partial<GatewayContext>;
    const principal = ctx.principal ?? { kind: 'anonymous', client: {} };
    options.request.http?.headers.set(PRINCIPAL_HEADER, await signPrincipal(principal, this.config.internalSecret));
    if (ctx.requestId) options.request.http?.headers.set('x-request-id', ctx.requestId);
  }

  override async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const { clean, uploads } = extractUploads(options.request.variables ?? {});
    if (uploads.size === 0) {
      try {
        return await super.process(options);
      } catch (err) {
        // A subgraph answers request-level errors (e.g. a variable it cannot coerce) with HTTP 400 and a GraphQL
        // body; pass those errors on as they are instead of a generic "400: Bad Request".
        const body = (err as { extensions?: { response?: { body?: { errors?: unknown } } } }).extensions?.response?.body;
        if (body && Array.isArray(body.errors)) return { errors: body.errors } as GatewayGraphQLResponse;
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

const config = loadConfigOrExit();
const log = createLogger('gateway', config.LOG_LEVEL);
const supergraphSdl = readFileSync(join(process.cwd(), 'schema', 'supergraph.graphql'), 'utf8');
const gateway = new ApolloGateway({
  supergraphSdl,
  buildService: ({ name }) => new PlatformDataSource(config.subgraphUrl(name), config),
});
const server = new ApolloServer<GatewayContext>({
  gateway,
  csrfPrevention: true,
  introspection: true,
  includeStacktraceInErrorResponses: false,
  // GraphQL's own input errors (parse, validation, variable coercion) carry the platform's code too
  formatError: (formatted) => {
    const code = formatted.extensions?.code;
    return code === 'BAD_USER_INPUT' || code === 'GRAPHQL_VALIDATION_FAILED' || code === 'GRAPHQL_PARSE_FAILED'
      ? { ...formatted, extensions: { ...formatted.extensions, code: 'VALIDATION_ERROR' } }
      : formatted;
  },
});
await server.start();

const limits = await RateLimits.open(config);
const subgraphNames = [...supergraphSdl.matchAll(/@join__graph\(name: "([^"]+)"/g)].map((m) => m[1]!);
const app = createApp(config.TRUST_PROXY);
healthRoutes(app, async () => {
  const checks = await Promise.all(
    subgraphNames.map((n) => fetch(new URL('/readyz', config.subgraphUrl(n))).then((r) => r.ok).catch(() => false)),
  );
  return checks.every(Boolean);
});
app.use(
  '/graphql',
  // direct GraphQL clients count against the same general limits as REST callers (the bridge's calls are counted there)
  async (req, res, next) => {
    if (await isBridgeCall(req.header(BRIDGE_HEADER), config.internalSecret)) return next();
    const outcome = await limits.check(await limits.callerKey(req));
    setRateHeaders(res, outcome);
    if (!outcome.blocked) return next();
    res.status(429).json({ errors: [{ message: 'Too many requests; retry after the time in Retry-After', extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] });
  },
  express.json({ limit: config.MAX_JSON_BODY_BYTES }),
  graphqlUploadExpress({ maxFileSize: Math.max(config.AVATAR_MAX_BYTES, config.DOCUMENT_MAX_BYTES), maxFiles: 5 }),
  expressMiddleware(server, {
    context: async ({ req }) => ({
      principal: await resolvePrincipal(req, config),
      requestId: req.header('x-request-id') ?? randomUUID(),
    }),
  }),
);
await serve(app, config.GATEWAY_PORT, config.HOST, log, async () => {
  await server.stop();
  await limits.close();
});
