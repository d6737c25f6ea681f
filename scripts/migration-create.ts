import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../kernel/config.js';
import { ormOptions } from '../kernel/db.js';
import { subgraphs } from '../subgraphs/index.js';
import { startEmbeddedDb } from './embedded-db.js';

/**
 * `npm run migration:create -- <subgraph> [name]`: applies the subgraph's existing migrations to a scratch
 * in-memory PostgreSQL, diffs its entities against that, and writes the difference as a new migration
 * under subgraphs/<name>/migrations (add it to that folder's index.ts).
 */
const [name, label] = process.argv.slice(2);
const def = subgraphs.find((s) => s.name === name);
if (!def) {
  console.error(`usage: npm run migration:create -- <${subgraphs.map((s) => s.name).join('|')}> [name]`);
  process.exit(64);
}
const db = await startEmbeddedDb(undefined, 5499);
try {
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, JWT_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'x'.repeat(32) });
  const opts = ormOptions(config, { schema: def.name, ...def.database });
  const orm = await MikroORM.init({ ...opts, migrations: { ...opts.migrations, snapshot: false } });
  await orm.schema.execute(`create schema if not exists "${def.name}"`);
  await orm.migrator.up();
  const result = await orm.migrator.create(def.database.migrationsPath, false, false, label);
  console.log(result.fileName ? `created ${def.database.migrationsPath}/${result.fileName}` : 'no changes');
  await orm.close();
} finally {
  await db.stop();
}
