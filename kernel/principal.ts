import { SignJWT, jwtVerify } from 'jose';
import { AppError, forbidden, notFound, unauthorized } from './errors.js';
import { hmacKey } from './hmac-keys.js';

/** What the caller's client told us about itself; never logged. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  deviceId?: string;
  origin?: string;
  /** The order intent token (`x-intent-token`) of the commerce family: checked by the commerce subgraph. */
  intentToken?: string;
  /** The `Idempotency-Key` header of a POST (docs/contract.md "Idempotency"). */
  idempotencyKey?: string;
  /** The `X-Workspace-ID` header (the queries family): the workspace the caller means to act in. */
  workspaceId?: string;
}

/** An enabled CSP connector whose allowed origins list the request's `origin` (the commerce family's tenant). */
export interface OriginConnector {
  workspaceId: string;
  connectorId: string;
  /** The CSP's code. */
  providerCode: string;
  /** The connector works in the sandbox. */
  sandbox: boolean;
}

/** Provider kinds of the spec, as they appear in paths (`/v1/:wid/lsp/...`). */
export const PROVIDER_KINDS = ['csp', 'dev', 'lsp', 'iotsp'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** Workspace roles: the creator is OWNER; the others are the spec's operator roles. */
export const ROLES = ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is calling, resolved once at the gateway from whatever credential the request carried.
 * Subgraphs receive it signed in the PRINCIPAL_HEADER and trust nothing else.
 *
 * - `user`: a user access token (Authorization: Bearer, or header set A/B on workspace routes)
 * - `provider`: a provider-context token (header set A/B): a user acting as one provider of one workspace
 * - `apiKey`: a workspace API key (Authorization: Bearer lpk_…) for the API-key families
 * - `connector`: a connector access token (Authorization: Bearer) for server-to-server calls
 * - `origin`: no credential but an `origin` header that enabled CSP connectors list (the client order family)
 * - `service`: a family of the platform calling another family's public operation through the gateway for one
 *   workspace (kernel/graph-client.ts), with the scopes of a workspace API key; never a client's credential
 */
export type Principal = (
  | { kind: 'anonymous'; client: ClientInfo }
  | { kind: 'user'; userId: string; sessionId: string; client: ClientInfo }
  | {
      kind: 'provider';
      userId: string;
      sessionId: string;
      workspaceId: string;
      providerKind: ProviderKind;
      providerId: string;
      providerCode: string;
      role: Role;
      client: ClientInfo;
    }
  | { kind: 'apiKey'; workspaceId: string; keyId: string; scopes: string[]; client: ClientInfo }
  | {
      kind: 'connector';
      workspaceId: string;
      connectorId: string;
      tokenId: string;
      providerKind: ProviderKind;
      providerCode: string;
      scopes: string[];
      /** The connector is in sandbox mode. */
      sandbox?: boolean;
      /** With an `origin` header: whether the connector's allowed origins list it. */
      originAllowed?: boolean;
      client: ClientInfo;
    }
  | { kind: 'origin'; origin: string; connectors: OriginConnector[]; client: ClientInfo }
  | { kind: 'service'; family: string; workspaceId: string; scopes: string[]; client: ClientInfo }
) & {
  /**
   * A permission probe (docs/contract.md "Order of checks"): the bridge asks whether this caller may run the route's
   * operation before it answers a 400 for the request's form. The first scope check the operation's resolver passes
   * ends it (`authorized`), before anything is read for or written by the operation. Set only by the gateway, for the
   * bridge's signed calls; a copy of the resolved principal, never the cached one.
   */
  probe?: true;
};

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
export type ProviderPrincipal = Extract<Principal, { kind: 'provider' }>;

/**
 * The request headers that carry a caller's credential, in every scheme of routes.tsv (bearer token, provider context
 * sets A and B, the intent token, the workspace header): what the bridge hands on to the gateway and what a browser
 * may send across origins (kernel/cors.ts).
 */
export const CREDENTIAL_HEADERS = [
  'authorization',
  'svc-auth-token',
  'svc-user-agent',
  'svc-auth-device',
  'x-auth-token',
  'x-user-agent',
  'x-auth-device',
  'x-intent-token',
  'x-workspace-id',
] as const;

export const PRINCIPAL_HEADER = 'x-platform-principal';
const AUDIENCE = 'platform-subgraph';
const ISSUER = 'platform-gateway';

/** Signs a principal for one hop gateway → subgraph (valid 60 s). */
export async function signPrincipal(principal: Principal, secret: string): Promise<string> {
  return new SignJWT({ p: principal })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(await hmacKey(secret));
}

/** Verifies the gateway's signature; a subgraph refuses any request without a valid one. */
export async function verifyPrincipal(token: string | undefined, secret: string): Promise<Principal> {
  if (!token) throw unauthorized('Requests must come through the gateway');
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { audience: AUDIENCE, issuer: ISSUER });
    return payload.p as Principal;
  } catch {
    throw unauthorized('Requests must come through the gateway');
  }
}

/** The signed-in user (a user access token), or UNAUTHORIZED. */
export function requireUser(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw unauthorized('A user access token is required');
  return principal;
}

/** A signed-in user, directly or acting as a provider (both carry the user and the session). */
export function requireSignedIn(principal: Principal): { userId: string; sessionId: string } {
  if (principal.kind !== 'user' && principal.kind !== 'provider') throw unauthorized('A user access token is required');
  return principal;
}

/** A provider-context token of one of `kinds`, or UNAUTHORIZED (no context) / FORBIDDEN (another kind). */
export function requireProvider(principal: Principal, ...kinds: ProviderKind[]): ProviderPrincipal {
  if (principal.kind !== 'provider') throw unauthorized('A provider-context token is required (GET /v1/:wid/<kind>/:xcode/context)');
  if (kinds.length && !kinds.includes(principal.providerKind)) {
    throw forbidden(`This operation needs the context of a ${kinds.map((k) => k.toUpperCase()).join(' or ')} provider`);
  }
  return principal;
}

/**
 * A provider-context token of `kind` acting as the provider a path names (`:icode`, `:xcode`, any case, spaces
 * around): another code, of this workspace or another, is NOT_FOUND `what` (the families whose routes carry the
 * provider's code: the order desks, the DEV family, developer invitations).
 */
export function requireProviderCode(principal: Principal, kind: ProviderKind, code: string, what: string): ProviderPrincipal {
  const provider = requireProvider(principal, kind);
  if (provider.providerCode.toUpperCase() !== code.trim().toUpperCase()) throw notFound(what);
  return provider;
}

/** Who calls an API-key family: a workspace API key, or another family of the platform acting for one workspace. */
export interface WorkspaceCaller {
  workspaceId: string;
  /** The API key's id; for a family of the platform `service:<family>` (kernel/graph-client.ts). */
  keyId: string;
  scopes: string[];
  client: ClientInfo;
  probe?: true;
}

/**
 * A workspace API key allowed to call `family` (its scopes hold the family or `*`), or a `service` principal (another
 * family of the platform, kernel/graph-client.ts) granted it: UNAUTHORIZED / FORBIDDEN otherwise.
 */
export function requireApiKey(principal: Principal, family: string): WorkspaceCaller {
  if (principal.kind === 'service') {
    if (!principal.scopes.includes(family)) throw forbidden(`The ${principal.family} family may not call ${family}`);
    return { workspaceId: principal.workspaceId, keyId: `service:${principal.family}`, scopes: principal.scopes, client: principal.client, ...(principal.probe ? { probe: true } : {}) };
  }
  if (principal.kind !== 'apiKey') throw unauthorized('A workspace API key is required (Authorization: Bearer <API_KEY>)');
  if (!principal.scopes.includes(family) && !principal.scopes.includes('*')) throw forbidden(`This API key may not call ${family}`);
  return principal;
}

/**
 * A CSP's client (the client order family, docs/orders.md "Who calls"): the `origin` header names enabled CSP
 * connectors (an `origin` principal), or a CSP connector's access token comes with an origin that connector allows.
 * Returns the origin and the connectors it may act for; 401 without an origin credential, 403 for a token of another
 * kind of connector or one that does not allow the origin.
 */
export function requireOriginClient(p: Principal): { origin: string; connectors: OriginConnector[] } {
  if (p.kind === 'origin') return { origin: p.origin, connectors: p.connectors };
  if (p.kind === 'connector') {
    const origin = p.client.origin;
    if (!origin) throw unauthorized('Missing header origin');
    if (p.providerKind !== 'csp') throw forbidden('Client orders need the access token of a CSP connector');
    if (p.originAllowed !== true) throw forbidden("The access token's connector does not allow this origin");
    return { origin, connectors: [{ workspaceId: p.workspaceId, connectorId: p.connectorId, providerCode: p.providerCode, sandbox: p.sandbox === true }] };
  }
  if (!p.client.origin) throw unauthorized('Missing header origin');
  throw unauthorized('No enabled CSP connector allows this origin (set it with PATCH /v1/:wid/csp/:xcode/connectors/:id/access)');
}

/** The one workspace an `origin` principal's connectors belong to; undefined when they span several (or for another kind). */
export function originWorkspace(p: Principal): string | undefined {
  if (p.kind !== 'origin' || new Set(p.connectors.map((c) => c.workspaceId)).size !== 1) return undefined;
  return p.connectors[0].workspaceId;
}

/** The one connector a client request without an intent acts for: several connectors allowing the origin is 403. */
export function requireOneOriginConnector(p: Principal): { origin: string; connector: OriginConnector } {
  const { origin, connectors } = requireOriginClient(p);
  if (connectors.length > 1) throw forbidden('Several connectors allow this origin: send Authorization: Bearer <connector access token> to say which');
  return { origin, connector: connectors[0] };
}

/**
 * What a REST route's credential must be, judged before the request's form (docs/contract.md "Order of checks"):
 * `user` a user access token; `signed-in` a user or provider-context token; `origin-client` the client order
 * family's origin credential; `api-key` a workspace API key allowed to call `family`; `none` nothing the bridge can
 * judge apart from the body (the access-token routes carry their secret in it).
 */
export type CredentialRequirement = { kind: 'none' } | { kind: 'user' } | { kind: 'signed-in' } | { kind: 'origin-client' } | { kind: 'api-key'; family: string };

/**
 * Throws the 401 or 403 the route's operation would answer for this principal, with the same words (the same
 * functions): a refusal a client gets before anything about its body. Nothing for a principal the route may take.
 */
export function judgeCredential(requirement: CredentialRequirement, p: Principal): void {
  switch (requirement.kind) {
    case 'none':
      return;
    case 'user':
      return void requireUser(p);
    case 'signed-in':
      return void requireSignedIn(p);
    case 'origin-client':
      return void requireOriginClient(p);
    case 'api-key':
      return void requireApiKey(p, requirement.family);
  }
}

/** A credential refused: 401 UNAUTHORIZED or 403 FORBIDDEN (503 SERVICE_UNAVAILABLE when its owner cannot answer). */
export interface CredentialRefusal {
  code: string;
  message: string;
}

/** The gateway's internal route the bridge asks `judgeCredential` through in the split topology (signed calls only). */
export const JUDGE_PATH = '/internal/credential';
/** Marks a bridge call to the gateway as a permission probe (`Principal.probe`): honoured on signed bridge calls only. */
export const PROBE_HEADER = 'x-platform-probe';

/** The bridge marks its calls to the gateway (signed, 60 s) so the gateway does not rate-limit them a second time. */
export const BRIDGE_HEADER = 'x-platform-bridge';

export async function signBridgeCall(secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('platform-bridge')
    .setAudience('platform-gateway')
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(await hmacKey(secret));
}

export async function isBridgeCall(token: string | undefined, secret: string): Promise<boolean> {
  if (!token) return false;
  return jwtVerify(token, await hmacKey(secret), { issuer: 'platform-bridge', audience: 'platform-gateway' }).then(
    () => true,
    () => false,
  );
}

/**
 * A family's call to the gateway for one workspace (kernel/graph-client.ts, split topology): signed with the internal
 * secret, valid 60 s. The gateway turns it into a `service` principal; no client can make one.
 */
export const SERVICE_HEADER = 'x-platform-service';

/** What a family calling another through the graph acts as: itself, for one workspace, with these scopes. */
export interface ServiceCaller {
  family: string;
  workspaceId: string;
  scopes: string[];
}

export async function signServiceCall(caller: ServiceCaller, secret: string): Promise<string> {
  return new SignJWT({ f: caller.family, w: caller.workspaceId, s: caller.scopes })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('platform-service')
    .setAudience('platform-gateway')
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(await hmacKey(secret));
}

/** The caller a valid service call names; undefined for a missing, forged or expired one. */
export async function verifyServiceCall(token: string | undefined, secret: string): Promise<ServiceCaller | undefined> {
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { issuer: 'platform-service', audience: 'platform-gateway' });
    const { f, w, s } = payload as { f?: unknown; w?: unknown; s?: unknown };
    if (typeof f !== 'string' || typeof w !== 'string' || !Array.isArray(s) || s.some((x) => typeof x !== 'string')) return undefined;
    return { family: f, workspaceId: w, scopes: s as string[] };
  } catch {
    return undefined;
  }
}

/**
 * Called by every family's scope function once the caller passed it (credential, tenant, role): a permission probe
 * ends here with PROBE_PASSED, so the bridge answers the request's form (400); any other request goes on.
 */
export function authorized(p: { probe?: true }): void {
  if (p.probe) throw new AppError('PROBE_PASSED', 'The caller may run this operation (permission probe)');
}
