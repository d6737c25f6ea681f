import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DestinationStream } from 'pino';
import { loadConfigOrExit, type Config } from '../kernel/config.js';
import { createLogger } from '../kernel/logger.js';
import { listen, type Listener } from '../kernel/http.js';
import { bindable } from '../kernel/ports.js';
import { RateLimits } from '../kernel/ratelimit.js';
import { createSubgraph, type SubgraphRuntime } from '../kernel/subgraph.js';
import { createGateway } from '../gateway/gateway.js';
import { createBridge } from '../rest-bridge/bridge.js';
import { subgraphs } from '../subgraphs/index.js';
import type { EmbeddedDbWorkerData } from './embedded-db.js';
import { setUpRoles } from './db-roles.js';

/**
 * `npm start`: the whole platform in one terminal, in one of two topologies (PLATFORM_TOPOLOGY):
 * - `single` (default): one Node process. Every subgraph, the gateway and the bridge run here; the gateway executes
 *   co-located subgraphs in-process and the bridge hands its operations to the gateway in-process. The embedded
 *   PostgreSQL (unless DATABASE_URL is set) runs on a worker thread.
 * - `split`: a process per subgraph, gateway and bridge (and the embedded database), each also startable alone.
 *   With PLATFORM_REPLICAS=n (n > 1): n of each, on ports of their own, behind an HAProxy on the public ports
 *   (`replicated`): round-robin per request for HTTP, per connection for MQTT.
 * Both listen on the same ports. Log lines are prefixed with the component's name (LOG_FORMAT=json passes raw JSON);
 * Ctrl-C (or SIGTERM) stops everything in reverse order.
 */
const config = loadConfigOrExit(); // also creates DATA_DIR/secrets.json once, before the children race for it
const json = process.env.LOG_FORMAT === 'json';
const COLORS = [36, 35, 33, 32, 34, 31, 90];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const width = Math.max(8, ...subgraphs.map((s) => s.name.length));
/** A log line as pino writes it (kernel/logger.ts). */
type PinoLine = { level?: number; time?: string | number; msg?: string; [key: string]: unknown };
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const colorOf = new Map<string, number>();

/** Lines said in one turn of the event loop, written together at its end (one write, not one per line). */
let said: string[] = [];
function writeSaid() {
  const text = said.join('');
  said = [];
  process.stdout.write(text);
}
process.on('exit', () => {
  if (said.length) writeSync(1, said.join(''));
});

function say(name: string, line: string, color = colorOf.get(name) ?? 37) {
  const tag = name.padEnd(width);
  if (said.push(`${useColor ? `\x1b[${color}m${tag}\x1b[0m` : tag} | ${line}\n`) === 1) setImmediate(writeSaid);
}

function format(line: string): string {
  if (json) return line;
  try {
    const { level, time, msg, service: _s, pid: _p, hostname: _h, ...rest } = JSON.parse(line) as PinoLine;
    const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
    return `${String(time ?? '').slice(11, 23)} ${level === undefined ? '' : (LEVELS[level] ?? level)} ${msg ?? ''}${extra}`;
  } catch {
    return line;
  }
}

const nameColor = (name: string) => {
  if (!colorOf.has(name)) colorOf.set(name, COLORS[colorOf.size % COLORS.length]);
  return colorOf.get(name)!;
};

/** In one process: each component's JSON lines, formatted like a child's (raw when LOG_FORMAT=json). */
function componentLog(name: string): DestinationStream | undefined {
  if (json) return undefined; // the default asynchronous stdout destination
  nameColor(name);
  return { write: (line: string) => say(name, format(line.trimEnd())) };
}

const progress = (line: string) => say('platform', line, 37);

/** Runs a start-up step, saying every 2 s that it is still at work (no silent pause longer than that). */
async function step<T>(what: string, work: Promise<T>): Promise<T> {
  const began = Date.now();
  const timer = setInterval(() => progress(`still ${what} (${Math.round((Date.now() - began) / 1000)} s)`), 2000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
const stops: { name: string; stop: () => Promise<void> }[] = [];
let stopping = false;
/** Why the platform stops, when a component failed: said again as the launcher's last line, below the shutdown's. */
let failure: string | undefined;
/** Each child's last error line (stderr, or a log line at level ERROR or FATAL), to name in `failure`. */
const lastError = new Map<string, string>();

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const { name, stop } of [...stops].reverse()) {
    const began = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), 8000)));
    const outcome = await Promise.race([stop(), late]).catch((err) => say(name, `stop failed: ${(err as Error).message}`));
    clearTimeout(timer);
    if (outcome === 'late') say(name, 'did not stop within 8 s; going on');
    else if (Date.now() - began > 1500) say(name, `stopped in ${Date.now() - began} ms`);
  }
  if (failure) say('platform', `stopped because ${failure}`, 31);
  process.exit(code);
}

// ───────────────────────────── embedded database ─────────────────────────────

/**
 * The young generation of the embedded database's thread (MB). Its JavaScript is short-lived buffers: each query's
 * wire messages copied in and out of PGlite's WebAssembly memory. V8 let that generation grow to about 100 MB under
 * the bench's load (heap 158 MB for 30–70 MB live); 32 MB held the bench's throughput and saved about 60 MB resident
 * (docs/performance.md "Memory").
 */
const EMBEDDED_DB_YOUNG_GENERATION_MB = 32;

/** Starts the embedded PostgreSQL on a worker thread of this process. */
async function embeddedDbThread(c: Config): Promise<void> {
  const data: EmbeddedDbWorkerData = { embeddedDb: { dataDir: join(c.dataDir, 'pglite'), port: c.EMBEDDED_DB_PORT, host: c.HOST } };
  const worker = new Worker(fileURLToPath(new URL('./embedded-db.js', import.meta.url)), {
    workerData: data,
    resourceLimits: { maxYoungGenerationSizeMb: EMBEDDED_DB_YOUNG_GENERATION_MB },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded PostgreSQL stopped (${code})`)));
  });
  worker.on('exit', () => {
    if (!stopping) {
      failure ??= 'the embedded PostgreSQL stopped unexpectedly';
      say('db', 'embedded PostgreSQL stopped unexpectedly; stopping the platform');
      void stopAll(1);
    }
  });
  stops.push({
    name: 'db',
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('message', () => void worker.terminate().then(() => resolve()));
        worker.postMessage({ stop: true });
      }),
  });
}

// ───────────────────────────── one process ─────────────────────────────

async function single(c: Config) {
  const started = Date.now();
  const limits = await RateLimits.open(c);
  stops.push({ name: 'limits', stop: () => limits.close() });
  progress(`migrating and building ${subgraphs.length} subgraphs: ${subgraphs.map((s) => s.name).join(', ')}`);
  const runtimes: SubgraphRuntime[] = [];
  for (const def of subgraphs) {
    const runtime = await step(`migrating and building ${def.name}`, createSubgraph(def, c, createLogger(def.name, c.LOG_LEVEL, componentLog(def.name))));
    runtimes.push(runtime);
    stops.push({ name: def.name, stop: () => runtime.close() });
  }
  const gatewayLog = createLogger('gateway', c.LOG_LEVEL, componentLog('gateway'));
  const gateway = await step('building the gateway', createGateway(c, { log: gatewayLog, limits, local: runtimes }));
  stops.push({ name: 'gateway', stop: () => gateway.close() });
  const bridgeLog = createLogger('bridge', c.LOG_LEVEL, componentLog('bridge'));
  const bridge = createBridge(c, { log: bridgeLog, limits, gateway });

  // Subgraph endpoints stay reachable (signed principal only), as in the split topology: diagnostics and tests.
  const listeners: Listener[] = [];
  for (const r of runtimes) listeners.push(await listen(r.app, Number(new URL(c.subgraphUrl(r.name)).port), c.HOST, r.log));
  listeners.push(await listen(gateway.app, c.GATEWAY_PORT, c.HOST, gatewayLog));
  listeners.push(await listen(bridge, c.BRIDGE_PORT, c.HOST, bridgeLog));
  stops.push({ name: 'http', stop: async () => void (await Promise.all(listeners.map((l) => l.close()))) });
  for (const r of runtimes) await r.startWork();
  const m = process.memoryUsage();
  const mb = (n: number) => `${Math.round(n / 1048576)} MB`;
  progress(`one process (pid ${process.pid}); built in ${Date.now() - started} ms; memory ${mb(m.rss)} resident (heap ${mb(m.heapUsed)}, buffers ${mb(m.arrayBuffers)})`);
}

// ───────────────────────────── a process each ─────────────────────────────

/** Scripts are found next to this compiled launcher (dist/ by default). */
const script = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The ports each launched child has said (over IPC, kernel/http.ts `listen`) it listens on. */
const listening = new Set<number>();

function launch(name: string, path: string, env: NodeJS.ProcessEnv): ChildProcess | undefined {
  return launchProgram(name, process.execPath, ['--enable-source-maps', script(path)], env);
}

/** Runs `command` as a component of the platform: its output prefixed with `name`, stopped with the platform. */
function launchProgram(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess | undefined {
  if (stopping) return undefined; // never start a process once the platform is stopping (it would be orphaned)
  nameColor(name);
  const proc = spawn(command, args, { env: { ...env, PLATFORM_LAUNCHER_IPC: '1' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  proc.on('message', (m: { listening?: unknown }) => {
    if (typeof m?.listening === 'number') listening.add(m.listening);
  });
  createInterface({ input: proc.stdout! }).on('line', (l) => {
    const line = format(l);
    if (/^\{"level":(50|60)\b/.test(l) || / (ERROR|FATAL) /.test(line)) lastError.set(name, line);
    say(name, line);
  });
  createInterface({ input: proc.stderr! }).on('line', (l) => {
    if (/^[\w.$]*(Error|Exception)\b/.test(l)) lastError.set(name, l); // an error's headline, not its frames
    say(name, l);
  });
  proc.on('exit', (code, signal) => {
    if (stopping) return;
    failure ??= `${name} exited unexpectedly (${signal ?? code})${lastError.has(name) ? `: ${lastError.get(name)}` : ''}`;
    say(name, `exited unexpectedly (${signal ?? code}); stopping the platform`);
    void stopAll(1);
  });
  stops.push({
    name,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const t = setTimeout(() => {
          proc.kill('SIGKILL');
          resolve();
        }, 8000);
        proc.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  });
  return proc;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopping');
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, config.HOST, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
/** Ready: our own child said it listens on the URL's port (not some other process holding it), and /readyz answers. */
const ready = async (url: string) => listening.has(Number(new URL(url).port)) && (await fetch(url)).ok;

/** Each component's database URL when it connects as a role of its own (DATABASE_ROLES=per-component). */
let roleUrls: Record<string, string> | undefined;

/** `env` for a process of `component`: with roles of their own, its DATABASE_URL is its role's. */
const as = (component: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => (roleUrls ? { ...env, DATABASE_URL: roleUrls[component] } : env);

async function split(env: NodeJS.ProcessEnv) {
  if (config.DATABASE_ROLES === 'per-component') {
    if (!process.env.DATABASE_URL) say('platform', 'DATABASE_ROLES=per-component needs a PostgreSQL server (DATABASE_URL); the embedded database has one role');
    else {
      progress('setting up a database role per component (scripts/db-roles.ts)');
      roleUrls = await step('setting up the database roles', setUpRoles(config.databaseUrl, config.internalSecret));
    }
  }
  if (config.PLATFORM_REPLICAS > 1) return replicated(env, config.PLATFORM_REPLICAS);
  // every process starts at once: none needs another to start (the gateway reads the committed supergraph, the bridge
  // finds the gateway per request), and on two cores the start is CPU-bound, so starting them one after another left a
  // core idle. Readiness is then awaited in the order the readiness checks depend on: subgraphs, gateway, bridge.
  progress(`starting ${subgraphs.length} subgraphs, ${config.PIPELINE_WORKER_PROCESSES} pipelines worker(s), the gateway and the REST bridge`);
  for (const s of subgraphs) launch(s.name, `subgraphs/${s.name}/main.js`, as(s.name, env));
  // pipeline steps run in worker processes of their own (docs/pipelines.md "Workers"), not in the subgraph's
  for (let i = 1; i <= config.PIPELINE_WORKER_PROCESSES; i++) {
    const port = config.PIPELINE_WORKER_PORT + i - 1;
    launch(`worker-${i}`, 'subgraphs/pipelines/worker.js', { ...as('pipelines', env), PIPELINE_WORKER_PORT: String(port) });
    metricsTargets.push({ component: 'pipelines-worker', process: `worker-${i}`, port });
  }
  launch('gateway', 'gateway/main.js', as('gateway', env));
  launch('bridge', 'rest-bridge/main.js', as('bridge', env));
  for (const s of subgraphs) metricsTargets.push({ component: s.name, process: s.name, port: config.subgraphPort(s.name) });
  metricsTargets.push({ component: 'gateway', process: 'gateway', port: config.GATEWAY_PORT }, { component: 'bridge', process: 'bridge', port: config.BRIDGE_PORT });
  await Promise.all(subgraphs.map((s) => waitFor(() => ready(new URL('/readyz', config.subgraphUrl(s.name)).href), `subgraph ${s.name}`)));
  await waitFor(() => ready(`http://${config.HOST}:${config.GATEWAY_PORT}/readyz`), 'gateway');
  await waitFor(() => ready(`http://${config.HOST}:${config.BRIDGE_PORT}/readyz`), 'rest-bridge');
}

/** What the load balancer fronts: each public port (its variable), HTTP or TCP (MQTT). */
const FRONTED = [
  ...subgraphs.map((s) => ({ name: s.name, variable: `${s.name.toUpperCase()}_PORT`, http: true })),
  { name: 'gateway', variable: 'GATEWAY_PORT', http: true },
  { name: 'bridge', variable: 'BRIDGE_PORT', http: true },
  { name: 'mqtt', variable: 'MQTT_PORT', http: false },
];

/** HAProxy's configuration: a frontend on each public port, round-robin over the replicas' ports. */
function haproxyConfig(host: string, publicPorts: Record<string, number>, replicaPorts: Record<string, number>[]): string {
  const lines = ['global', '  maxconn 4096', 'defaults', '  mode http', '  timeout connect 5s', '  timeout client 10m', '  timeout server 10m', '  timeout tunnel 1h'];
  for (const f of FRONTED) {
    lines.push(`frontend ${f.name}`, `  bind ${host}:${publicPorts[f.variable]}`, `  mode ${f.http ? 'http' : 'tcp'}`, `  default_backend ${f.name}`);
    lines.push(`backend ${f.name}`, `  mode ${f.http ? 'http' : 'tcp'}`, '  balance roundrobin');
    replicaPorts.forEach((ports, i) => lines.push(`  server r${i + 1} ${host}:${ports[f.variable]}`));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `split` with `n` replicas of every process (subgraphs, pipelines workers, gateway, bridge), each on ports of its
 * own, behind HAProxy (HAPROXY_PATH, Debian's `haproxy`) on the public ports: round-robin per request (HTTP) or per
 * connection (MQTT). Every replica reaches the others through the load balancer (the gateway its subgraphs, the bridge
 * the gateway), and names the public addresses (PUBLIC_URL, MQTT_PUBLIC_URL) in what it hands out.
 */
async function replicated(env: NodeJS.ProcessEnv, n: number) {
  const host = config.HOST;
  const publicPorts = Object.fromEntries(FRONTED.map((f) => [f.variable, (config as unknown as Record<string, number>)[f.variable]]));
  // fixed blocks from REPLICA_PORT_BASE (kernel/config.ts): a port from the system, released until its process binds
  // it, could meanwhile be handed to another process's listen(0) or outgoing connection (a CI run lost a start so)
  const replicaPorts: Record<string, number>[] = [];
  const workerPorts: number[][] = [];
  const taken = new Set(Object.values(publicPorts));
  for (let i = 0; i < n; i++) {
    const block = config.REPLICA_PORT_BASE + 100 * i;
    const ports: Record<string, number> = {};
    FRONTED.forEach((f, k) => (ports[f.variable] = block + k));
    replicaPorts.push(ports);
    workerPorts.push([...Array(config.PIPELINE_WORKER_PROCESSES).keys()].map((w) => block + FRONTED.length + w));
    for (const [what, port] of [...Object.entries(ports), ...workerPorts[i].map((p, w) => [`worker ${w + 1}`, p] as const)]) {
      if (taken.has(port) || !(await bindable(port, host)))
        throw new Error(
          `replica ${i + 1}'s ${what} port ${port} (REPLICA_PORT_BASE ${config.REPLICA_PORT_BASE} + ${port - config.REPLICA_PORT_BASE}) is a public port or in use; set REPLICA_PORT_BASE to a free block`,
        );
    }
  }
  const shared: NodeJS.ProcessEnv = {
    ...env,
    ...Object.fromEntries(subgraphs.map((s) => [`${s.name.toUpperCase()}_URL`, `http://${host}:${publicPorts[`${s.name.toUpperCase()}_PORT`]}/graphql`])),
    GATEWAY_URL: `http://${host}:${publicPorts.GATEWAY_PORT}/graphql`,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${host}:${publicPorts.BRIDGE_PORT}`,
    MQTT_PUBLIC_URL: env.MQTT_PUBLIC_URL ?? `mqtt://${host}:${publicPorts.MQTT_PORT}`,
  };
  const envOf = (i: number): NodeJS.ProcessEnv => ({ ...shared, ...Object.fromEntries(Object.entries(replicaPorts[i]).map(([k, v]) => [k, String(v)])) });
  const cfg = join(config.dataDir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(host, publicPorts, replicaPorts));
  progress(`starting HAProxy on the public ports (${n} replicas of every process behind it, round-robin)`);
  launchProgram('haproxy', config.HAPROXY_PATH, ['-f', cfg, '-db'], env);
  await waitFor(() => portOpen(publicPorts.BRIDGE_PORT), 'HAProxy');
  const local = (i: number, variable: string) => `http://${host}:${replicaPorts[i][variable]}/readyz`;
  // every process at once, as in split; readiness awaited in dependency order
  progress(`starting ${n} replicas of every process`);
  for (let i = 0; i < n; i++) {
    for (const s of subgraphs) launch(`${s.name}-${i + 1}`, `subgraphs/${s.name}/main.js`, as(s.name, envOf(i)));
    for (let w = 1; w <= config.PIPELINE_WORKER_PROCESSES; w++) {
      const port = workerPorts[i][w - 1];
      launch(`worker-${i + 1}.${w}`, 'subgraphs/pipelines/worker.js', { ...as('pipelines', envOf(i)), PIPELINE_WORKER_PORT: String(port) });
      metricsTargets.push({ component: 'pipelines-worker', process: `worker-${i + 1}.${w}`, port });
    }
    launch(`gateway-${i + 1}`, 'gateway/main.js', as('gateway', envOf(i)));
    launch(`bridge-${i + 1}`, 'rest-bridge/main.js', as('bridge', envOf(i)));
    for (const f of FRONTED.filter((f) => f.http)) metricsTargets.push({ component: f.name, process: `${f.name}-${i + 1}`, port: replicaPorts[i][f.variable] });
  }
  const replicas = [...Array(n).keys()];
  await Promise.all(subgraphs.flatMap((s) => replicas.map((i) => waitFor(() => ready(local(i, `${s.name.toUpperCase()}_PORT`)), `subgraph ${s.name} (replica ${i + 1})`))));
  await Promise.all(replicas.map((i) => waitFor(() => ready(local(i, 'GATEWAY_PORT')), `gateway (replica ${i + 1})`)));
  await Promise.all(replicas.map((i) => waitFor(() => ready(local(i, 'BRIDGE_PORT')), `rest-bridge (replica ${i + 1})`)));
  // through the load balancer too
  await waitFor(async () => (await fetch(`http://${host}:${publicPorts.BRIDGE_PORT}/readyz`)).ok, 'the REST bridge through HAProxy');
}

// ───────────────────────────── what Prometheus scrapes ─────────────────────────────

/** Every process's own HTTP port, for Prometheus: not the load-balanced ports (a balanced port reaches one replica). */
const metricsTargets: { component: string; process: string; port: number }[] = [];

/**
 * Writes DATA_DIR/prometheus-targets.json in Prometheus' file-based service discovery format (`file_sd_configs`,
 * docs/operations.md "Metrics"): a target per process (every replica, every pipelines worker), labelled `component`
 * and `process`. Rewritten at each start.
 */
function writeMetricsTargets() {
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  const groups = metricsTargets.map((t) => ({ targets: [`${host}:${t.port}`], labels: { component: t.component, process: t.process } }));
  writeFileSync(join(config.dataDir, 'prometheus-targets.json'), `${JSON.stringify(groups, null, 2)}\n`);
}

// ───────────────────────────── start ─────────────────────────────

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const topology = config.PLATFORM_TOPOLOGY;
  const env: NodeJS.ProcessEnv = { ...process.env, JWT_SECRET: config.jwtSecret, INTERNAL_SECRET: config.internalSecret };
  if (!process.env.DATABASE_URL) {
    progress(`starting the embedded PostgreSQL (PGlite, ${join(config.dataDir, 'pglite')})`);
    if (topology === 'single') await step('starting the embedded PostgreSQL', embeddedDbThread(config));
    else {
      launch('db', 'scripts/embedded-db.js', env);
      await waitFor(() => portOpen(config.EMBEDDED_DB_PORT), 'embedded PostgreSQL');
    }
    env.DATABASE_URL = config.databaseUrl;
  }
  if (topology === 'single') await single(config);
  else await split(env);
  // one process answers the same registry on every port: one target
  if (topology === 'single') metricsTargets.push({ component: 'platform', process: 'platform', port: config.BRIDGE_PORT });
  writeMetricsTargets();
  say(
    'platform',
    `ready: REST on http://${config.HOST}:${config.BRIDGE_PORT} · GraphQL on http://${config.HOST}:${config.GATEWAY_PORT}/graphql (${topology === 'single' ? 'one process' : config.PLATFORM_REPLICAS > 1 ? `${config.PLATFORM_REPLICAS} replicas of each process behind HAProxy` : 'a process each'})`,
    37,
  );
} catch (err) {
  if (!stopping) {
    say('platform', (err as Error).stack ?? (err as Error).message, 31);
    await stopAll(1);
  }
}
