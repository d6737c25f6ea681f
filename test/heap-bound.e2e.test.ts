import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startPlatform } from './support/platform.js';

/**
 * `npm start` bounds every platform process's old generation (scripts/start.ts, README "Configuration"
 * PLATFORM_HEAP_MB, default 384 MB) and, on the embedded database, its young generation (PLATFORM_SEMI_SPACE_MB,
 * default 8 MB there, V8's own sizing with DATABASE_URL): the launcher's process is replaced by one started with
 * `--max-old-space-size=384` (and `--max-semi-space-size=8`) in NODE_OPTIONS, which each process it starts inherits
 * (the split topology's too, when the suite runs split). Observed from outside, in /proc: the environment of every
 * process of a platform started as a user starts it. The default's choice by database is a unit test
 * (test/unit/config.test.ts).
 */

/** The NODE_OPTIONS of every running process whose environment holds `mark`. */
function nodeOptionsOf(mark: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue; // gone, or not ours
    }
    const vars = environ.split('\0');
    if (!vars.includes(`HEAP_TEST_MARK=${mark}`)) continue;
    found.push(vars.find((v) => v.startsWith('NODE_OPTIONS='))?.slice('NODE_OPTIONS='.length) ?? '');
  }
  return found;
}

describe('the heap bound of npm start', () => {
  it('starts every process of the platform with --max-old-space-size=384 by default, and --max-semi-space-size=8 on the embedded database (none on a PostgreSQL server)', async () => {
    const mark = randomUUID();
    const platform = await startPlatform({ env: { HEAP_TEST_MARK: mark, NODE_OPTIONS: '' } });
    try {
      const options = nodeOptionsOf(mark);
      expect(options.length).toBeGreaterThan(0);
      for (const o of options) expect(o.split(/\s+/)).toContain('--max-old-space-size=384');
      const semiSpace = options.map((o) => o.split(/\s+/).filter((f) => f.startsWith('--max-semi-space-size')));
      for (const s of semiSpace) expect(s).toEqual(process.env.DATABASE_URL ? [] : ['--max-semi-space-size=8']);
      expect((await fetch(`${platform.bridgeUrl}/readyz`)).status).toBe(200);
    } finally {
      await platform.stop();
    }
  }, 240_000);

  it('gives PLATFORM_HEAP_MB and PLATFORM_SEMI_SPACE_MB to every process, and no bound with off', async () => {
    const mark = randomUUID();
    // the value, not its reach: that every process of a split platform inherits the bound is the test above
    const platform = await startPlatform({ topology: 'single', env: { HEAP_TEST_MARK: mark, NODE_OPTIONS: '', PLATFORM_HEAP_MB: '640', PLATFORM_SEMI_SPACE_MB: '16' } });
    try {
      const options = nodeOptionsOf(mark);
      expect(options.length).toBeGreaterThan(0);
      for (const o of options) expect(o.split(/\s+/)).toContain('--max-old-space-size=640');
      for (const o of options) expect(o.split(/\s+/)).toContain('--max-semi-space-size=16');
    } finally {
      await platform.stop();
    }
    const unbounded = randomUUID();
    const off = await startPlatform({ topology: 'single', env: { HEAP_TEST_MARK: unbounded, NODE_OPTIONS: '', PLATFORM_HEAP_MB: 'off', PLATFORM_SEMI_SPACE_MB: 'off' } });
    try {
      const options = nodeOptionsOf(unbounded);
      expect(options.length).toBeGreaterThan(0);
      for (const o of options) expect(o).not.toContain('--max-old-space-size');
      for (const o of options) expect(o).not.toContain('--max-semi-space-size');
    } finally {
      await off.stop();
    }
  }, 360_000);
});
