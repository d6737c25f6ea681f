// What `npm test` needs beyond `npm install`, brought the way `playwright install --with-deps` does: programs of
// Debian's that the end-to-end tests drive for real (PREREQUISITES below). When one is missing this installs its
// package through the system package manager (as root, or through a `sudo` that asks no password), saying so on one
// line first; where it cannot, it stops at once with the one command to run.
// Plain JavaScript, run by `npm test` before anything starts. `--check` only reports (exit 1 when something is missing).
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';

/** Debian's PostgreSQL server programs: the newest /usr/lib/postgresql/<version>/bin (test/support/postgres.ts looks there too). */
function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  return versions.length ? `${root}/${versions.at(-1)}/bin` : `${root}/<version>/bin`;
}

/** Each program the suite runs: where it is looked for (an environment variable may point elsewhere), its Debian package, and which tests use it. */
const PREREQUISITES = [
  { name: 'Chromium', path: process.env.CHROMIUM_PATH || '/usr/bin/chromium', variable: 'CHROMIUM_PATH', pkg: 'chromium', usedBy: 'the browser tests' },
  { name: 'Mosquitto', path: process.env.MOSQUITTO_PATH || '/usr/sbin/mosquitto', variable: 'MOSQUITTO_PATH', pkg: 'mosquitto', usedBy: 'the external MQTT broker tests' },
  {
    name: 'PostgreSQL',
    path: `${postgresBin()}/initdb`,
    variable: 'PG_BIN',
    pkg: 'postgresql',
    usedBy: 'the tests that need a second database session: a late commit, replicas (test/support/postgres.ts)',
  },
  {
    name: 'promtool',
    path: process.env.PROMTOOL_PATH || '/usr/bin/promtool',
    variable: 'PROMTOOL_PATH',
    pkg: 'prometheus',
    usedBy: 'the alert rules checks (test/dashboards.e2e.test.ts: promtool check rules, promtool test rules)',
  },
  // the suite's platform with replicas behind a load balancer (PLATFORM_REPLICAS, scripts/launcher.ts)
  ...(Number(process.env.PLATFORM_REPLICAS ?? 1) > 1
    ? [{ name: 'HAProxy', path: process.env.HAPROXY_PATH || '/usr/sbin/haproxy', variable: 'HAPROXY_PATH', pkg: 'haproxy', usedBy: 'the platform with PLATFORM_REPLICAS > 1' }]
    : []),
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** How this process may run a command as root: directly, through a `sudo` that asks no password, or not at all. */
function rootPrefix() {
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo'];
  return undefined;
}

function fail(message) {
  console.error(`test: ${message}`);
  process.exit(1);
}

const missing = PREREQUISITES.filter((p) => !executable(p.path));
for (const p of missing) {
  if (process.env[p.variable]) fail(`${p.variable}=${p.path} is not an executable file: point it at ${p.name}, or unset it to use Debian's`);
}
if (missing.length) {
  const packages = missing.map((p) => p.pkg).join(' ');
  const install = `apt-get update && apt-get install -y ${packages}`;
  const what = missing.map((p) => `${p.name} at ${p.path} (${p.usedBy})`).join(', ');
  if (process.argv.includes('--check')) fail(`missing: ${what}; run: sudo sh -c '${install}'`);
  if (!onPath('apt-get')) fail(`missing: ${what}, and no apt-get to install them: install them, then point ${missing.map((p) => p.variable).join(' and ')} at them`);
  const prefix = rootPrefix();
  if (!prefix) fail(`missing: ${what}; installing needs root: run sudo sh -c '${install}'`);
  console.log(`test: missing ${what}: installing Debian's ${packages} (${install}) …`);
  // through env(1), so that sudo (which resets the environment) passes the setting on as well
  const run = (args) => execFileSync([...prefix, 'env'][0], [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', ...args].slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', ...missing.map((p) => p.pkg)]);
  } catch {
    fail(`installing ${packages} failed (above); run sudo sh -c '${install}' and try again`);
  }
  for (const p of missing) if (!executable(p.pkg === 'postgresql' ? `${postgresBin()}/initdb` : p.path)) fail(`apt-get installed ${p.pkg}, but there is still none at ${p.path}: set ${p.variable}`);
  console.log(`test: installed ${packages}`);
}
