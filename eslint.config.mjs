// ESLint over the whole tree (`npm run lint`): typescript-eslint's type-aware rules (recommendedTypeChecked) plus the
// few that catch bugs it leaves out (a return without await inside try, a switch missing a case). A rule turned off says
// why on its line. Layout is Prettier's. The types come from tsconfig.test.json (sources and tests).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * The layers (docs/architecture.md): kernel ← domain ← families (subgraphs/<family>) ← gateway and bridge ← scripts.
 * A layer imports only the ones beneath it, and a family never another family's files: families meet through the
 * graph and the event log. Import paths are relative, so the rule reads the directory a path climbs to.
 */
const FAMILIES = ['commerce', 'dev', 'iot', 'lsp', 'pipelines', 'queries', 'users', 'utilities', 'workspace'];
const climbsTo = (dirs) => `^(\\.\\./)+(${dirs.join('|')})/`;
const layer = (files, forbidden, why, extra = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: climbsTo(forbidden), message: why }, ...extra] }] },
});
const ABOVE_DOMAIN = ['subgraphs', 'gateway', 'rest-bridge', 'scripts', 'test'];
/** Imports across families allowed file by file, each with its reason in docs/architecture.md "Exceptions" (none now). */
const EXCEPTIONS = {};
const familyLayer = (family, allowed = []) =>
  layer(
    [`subgraphs/${family}/**/*.ts`],
    [...ABOVE_DOMAIN.filter((d) => d !== 'subgraphs'), ...FAMILIES.filter((f) => f !== family && !allowed.includes(f))],
    `a family imports only the kernel, domain/ and its own files; it reaches another family through the graph or the event log (docs/architecture.md)`,
    [{ regex: '^(\\.\\./)+subgraphs/', message: 'a family does not reach into subgraphs/ (docs/architecture.md)' }],
  );

export default defineConfig(
  // examples/ are type-checked on their own (npm run examples:check: codegen from the committed schema, then strict tsc)
  globalIgnores(['dist/', 'node_modules/', 'data/', 'reports/', 'coverage/', '.stryker-tmp/', '.vitest-cache/', '.build-alt/', 'examples/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // bugs: a promise nobody awaits, a promise where a callback's result is ignored, awaiting a non-promise
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      'prefer-const': 'error',
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/require-await': 'off', // async without await implements Promise-returning hooks (Apollo plugins, test doubles)
      '@typescript-eslint/no-unsafe-function-type': 'off', // type-graphql and class-validator metadata name class targets `Function`
    },
  },
  {
    // the end-to-end suite reads untyped JSON answers (`res.body.data.…`) and asserts their exact values with expect()
    files: ['test/**/*.ts'],
    ignores: ['test/unit/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off', // an answer body is `any`: a type for each would restate the assertion
      '@typescript-eslint/no-unsafe-argument': 'off', // follows from `any` answers
      '@typescript-eslint/no-unsafe-assignment': 'off', // follows from `any` answers
      '@typescript-eslint/no-unsafe-call': 'off', // follows from `any` answers
      '@typescript-eslint/no-unsafe-member-access': 'off', // follows from `any` answers (`res.body.data.id`)
      '@typescript-eslint/no-unsafe-return': 'off', // follows from `any` answers
    },
  },
  // the layers (docs/architecture.md)
  layer(['kernel/**/*.ts'], ['domain', ...ABOVE_DOMAIN], 'the kernel is the bottom layer: it imports nothing of the platform above it (docs/architecture.md)'),
  layer(['domain/**/*.ts'], ABOVE_DOMAIN, 'domain/ imports only the kernel and itself (docs/architecture.md)'),
  ...FAMILIES.map((family) => familyLayer(family)),
  ...Object.entries(EXCEPTIONS).map(([file, allowed]) => ({ ...familyLayer(file.split('/')[1], allowed), files: [file] })),
  layer(['gateway/**/*.ts', 'rest-bridge/**/*.ts'], ['subgraphs', 'scripts', 'test'], 'the gateway and the bridge reach the families through the graph, never their files (docs/architecture.md)'),
  {
    // plain JavaScript (the build script, config files): no type information
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setInterval: 'readonly', clearInterval: 'readonly' } },
  },
);
