import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { Migration20261123150000_pricing_amounts as Repair } from '../../subgraphs/lsp/migrations/Migration20261123150000_pricing_amounts.js';

/**
 * Issue 10, cause 1: before amounts had a range, a pricing amount of 1e308 was rounded to Infinity and stored as JSON
 * null, and the facility lists answered 500 from then on. The lsp migration repairs such rows (docs/contract.md,
 * "Numbers"); this runs its SQL on an embedded PostgreSQL against rows as they were written.
 */
describe('lsp migration: pricing rules stored with a non-numeric amount are repaired', () => {
  it('removes rules without a numeric rate, clears bad minimum charges and weights, leaves good rows alone', async () => {
    const db = await PGlite.create();
    try {
      await db.exec(`create schema lsp;
        create table lsp.warehouse (id int primary key, pricing jsonb not null);
        create table lsp.hub (id int primary key, pricing jsonb not null);`);
      const good = { id: 'good', rate: { amount: 12.5, currency: 'USD' }, minimumCharge: { amount: 50, currency: 'USD' }, conditions: { minWeightKg: 1, maxWeightKg: null } };
      const noRate = { id: 'no-rate', rate: { amount: null, currency: 'USD' }, minimumCharge: null };
      const badParts = { id: 'bad-parts', rate: { amount: 3, currency: 'USD' }, minimumCharge: { amount: null, currency: 'USD' }, conditions: { minWeightKg: null, maxWeightKg: 'x' } };
      for (const table of ['warehouse', 'hub']) {
        await db.query(`insert into lsp.${table} values (1, $1), (2, $2), (3, '[]')`, [JSON.stringify([good, noRate, badParts]), JSON.stringify([good])]);
      }
      const sql: string[] = [];
      const repair = new Repair({} as never, {} as never);
      (repair as unknown as { addSql(s: string): void }).addSql = (s: string) => sql.push(s);
      await repair.up();
      for (const s of sql) await db.exec(s);
      await db.exec(sql.join(';\n')); // idempotent: a second run changes nothing
      for (const table of ['warehouse', 'hub']) {
        const rows = (await db.query<{ id: number; pricing: unknown[] }>(`select id, pricing from lsp.${table} order by id`)).rows;
        expect(rows[0].pricing).toEqual([good, { ...badParts, minimumCharge: null, conditions: { minWeightKg: null, maxWeightKg: null } }]);
        expect(rows[1].pricing).toEqual([good]);
        expect(rows[2].pricing).toEqual([]);
      }
    } finally {
      await db.close();
    }
  }, 60_000);
});
