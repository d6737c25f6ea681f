import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  }
}

let launcher: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  const base = Number(process.env.TEST_PORT_BASE ?? 18000);
  dataDir = mkdtempSync(join(tmpdir(), 'platform-test-'));
  const subgraphPorts = Object.fromEntries(
    ['USERS', 'WORKSPACE', 'UTILITIES', 'LSP', 'COMMERCE', 'DEV', 'IOT', 'PIPELINES', 'QUERIES'].map((n, i) => [`${n}_PORT`, base + 41 + i]),
  );
  const ports = { BRIDGE_PORT: base + 80, GATEWAY_PORT: base + 40, EMBEDDED_DB_PORT: base + 32, ...subgraphPorts };
  const env = {
    ...process.env,
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    LOG_FORMAT: 'pretty',
  };
  launcher = spawn(process.execPath, ['dist/scripts/start.js'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
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
    timer = setTimeout(() => reject(new Error(`platform not ready in 90 s:\n${output}`)), 90_000);
  });
  await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  launcher.stdout!.on('data', (c: Buffer) => process.env.TEST_SHOW_LOGS && process.stderr.write(c));
  project.provide('bridgeUrl', `http://127.0.0.1:${ports.BRIDGE_PORT}`);
  project.provide('gatewayUrl', `http://127.0.0.1:${ports.GATEWAY_PORT}/graphql`);
  project.provide('usersUrl', `http://127.0.0.1:${ports.USERS_PORT}/graphql`);
  project.provide('workspaceUrl', `http://127.0.0.1:${ports.WORKSPACE_PORT}/graphql`);
  project.provide('dataDir', dataDir);
  project.provide('databaseUrl', process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${ports.EMBEDDED_DB_PORT}/postgres`);
  const platformEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && (k in ports || /^(DATA_DIR|TRUST_PROXY|LOG_LEVEL|PLATFORM_TOPOLOGY|DATABASE_URL|PATH)$/.test(k))) platformEnv[k] = v;
  project.provide('platformEnv', platformEnv);
}

export async function teardown() {
  if (launcher?.pid && launcher.exitCode === null) {
    const exited = new Promise((r) => launcher!.once('exit', r));
    process.kill(-launcher.pid, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
    try { process.kill(-launcher.pid, 'SIGKILL'); } catch { /* already gone */ }
  }
  launcher?.stdout?.destroy();
  launcher?.stderr?.destroy();
  launcher?.unref();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
