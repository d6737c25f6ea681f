import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../../kernel/commit-hooks.js';
import { unitDatabase, type UnitDatabase } from './database.js';

/**
 * kernel/commit-hooks.ts on a real PostgreSQL and the subgraphs' ORM configuration (kernel/db.ts `ormOptions` registers
 * the subscriber): a hook runs once its transaction has committed, never when it rolls back. What
 * `pipeline_executions_total` relies on (docs/operations.md "Metrics": counted once the end has committed).
 */

let unit: UnitDatabase;

beforeAll(async () => {
  unit = await unitDatabase('commit-hooks', 'create table units.note (id integer primary key);');
});

afterAll(async () => {
  await unit?.close();
});

describe('afterCommit', () => {
  it('runs the hook after the commit, with the write visible, and once', async () => {
    const seen: number[] = [];
    await unit.orm.em.fork().transactional(async (tx) => {
      await tx.execute('insert into units.note (id) values (1)');
      afterCommit(tx, () => seen.push(1));
      afterCommit(tx, () => seen.push(2));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([1, 2]);
    expect(await unit.orm.em.fork().execute('select id from units.note where id = 1')).toHaveLength(1);
    // a later transaction does not run them again
    await unit.orm.em.fork().transactional(async (tx) => void (await tx.execute('select 1')));
    expect(seen).toEqual([1, 2]);
  });

  it('forgets the hook when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      unit.orm.em.fork().transactional(async (tx) => {
        await tx.execute('insert into units.note (id) values (2)');
        afterCommit(tx, () => seen.push('committed'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(seen).toEqual([]);
    expect(await unit.orm.em.fork().execute('select id from units.note where id = 2')).toHaveLength(0);
  });

  it('a hook that throws fails neither the commit nor the other hooks', async () => {
    const seen: string[] = [];
    await unit.orm.em.fork().transactional(async (tx) => {
      afterCommit(tx, () => {
        throw new Error('hook');
      });
      afterCommit(tx, () => seen.push('second'));
    });
    expect(seen).toEqual(['second']);
  });

  it('is refused outside a transaction: there is no commit to wait for', () => {
    expect(() => afterCommit(unit.orm.em.fork(), () => undefined)).toThrow(/inside the transaction/);
  });
});
