import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCopy, upsertCopy } from '../../kernel/copies.js';
import { unitDatabase, type UnitDatabase } from './database.js';

/**
 * Event-fed copies (kernel/copies.ts, docs/architecture.md "How a family reaches another"), on a real PostgreSQL: the
 * last event wins, an event applied twice or out of order changes nothing, kept columns keep their stored value.
 */
let unit: UnitDatabase;
beforeAll(async () => {
  unit = await unitDatabase(
    'copies',
    `create table units.versioned (id uuid primary key, name text not null, tags jsonb not null, event_id bigint not null);
     create table units.plain (id uuid primary key, owner text not null, status text not null)`,
  );
});
afterAll(() => unit?.close());

const A = '6c0f3f8e-8a1d-4c55-9f7a-2f1b5a7d9e01';
const rows = async (table: string) => (await unit.db.query<Record<string, unknown>>(`select * from units.${table} order by id`)).rows;

describe('upsertCopy with event ids', () => {
  it('inserts, replaces with a later event, ignores an earlier or repeated one, and keeps the kept columns', async () => {
    const em = unit.orm.em.fork();
    await upsertCopy(em, 'units.versioned', { id: A, name: 'first', tags: JSON.stringify(['x']) }, { eventId: 10 });
    await upsertCopy(em, 'units.versioned', { id: A, name: 'second', tags: JSON.stringify([]) }, { eventId: 12, keep: ['tags'] });
    // the same event again, then an older one arriving late: nothing changes
    await upsertCopy(em, 'units.versioned', { id: A, name: 'second again', tags: JSON.stringify(['y']) }, { eventId: 12 });
    await upsertCopy(em, 'units.versioned', { id: A, name: 'stale', tags: JSON.stringify(['z']) }, { eventId: 11 });
    expect(await rows('versioned')).toEqual([{ id: A, name: 'second', tags: ['x'], event_id: 12 }]);
  });
});

describe('upsertCopy without event ids', () => {
  it('the last write wins, but for the kept columns; removeCopy deletes', async () => {
    const em = unit.orm.em.fork();
    await upsertCopy(em, 'units.plain', { id: A, owner: 'LSP-A', status: 'ACTIVE' }, { keep: ['owner'] });
    await upsertCopy(em, 'units.plain', { id: A, owner: 'LSP-B', status: 'INACTIVE' }, { keep: ['owner'] });
    expect(await rows('plain')).toEqual([{ id: A, owner: 'LSP-A', status: 'INACTIVE' }]);
    await removeCopy(em, 'units.plain', A);
    expect(await rows('plain')).toEqual([]);
  });
});
