import { nowDate } from '../../../kernel/clock.js';
import { notFound } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { lockOne } from '../../../kernel/db.js';
import { publish } from '../../../kernel/events.js';
import { revoke, userTag } from '../../../kernel/revocations.js';
import { pageOf } from '../../../kernel/paging.js';
import type { ProviderScope } from '../common/scope.js';
import { foundOrSynced, syncDevelopers } from './access.js';
import { Developer } from './entities.js';
import { checkedChange, checkRemoval } from './rules.js';
import type { DeveloperListArgs, DeveloperUpdateInput } from './types.js';

/** The developers of a DEV provider (docs/dev.md "Developers"): list, read, change role or status, remove. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the provider's developers, in joining order; REMOVED ones only when asked for. */
export async function listDevelopers(s: ProviderScope, args: DeveloperListArgs) {
  await syncDevelopers(s.ctx.em);
  const where: Record<string, unknown> = { status: args.status ?? { $ne: 'REMOVED' } };
  if (args.role) where.role = args.role;
  if (args.search) where.name = { $ilike: `%${escapeLike(args.search.trim())}%` };
  return pageOf(s.em, Developer, where, args, { joinedAt: 'asc', id: 'asc' });
}

/** One developer of the provider, REMOVED ones included; another provider's is NOT_FOUND. */
export async function getDeveloper(s: ProviderScope, id: string): Promise<Developer> {
  const developer = isUuid(id) ? await foundOrSynced(s.ctx.em, () => s.em.findOne(Developer, { id })) : null;
  if (!developer) throw notFound('Developer');
  return developer;
}

/**
 * A provider admin (`s` from common/scope.ts `developerAdminScope`) changes a developer's role or status. Suspending
 * (or reactivating) takes effect at once: the developer's cached context tokens are revoked (kernel/revocations.ts).
 * Judged on the record locked in the transaction (kernel/db.ts `lockOne`): a change racing a removal finds it
 * REMOVED, as it would after it.
 */
export async function updateDeveloper(s: ProviderScope, id: string, input: DeveloperUpdateInput): Promise<Developer> {
  await getDeveloper(s, id);
  return s.em.transactional(async (tx) => {
    const developer = await lockOne(tx, Developer, { id }, 'Developer');
    const next = checkedChange(developer, input, s.principal.userId);
    if (next.role === developer.role && next.status === developer.status) return developer;
    const before = { role: developer.role, status: developer.status };
    Object.assign(developer, next, { updatedAt: nowDate(), updatedBy: s.principal.userId });
    if (before.status !== next.status) await revoke(tx, [userTag(developer.userId)]);
    await publish(tx, 'dev.developer', developer.id, developer.workspaceId, { icode: developer.icode, id: developer.id, userId: developer.userId, before, after: next, by: s.principal.userId });
    return developer;
  });
}

/**
 * A provider admin removes a developer: status REMOVED with who and when, their DEV context tokens stop at once. What
 * they made (connectors, access tokens, API keys) belongs to the provider and its workspace, and stays. Judged on the
 * record locked in the transaction: of two concurrent removals one removes (and publishes), the other is CONFLICT, as
 * a second removal after the first.
 */
export async function removeDeveloper(s: ProviderScope, id: string): Promise<Developer> {
  await getDeveloper(s, id);
  return s.em.transactional(async (tx) => {
    const developer = await lockOne(tx, Developer, { id }, 'Developer');
    checkRemoval(developer, s.principal.userId);
    const at = nowDate();
    Object.assign(developer, { status: 'REMOVED', removedAt: at, removedBy: s.principal.userId, updatedAt: at, updatedBy: s.principal.userId });
    await revoke(tx, [userTag(developer.userId)]);
    await publish(tx, 'dev.developer', developer.id, developer.workspaceId, { icode: developer.icode, id: developer.id, userId: developer.userId, removed: true, by: s.principal.userId });
    return developer;
  });
}
