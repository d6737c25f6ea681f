import DataLoader from 'dataloader';
import type { Constructor } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from './ids.js';

/**
 * Request-scoped DataLoaders: `loader(ctx, 'User.byId', batch)` returns the same loader for the whole request,
 * so every list resolves its references in one query.
 */
export function loader<K, V>(ctx: { loaders?: Map<string, unknown> }, name: string, batch: (keys: readonly K[]) => Promise<(V | Error | undefined)[]>): DataLoader<K, V | undefined> {
  ctx.loaders ??= new Map();
  let l = ctx.loaders.get(name) as DataLoader<K, V | undefined> | undefined;
  if (!l) {
    l = new DataLoader<K, V | undefined>(batch);
    ctx.loaders.set(name, l);
  }
  return l;
}

/** Orders rows by the requested keys (DataLoader's contract); missing keys map to undefined. */
export function byKeys<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | undefined)[] {
  const map = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => map.get(k));
}

/**
 * The one `__resolveReference` lookup of the families (docs/graph-conventions.md "Entities and references"): the
 * record `id` of `entity` on `em`, the caller's scoped entity manager (its family's reference scope), in one query per
 * entity and request. No scope (`em` undefined: the caller may see none), an unknown id or a malformed one resolve to
 * null, never to another tenant's record. `filters` turns the scope's default filters on or off; `where` narrows the
 * rows (one kind of record of a shared table).
 */
export function recordById<T extends { id: string }>(
  ctx: { loaders?: Map<string, unknown> },
  em: EntityManager | undefined,
  entity: Constructor<T>,
  id: unknown,
  options: { name?: string; where?: object; filters?: Record<string, boolean> } = {},
): Promise<T | null> {
  if (!em || !isUuid(id)) return Promise.resolve(null);
  const name = options.name ?? entity.name;
  const batch = loader<string, T>(ctx, `${name}.byId`, async (ids) => {
    const rows = await em.find(entity, { id: { $in: [...ids] }, ...options.where }, options.filters ? { filters: options.filters } : {});
    return byKeys(ids, rows as T[], (r) => r.id);
  });
  return batch.load(id.toLowerCase()).then((r) => r ?? null);
}
