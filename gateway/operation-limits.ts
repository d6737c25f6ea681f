import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { operationLimits } from '../kernel/operation-limits.js';
import { rateHeaders, type RateLimits } from '../kernel/ratelimit.js';
import type { GatewayContext } from './context.js';

/**
 * The per-action limits (kernel/operation-limits.ts) for GraphQL clients of the gateway: once the operation is known,
 * each limited root field it contains is counted for the caller; a refusal is 429 RATE_LIMIT_EXCEEDED with the same
 * headers as REST. Calls the bridge makes for its routes have been counted by the bridge (no `caller` in their context).
 */
export function operationLimitsPlugin(limits: RateLimits): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, document, operation, response }) {
          const caller = contextValue.caller;
          if (!caller) return;
          for (const limit of operationLimits(document, operation)) {
            const outcome = await limits.check(caller, [limit], { general: false });
            for (const [name, value] of rateHeaders(outcome)) response.http.headers.set(name.toLowerCase(), value);
            if (outcome.blocked) {
              throw new GraphQLError('Too many requests; retry after the time in Retry-After', {
                extensions: { code: 'RATE_LIMIT_EXCEEDED', http: { status: 429, headers: new Map(rateHeaders(outcome).map(([n, v]) => [n.toLowerCase(), v])) } },
              });
            }
          }
        },
      };
    },
  };
}
