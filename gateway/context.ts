/** The context of one gateway operation, apart from gateway/gateway.ts so that the gateway's plugins can name it. */
import type { Principal } from '../kernel/principal.js';
import type { UsageClient } from './usage.js';

export interface GatewayContext {
  principal: Principal;
  requestId: string;
  /** A direct GraphQL client's rate-limit key (unset for the bridge's calls, which the bridge has counted). */
  caller?: string;
  /** Who sent the operation, for field usage (gateway/usage.ts): the bridge, a direct client or a family's call. */
  client?: UsageClient;
  /** SQL statements the subgraphs reported for this operation's fetches (`extensions.sqlStatements` of each). */
  sqlStatements?: { count: number };
  /** The client accepts `application/json` and not `application/graphql-response+json` (GraphQL over HTTP, docs/gateway.md). */
  legacyJson?: boolean;
}
