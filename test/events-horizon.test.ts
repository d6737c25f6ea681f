import { afterAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * The event log's horizon (kernel/events.ts `consume`, docs/events.md "The feed"): consumers and the feed read events
 * up to `events.horizon()`, the highest id taken once every transaction that took an id up to it has ended. An event
 * whose transaction is still open when a later one commits is therefore never passed over.
 *
 * On a PostgreSQL server the later writer and the reader go on while the earlier transaction is open, and the horizon
 * holds the reader back; on the embedded PGlite every connection runs in one session, one transaction after the other,
 * so they wait for it. Either way the reader never sees the later event alone.
 */

const url = inject('databaseUrl');
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

  it('a reader going by the horizon never sees an event without the earlier-numbered one still being written', async () => {
    const topic = `test.horizon.${randomUUID()}`;
    const open = await pool.connect();
    try {
      await open.query('begin');
      const early = await insert(open, topic); // numbered first, committed last
      // another writer commits a later number, then a reader reads up to the horizon; on a PostgreSQL server both go
      // on while the first transaction is open, on the embedded PGlite (one session) they wait for it
      const reader = (async () => {
        const late = await insert(pool, topic);
        const h = await horizon();
        const { rows } = await pool.query<{ id: string }>(`select id from events.log where topic = $1 and id <= $2 order by id`, [topic, h ?? 0]);
        return { late, seen: rows.map((r) => Number(r.id)) };
      })();
      await Promise.race([reader, new Promise((r) => setTimeout(r, 500))]);
      await open.query('commit');
      const { late, seen } = await reader;
      expect(late).toBeGreaterThan(early);
      // either nothing yet (the horizon held back by the open transaction) or both, never the later one alone
      expect([[], [early, late]]).toContainEqual(seen);
      expect(await horizon()).toBeGreaterThanOrEqual(late);
    } finally {
      open.release();
    }
  });
});
