// What `npm test` needs beyond `npm install`, brought the way `playwright install --with-deps` does: the browser tests
// (test/browser.e2e.test.ts) drive a real headless Chromium, Debian's `chromium` at /usr/bin/chromium (or CHROMIUM_PATH).
// When none is found this installs it through the system package manager (as root, or through `sudo` when it asks no
// password), saying so on one line first; where it cannot, it stops at once with the one command to run.
// Plain JavaScript, run by `npm test` before anything starts. `--check` only reports (exit 1 when something is missing).
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

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

if (!executable(CHROMIUM)) {
  if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH=${CHROMIUM} is not an executable file: point it at a Chromium, or unset it to use Debian's`);
  if (process.argv.includes('--check')) fail(`no Chromium at ${CHROMIUM}; run: sudo sh -c '${INSTALL}'`);
  const prefix = rootPrefix();
  if (!onPath('apt-get')) fail(`no Chromium at ${CHROMIUM} and no apt-get to install it: install Chromium, then run with CHROMIUM_PATH=/path/to/chromium npm test`);
  if (!prefix) fail(`no Chromium at ${CHROMIUM}, and installing it needs root: run sudo sh -c '${INSTALL}'`);
  console.log(`test: no Chromium at ${CHROMIUM} (the browser tests drive it): installing Debian's chromium (${INSTALL}) …`);
  // through env(1), so that sudo (which resets the environment) passes the setting on as well
  const run = (args) => execFileSync([...prefix, 'env'][0], [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', ...args].slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', 'chromium']);
  } catch {
    fail(`installing chromium failed (above); run sudo sh -c '${INSTALL}' and try again`);
  }
  if (!executable(CHROMIUM)) fail(`apt-get installed chromium, but there is still none at ${CHROMIUM}: set CHROMIUM_PATH`);
  console.log(`test: chromium installed at ${CHROMIUM}`);
}
