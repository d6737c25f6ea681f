import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';

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
          // Two files at a time on the one-process platform, one on a split or replicated one, whatever the machine:
          // measured on 2 cores (README, "Known gaps": CI's time), the one-process platform leaves a core half idle
          // with one file (1,209 s, against 915 s with two), while 24 processes of two replicas already fill both cores
          // and a second file only makes the slowest tests time out.
          maxWorkers: process.env.PLATFORM_TOPOLOGY === 'split' ? 1 : 2,
        },
      },
    ],
  },
});
