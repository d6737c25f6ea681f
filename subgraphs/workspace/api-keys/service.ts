import { now, nowDate } from '../../../kernel/clock.js';
import { forbidden, notFound } from '../../../kernel/errors.js';
import { pageWindow, pagination, type PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { lockOne } from '../../../kernel/db.js';
import { revoke, workspaceTag } from '../../../kernel/revocations.js';
import { randomSecret, sha256 } from '../../../kernel/tokens.js';
import type { WorkspaceScope } from '../common/scope.js';
import { ApiKey } from './entities.js';
import { ADMIN_ONLY_SCOPES, type CreateApiKeyInput } from './types.js';

/** Workspace API keys (docs/contract.md "Workspaces"); the gateway's check of a key is credentials/service.ts. */

const DAY_MS = 86_400_000;

export async function createApiKey(s: WorkspaceScope, input: CreateApiKeyInput) {
  const adminOnly = (input.scopes ?? []).filter((x) => ADMIN_ONLY_SCOPES.includes(x));
  if (adminOnly.length && s.role !== 'OWNER' && s.role !== 'ADMIN') throw forbidden(`Only a workspace OWNER or ADMIN may create an API key with the ${adminOnly.join(', ')} scope`);
  const prefix = `lpk_${randomSecret(6)}`;
  const key = `${prefix}_${randomSecret(32)}`;
  const apiKey = await s.em.transactional(async (tx) =>
    tx.create(ApiKey, {
      name: input.name.trim(),
      prefix,
      hash: sha256(key),
      scopes: input.scopes?.length ? [...new Set(input.scopes)] : ['*'],
      createdBy: s.userId,
      expiresAt: input.expiresInDays ? new Date(now() + input.expiresInDays * DAY_MS) : null,
    }),
  );
  return { apiKey, key };
}

export async function listApiKeys(s: WorkspaceScope, args: PageArgs) {
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await s.em.findAndCount(ApiKey, {}, { orderBy: { createdAt: 'desc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/**
 * Revokes a key (again: no change, answered as it is; docs/contract.md "Concurrency"); it stops working at once.
 * Judged on the key locked in the transaction: of K revocations at once, one revokes.
 */
export async function revokeApiKey(s: WorkspaceScope, id: string) {
  if (!isUuid(id)) throw notFound('API key');
  return s.em.transactional(async (tx) => {
    const apiKey = await lockOne(tx, ApiKey, { id }, 'API key');
    if (apiKey.revokedAt) return apiKey;
    apiKey.revokedAt = nowDate();
    await revoke(tx, [workspaceTag(s.workspaceId)]);
    return apiKey;
  });
}
