import { createHash } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import { print, type GraphQLSchema } from 'graphql';
import { Counter, Gauge } from 'prom-client';
import { Memo } from '../kernel/memo.js';
import { registry } from '../kernel/metrics.js';
import { operationCoordinates, outputFields } from '../kernel/schema-coordinates.js';
import type { GatewayContext } from './context.js';

/**
 * Field usage (docs/graphql.md "For schema reviewers"): which output fields of which types the operations use, by
 * client kind: `rest` (the bridge's operations, one per REST route), `graphql` (direct clients) and `service` (a
 * family's own call through the graph). A document's fields are computed once, when its hash is first seen, with the
 * counters bound to them; a request then adds one to each of its document's counters and does nothing else. Labels are
 * bounded by the schema: a type, a field and one of three client kinds.
 *
 * - `graphql_field_requests_total{type,field,client}`: requests that selected the field since the process started;
 * - `graphql_field_operations{type,field,client}`: distinct operation documents seen selecting it (up to
 *   MAX_DOCUMENTS documents a process: beyond it new documents are counted in requests only).
 *
 * `npm run schema:usage` reads them from `/metrics` and lists the fields never used, used by REST routes only, and used
 * by client operations; `npm run schema:review -- <ref> --usage <url>` adds them to each change.
 */
export type UsageClient = 'rest' | 'graphql' | 'service';

const requests = new Counter({
  name: 'graphql_field_requests_total',
  help: 'Requests whose operation selected the field (an output field of an object or interface type), by client kind: rest (the bridge), graphql (direct clients), service (families through the graph).',
  labelNames: ['type', 'field', 'client'] as const,
  registers: [registry],
});

const documents = new Gauge({
  name: 'graphql_field_operations',
  help: 'Distinct operation documents seen selecting the field since the process started, by client kind (at most 10,000 documents a process).',
  labelNames: ['type', 'field', 'client'] as const,
  registers: [registry],
});

/** Documents counted in `graphql_field_operations` at most, per process. */
const MAX_DOCUMENTS = 10_000;

/** The field usage plugin of the gateway's Apollo Server (the context's `client`; unset, a direct GraphQL client). */
export function fieldUsagePlugin(): ApolloServerPlugin<GatewayContext> {
  /** `<client>:<document hash>` → the counters of its fields (one computation per document and client kind). */
  const bound = new Memo<string, { inc(): void }[]>(2000);
  const seen = new Set<string>();
  const counters = (schema: GraphQLSchema, key: string, document: Parameters<typeof operationCoordinates>[1], client: UsageClient) =>
    bound.of(key, () => {
      const fields = outputFields(schema, operationCoordinates(schema, document)).map((c) => c.split('.') as [string, string]);
      if (!seen.has(key) && seen.size < MAX_DOCUMENTS) {
        seen.add(key);
        for (const [type, field] of fields) documents.labels(type, field, client).inc();
      }
      return fields.map(([type, field]) => requests.labels(type, field, client));
    });
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, schema, queryHash, contextValue }) {
          const client = contextValue.client ?? 'graphql';
          // queryHash is the SHA-256 of the request's text; a document given already parsed is hashed printed
          const hash = queryHash ?? createHash('sha256').update(print(document)).digest('hex');
          for (const c of counters(schema, `${client}:${hash}`, document, client)) c.inc();
        },
      };
    },
  };
}
