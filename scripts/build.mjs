// Builds dist/ with tsc only when a source changed: a hash of every compiled source (and the compiler settings and
// lock file) is kept in dist/.build-stamp. Plain JavaScript, so it runs before anything is compiled.
// `node scripts/build.mjs` (npm start and npm test run it); `--force` rebuilds anyway.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
const stampFile = join(root, 'dist', '.build-stamp');

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|json)$/.test(entry.name)) yield path;
  }
}

const hash = createHash('sha256');
for (const file of ['tsconfig.json', 'package-lock.json']) hash.update(file).update(readFileSync(join(root, file)));
for (const dir of tsconfig.include) {
  for (const file of [...sources(join(root, dir))].sort()) hash.update(file.slice(root.length)).update(readFileSync(file));
}
const digest = hash.digest('hex');

if (!process.argv.includes('--force') && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) {
  console.log('build: dist/ is up to date');
  process.exit(0);
}
const started = Date.now();
console.log('build: compiling TypeScript into dist/ (tsc) …');
// tsc prints nothing until it is done: say every 2 s that it is still at work
const heartbeat = setInterval(() => console.log(`build: still compiling (${Math.round((Date.now() - started) / 1000)} s)`), 2000);
const tsc = spawn(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
tsc.on('exit', (code) => {
  clearInterval(heartbeat);
  if (code !== 0) process.exit(code ?? 1);
  writeFileSync(stampFile, digest);
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
