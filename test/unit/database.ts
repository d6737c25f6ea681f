import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import { PGlite } from '@electric-sql/pglite';
import { Entity, PrimaryKey } from '@mikro-orm/decorators/legacy';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../kernel/config.js';
import { ormOptions, type DatabaseOptions } from '../../kernel/db.js';

/** What MikroORM starts with when a test reads and writes with SQL only (it needs one entity): table `units.unused`. */
class Unused {
  id!: number;
}
PrimaryKey({ type: 'integer' })(Unused.prototype, 'id');
Entity({ tableName: 'unused' })(Unused);

/** A unit test's own PostgreSQL and the ORM on it; `close` removes all of it. */
export interface UnitDatabase {
  db: PGlite;
  orm: MikroORM;
  close(): Promise<void>;
}

/**
 * A real PostgreSQL for a unit test: PGlite, reached over the wire protocol through its socket server (as the platform
 * reaches the embedded database), `ddl` run on it, and a MikroORM on schema `units` configured as the subgraphs'
 * (kernel/db.ts `ormOptions`: filters, subscribers, pool of one). Without `entities` (a test that uses SQL only), the ORM
 * starts on a placeholder table of schema `units`, created here.
 */
export async function unitDatabase(name: string, ddl: string, entities?: DatabaseOptions['entities']): Promise<UnitDatabase> {
  const db = await PGlite.create();
  if (!entities) await db.exec('create schema units; create table units.unused (id integer primary key);');
  await db.exec(ddl);
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 4 });
  await server.start();
  const dataDir = mkdtempSync(join(tmpdir(), `units-${name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'j'.repeat(32),
    INTERNAL_SECRET: 'i'.repeat(32),
    DB_POOL_SIZE: '1',
    DATABASE_URL: `postgres://postgres:postgres@${server.getServerConn()}/postgres`,
  });
  const orm = await MikroORM.init(ormOptions(config, { schema: 'units', entities: entities ?? [Unused], migrations: [], migrationsPath: dataDir }));
  return {
    db,
    orm,
    async close() {
      await orm.close(true);
      await server.stop();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
