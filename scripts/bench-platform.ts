/**
 * `npm run bench` helpers: start and stop the whole platform (`node dist/scripts/start.js`) in its own process group,
 * find free ports, and measure the resident memory of the launcher's process tree. Nothing here is imported by the
 * platform itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export type Topology = 'single' | 'split';

/** Port variables of the launcher (test/global-setup.ts), plus the subgraphs that are planned but not there yet. */
export const PORT_NAMES = [
  'BRIDGE_PORT',
  'GATEWAY_PORT',
  'EMBEDDED_DB_PORT',
  ...['USERS', 'WORKSPACE', 'UTILITIES', 'LSP', 'COMMERCE', 'DEV', 'IOT', 'PIPELINES', 'QUERIES'].map((n) => `${n}_PORT`),
] as const;
export type Ports = Record<(typeof PORT_NAMES)[number], number>;

/** Processes this bench started (platform launchers and the bare server), each the leader of its own process group. */
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

/** `count` distinct free TCP ports on 127.0.0.1 (held open together while they are chosen). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as import('node:net').AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** True when something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(true));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
  });

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

// ───────────────────────────── the platform ─────────────────────────────

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
    const launcher = fileURLToPath(new URL('./start.js', import.meta.url));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...Object.fromEntries(Object.entries(o.ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: o.dataDir,
      PLATFORM_TOPOLOGY: o.topology,
      LOG_FORMAT: 'pretty',
      NO_COLOR: '1',
      ...o.env,
    };
    const lines: string[] = [];
    const keep = (line: string) => {
      lines.push(line);
      if (lines.length > 400) lines.splice(0, lines.length - 400);
    };
    let onStdoutLine: (line: string) => void = () => undefined;
    const started = performance.now();
    const proc = spawnGroup(launcher, [], env);
    // read its output for as long as it runs (a full pipe would block the launcher); keep the last lines
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      keep(line);
      onStdoutLine(line);
    });
    createInterface({ input: proc.stderr! }).on('line', keep);
    const timeoutMs = o.readyTimeoutMs ?? 180_000;
    try {
      const readyMs = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`platform (${o.topology}) not ready in ${timeoutMs / 1000} s:\n${lines.slice(-40).join('\n')}`)), timeoutMs);
        onStdoutLine = (line) => {
          if (!/platform\s+\| ready:/.test(line)) return;
          clearTimeout(timer);
          resolve(performance.now() - started);
        };
        proc.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`platform (${o.topology}) exited (${signal ?? code}) before it was ready:\n${lines.slice(-40).join('\n')}`));
        });
      });
      return new Platform(proc, o.topology, readyMs, lines);
    } catch (err) {
      await stopGroup(proc, 5000);
      throw err;
    } finally {
      onStdoutLine = () => undefined;
    }
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

/** Parent pid of every process (field 4 of /proc/<pid>/stat, read after the command name's closing parenthesis). */
function parents(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      /* exited meanwhile */
    }
  }
  return children;
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
  const children = parents();
  const pids: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    pids.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  const processes: ProcessMemory[] = [];
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) processes.push({ pid, name: processName(pid), rssBytes: Number(m[1]) * 1024 });
    } catch {
      /* exited meanwhile */
    }
  }
  return { totalBytes: processes.reduce((a, p) => a + p.rssBytes, 0), processes };
}

/**
 * Runs a bench section as a script of its own (`npm run bench:<section>`): prints its markdown (and writes it to
 * BENCH_OUT), kills every process group it started on Ctrl-C or failure.
 */
export async function runSection(run: () => Promise<string[]>): Promise<void> {
  process.on('SIGINT', () => {
    killAllGroupsNow();
    process.exit(130);
  });
  try {
    const md = (await run()).join('\n');
    console.log(md);
    if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, md);
  } catch (err) {
    killAllGroupsNow();
    console.error(err);
    process.exit(1);
  }
}
