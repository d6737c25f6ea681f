/** The current request's scope (ids, trace context), apart from kernel/observability.ts so that the logger can read it. */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What every process knows of the request it serves (kernel/observability.ts sets it; log lines and next hops read it). */
export interface RequestScope {
  requestId: string;
  traceId: string;
  /** This process's span id for the request (what it sends on as the parent). */
  spanId: string;
  flags: string;
  /** The credential's kind once the gateway resolved it (user, provider, api-key, connector, anonymous …). */
  principal?: string;
  /** The GraphQL operation's name once resolved (gateway and subgraphs). */
  operation?: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
