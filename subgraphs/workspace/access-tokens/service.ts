import { now, nowDate } from '../../../kernel/clock.js';
import { forbidden, unauthorized } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { lockOneOrNull } from '../../../kernel/db.js';
import { revoke, workspaceTag } from '../../../kernel/revocations.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import { safeEqualHex, sha256, signConnectorToken, verifyConnectorToken } from '../../../kernel/tokens.js';
import type { Caller } from '../common/scope.js';
import { valuesOf } from '../../../kernel/graphql-types.js';
import { ConnectorAuthMode, connectorTypeUse, type ConnectorType } from '../common/vocabulary.js';
import { ConnectorStatus } from '../../../domain/vocabulary.js';
import { Connector } from '../connectors/entities.js';
import { normalizeOrigin } from '../connectors/rules.js';
import { AccessToken } from './entities.js';
import { AccessTokenType, type AccessConfig } from './types.js';

/**
 * Access tokens of connectors (docs/contract.md "Access tokens"): no user credential, the connector's secret or a
 * token, and the headers `origin` (one of the connector's origins) and `svc-user-agent`.
 */

function requireOrigin(c: Caller): string {
  const origin = c.principal.client.origin;
  if (!origin) throw unauthorized('Missing header origin');
  try {
    return normalizeOrigin(origin, 'origin');
  } catch {
    throw forbidden('Origin not allowed');
  }
}

function requireAgent(c: Caller): string {
  const agent = c.principal.client.userAgent;
  if (!agent) throw unauthorized('Missing header svc-user-agent');
  return agent;
}

async function issueFor(c: Caller, connector: Connector, origin: string, userAgent: string) {
  const ttl = c.config.CONNECTOR_TOKEN_TTL_SECONDS;
  const row = await scopeToWorkspace(c.em, connector.workspaceId).transactional(async (tx) =>
    tx.create(AccessToken, { connectorId: connector.id, origin, userAgent: userAgent.slice(0, 512), expiresAt: new Date(now() + ttl * 1000) }),
  );
  const accessToken = await signConnectorToken({ connectorId: connector.id, workspaceId: connector.workspaceId, tokenId: row.id }, c.config.jwtSecret, ttl);
  return { accessToken, tokenType: AccessTokenType.Bearer, expiresIn: ttl, scope: connector.config.scope, connectorId: connector.id };
}

/** A connector usable from this origin: exists, enabled, origin allowed. */
async function usableConnector(c: Caller, connectorId: string, origin: string): Promise<Connector> {
  const connector = isUuid(connectorId) ? await c.em.findOne(Connector, { id: connectorId }, { filters: false }) : null;
  if (!connector) throw unauthorized('Invalid connector credentials');
  if (connector.status !== ConnectorStatus.ENABLED) throw forbidden('Connector is disabled');
  if (!connector.origins.includes(origin)) throw forbidden('Origin not allowed for this connector');
  return connector;
}

export async function issueAccessToken(c: Caller, input: { connectorId: string; secret: string }) {
  const origin = requireOrigin(c);
  const agent = requireAgent(c);
  const connector = isUuid(input.connectorId) ? await c.em.findOne(Connector, { id: input.connectorId }, { filters: false }) : null;
  if (!connector || !safeEqualHex(sha256(input.secret), connector.secretHash)) throw unauthorized('Invalid connector credentials');
  await usableConnector(c, connector.id, origin);
  return issueFor(c, connector, origin, agent);
}

async function liveToken(c: Caller, token: string, allowExpired: boolean) {
  const claims = await verifyConnectorToken(token, c.config.jwtSecret, allowExpired);
  if (!claims) throw unauthorized('Invalid access token');
  const row = await c.em.findOne(AccessToken, { id: claims.tokenId, connectorId: claims.connectorId }, { filters: false });
  if (!row || row.revokedAt) throw unauthorized('Access token revoked');
  return { claims, row };
}

/**
 * Marks a token revoked; the gateway's cached answers for its workspace are dropped in the same transaction. Judged
 * on the token's row locked in it (kernel/db.ts `lockOne`, docs/contract.md "Concurrency"): of two revocations or
 * rotations of one token at once, the second finds it revoked (401), as it would after the first.
 */
async function revokeRow(c: Caller, row: AccessToken) {
  await scopeToWorkspace(c.em, row.workspaceId).transactional(async (tx) => {
    const locked = await lockOneOrNull(tx, AccessToken, { id: row.id });
    if (!locked || locked.revokedAt) throw unauthorized('Access token revoked');
    locked.revokedAt = nowDate();
    await revoke(tx, [workspaceTag(row.workspaceId)]);
  });
}

/** Replaces a valid token by a new one (the old one stops working). */
export async function rotateAccessToken(c: Caller, accessToken: string) {
  const origin = requireOrigin(c);
  const agent = requireAgent(c);
  const { claims, row } = await liveToken(c, accessToken, false);
  if (row.origin !== origin) throw forbidden('Origin not allowed for this token');
  const connector = await usableConnector(c, claims.connectorId, origin);
  await revokeRow(c, row);
  return issueFor(c, connector, origin, agent);
}

/** Revokes a token (an expired one too), from the origin it was issued to. */
export async function revokeAccessToken(c: Caller, accessToken: string) {
  const origin = requireOrigin(c);
  const { claims, row } = await liveToken(c, accessToken, true);
  if (row.origin !== origin) throw forbidden('Origin not allowed for this token');
  await revokeRow(c, row);
  return { revoked: true, connectorId: claims.connectorId };
}

export function accessConfig(c: Caller, type: ConnectorType): AccessConfig {
  requireOrigin(c);
  requireAgent(c);
  return {
    connectorType: type,
    description: connectorTypeUse(type),
    tokenEndpoint: `${c.config.publicUrl}/v1/access/token`,
    requiredHeaders: ['origin', 'svc-user-agent'],
    protocols: type === 'IOT' ? ['mqtt', 'http1', 'http2'] : ['http1', 'http2', 'grpc'],
    authModes: valuesOf(ConnectorAuthMode),
    tokenLifetime: c.config.CONNECTOR_TOKEN_TTL_SECONDS,
    usage: "Authorization: Bearer <accessToken>; the token carries the connector's scopes; rotate before it expires",
  };
}
