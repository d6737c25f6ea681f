import type { PGlite } from '@electric-sql/pglite';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { unitDatabase, type UnitDatabase } from './database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consume, EVENTS_DDL } from '../../kernel/events.js';

/**
 * A consumer reads the log in position order, (tx, id) as numbers (kernel/events.ts, docs/events.md "The feed"), on a
 * real PostgreSQL (PGlite over the wire protocol). The positions below cross digit boundaries (9 → 10, 99 → 100):
 * ordered as text, '10' < '100' < '9', a batch would end on the wrong event, the cursor would pass 9 and 99 for good
 * and hand 100 over twice. (Found by the race harness: 8 profile changes at once, transactions 997 to 1010, made 14
 * `user.updated` events.)
 */
let unit: UnitDatabase | undefined;
let db: PGlite;
let orm: MikroORM;

beforeAll(async () => {
  unit = await unitDatabase('event-log', EVENTS_DDL.join(';\n'));
  ({ db, orm } = unit);
}, 60_000);

afterAll(async () => {
  await unit?.close();
});

describe('consume', () => {
  it('hands every event over once, in (tx, id) order, when transaction ids cross a digit boundary', async () => {
    // written by transactions 8 … 101 (long ended: below any horizon); ids in another order than the transactions
    const written = [
      { id: 1, tx: 100 },
      { id: 2, tx: 9 },
      { id: 3, tx: 99 },
      { id: 4, tx: 10 },
      { id: 5, tx: 8 },
      { id: 6, tx: 101 },
    ];
    for (const w of written) {
      await db.query(`insert into events.log (id, topic, key, payload, tx) values ($1, 'units.order', 'k', $2::jsonb, $3::xid8)`, [w.id, JSON.stringify({ n: w.id }), String(w.tx)]);
    }
    const seen: { id: number; tx: string }[] = [];
    const em = orm.em.fork() as EntityManager;
    // batches of 2, so that a batch's last event decides where the cursor goes
    for (let n = -1; n !== 0;) {
      n = await consume(
        em,
        'units.reader',
        'units.order',
        async (events) => {
          seen.push(...events.map((e) => ({ id: e.id, tx: e.tx })));
        },
        2,
      );
    }
    expect(seen).toEqual([
      { id: 5, tx: '8' },
      { id: 2, tx: '9' },
      { id: 4, tx: '10' },
      { id: 3, tx: '99' },
      { id: 1, tx: '100' },
      { id: 6, tx: '101' },
    ]);
    const [cursor] = (await db.query<{ position: string; tx: string }>(`select position::text as position, tx::text as tx from events.cursor where consumer = 'units.reader'`)).rows;
    expect(cursor).toEqual({ position: '6', tx: '101' });
  });
});
