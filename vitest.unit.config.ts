import { configDefaults, defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { unitProject } from './vitest.config.js';

/**
 * The unit project for mutation testing (stryker.config.mjs), which takes a config file rather than `--project`:
 * test/unit/** without the platform, less suite-hygiene.test.ts (it reads test files, not the mutated product code).
 * `npx vitest run --project unit` runs the whole unit project.
 */

/**
 * Stryker's vitest runner (9.6) names a test by its suites and title joined with spaces ("money sum of nothing is 0")
 * and runs a mutant's covering tests with a name pattern built from those names, while vitest 5 matches the pattern
 * against names joined with " > " ("money > sum of nothing is 0"). Unmatched, no test would run and every mutant would
 * "survive". This reads each space of the pattern as either separator.
 */
const strykerTestNames: Plugin = {
  name: 'stryker-test-names',
  configureVitest({ project }) {
    let pattern: RegExp | string | undefined = project.config.testNamePattern;
    Object.defineProperty(project.config, 'testNamePattern', {
      configurable: true,
      enumerable: true,
      get: () => pattern,
      set: (value: RegExp | string | undefined) => {
        pattern = value instanceof RegExp ? new RegExp(value.source.replaceAll(' ', '(?: | > )'), value.flags) : value;
      },
    });
  },
};

export default defineConfig({
  plugins: [strykerTestNames],
  test: { ...unitProject.test, exclude: [...configDefaults.exclude, 'test/unit/suite-hygiene.test.ts'] },
});
