import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** One graphql for everything a test loads (Apollo's federation code requires its CommonJS entry; see ../shared/STACK.md). */
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

/**
 * Two projects:
 * - `unit`: test/unit/**: pure logic in-process (no platform, no child process); runs in seconds. `npm run test:unit`.
 * - `e2e`: every other test file, against the real platform that test/global-setup.ts starts once per run.
 * `npm test` builds, runs `unit` first (a fast failure; not with DATABASE_URL set: scripts/unit-tests.mjs), then `e2e`.
 */
/**
 * End-to-end files that depend on neither the database nor the topology (a fresh `npm install` from the lock file):
 * they run when DATABASE_URL is unset, the embedded run, and are left out against a server, where they would repeat
 * themselves (CI's second run; docs/testing.md). The unit project is left out there too (scripts/unit-tests.mjs).
 */
const EMBEDDED_RUN_ONLY = ['test/quick-start.e2e.test.ts'];

/**
 * End-to-end files that take far longer than their size says. Without earlier results (a clean clone: CI) vitest runs
 * the largest files first, and the fresh install (a 40-line file, 100 s of `npm install`) came last, alone while the
 * other worker had nothing left: they start first instead.
 */
const LONG_SMALL_FILES = ['test/quick-start.e2e.test.ts', 'test/heap-bound.e2e.test.ts'];

/** Vitest's order (earlier results, else size), with LONG_SMALL_FILES first. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (spec: TestSpecification) => LONG_SMALL_FILES.some((f) => spec.moduleId.endsWith(f));
    return [...sorted.filter(long), ...sorted.filter((spec) => !long(spec))];
  }
}

/** The unit project, also the whole of vitest.unit.config.ts (mutation testing runs it alone). */
export const unitProject = {
  extends: true,
  test: {
    name: 'unit',
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
  },
};

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    // a project cannot have a sequencer of its own; the unit project's order does not matter
    sequence: { sequencer: LongFilesFirst },
    projects: [
      unitProject,
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/unit/**', ...(process.env.DATABASE_URL ? EMBEDDED_RUN_ONLY : [])],
          globalSetup: ['test/global-setup.ts'],
          // every answer from a REST bridge is checked against its OpenAPI document (test/support/validate-responses.ts)
          setupFiles: ['test/support/validate-responses.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // every file talks to the same running platform; files run in parallel, tests inside a file in order
          fileParallelism: true,
          // Two files at a time, whatever the machine and the topology. Measured on 2 cores (docs/testing.md "CI's
          // time"): the one-process platform leaves a core half idle with one file (1,209 s, against 915 s with two); so
          // do two replicas of every process, because a test's requests go one after another through five processes
          // (bridge, gateway, subgraph, through HAProxy): one file at a time left the machine 35 % idle, 1,593 s for the
          // replicated run, against 1,068 s with two files and the cores busy (2026-12-01). Three files only lengthen
          // the slowest tests (the PGlite sample: 6 % less wall time, a third more per file).
          maxWorkers: 2,
        },
      },
    ],
  },
});
