import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, serverDatabase } from './platform.js';

/**
 * A real PostgreSQL server for the tests that need what the embedded one cannot give: two sessions that run at once
 * (a transaction held open while others commit, replicas whose row locks exclude each other): a throw-away cluster of
 * Debian's PostgreSQL (`npm test` installs it: scripts/test-prerequisites.mjs), initialised in a temporary directory
 * and started on a free loopback port, in either phase of the suite. Never the suite's own server (DATABASE_URL): what
 * such a test does there (a transaction held open) would hold back every other file's event consumers, since the
 * horizon of the event log (kernel/events.ts) is the oldest transaction of the whole server. As root the cluster runs
 * as the `postgres` user (PostgreSQL refuses root).
 */
const run = promisify(execFile);

/** The newest /usr/lib/postgresql/<version>/bin (or PG_BIN), as scripts/test-prerequisites.mjs finds it. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error(`no PostgreSQL server under ${root}: \`npm test\` installs Debian's postgresql (scripts/test-prerequisites.mjs)`);
  return join(root, newest, 'bin');
}

export interface PostgresDatabase {
  /** A database of its own on the server. */
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function realPostgres(): Promise<PostgresDatabase> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'test-pg-'));
  const data = join(dir, 'data');
  const root = userInfo().uid === 0;
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  /** A server program as the cluster's owner. */
  const as = (program: string, args: string[]) => {
    const quoted = [join(bin, program), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    return root ? run('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { timeout: 60_000 }) : run(join(bin, program), args, { timeout: 60_000 });
  };
  const port = await freePort();
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  await as('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const db = await serverDatabase(serverUrl);
  return {
    databaseUrl: db.databaseUrl,
    stop: async () => {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
