import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadConfigOrExit } from '../kernel/config.js';
import { createLogger } from '../kernel/logger.js';

/**
 * The embedded PostgreSQL (PGlite) served on a loopback port with the PostgreSQL wire protocol,
 * so every process uses the same `pg` driver and migrations as against a real server.
 * `dataDir` undefined keeps the database in memory (scripts); otherwise it persists there.
 */
export async function startEmbeddedDb(dataDir: string | undefined, port: number, host = '127.0.0.1', maxConnections = 64) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // contrib extensions some subgraphs create in their migrations (utilities: cube + earthdistance + btree_gist for spatial
  // indexes; dev: pg_trgm, with btree_gist, for the FAQ search's typo correction)
  // shared_buffers: PostgreSQL's default (128 MB) costs PGlite ~160 MB resident; 32 MB is ample for development data
  // (pages beyond it are read from the data directory through the operating system's cache)
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { cube, earthdistance, btree_gist, pg_trgm },
    postgresqlconf: ['shared_buffers=32MB'],
  });
  const server = new PGLiteSocketServer({ db, port, host, maxConnections });
  keepProtocolSequencesTogether(server);
  await server.start();
  return {
    url: `postgres://postgres:postgres@${host}:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(err: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Extended-protocol messages that continue a sequence ended by Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const CONTINUES_SEQUENCE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * pglite-socket queues each wire-protocol message on its own, so outside a transaction the Parse/Bind/Execute/Sync of
 * two connections can interleave on PGlite's single session: the second Parse replaces the first's unnamed statement
 * ("unnamed prepared statement does not exist", or worse, the wrong statement executed). This keeps a connection's
 * messages together until its Sync (or a simple Query), as pglite-socket already does for transactions.
 */
function keepProtocolSequencesTogether(server: PGLiteSocketServer): void {
  const q = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  let midSequence = false;
  q.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const sticky = this.lastHandlerId !== null && (midSequence || this.db.isInTransaction());
        const index = sticky ? this.queue.findIndex((m) => m.handlerId === this.lastHandlerId) : 0;
        if (index === -1) break; // wait for the connection that holds the session
        const item = this.queue.splice(index, 1)[0];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (err) {
          midSequence = false;
          item.reject(err);
          continue;
        }
        midSequence = CONTINUES_SEQUENCE.has(item.message[0]);
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId: number) => {
    if (q.lastHandlerId === handlerId) midSequence = false;
    clear(handlerId);
    void q.processQueue();
  };
}

/**
 * The one-process topology runs the embedded database on a worker thread of the platform's process: PGlite executes
 * queries synchronously (WebAssembly), so on its own thread it uses the second core instead of blocking requests.
 */
export interface EmbeddedDbWorkerData {
  embeddedDb: { dataDir: string; port: number; host: string };
}

if (!isMainThread && (workerData as EmbeddedDbWorkerData | undefined)?.embeddedDb) {
  const { dataDir, port, host } = (workerData as EmbeddedDbWorkerData).embeddedDb;
  const db = await startEmbeddedDb(dataDir, port, host);
  parentPort!.postMessage({ ready: true });
  parentPort!.on('message', (m: { stop?: boolean }) => {
    if (m.stop)
      void db
        .stop()
        .catch(() => undefined)
        .then(() => parentPort!.postMessage({ stopped: true }));
  });
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
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
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
