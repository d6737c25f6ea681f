// ESLint over the whole tree (`npm run lint`): typescript-eslint's type-aware rules (recommendedTypeChecked) plus the
// few that catch bugs it leaves out. Rules that only restate style (Prettier owns layout) or that fight type-graphql /
// MikroORM decorators are off, each with its reason. The types come from tsconfig.test.json (sources and tests).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'data/', 'reports/', 'coverage/', '.stryker-tmp/', '.vitest-cache/', '.build-alt/']),
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
      // an async function without await is how this code implements Promise-returning interfaces (Apollo plugin hooks,
      // test doubles); the bug it hints at, a forgotten await, is what no-floating-promises reports
      '@typescript-eslint/require-await': 'off',
      // type-graphql and class-validator key their metadata on class targets typed `Function`; code reading it says so too
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    // the end-to-end suite and its helpers read untyped JSON answers (`res.body.data.…`) and assert their exact values
    // with expect(): typing every answer would restate the assertion, so `any` and its no-unsafe-* rules are off there
    files: ['test/**/*.ts'],
    ignores: ['test/unit/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // plain JavaScript (the build script, config files): no type information
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setInterval: 'readonly', clearInterval: 'readonly' } },
  },
);
