/** Event-fed copies: another family's records a family keeps in its own schema, written from the event log only. */
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Inserts or replaces the copied record `columns` (its `id` among them) in `table` (`schema.table`). With `eventId`, the
 * table has an `event_id` column and a replacement happens only when the stored copy comes from an earlier event, so an
 * event applied twice, or a copy rebuilt from the start of the log, ends in the same state; without, the last write
 * wins (a consumer that applies its topics in log order). `keep` columns keep their stored value on replace.
 */
export async function upsertCopy(em: EntityManager, table: string, columns: Record<string, unknown>, opts: { eventId?: number; keep?: readonly string[] } = {}): Promise<void> {
  const names = Object.keys(columns);
  const values = names.map((n) => columns[n]);
  const set = names.filter((n) => n !== 'id' && !opts.keep?.includes(n)).map((n) => `"${n}" = excluded."${n}"`);
  const versioned = opts.eventId !== undefined;
  if (versioned) set.push('event_id = excluded.event_id');
  const columnList = [...names.map((n) => `"${n}"`), ...(versioned ? ['event_id'] : [])];
  await em.execute(
    `insert into ${table} (${columnList.join(', ')}) values (${columnList.map(() => '?').join(', ')})
     on conflict (id) do update set ${set.join(', ')}${versioned ? ` where ${table}.event_id < excluded.event_id` : ''}`,
    versioned ? [...values, opts.eventId] : values,
  );
}

/** Removes the copied record `id` from `table` (`schema.table`): its owner deleted it. */
export async function removeCopy(em: EntityManager, table: string, id: string): Promise<void> {
  await em.execute(`delete from ${table} where id = ?`, [id]);
}
