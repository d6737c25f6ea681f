import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api.js';

/**
 * A typed REST client in a few lines: openapi-fetch's `createClient<paths>` over the types openapi-typescript generates
 * from the bridge's OpenAPI document (generate.mjs). Every path, path parameter, query parameter, request body and
 * answer is typed by the route table: `client.POST('/v1/workspace', { body: { name } })`.
 *
 * The credentials are headers, one scheme per route (docs/contract.md "Credentials"; each operation of the document
 * names its own under "Credential" and `security`): the helpers below write them, and `restClient(baseUrl, ...)` sends
 * them with every call.
 */
export type RestClient = Client<paths>;

/** Headers of one credential scheme. */
export type Credential = Record<string, string>;

/** The calling application and the device a token is bound to (`svc-user-agent`/`X-User-Agent`, `svc-auth-device`/`X-Auth-Device`). */
export interface Caller {
  agent: string;
  device: string;
}

/** User management and auth (`user-bearer`): `Authorization: Bearer <access token>` from /v1/auth/login or /v1/auth/register. */
export const userBearer = (accessToken: string): Credential => ({ authorization: `Bearer ${accessToken}` });

/**
 * Header set A (`set-a`: workspaces, providers, connectors, LSP, IoTSP, CSP invitations): a user access token, or a
 * provider-context token where the route acts as a provider (GET /v1/{wid}/{kind}/{xcode}/context).
 */
export const headerSetA = (token: string, caller: Caller): Credential => ({
  'svc-auth-token': token,
  'svc-user-agent': caller.agent,
  'svc-auth-device': caller.device,
});

/** Header set B (`set-b`: FAQs, developers, CSP orders, hub pricing): the same tokens as set A under other names. */
export const headerSetB = (token: string, caller: Caller): Credential => ({
  'X-Auth-Token': token,
  'X-User-Agent': caller.agent,
  'X-Auth-Device': caller.device,
});

/** The API-key families (`api-key`: utilities, pipelines): `Authorization: Bearer lpk_…`, a workspace API key. */
export const apiKey = (key: string): Credential => ({ authorization: `Bearer ${key}` });

/** The queries family (`api-key+workspace`): the API key and the id of its workspace. */
export const apiKeyForWorkspace = (key: string, workspaceId: string): Credential => ({ ...apiKey(key), 'X-Workspace-ID': workspaceId });

/** A client for the bridge at `baseUrl` (e.g. http://localhost:3000) sending these headers (credentials, or any other) on every call. */
export function restClient(baseUrl: string, ...headers: Credential[]): RestClient {
  return createClient<paths>({ baseUrl, headers: Object.fromEntries(headers.flatMap((h) => Object.entries(h))) });
}

/**
 * A failed call: the HTTP status and the family's error envelope (docs/contract.md "Envelopes"): `{success: false, code,
 * message, field?}` for users and auth, `{error: true, status, message, field?}` elsewhere.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${status} ${text(body, 'code') ?? text(body, 'status') ?? 'ERROR'}: ${text(body, 'message') ?? JSON.stringify(body)}`);
  }
}

/** A string field of an envelope, if it has one. */
function text(body: unknown, key: string): string | undefined {
  const value: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** An answer of openapi-fetch: `data` on success (2xx), `error` otherwise. */
interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** The status and typed body of a call that succeeded; a failure throws a RestError. */
export async function succeeded<D>(call: Promise<Answer<D>>): Promise<{ status: number; body: D }> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw new RestError(response.status, error);
  return { status: response.status, body: data };
}

/** A field the journey needs from an answer: the document marks no answer field required, so each is optional in its type. */
export function need<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`the answer has no ${what}`);
  return value;
}
