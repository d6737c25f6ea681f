import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { bindable } from '../../kernel/ports.js';

/**
 * A platform of a test file's own, for what the suite's shared platform must not see: a moved clock, short
 * lifetimes, small limits, a cut database. Started from dist/ like the suite's (`node dist/scripts/start.js`), on free
 * ports, with a fresh DATA_DIR and a database of its own: a new database on the suite's PostgreSQL server when
 * DATABASE_URL is set (dropped at `stop`), else the embedded one the launcher starts in DATA_DIR.
 */

/**
 * A free TCP port on loopback, from this test worker's own block below the kernel's ephemeral range (32768+): an OS
 * pick (`listen(0)`) can hand the same port to two workers in a row, and outgoing connections take from that range
 * too, so a platform of one file could find a port of its own answered by another file's process. Blocks of 1,000
 * from 20,000 by VITEST_POOL_ID (the suite's shared platform is at TEST_PORT_BASE, 18000 by default); inside the block
 * from a random point, skipping a port something still holds.
 */
let nextPort = -1;
export async function freePort(): Promise<number> {
  const pool = Number(process.env.VITEST_POOL_ID ?? 1);
  const block = 20_000 + ((pool - 1) % 12) * 1000;
  if (nextPort < 0) nextPort = Math.floor(Math.random() * 1000);
  for (let tries = 0; tries < 1000; tries++) {
    const port = block + (nextPort++ % 1000);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${block}..${block + 999}`);
}

export interface StartedProcess {
  output(): string;
  stop(): Promise<void>;
  /** Kills the whole process group with SIGKILL (no shutdown of any kind) and waits until it is gone. */
  kill(): Promise<void>;
}

/** How much of a failed start's output its error carries (the end: every process's shutdown lines and the reason). */
const OUTPUT_TAIL = 20_000;

/** A process group started from dist/ that says `readyLine` when it is up; its output is kept. */
export async function startProcess(script: string, env: Record<string, string | undefined>, readyLine: RegExp, timeoutMs = 90_000): Promise<StartedProcess> {
  const full: Record<string, string | undefined> = { ...process.env, ...env };
  for (const k of Object.keys(full)) if (full[k] === undefined) delete full[k];
  const child = spawn(process.execPath, [script], { env: full, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  let isReady = false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} not ready in ${timeoutMs} ms:\n${output.slice(-OUTPUT_TAIL)}`)), timeoutMs);
    const onData = (c: Buffer) => {
      output += c.toString();
      if (process.env.TEST_SHOW_LOGS) process.stderr.write(c);
      // once ready, the output is only kept: scanning all of it again with each chunk grows with the square of the log
      if (!isReady && readyLine.test(output)) {
        isReady = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}):\n${output.slice(-OUTPUT_TAIL)}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || !child.pid) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    },
  };
}

/** The processes of a platform that answer HTTP, by port variable. A new family adds its subgraph's here. */
export const SERVED_PORTS = [
  'BRIDGE_PORT',
  'GATEWAY_PORT',
  'USERS_PORT',
  'WORKSPACE_PORT',
  'LSP_PORT',
  'UTILITIES_PORT',
  'COMMERCE_PORT',
  'DEV_PORT',
  'IOT_PORT',
  'QUERIES_PORT',
  'PIPELINES_PORT',
] as const;
// the split platform's pipelines worker serves /healthz and /metrics only (no test clock is set there, as before it served HTTP)
const ALL_PORTS = [...SERVED_PORTS, 'MQTT_PORT', 'EMBEDDED_DB_PORT', 'PIPELINE_WORKER_PORT'];

export interface OwnPlatform extends StartedProcess {
  bridgeUrl: string;
  gatewayUrl: string;
  ports: Record<string, number>;
  /** The database the platform runs on (its embedded one, or a fresh database of the suite's server). */
  databaseUrl: string;
  /** Sets every process's clock to system time + `offsetMs` (TEST_CLOCK platforms; kernel/clock.ts). */
  setClock(offsetMs: number): Promise<void>;
  /** Sets every process's clock to read `t` (epoch ms) now; refuses to go back before an instant set earlier. */
  clockTo(t: number): Promise<void>;
  /** What the platform's clock reads now (epoch ms), as last set through this object. */
  now(): number;
}

/**
 * The topology for a platform whose subject is a setting (a moved clock, a limit, a lifetime, a refusal), not the
 * process layout: one process, which starts in about a fifth of a split platform's time (7 s against 30 s on two
 * cores) and answers faster. The suite's shared platform carries the split and the replicated topologies for every
 * route; files about processes (the heap bound of each, worker processes, access lines per process, the launcher) start
 * the suite's topology, the default.
 */
export const SETTINGS_TOPOLOGY = 'single' as const;

export interface PlatformOptions {
  /** `single` or `split`; default: the suite's topology (PLATFORM_TOPOLOGY), else single. */
  topology?: 'single' | 'split';
  /** Extra environment (TEST_CLOCK, short TTLs, small limits …). */
  env?: Record<string, string>;
  /** The database to use instead of a fresh one (a proxy in front of one, say). */
  databaseUrl?: string;
}

/** A new database on the PostgreSQL server of `serverUrl` (its URL), and how to drop it. */
export async function serverDatabase(serverUrl: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const name = `own_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Starts a platform of its own; `stop()` ends it and removes its data directory and database. */
export async function startPlatform(options: PlatformOptions = {}): Promise<OwnPlatform> {
  const topology = options.topology ?? (process.env.PLATFORM_TOPOLOGY === 'split' ? 'split' : 'single');
  const dataDir = mkdtempSync(join(tmpdir(), `own-platform-${topology}-`));
  const ports: Record<string, number> = {};
  for (const n of ALL_PORTS) ports[n] = await freePort();
  let databaseUrl = options.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (!databaseUrl && process.env.DATABASE_URL) ({ databaseUrl, drop: dropDatabase } = await serverDatabase(process.env.DATABASE_URL));
  const env: Record<string, string | undefined> = {
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    DATA_DIR: dataDir,
    PLATFORM_TOPOLOGY: topology,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'pretty',
    // unset: the launcher starts an embedded database (the suite's DATABASE_URL is not inherited)
    DATABASE_URL: databaseUrl,
    // one of each process (the suite's PLATFORM_REPLICAS is not inherited): a test clock reaches every process
    PLATFORM_REPLICAS: '1',
    ...options.env,
  };
  const proc = await startProcess('dist/scripts/start.js', env, /platform\s+\| ready:/, 150_000).catch(async (err) => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
    throw err;
  });
  let offset = 0;
  let latest = Number.NEGATIVE_INFINITY;
  const platform: OwnPlatform = {
    ...proc,
    bridgeUrl: `http://127.0.0.1:${ports.BRIDGE_PORT}`,
    gatewayUrl: `http://127.0.0.1:${ports.GATEWAY_PORT}/graphql`,
    ports,
    databaseUrl: databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${ports.EMBEDDED_DB_PORT}/postgres`,
    async setClock(offsetMs: number) {
      for (const p of SERVED_PORTS) {
        const res = await fetch(`http://127.0.0.1:${ports[p]}/__test/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetMs }) });
        if (res.status !== 200) throw new Error(`setting the clock on ${p}: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { offsetMs: number };
        if (body.offsetMs !== offsetMs) throw new Error(`the clock on ${p} says offset ${body.offsetMs}, not ${offsetMs}`);
      }
      offset = offsetMs;
    },
    async clockTo(t: number) {
      if (t < latest) throw new Error(`the clock would go back ${latest - t} ms`);
      latest = t;
      await platform.setClock(t - Date.now());
    },
    now: () => Date.now() + offset,
    async stop() {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase?.();
    },
  };
  return platform;
}
