import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The README's quick start, first command: `npm install` in a fresh directory holding the project's manifest and lock
 * file (what a clone brings for it). It must exit 0 without npm's "install scripts not yet covered by allowScripts"
 * warning, and the approved scripts must have run: the pinned Node 24 is unpacked and argon2's native module loads.
 * The denied one (vue-demi, under the REST reference page's build-time dependencies) is skipped; the browser test
 * proves the reference page still works.
 *
 * It runs where the quick start runs, on the embedded database (no DATABASE_URL; vitest.config.ts `EMBEDDED_RUN_ONLY`):
 * the install does not depend on the database or the topology, so CI's second run (a PostgreSQL server, two replicas)
 * would repeat the same install of the same lock file on the same machine, about 100 s with nothing else running
 * (docs/testing.md).
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'quick-start-'));

// a whole node_modules tree: removed without blocking the worker, and given the time a loaded disk needs
afterAll(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }), 600_000);

describe('a fresh npm install', () => {
  it('exits 0 with no install-scripts warning, and the approved scripts ran (Node 24 unpacked, argon2 loads)', async () => {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) if (existsSync(file)) copyFileSync(file, join(dir, file));
    // --prefer-offline: the packages come from npm's cache when the suite's own install left them there
    const { stdout, stderr } = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, timeout: 400_000, maxBuffer: 64 << 20 });
    const out = stdout + stderr;
    expect(out).toMatch(/added \d+ packages/);
    expect(out).not.toMatch(/install-scripts|allowScripts/);
    const node = await run(join(dir, 'node_modules', '.bin', 'node'), ['--version']);
    expect(node.stdout.trim()).toMatch(/^v24\./);
    const hash = await run(join(dir, 'node_modules', '.bin', 'node'), ['-e', "import('argon2').then((a) => a.hash('x')).then((h) => console.log(h))"], { cwd: dir });
    expect(hash.stdout).toMatch(/^\$argon2id\$/);
  }, 420_000);
});
