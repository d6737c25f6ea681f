import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import { unitDatabase, type UnitDatabase } from './database.js';
import { afterAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, lockOne, lockOneOrNull } from '../../kernel/db.js';
import { AppError } from '../../kernel/errors.js';
import { createLogger } from '../../kernel/logger.js';
import { formatSubgraphError, UNIQUE_CONFLICT_MESSAGE } from '../../kernel/subgraph.js';

/**
 * The concurrency idiom of docs/contract.md "Concurrency" (kernel/db.ts `lockOne`, kernel/subgraph.ts): a write's
 * read of its aggregate happens in its transaction, fresh from the database, and a unique key taken by another
 * request (PostgreSQL SQLSTATE 23505, "unique_violation" in Appendix A of the PostgreSQL manual) is answered 409
 * CONFLICT, never 500, with nothing of the constraint, key or row in the answer.
 */

/** An error as node-postgres makes it for a SQLSTATE (with a detail that must never reach a client). */
const pgError = (code: string, message = 'duplicate key value violates unique constraint "faq_version_faq_id_revision_unique"') =>
  Object.assign(new Error(message), { code, detail: 'Key (faq_id, revision)=(5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f, 3) already exists.' });

describe('isUniqueViolation', () => {
  it('is SQLSTATE 23505, as a code, a sqlState, MikroORM’s exception name or PostgreSQL’s message', () => {
    expect(isUniqueViolation(pgError('23505'))).toBe(true);
    expect(isUniqueViolation({ sqlState: '23505' })).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('x'), { name: 'UniqueConstraintViolationException' }))).toBe(true);
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint "user_email_unique"'))).toBe(true);
  });

  it('looks through causes (as MikroORM and Kysely wrap the driver’s error), up to 5 levels', () => {
    const wrap = (inner: unknown, n: number): unknown => (n === 0 ? inner : new Error('wrapped', { cause: wrap(inner, n - 1) }));
    expect(isUniqueViolation(wrap(pgError('23505'), 5))).toBe(true);
    expect(isUniqueViolation(wrap(pgError('23505'), 6))).toBe(false);
  });

  it('is not another constraint, nor an error that merely mentions uniqueness', () => {
    expect(isUniqueViolation(pgError('23503', 'insert or update violates foreign key constraint'))).toBe(false);
    expect(isUniqueViolation(pgError('23514', 'new row violates check constraint'))).toBe(false);
    expect(isUniqueViolation(new Error('the names must be unique'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});

describe('formatSubgraphError', () => {
  /** The formatter of a subgraph whose log lines are kept. */
  function formatter() {
    const lines: { level: number; msg: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    return { format: formatSubgraphError(createLogger('units', 'info', sink)), lines };
  }
  const resolverError = (original: Error) => new GraphQLError(original.message, { path: ['updateFaq'], originalError: original });

  it('answers a unique violation no service named 409 CONFLICT with a generic message, and logs a warning, not a bug', async () => {
    const { format, lines } = formatter();
    const error = resolverError(Object.assign(new Error('wrapped by the ORM'), { cause: pgError('23505') }));
    const out = format(error.toJSON(), error);
    expect(out).toEqual({ message: UNIQUE_CONFLICT_MESSAGE, path: ['updateFaq'], extensions: { code: 'CONFLICT' } });
    expect(JSON.stringify(out)).not.toMatch(/faq_version|Key \(|5f0c1e2d|duplicate key/);
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => l.level)).toEqual([40]);
  });

  it('keeps a CONFLICT the service made itself, and answers any other database error 500', () => {
    const { format } = formatter();
    const named = resolverError(new AppError('CONFLICT', 'email: an account with this e-mail already exists', 'email'));
    expect(format(named.toJSON(), named)).toMatchObject({ message: 'email: an account with this e-mail already exists', extensions: { code: 'CONFLICT', field: 'email' } });
    const other = resolverError(pgError('23503', 'insert or update violates foreign key constraint "x_fk"'));
    expect(format(other.toJSON(), other)).toEqual({ message: 'Internal server error', path: ['updateFaq'], extensions: { code: 'INTERNAL_ERROR' } });
  });
});

// ───────────────────────────── lockOne on a real PostgreSQL (PGlite, over the wire protocol) ─────────────────────────────

class Tally {
  id!: string;
  count!: number;
}
PrimaryKey({ type: 'uuid' })(Tally.prototype, 'id');
Property({ type: 'integer' })(Tally.prototype, 'count');
Entity({ tableName: 'tally' })(Tally);

let unit: UnitDatabase | undefined;
let orm: MikroORM;
let ready: Promise<void> | undefined;
const fresh = () => orm.em.fork() as EntityManager;

async function prepare(): Promise<void> {
  unit = await unitDatabase('concurrency', 'create schema units; create table units.tally (id uuid primary key, count integer not null);', [Tally]);
  orm = unit.orm;
}
const setup = () => (ready ??= prepare());

afterAll(async () => {
  await unit?.close();
});

describe('lockOne', () => {
  it('reads the row afresh in the transaction, into the instance the request already holds', async () => {
    await setup();
    const id = randomUUID();
    await fresh().insert(Tally, { id, count: 1 });
    const em = fresh();
    const held = await em.findOneOrFail(Tally, { id });
    // another request changes the row after this one read it
    await fresh().nativeUpdate(Tally, { id }, { count: 2 });
    const locked = await em.transactional((tx) => lockOne(tx, Tally, { id }, 'Tally'));
    expect(locked.count).toBe(2);
    expect(locked).toBe(held);
  }, 60_000);

  it('is NOT_FOUND naming the record when the row is gone (lockOneOrNull: null)', async () => {
    await setup();
    const id = randomUUID();
    const err = await fresh()
      .transactional((tx) => lockOne(tx, Tally, { id }, 'Tally'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: 'Tally not found' });
    expect(await fresh().transactional((tx) => lockOneOrNull(tx, Tally, { id }))).toBeNull();
  }, 60_000);

  it('takes the row lock, which needs the caller’s transaction: outside one it refuses', async () => {
    await setup();
    const id = randomUUID();
    await fresh().insert(Tally, { id, count: 1 });
    await expect(lockOne(fresh(), Tally, { id }, 'Tally')).rejects.toThrow(/transaction/i);
  }, 60_000);
});
