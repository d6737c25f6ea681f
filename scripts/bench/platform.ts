// The bench's one platform start-up: the launcher in its own process group, ports, process groups, memory and CPU of a process tree.
/**
 * `npm run bench` helpers: start and stop the whole platform (`node dist/scripts/start.js`) in its own process group,
 * find free ports, and measure the resident memory of the launcher's process tree. Nothing here is imported by the
 * platform itself.
 *
 * Every section runs on a platform started here: the route runs, `iot` and `queries` on the harness's platform
 * (index.ts: BENCH_TOPOLOGIES, the same DATA_DIR for each topology); `pipelines`, `events` and `utilities` each on a
 * platform of their own (`withPlatform`), which they declare (topology, environment, ports) as an OwnSection. Every
 * platform runs with BENCH_ENV (LOG_LEVEL=warn, rate limits raised to 1e9) on the embedded PostgreSQL, or on
 * DATABASE_URL when set. Also here: the settings the bench reads from its environment (`setting`, `settingList`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { bindable } from '../../kernel/ports.js';
import type { Fixtures } from './fixtures.js';
import type { Block } from './report.js';

export type Topology = 'single' | 'split';
export type Log = (msg: string) => void;

/** The bench's progress lines go to stderr (its report to stdout). */
export const log: Log = (msg) => process.stderr.write(`${msg}\n`);

// ───────────────────────────── settings ─────────────────────────────

/** A number from the environment variable `name` (default `def`, also when it is empty); at least `min`. */
export function setting(name: string, def: number, min = 0): number {
  const raw = process.env[name];
  const v = Number(raw === undefined || raw === '' ? def : raw);
  if (!Number.isFinite(v) || v < min) throw new Error(`${name} must be a number ≥ ${min}`);
  return v;
}

/** A comma-separated list from the environment variable `name` (default `def`). */
export const settingList = (name: string, def: string): string[] =>
  (process.env[name] ?? def)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

// ───────────────────────────── the database ─────────────────────────────

/** A PostgreSQL server the platform runs on instead of its embedded one. */
export const EXTERNAL_DB = process.env.DATABASE_URL;

/** The platform's database: DATABASE_URL, or the embedded PostgreSQL on EMBEDDED_DB_PORT. */
export const databaseUrlOf = (ports: Ports): string => EXTERNAL_DB ?? `postgres://postgres:postgres@127.0.0.1:${ports.EMBEDDED_DB_PORT}/postgres`;

/** The database, as the sections of their own platform name it. */
export const databaseName = (): string => (EXTERNAL_DB ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PostgreSQL (PGlite)');

// ───────────────────────────── ports ─────────────────────────────

/** Port variables of the launcher (test/global-setup.ts), plus the subgraphs that are planned but not there yet. */
export const PORT_NAMES = [
  'BRIDGE_PORT',
  'GATEWAY_PORT',
  'EMBEDDED_DB_PORT',
  ...['USERS', 'WORKSPACE', 'UTILITIES', 'LSP', 'COMMERCE', 'DEV', 'IOT', 'PIPELINES', 'QUERIES', 'PIPELINE_WORKER'].map((n) => `${n}_PORT`),
] as const;
export type Ports = Record<(typeof PORT_NAMES)[number], number>;

/** `count` distinct free TCP ports on 127.0.0.1 (held open together while they are chosen). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/**
 * The launcher's ports and the embedded MQTT broker's (not a launcher port: given in the platform's environment as
 * MQTT_PORT): from `base` in the launcher's layout (BENCH_PORT_BASE), else free ones.
 */
export async function platformPorts(base?: number): Promise<{ ports: Ports; mqttPort: number }> {
  if (base) {
    const ports: Ports = {
      BRIDGE_PORT: base + 80,
      GATEWAY_PORT: base + 40,
      EMBEDDED_DB_PORT: base + 32,
      ...Object.fromEntries(PORT_NAMES.slice(3).map((n, i) => [n, base + 41 + i])),
      PIPELINE_WORKER_PORT: base + 50,
    };
    return { ports, mqttPort: base + 83 };
  }
  const free = await freePorts(PORT_NAMES.length + 1);
  const ports: Ports = Object.fromEntries(PORT_NAMES.map((n, i) => [n, free[i]]));
  return { ports, mqttPort: free[PORT_NAMES.length] };
}

/** True when something holds the port (it cannot be bound). */
const listening = async (port: number) => !(await bindable(port));

/** Waits until none of the ports is taken (a platform that was just stopped has released them). */
export async function waitPortsFree(ports: number[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const taken: number[] = [];
    for (const p of ports) if (await listening(p)) taken.push(p);
    if (!taken.length) return;
    if (Date.now() > deadline) throw new Error(`ports still in use after the platform stopped: ${taken.join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ───────────────────────────── process groups ─────────────────────────────

/** Processes this bench started (platform launchers, the bare server, workers), each the leader of its own process group. */
const groups = new Set<ChildProcess>();

/** Spawns `node <script>` detached (own process group) and remembers it so that any exit of the bench kills it. */
export function spawnGroup(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  groups.add(child);
  child.once('exit', () => groups.delete(child));
  return child;
}

const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

/** SIGTERM to the group, then SIGKILL to whatever of the group is left after `graceMs`. */
export async function stopGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (!child.pid) return;
  if (alive(child)) {
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* the whole group is gone */
  }
  groups.delete(child);
}

/** Last resort (process exit, a second Ctrl-C): SIGKILL every group this bench started, synchronously. */
export function killAllGroupsNow(): void {
  for (const c of groups) {
    if (c.pid)
      try {
        process.kill(-c.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
  }
  groups.clear();
}

/** Stops every group this bench started (SIGTERM, then SIGKILL). */
export async function stopAllGroups(): Promise<void> {
  await Promise.all([...groups].map((c) => stopGroup(c, 10_000)));
}

export interface Spawned {
  proc: ChildProcess;
  /** The last 400 lines it printed (stdout and stderr), kept for as long as it runs. */
  lines: string[];
  /** Spawn → ready line, ms. */
  readyMs: number;
}

/**
 * Spawns `node <script>` as a process group (spawnGroup) and resolves when a line of its stdout matches `ready`; reads
 * its output for as long as it runs (a full pipe would block it). A process that exits first, or is not ready in
 * `timeoutMs` (when given), is stopped and the error shows its last lines; `what` names it there.
 */
export async function spawnReady(what: string, script: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs?: number): Promise<Spawned> {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  const tail = () => lines.slice(-40).join('\n');
  let onStdoutLine: (line: string) => void = () => undefined;
  const started = performance.now();
  const proc = spawnGroup(script, args, env);
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    keep(line);
    onStdoutLine(line);
  });
  createInterface({ input: proc.stderr! }).on('line', keep);
  try {
    const readyMs = await new Promise<number>((resolve, reject) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => reject(new Error(`${what} not ready in ${timeoutMs / 1000} s:\n${tail()}`)), timeoutMs);
      onStdoutLine = (line) => {
        if (!ready.test(line)) return;
        clearTimeout(timer);
        resolve(performance.now() - started);
      };
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${what} exited (${signal ?? code}) before it was ready:\n${tail()}`));
      });
    });
    return { proc, lines, readyMs };
  } catch (err) {
    await stopGroup(proc, 5000);
    throw err;
  } finally {
    onStdoutLine = () => undefined;
  }
}

// ───────────────────────────── the platform ─────────────────────────────

/** What every bench platform runs with: warnings only, and rate limits out of reach (they would stop a run after 100 requests). */
export const BENCH_ENV: Record<string, string> = { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_PER_HOUR: '1000000000' };

export interface PlatformOptions {
  topology: Topology;
  dataDir: string;
  ports: Ports;
  /** Extra environment (rate limits, log level, token lifetimes …). */
  env: Record<string, string>;
  readyTimeoutMs?: number;
}

export class Platform {
  private constructor(
    readonly proc: ChildProcess,
    readonly topology: Topology,
    readonly readyMs: number,
    private readonly lines: string[],
  ) {}

  get pid(): number {
    return this.proc.pid!;
  }

  /** Last lines the platform printed (for error reports). */
  tail(n = 40): string {
    return this.lines.slice(-n).join('\n');
  }

  /** Spawns the launcher and resolves when it prints `platform | ready:`; `readyMs` is spawn → ready line. */
  static async start(o: PlatformOptions): Promise<Platform> {
    const launcher = fileURLToPath(new URL('../start.js', import.meta.url));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...Object.fromEntries(Object.entries(o.ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: o.dataDir,
      PLATFORM_TOPOLOGY: o.topology,
      LOG_FORMAT: 'pretty',
      NO_COLOR: '1',
      ...o.env,
    };
    const { proc, lines, readyMs } = await spawnReady(`platform (${o.topology})`, launcher, [], env, /platform\s+\| ready:/, o.readyTimeoutMs ?? 180_000);
    return new Platform(proc, o.topology, readyMs, lines);
  }

  get running(): boolean {
    return alive(this.proc);
  }

  stop(): Promise<void> {
    return stopGroup(this.proc);
  }

  /** Resident memory (VmRSS) of the launcher and all its descendants, read from /proc. */
  memory(): TreeMemory {
    return treeMemory(this.pid);
  }
}

/** The secret the platform signs its principals with (DATA_DIR/secrets.json, unless INTERNAL_SECRET is set). */
export function internalSecret(dataDir: string): string {
  if (process.env.INTERNAL_SECRET) return process.env.INTERNAL_SECRET;
  return (JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { internalSecret: string }).internalSecret;
}

// ───────────────────────────── a section's platform ─────────────────────────────

/** A started platform, as a section gets it. */
export interface Running {
  platform: Platform;
  ports: Ports;
  /** The embedded MQTT broker's port (MQTT_PORT). */
  mqttPort: number;
  dataDir: string;
  databaseUrl: string;
  /** The REST bridge (no trailing slash) and the gateway's /graphql. */
  bridge: string;
  gateway: string;
}

export const running = (platform: Platform, ports: Ports, mqttPort: number, dataDir: string): Running => ({
  platform,
  ports,
  mqttPort,
  dataDir,
  databaseUrl: databaseUrlOf(ports),
  bridge: `http://127.0.0.1:${ports.BRIDGE_PORT}`,
  gateway: `http://127.0.0.1:${ports.GATEWAY_PORT}/graphql`,
});

/** The platform a section of its own needs. */
export interface PlatformNeeds {
  topology: Topology;
  /** Its environment beyond BENCH_ENV. */
  env: Record<string, string>;
  /** Ports from this base in the launcher's layout, else free ones. */
  portBase?: number;
  /** Said when it starts (`that takes no steps`). */
  note?: string;
}

/** A section on a platform of its own (`pipelines`, `events`, `utilities`): it declares the platform, gets it started. */
export interface OwnSection<R> {
  /** `--section <name>`, and its BENCH_ROUTES name when `npm run bench` runs it. */
  name: string;
  platform: PlatformNeeds;
  run(r: Running, log: Log, aborted: () => boolean): Promise<R>;
  report(result: R): Block[];
}

/** A section on the harness's platform (`iot`, `queries`): run once, in the first topology, after its route runs. */
export interface SharedSection<R> {
  /** Its BENCH_ROUTES name. */
  name: string;
  /** What the progress line says it measures. */
  what: string;
  run(r: Running & { fx: Fixtures; rounds: number }, log: Log, aborted: () => boolean): Promise<R>;
  /** `database`: the harness's description of the database (version, embedded or not). */
  report(result: R, database: string): Block[];
}

/** Starts a platform for `run` on a fresh temporary DATA_DIR, and stops it and removes the directory afterwards. */
export async function withPlatform<T>(name: string, needs: PlatformNeeds, run: (r: Running) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  try {
    const { ports, mqttPort } = await platformPorts(needs.portBase);
    if (needs.portBase) await waitPortsFree(Object.values(ports));
    const platform = await Platform.start({ topology: needs.topology, dataDir, ports, env: { ...BENCH_ENV, ...needs.env } });
    try {
      return await run(running(platform, ports, mqttPort, dataDir));
    } finally {
      await platform.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ───────────────────────────── processes, from /proc ─────────────────────────────

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command name (field 2 of /proc/<pid>/stat). */
  comm: string;
}

/** Every process of the machine (parent pid: field 4 of /proc/<pid>/stat, read after the command name's closing parenthesis). */
export function processTable(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      out.push({ pid: Number(entry), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), comm });
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

/** `root` and all its descendants, root first. */
export function processTree(root: number, table = processTable()): number[] {
  const children = new Map<number, number[]>();
  for (const p of table) {
    const list = children.get(p.ppid) ?? [];
    list.push(p.pid);
    children.set(p.ppid, list);
  }
  const pids: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    pids.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return pids;
}

const TICK_S = 0.01; // USER_HZ: 100 on Linux

/**
 * utime + stime of a process and of its children that exited and were waited for (cutime + cstime: a PostgreSQL
 * backend that closes is counted in its postmaster's), in seconds; 0 when it is gone.
 */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_S;
  } catch {
    return 0;
  }
}

/** CPU seconds of the whole machine (every core; /proc/stat, all but idle and iowait). */
export function machineCpuSeconds(): number {
  const f = (/^cpu\s+(.*)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1] ?? '').trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal
  return (f[0] + f[1] + f[2] + f[5] + f[6] + (f[7] || 0)) * TICK_S;
}

// ───────────────────────────── memory of a process tree ─────────────────────────────

export interface ProcessMemory {
  pid: number;
  name: string;
  rssBytes: number;
}
export interface TreeMemory {
  totalBytes: number;
  processes: ProcessMemory[];
}

/** A short name for a process: the script it runs (`subgraphs/users/main.js`), else its command. */
function processName(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = argv.find((a) => /\.(c|m)?js$/.test(a));
    if (script) return script.replace(/^.*\/dist\//, '');
    return argv[0] ?? '?';
  } catch {
    return '?';
  }
}

export function treeMemory(root: number): TreeMemory {
  const processes: ProcessMemory[] = [];
  for (const pid of processTree(root)) {
    try {
      const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) processes.push({ pid, name: processName(pid), rssBytes: Number(m[1]) * 1024 });
    } catch {
      /* exited meanwhile */
    }
  }
  return { totalBytes: processes.reduce((a, p) => a + p.rssBytes, 0), processes };
}
