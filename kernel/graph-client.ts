import { AppError, type ErrorCode } from './errors.js';
import { SERVICE_HEADER, signServiceCall, type Principal, type ServiceCaller } from './principal.js';

/**
 * How a family calls another family's public operation (docs/architecture.md "How families talk"): through the
 * gateway, as a `service` principal of one workspace with the scopes it needs, never by reading the other family's
 * tables or importing its files.
 *
 * - In a process that runs the gateway (the `single` topology), the gateway registers its in-process executor here
 *   (`serveGraphInProcess`) and a call is one `executeOperation`: no HTTP, no serialisation of the request.
 * - Elsewhere (`split`, replicas) it is a POST to the gateway (GATEWAY_URL; behind HAProxy with replicas) carrying
 *   the caller signed with INTERNAL_SECRET for 60 s (SERVICE_HEADER), which only the gateway turns into a principal.
 *
 * Either way the gateway plans the call across subgraphs and the callee's scope function decides it, as for a client.
 */

/** A GraphQL answer: data and/or errors. */
export interface GraphAnswer {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

type Executor = (query: string, variables: Record<string, unknown>, principal: Principal) => Promise<GraphAnswer>;

let inProcess: Executor | undefined;

/** The gateway of this process offers its executor (gateway/gateway.ts); undefined withdraws it (the gateway stopped). */
export function serveGraphInProcess(executor: Executor | undefined): void {
  inProcess = executor;
}

/** Where a call goes when no gateway runs in this process, and the secret it is signed with. */
export interface GraphClientConfig {
  gatewayUrl: string;
  internalSecret: string;
}

let remote: GraphClientConfig | undefined;

/** Takes the gateway's address and the internal secret from the process's configuration (kernel/subgraph.ts). */
export function configureGraphClient(config: GraphClientConfig): void {
  remote = { gatewayUrl: config.gatewayUrl, internalSecret: config.internalSecret };
}

/** Longest a call may take over HTTP before it fails with SERVICE_UNAVAILABLE. */
export const GRAPH_CALL_TIMEOUT_MS = 10_000;

const unavailable = (why: string) => new AppError('SERVICE_UNAVAILABLE', `The graph did not answer (${why}); retry shortly`);

/**
 * Runs `query` with `variables` as `caller` and returns its data. A GraphQL error becomes the AppError it was (its
 * code, message and field), so the calling family answers as the callee did; a gateway that cannot be reached or
 * answers no GraphQL is SERVICE_UNAVAILABLE.
 */
export async function callGraph<T extends Record<string, unknown>>(caller: ServiceCaller, query: string, variables: Record<string, unknown>): Promise<T> {
  let answer: GraphAnswer;
  if (inProcess) {
    answer = await inProcess(query, variables, { kind: 'service', ...caller, client: { workspaceId: caller.workspaceId } });
  } else {
    const config = remote;
    if (!config) throw unavailable('no gateway configured in this process');
    let res: Response;
    try {
      res = await fetch(config.gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SERVICE_HEADER]: await signServiceCall(caller, config.internalSecret) },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(GRAPH_CALL_TIMEOUT_MS),
      });
    } catch (err) {
      throw unavailable((err as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable');
    }
    try {
      answer = (await res.json()) as GraphAnswer;
    } catch {
      throw unavailable(`HTTP ${res.status}`);
    }
  }
  const error = answer.errors?.[0];
  if (error) {
    const code = typeof error.extensions?.code === 'string' ? (error.extensions.code as ErrorCode) : 'INTERNAL_ERROR';
    const field = typeof error.extensions?.field === 'string' ? error.extensions.field : undefined;
    throw new AppError(code, error.message, field);
  }
  if (!answer.data) throw unavailable('no data');
  return answer.data as T;
}
