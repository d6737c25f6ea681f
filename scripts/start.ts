import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from '../kernel/config.js';
import { subgraphs } from '../subgraphs/index.js';

/**
 * `npm start`: the whole platform in one terminal. Starts the embedded PostgreSQL (unless DATABASE_URL is set),
 * every subgraph, the gateway and the REST bridge, each as its own `node` process; prefixes their log lines with
 * the process name; on Ctrl-C (or SIGTERM) stops them in reverse order. LOG_FORMAT=json passes raw JSON lines through.
 */
const config = loadConfigOrExit(); // also creates DATA_DIR/secrets.json once, before the children race for it
const json = process.env.LOG_FORMAT === 'json';
const children: { name: string; proc: ChildProcess }[] = [];
let stopping = false;
const COLORS = [36, 35, 33, 32, 34, 31, 90];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const width = Math.max(8, ...subgraphs.map((s) => s.name.length));
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };

function say(name: string, color: number, line: string) {
  const tag = name.padEnd(width);
  process.stdout.write(`${useColor ? `\x1b[${color}m${tag}\x1b[0m` : tag} | ${line}\n`);
}

function format(line: string): string {
  if (json) return line;
  try {
    const { level, time, msg, service: _s, pid: _p, hostname: _h, ...rest } = JSON.parse(line);
    const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
    return `${String(time ?? '').slice(11, 23)} ${LEVELS[level] ?? level} ${msg ?? ''}${extra}`;
  } catch {
    return line;
  }
}

/** Scripts are found next to this compiled launcher (dist/ by default). */
const script = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

function launch(name: string, path: string, env: NodeJS.ProcessEnv): ChildProcess | undefined {
  if (stopping) return undefined; // never start a process once the platform is stopping (it would be orphaned)
  const color = COLORS[children.length % COLORS.length]!;
  const proc = spawn(process.execPath, ['--enable-source-maps', script(path)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  createInterface({ input: proc.stdout! }).on('line', (l) => say(name, color, format(l)));
  createInterface({ input: proc.stderr! }).on('line', (l) => say(name, color, l));
  proc.on('exit', (code, signal) => {
    if (stopping) return;
    say(name, color, `exited unexpectedly (${signal ?? code}); stopping the platform`);
    void stopAll(1);
  });
  children.push({ name, proc });
  return proc;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopping');
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, config.HOST, () => { s.end(); resolve(true); });
    s.on('error', () => resolve(false));
  });
const ready = (url: string) => fetch(url).then((r) => r.ok);

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const { proc } of [...children].reverse()) {
    if (proc.exitCode !== null || proc.signalCode !== null) continue;
    proc.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => { proc.kill('SIGKILL'); resolve(); }, 8000);
      proc.once('exit', () => { clearTimeout(t); resolve(); });
    });
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const env: NodeJS.ProcessEnv = { ...process.env, JWT_SECRET: config.jwtSecret, INTERNAL_SECRET: config.internalSecret };
  if (!process.env.DATABASE_URL) {
    launch('db', 'scripts/embedded-db.js', env);
    await waitFor(() => portOpen(config.EMBEDDED_DB_PORT), 'embedded PostgreSQL');
    env.DATABASE_URL = config.databaseUrl;
  }
  for (const s of subgraphs) {
    launch(s.name, `subgraphs/${s.name}/main.js`, env);
    await waitFor(() => ready(new URL('/readyz', config.subgraphUrl(s.name)).href), `subgraph ${s.name}`);
  }
  launch('gateway', 'gateway/main.js', env);
  await waitFor(() => ready(`http://${config.HOST}:${config.GATEWAY_PORT}/readyz`), 'gateway');
  launch('bridge', 'rest-bridge/main.js', env);
  await waitFor(() => ready(`http://${config.HOST}:${config.BRIDGE_PORT}/readyz`), 'rest-bridge');
  say('platform', 37, `ready: REST on http://${config.HOST}:${config.BRIDGE_PORT} · GraphQL on http://${config.HOST}:${config.GATEWAY_PORT}/graphql`);
} catch (err) {
  if (!stopping) {
    say('platform', 31, (err as Error).message);
    await stopAll(1);
  }
}
