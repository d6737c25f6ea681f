import { dbQueryDuration } from './metrics.js';
import { DefaultLogger, type LoggerOptions } from '@mikro-orm/core';
import type { ApolloServerPlugin } from '@apollo/server';

/**
 * Counts the SQL statements each GraphQL request runs, and reports the count in the response's
 * `extensions.sqlStatements` (subgraphs are internal: only the gateway, or a test holding its signature, sees it).
 * It is how the test suite proves that lists resolve their relations with DataLoaders, not one query per row.
 * Each request's entity manager is forked with `loggerContext: { sqlCounter }` (kernel/subgraph.ts), and MikroORM
 * hands that context to the logger with every query.
 */
/** A class instance (not a plain object), so MikroORM's fork-time merge of logger contexts keeps it by reference. */
export class SqlCounter {
  sql = 0;
}

export class CountingLogger extends DefaultLogger {
  constructor(
    options: LoggerOptions,
    private readonly schema = 'unknown',
  ) {
    super(options);
  }

  override logQuery(context: Parameters<DefaultLogger['logQuery']>[0]): void {
    const counter = (context as { sqlCounter?: SqlCounter }).sqlCounter;
    if (counter) counter.sql += 1;
    if (typeof context.took === 'number') dbQueryDuration.observe({ schema: this.schema }, context.took / 1000);
    super.logQuery(context);
  }
}

export const sqlCountPlugin: ApolloServerPlugin<{ sqlCounter?: SqlCounter }> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, contextValue }) {
        if (contextValue.sqlCounter && response.body.kind === 'single') {
          response.body.singleResult.extensions = { ...(response.body.singleResult.extensions ?? {}), sqlStatements: contextValue.sqlCounter.sql };
        }
      },
    };
  },
};
