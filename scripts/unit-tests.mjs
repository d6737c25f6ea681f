// `npm test`'s unit step. The unit project (test/unit/) runs on PGlite databases of its own and never reads
// DATABASE_URL: run against a server's DATABASE_URL (CI's second run), it would repeat the embedded run exactly, about
// 100 s. So it runs when DATABASE_URL is unset; `npm run test:unit` runs it anywhere. Plain JavaScript, like build.mjs.
import { spawnSync } from 'node:child_process';

if (process.env.DATABASE_URL) {
  console.log('unit project: not run with DATABASE_URL set (it uses no server and ran on the embedded run; npm run test:unit runs it)');
  process.exit(0);
}
const run = spawnSync('vitest', ['run', '--project', 'unit'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(run.status ?? 1);
