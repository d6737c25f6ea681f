import { afterAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * The event log's horizon (kernel/events.ts `consume`, docs/events.md "The feed"): consumers and the feed read events
 * up to `events.horizon()`, the highest id taken once every transaction that took an id up to it has ended. An event
 * whose transaction is still open when a later one commits is therefore never passed over.
 *
 * Two transactions open at once need a PostgreSQL server: the embedded PGlite runs every connection in one session, one
 * transaction after the other, so no id can be taken by a transaction still open when a later one is read; there the
 * test checks what the horizon is without writers in flight.
 */

const url = inject('databaseUrl');
const server = !!process.env.DATABASE_URL;
const pool = new pg.Pool({ connectionString: url, max: 3 });
afterAll(() => pool.end());

const insert = async (c: pg.ClientBase | pg.Pool, topic: string) =>
  Number((await c.query<{ id: string }>(`insert into events.log (topic, key, workspace_id, payload) values ($1, 'k', null, '{}') returning id`, [topic])).rows[0].id);
const horizon = async () => {
  const { rows } = await pool.query<{ h: string | null }>('select events.horizon()::text as h');
  return rows[0].h === null ? null : Number(rows[0].h);
};

describe('the event log horizon', () => {
  it('is the newest id once its writers have ended', async () => {
    const topic = `test.horizon.${randomUUID()}`;
    const a = await insert(pool, topic);
    const b = await insert(pool, topic);
    expect(b).toBeGreaterThan(a);
    expect(await horizon()).toBeGreaterThanOrEqual(b);
  });

  it.runIf(server)('stays below an id whose transaction is open, though a later id has committed; moves past both once it commits', async () => {
    const topic = `test.horizon.${randomUUID()}`;
    const open = await pool.connect();
    try {
      await open.query('begin');
      const early = await insert(open, topic); // taken first, committed last
      const late = await insert(pool, topic); // committed at once
      expect(late).toBeGreaterThan(early);
      const h = await horizon();
      // the writer in flight holds the horizon back (null: it did not end within the wait)
      expect(h === null || h < early).toBe(true);
      // a reader going by the horizon does not see `late` without `early`
      const seen = await pool.query(`select id from events.log where topic = $1 and id <= $2`, [topic, h ?? 0]);
      expect(seen.rows).toEqual([]);
      await open.query('commit');
      expect(await horizon()).toBeGreaterThanOrEqual(late);
    } finally {
      open.release();
    }
  });
});
