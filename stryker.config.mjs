// @ts-check
/**
 * Mutation testing of the pure modules (issue 11): `npm run mutation`. Stryker changes the code of the modules in
 * `mutate` one mutant at a time and runs the unit project (vitest.unit.config.ts: test/unit/**, no platform) against
 * each; a mutant no test notices "survives". Reports: reports/mutation/mutation.html and .json.
 * The run fails below a mutation score of 80 % over these modules.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // related: a mutant runs only the test files that import its module (directly or not)
  vitest: { configFile: 'vitest.unit.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    // utilities: money, units, fares, zoning, tariffs, geography
    'domain/money.ts',
    'subgraphs/utilities/common/units.ts',
    'subgraphs/utilities/fares/rules.ts',
    'subgraphs/utilities/common/constants.ts',
    'subgraphs/utilities/geo/zoning.ts',
    'subgraphs/utilities/fares/tariffs.ts',
    'domain/geography.ts',
    // LSP state rules (coverage status, links, transit points; vehicle allocation)
    'subgraphs/lsp/coverage/rules.ts',
    'subgraphs/lsp/fleets/rules.ts',
    // workspace permissions
    'subgraphs/workspace/common/permissions.ts',
    // kernel pure logic
    'kernel/input.ts',
    'kernel/validation.ts',
    'kernel/operation-limits.ts',
    'kernel/ids.ts',
    'kernel/errors.ts',
    'kernel/credential-cache.ts',
    'kernel/config.ts',
    'kernel/logger.ts',
    'kernel/tenancy.ts',
  ],
  ignorePatterns: ['/dist', '/data', '/coverage', '/.build-alt', '/.vitest-cache', '/reports', '/.stryker-tmp'],
  concurrency: 2,
  timeoutMS: 30_000,
  timeoutFactor: 1.5,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // a later run retests only the mutants whose code or covering tests changed
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: 80 },
};
