import { watchPool } from './metrics.js';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { LockMode, type Constructor, type EntityDictionary, type EntityName, type FilterQuery } from '@mikro-orm/core';
import pg from 'pg';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { TenantSubscriber, tenantFilter } from './tenancy.js';
import { EVENTS_DDL } from './events.js';
import { RevocationSubscriber } from './revocations.js';
import { CommitHookSubscriber } from './commit-hooks.js';
import { CountingLogger } from './sql-count.js';
import type { LoggerOptions } from '@mikro-orm/core';
import { notFound } from './errors.js';

/**
 * The SQL of a point on the Earth as the spatial tables store it for their GiST indexes: earthdistance's
 * `ll_to_earth(lat, lng)` widened into a cube 0.1 mm across. GiST chooses and splits index pages by the volume of
 * cubes; a bare point has none, so every choice ties and points along a line (vehicles on one road) made inserts
 * degenerate: 500 reports along a meridian took 1.8 s into a table of 20,000, the same 500 widened 20 ms. The index
 * uses it (`earth_box(centre, r) && earth`, `earth <-> centre`); exact distances are measured from
 * `ll_to_earth(lat, lng)` (earthdistance's `earth` domain is a point).
 */
export const earthPointSql = (lat: string, lng: string): string => `cube_enlarge(ll_to_earth(${lat}, ${lng}), 0.0001, 3)`;

/** The placeholders of an `in (…)` list of `n` UUIDs (n ≥ 1), for a plain statement: `?::uuid, ?::uuid, …`. */
export const uuidPlaceholders = (n: number): string => Array<string>(n).fill('?::uuid').join(', ');

export interface DatabaseOptions {
  /** The Postgres schema this subgraph owns; every table of its entities lives there. */
  schema: string;
  entities: Constructor<object>[];
  migrations: Constructor<Migration>[];
  /** Where `npm run migration:create` writes new migrations (source folder). */
  migrationsPath: string;
  /**
   * The PostgreSQL extensions its migrations use, made in `public` before they run, under one lock for every family:
   * two families creating the same extension at once would fail one of them on `pg_extension_name_index`.
   */
  extensions?: string[];
}

/**
 * Options of the subgraph's `pg` pool (kernel/config.ts, DB_*): pool size, idle timeout, connection timeout (also the
 * longest wait for a free pooled connection), and, unless `forMigrations`, the statement timeout (server-side) with
 * the client's own query timeout behind it. Migrations run before the pool is reopened with the statement timeout:
 * a long index build at start is not a request.
 */
export function poolDriverOptions(config: Config, forMigrations = false) {
  const { max: _max, idleTimeoutMillis: _idle, ...pool } = config.dbPool;
  if (!forMigrations) return pool;
  const { statement_timeout: _s, query_timeout: _q, ...rest } = pool;
  // at start the database may be busy (an embedded one still warming up, other processes migrating): connecting may
  // take longer than a request would wait
  return { ...rest, connectionTimeoutMillis: Math.max(rest.connectionTimeoutMillis ?? 0, STARTUP_CONNECT_TIMEOUT_MS) };
}

/** How long a process waits to connect while it starts (migrations, the migration lock). */
export const STARTUP_CONNECT_TIMEOUT_MS = 30_000;

/**
 * A connection for a process's start-up work (the migration lock, a table's DDL): it waits up to
 * STARTUP_CONNECT_TIMEOUT_MS to connect, not the request's DB_CONNECT_TIMEOUT_MS, because twelve processes starting
 * at once on one embedded database queue behind each other's migrations. The caller connects and ends it.
 */
export function startupClient(config: Config): pg.Client {
  return new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: Math.max(config.DB_CONNECT_TIMEOUT_MS ?? 0, STARTUP_CONNECT_TIMEOUT_MS) });
}

/** MikroORM options for one subgraph: the same driver for the embedded database and a real server. */
export function ormOptions(config: Config, opts: DatabaseOptions) {
  return {
    clientUrl: config.databaseUrl,
    schema: opts.schema,
    entities: opts.entities,
    filters: tenantFilter(opts.entities),
    subscribers: [new TenantSubscriber(), new RevocationSubscriber(), new CommitHookSubscriber()],
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    pool: { min: 0, max: config.dbPool.max, idleTimeoutMillis: config.dbPool.idleTimeoutMillis },
    driverOptions: poolDriverOptions(config, true),
    ensureDatabase: false,
    debug: false,
    loggerFactory: (options: LoggerOptions) => new CountingLogger(options, opts.schema),
    migrations: {
      tableName: 'mikro_orm_migrations',
      schema: opts.schema,
      migrationsList: opts.migrations,
      path: opts.migrationsPath,
      pathTs: opts.migrationsPath,
      emit: 'ts' as const,
      snapshot: true,
      snapshotOnMigrate: false,
      silent: true,
      transactional: true,
      allOrNothing: true,
    },
  };
}

/**
 * Whether this connection's role may create schemas (the database's CREATE right). A process that connects as a role
 * of its own (scripts/db-roles.ts, README "Database roles") may not: the roles' setup has made its schema (owned by
 * it) and the kernel's shared tables, and the process leaves them be.
 */
export async function mayCreateSchemas(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ may: boolean }>("SELECT has_database_privilege(current_database(), 'CREATE') AS may");
  return rows[0].may;
}

/**
 * Opens the subgraph's database and applies its checked-in migrations under an advisory lock,
 * so replicas starting together migrate once.
 */
export async function openDatabase(config: Config, opts: DatabaseOptions, log: Logger): Promise<MikroORM> {
  const lock = startupClient(config);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${opts.schema}`]);
    if (await mayCreateSchemas(lock)) {
      await lock.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`);
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', ['migrate:events']);
      try {
        for (const ddl of EVENTS_DDL) await lock.query(ddl);
        for (const e of opts.extensions ?? []) await lock.query(`CREATE EXTENSION IF NOT EXISTS ${e} WITH SCHEMA public`);
      } finally {
        await lock.query('SELECT pg_advisory_unlock(hashtext($1))', ['migrate:events']);
      }
    }
    const orm = await MikroORM.init(ormOptions(config, opts));
    const applied = await orm.migrator.up();
    if (applied.length) log.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
    // requests run with the statement timeout (a fresh pool; the migrations' connections are closed)
    await orm.reconnect({ driverOptions: { ...poolDriverOptions(config), onPoolCreated: (pool: pg.Pool) => watchPool(opts.schema, pool) } });
    return orm;
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${opts.schema}`]).catch(() => undefined);
    await lock.end();
  }
}

/**
 * A write refused by a unique constraint: PostgreSQL's SQLSTATE 23505 (`unique_violation`), on the error or anywhere
 * in its `cause` chain (MikroORM and Kysely wrap the driver's error; MikroORM copies its `code`).
 */
export function isUniqueViolation(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; sqlState?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  if (e.code === '23505' || e.sqlState === '23505' || e.name === 'UniqueConstraintViolationException') return true;
  if (typeof e.message === 'string' && /duplicate key value violates unique constraint/.test(e.message)) return true;
  return isUniqueViolation(e.cause, depth + 1);
}

/**
 * The platform's one concurrency idiom (docs/contract.md "Concurrency"): a write reads the aggregate it changes inside
 * its own transaction (`tx`, the manager `em.transactional` hands its callback), under the row lock
 * (`SELECT … FOR UPDATE`) and fresh from the database (`refresh`: never the copy an identity map kept from a read made
 * before the transaction), then judges the state on that read (locked? archived? already removed? the next revision?)
 * and writes. A concurrent write of the same row waits for this transaction to end and then reads what it left, so it
 * is judged as the next sequential call would be. Absent (or another tenant's, through the scope's filters):
 * NOT_FOUND naming `what`.
 */
export async function lockOne<T extends object>(tx: EntityManager, entity: EntityName<T>, where: FilterQuery<T>, what: string): Promise<T> {
  const found = await lockOneOrNull(tx, entity, where);
  if (!found) throw notFound(what);
  return found;
}

/** `lockOne` for a write that answers an absent row otherwise than NOT_FOUND: the row locked and read afresh, or null. */
export async function lockOneOrNull<T extends object>(tx: EntityManager, entity: EntityName<T>, where: FilterQuery<T>): Promise<T | null> {
  return tx.findOne(entity, where as FilterQuery<NoInfer<T>>, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/**
 * One entity read by a plain statement, for a hot read whose query MikroORM would otherwise build from its criteria
 * on every call (docs/performance.md "plain reads on the two hot paths"): the first row `sql` selects, mapped to `entity`
 * and managed by `em` as `findOne` would answer it, or null. The statement selects the entity's whole row (`select *`
 * from its table) and applies what a filter would (a tenant's scope: kernel/tenancy.ts `tenantCondition`); it is
 * counted as every statement of the request is (kernel/sql-count.ts).
 */
export async function findOneByStatement<T extends object>(em: EntityManager, entity: Constructor<T>, sql: string, params: unknown[]): Promise<T | null> {
  const [row] = await em.execute<EntityDictionary<T>[]>(sql, params, { loggerContext: em.getLoggerContext() });
  return row ? em.map<T>(entity, row) : null;
}

/** Readiness: the database answers. */
export async function databaseReady(em: EntityManager): Promise<boolean> {
  try {
    await em.getConnection().execute('select 1');
    return true;
  } catch {
    return false;
  }
}
