import DataLoader from 'dataloader';

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
