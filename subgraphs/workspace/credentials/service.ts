import type { EntityManager } from '@mikro-orm/postgresql';
import { now, nowDate } from '../../../kernel/clock.js';
import { isUuid } from '../../../kernel/ids.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import { safeEqualHex, sha256 } from '../../../kernel/tokens.js';
import { ConnectorStatus } from '../../../domain/vocabulary.js';
import { AccessToken } from '../access-tokens/entities.js';
import { ApiKey } from '../api-keys/entities.js';
import { Connector } from '../connectors/entities.js';
import { Provider } from '../providers/entities.js';
import { Member } from '../workspaces/entities.js';

/**
 * The credential checks the gateway asks for (its internal routes, routes.ts, or in process: gateway/credential-owners.ts):
 * what a credential of this family resolves to now, or `active: false`.
 */

/** `Authorization: Bearer lpk_…`: the key's workspace and scopes while it is neither revoked nor expired. */
export async function resolveApiKey(em: EntityManager, key: string) {
  const m = /^(lpk_[A-Za-z0-9_-]{8})_[A-Za-z0-9_-]{20,}$/.exec(key);
  if (!m) return { active: false };
  const apiKey = await em.findOne(ApiKey, { prefix: m[1] }, { filters: false });
  if (!apiKey || !safeEqualHex(sha256(key), apiKey.hash) || apiKey.revokedAt || (apiKey.expiresAt && apiKey.expiresAt < nowDate())) {
    return { active: false };
  }
  if (!apiKey.lastUsedAt || now() - apiKey.lastUsedAt.getTime() > 60_000) {
    await em.nativeUpdate(ApiKey, { id: apiKey.id }, { lastUsedAt: nowDate() }, { filters: false });
  }
  return { active: true, workspaceId: apiKey.workspaceId, keyId: apiKey.id, scopes: apiKey.scopes, expiresAt: apiKey.expiresAt ?? undefined };
}

/** A provider-context token: still a member, provider still there; the member's current role. */
export async function resolveProviderContext(em: EntityManager, userId: string, workspaceId: string, providerId: string) {
  if (![userId, workspaceId, providerId].every(isUuid)) return { active: false };
  const scoped = scopeToWorkspace(em, workspaceId);
  const [member, provider] = await Promise.all([scoped.findOne(Member, { userId }), scoped.findOne(Provider, { id: providerId })]);
  if (!member || !provider) return { active: false };
  return { active: true, role: member.role, providerCode: provider.code };
}

/** A connector access token: not revoked, its connector enabled; the connector's provider and current scopes. */
export async function resolveConnectorToken(em: EntityManager, connectorId: string, tokenId: string) {
  if (!isUuid(connectorId) || !isUuid(tokenId)) return { active: false };
  const [connector, row] = await Promise.all([em.findOne(Connector, { id: connectorId }, { filters: false }), em.findOne(AccessToken, { id: tokenId, connectorId }, { filters: false })]);
  if (!connector || !row || row.revokedAt || connector.status !== ConnectorStatus.ENABLED) return { active: false };
  return {
    active: true,
    workspaceId: connector.workspaceId,
    providerKind: connector.providerKind,
    providerCode: connector.providerCode,
    scopes: connector.config.scope,
    origins: connector.origins,
    sandbox: connector.sandbox,
    expiresAt: row.expiresAt,
  };
}

/** Most connectors one origin answers for (an origin listed by more is answered with the first, oldest, ones). */
export const ORIGIN_CONNECTORS_MAX = 10;

/**
 * The commerce family's origin credential (docs/orders.md "Who calls"): the enabled CSP connectors whose allowed
 * origins list `origin`, oldest first. None: `active: false`.
 */
export async function resolveOrigin(em: EntityManager, origin: string) {
  if (!origin || origin.length > 255) return { active: false, connectors: [] };
  // (jsonb containment, served by the GIN index on origins)
  const rows = await em.execute<{ id: string; workspace_id: string; provider_code: string; sandbox: boolean }[]>(
    `select id, workspace_id, provider_code, sandbox from workspace.connector
      where provider_kind = 'csp' and status = ? and origins @> ?::jsonb order by created_at, id limit ?`,
    [ConnectorStatus.ENABLED, JSON.stringify([origin]), ORIGIN_CONNECTORS_MAX],
  );
  const connectors = rows.map((c) => ({ workspaceId: c.workspace_id, connectorId: c.id, providerCode: c.provider_code, sandbox: c.sandbox }));
  return { active: connectors.length > 0, connectors };
}
