import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Suite hygiene (pure: reads the test files from disk). A test that is skipped, left to do, run alone or expected to
 * fail can pass while the behaviour it names is broken, so none of these may appear in any file under test/: a
 * skip call (`it`/`describe`/`test` dot skip), a conditional skip (skip-if), a skip from the test context, a to-do
 * test, an only-this-test marker, an expected-failure test (it/test dot fails). Only vitest's own functions count:
 * a helper's method that happens to be called `skip` is not a skipped test.
 *
 * The patterns (and their labels) are assembled from pieces so that this file does not match itself.
 */

const TEST_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

const j = (...parts: string[]) => parts.join('');
/** A vitest test or suite function, possibly with modifiers (`it`, `test.concurrent`, `describe.sequential`, …). */
const RUNNER = j('\\b(?:it|test|describe|suite|bench)\\b', '(?:\\.(?:concurrent|sequential|shuffle))*');
const FORBIDDEN: [string, RegExp][] = [
  [j('.', 'skip', '('), new RegExp(j(RUNNER, '\\.', 'skip', '\\b'))],
  [j('skip', 'If / run', 'If'), new RegExp(j('\\.(?:skip', 'If|run', 'If)\\b'))],
  [j('ctx', '.', 'skip'), new RegExp(j('\\b(?:ctx|context|task)', '\\.', 'skip', '\\b'))],
  [j('.', 'todo', '('), new RegExp(j(RUNNER, '\\.', 'todo', '\\b'))],
  [j('.', 'only', '('), new RegExp(j(RUNNER, '\\.', 'only', '\\b'))],
  [j('it', '.', 'fails'), new RegExp(j(RUNNER, '\\.', 'fails', '\\b'))],
];

/** Every .ts file under test/ (recursively), as a path relative to test/. */
function testFiles(dir = TEST_DIR): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...testFiles(path));
    } else if (/\.(ts|mts|cts|js|mjs)$/.test(entry.name)) out.push(relative(TEST_DIR, path));
  }
  return out.sort();
}

/** The forbidden uses in `text`, as `line: what — the line`. */
export function forbiddenUses(text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, re] of FORBIDDEN) if (re.test(line)) hits.push(`${i + 1}: ${what} — ${line.trim().slice(0, 160)}`);
  });
  return hits;
}

describe('suite hygiene', () => {
  it('finds the test files (this one among them)', () => {
    const files = testFiles();
    expect(files).toContain(join('unit', 'suite-hygiene.test.ts'));
    expect(files.filter((f) => f.endsWith('.test.ts')).length).toBeGreaterThan(20);
  });

  it('the detector catches each forbidden form and leaves ordinary code alone', () => {
    const s = j;
    expect(forbiddenUses(s('it', '.skip', "('x', () => {})"))).toHaveLength(1);
    expect(forbiddenUses(s('describe', '.skip', '(', "'x', () => {})"))).toHaveLength(1);
    expect(forbiddenUses(s('it', '.skip', 'If', '(true)(...)'))).toHaveLength(1);
    expect(forbiddenUses(s('test', '.fails', "('x', () => {})"))).toHaveLength(1);
    expect(forbiddenUses(s('if (!a) return ', 'ctx', '.skip', '();'))).toHaveLength(1);
    expect(forbiddenUses(s('it', '.todo', "('later')"))).toHaveLength(1);
    expect(forbiddenUses(s('it', '.only', "('x', () => {})"))).toHaveLength(1);
    expect(forbiddenUses(s('it', '.fails', "('x', () => {})"))).toHaveLength(1);
    expect(forbiddenUses(s('it', '.concurrent', '.skip', "('x', () => {})"))).toHaveLength(1);
    expect(forbiddenUses(s('test', '.run', 'If', '(false)(...)'))).toHaveLength(1);
    expect(forbiddenUses(s('describe', '.only', "('x', () => {})"))).toHaveLength(1);
    expect(forbiddenUses('const skipped = list.filter((x) => x.only); // nothing skipped here')).toEqual([]);
    // a method of the test's own helpers that happens to be called skip (e.g. an event reader skipping past old events)
    expect(forbiddenUses(s('await ev', '.skip', '();'))).toEqual([]);
  });

  it('no file under test/ skips, defers, isolates or inverts a test', () => {
    const found: string[] = [];
    for (const file of testFiles()) {
      for (const hit of forbiddenUses(readFileSync(join(TEST_DIR, file), 'utf8'))) found.push(`test/${file}:${hit}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
