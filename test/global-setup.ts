import { DEV_ORIGINS } from '../kernel/cors.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the real platform once for the whole suite: `node dist/scripts/start.js` (embedded PostgreSQL unless
 * DATABASE_URL is set, the users subgraph, the gateway and the bridge), on ports from TEST_PORT_BASE (default 18000)
 * and a fresh DATA_DIR. Tests talk HTTP to it. Run `npm run build` first (`npm test` does).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    bridgeUrl: string;
    gatewayUrl: string;
    usersUrl: string;
    workspaceUrl: string;
    dataDir: string;
    /** The database every process of the test platform uses. */
    databaseUrl: string;
    /** The environment the test platform runs with (ports, DATA_DIR, topology): what a test needs to start a replica. */
    platformEnv: Record<string, string>;
    /** Everything the platform writes (stdout and stderr), for the whole suite; scanned for private data at teardown. */
    platformLog: string;
    /** An origin CORS_ORIGINS lists, free for a test to serve a page from (test/browser.e2e.test.ts). */
    pageOrigin: string;
    /** The embedded MQTT broker devices connect to. */
    mqttUrl: string;
  }
}

/**
 * What must never appear in the platform's log (docs/contract.md, "Logs"): the suite's e-mail addresses and phone
 * numbers, its password, bearer credentials, JWTs and the platform's secrets. Checked on the whole suite's log when
 * the platform has stopped; a hit fails the run, listing the lines.
 */
export const PRIVATE_IN_LOG: [string, RegExp][] = [
  ['e-mail address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
  ['phone number', /\+\d[\d ()-]{6,}\d/],
  ['the test password', /correct horse battery/i],
  ['a bearer credential', /Bearer /],
  ['a JWT', /eyJ[A-Za-z0-9_-]{8,}/],
  ['a platform secret', /\b(?:lpk|lcs|inv)_[A-Za-z0-9_-]{8,}/],
];

/** The lines of `log` that carry private data, each with what was found. */
export function privateLines(log: string): string[] {
  const hits: string[] = [];
  for (const line of log.split('\n')) {
    const found = PRIVATE_IN_LOG.filter(([, re]) => re.test(line)).map(([what]) => what);
    if (found.length) hits.push(`[${found.join(', ')}] ${line.slice(0, 400)}`);
  }
  return hits;
}

let launcher: ChildProcess | undefined;
let dataDir: string | undefined;
let logFile: string | undefined;
let logStream: WriteStream | undefined;

export async function setup(project: TestProject) {
  const base = Number(process.env.TEST_PORT_BASE ?? 18000);
  dataDir = mkdtempSync(join(tmpdir(), 'platform-test-'));
  const subgraphPorts: Record<string, number> = Object.fromEntries(
    ['USERS', 'WORKSPACE', 'UTILITIES', 'LSP', 'COMMERCE', 'DEV', 'IOT', 'PIPELINES', 'QUERIES'].map((n, i) => [`${n}_PORT`, base + 41 + i]),
  );
  const ports: Record<string, number> = {
    BRIDGE_PORT: base + 80,
    GATEWAY_PORT: base + 40,
    EMBEDDED_DB_PORT: base + 32,
    MQTT_PORT: base + 83,
    PIPELINE_WORKER_PORT: base + 50,
    REPLICA_PORT_BASE: base + 100,
    ...subgraphPorts,
  };
  const env = {
    ...process.env,
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    // info: every line the platform writes in normal operation is checked for private data at teardown
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
    LOG_FORMAT: 'pretty',
    // the suite's bulk set-up sends up to 100 aliased mutations in one operation (test/caps.e2e.test.ts `bulk`,
    // test/lsp-helpers.ts `gqlFleets`/`gqlVehicles`): over the production defaults of 15 aliases and 1,000 tokens
    // (docs/gateway.md); test/gateway-guards.e2e.test.ts tests the limits on platforms of its own
    GRAPHQL_MAX_ALIASES: '100',
    GRAPHQL_MAX_TOKENS: '4000',
    // a request with x-sql-statements: true gets extensions.sqlStatements (test/references.e2e.test.ts counts them)
    GRAPHQL_SQL_STATEMENTS: 'true',
    // pipeline WEBHOOK stages may call the tests' local receivers (docs/pipelines.md "SSRF guard"); the refusal of a
    // loopback target is tested on a platform of its own without it (test/pipelines-webhooks.e2e.test.ts)
    PIPELINE_WEBHOOK_ALLOW: '127.0.0.1',
    // the development default, plus the origin test/browser.e2e.test.ts serves its cross-origin page from
    CORS_ORIGINS: [...DEV_ORIGINS, `http://127.0.0.1:${base + 99}`].join(','),
  };
  launcher = spawn(process.execPath, ['dist/scripts/start.js'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  logFile = join(dataDir, 'platform.log');
  logStream = createWriteStream(logFile);
  launcher.stdout!.on('data', (c: Buffer) => logStream!.write(c));
  launcher.stderr!.on('data', (c: Buffer) => logStream!.write(c));
  let output = '';
  // the start-up's output, until the platform is ready: then these listeners go (the log stream above keeps the rest).
  // Left on, they would copy the whole log and scan it again with each chunk for the suite's whole run, which cost the
  // runner's process most of a core by the end of a run.
  let onData: ((chunk: Buffer) => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.TEST_SHOW_LOGS) process.stderr.write(chunk);
      if (/platform\s+\| ready:/.test(output)) resolve();
    };
    launcher!.stdout!.on('data', onData);
    launcher!.stderr!.on('data', onData);
    launcher!.on('exit', (code) => reject(new Error(`platform exited (${code}) before it was ready:\n${output}`)));
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // replicas behind HAProxy (PLATFORM_REPLICAS) start twice as many processes
    const seconds = Number(process.env.PLATFORM_REPLICAS ?? 1) > 1 ? 240 : 90;
    timer = setTimeout(() => reject(new Error(`platform not ready in ${seconds} s:\n${output}`)), seconds * 1000);
  });
  await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  launcher.stdout!.off('data', onData!);
  launcher.stderr!.off('data', onData!);
  output = '';
  if (process.env.TEST_SHOW_LOGS) {
    launcher.stdout!.on('data', (c: Buffer) => process.stderr.write(c));
    launcher.stderr!.on('data', (c: Buffer) => process.stderr.write(c));
  }
  project.provide('bridgeUrl', `http://127.0.0.1:${ports.BRIDGE_PORT}`);
  project.provide('gatewayUrl', `http://127.0.0.1:${ports.GATEWAY_PORT}/graphql`);
  project.provide('usersUrl', `http://127.0.0.1:${ports.USERS_PORT}/graphql`);
  project.provide('workspaceUrl', `http://127.0.0.1:${ports.WORKSPACE_PORT}/graphql`);
  project.provide('dataDir', dataDir);
  project.provide('platformLog', logFile);
  project.provide('databaseUrl', process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${ports.EMBEDDED_DB_PORT}/postgres`);
  const platformEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env))
    if (v !== undefined && (k in ports || /^(DATA_DIR|TRUST_PROXY|LOG_LEVEL|PLATFORM_TOPOLOGY|DATABASE_URL|PATH|GRAPHQL_MAX_ALIASES|GRAPHQL_MAX_TOKENS|GRAPHQL_SQL_STATEMENTS)$/.test(k)))
      platformEnv[k] = v;
  project.provide('platformEnv', platformEnv);
  project.provide('pageOrigin', `http://127.0.0.1:${base + 99}`);
  project.provide('mqttUrl', `mqtt://127.0.0.1:${ports.MQTT_PORT}`);
}

export async function teardown() {
  if (launcher?.pid && launcher.exitCode === null) {
    const exited = new Promise((r) => launcher!.once('exit', r));
    process.kill(-launcher.pid, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
    try {
      process.kill(-launcher.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  launcher?.stdout?.destroy();
  launcher?.stderr?.destroy();
  launcher?.unref();
  await new Promise<void>((r) => (logStream ? logStream.end(() => r()) : r()));
  // the whole suite's log, now complete: nothing private may be in it
  const hits = logFile ? privateLines(readFileSync(logFile, 'utf8')) : [];
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (hits.length) {
    throw new Error(`the platform's log holds private data (${hits.length} lines; docs/contract.md, "Logs"):\n${hits.slice(0, 30).join('\n')}`);
  }
}
