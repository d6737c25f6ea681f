import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfigOrExit } from '../kernel/config.js';
import { createLogger } from '../kernel/logger.js';

/**
 * The embedded PostgreSQL (PGlite) served on a loopback port with the PostgreSQL wire protocol,
 * so every process uses the same `pg` driver and migrations as against a real server.
 * `dataDir` undefined keeps the database in memory (scripts); otherwise it persists there.
 */
export async function startEmbeddedDb(dataDir: string | undefined, port: number, host = '127.0.0.1', maxConnections = 64) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const server = new PGLiteSocketServer({ db, port, host, maxConnections });
  await server.start();
  return {
    url: `postgres://postgres:postgres@${host}:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = loadConfigOrExit();
  const log = createLogger('db', config.LOG_LEVEL);
  const dir = join(config.dataDir, 'pglite');
  const db = await startEmbeddedDb(dir, config.EMBEDDED_DB_PORT, config.HOST);
  log.info({ dataDir: dir, port: config.EMBEDDED_DB_PORT }, 'embedded PostgreSQL (PGlite) listening');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down');
    await db.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
