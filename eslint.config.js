// ESLint over the TypeScript, Svelte and JavaScript of the tree (`node scripts/test.mjs lint`).
// The recommended rule sets only: prettier decides layout, svelte-check decides types.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // Built, generated or not ours: the same list .prettierignore keeps out of formatting.
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'web/public/',
    '**/generated/',
    'crates/',
    'tools/',
    'gnark/',
    'results/',
    'test-results/',
    'playwright-report/',
    '.cache/',
    'dist-native/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  svelte.configs.recommended,
  {
    // Browser, worker and Node code share packages/ and backends/: the union of their globals.
    languageOptions: { globals: { ...globals.browser, ...globals.worker, ...globals.node } },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
    // TypeScript (svelte-check) reports undefined names and knows the declared ones (web/src/env.d.ts),
    // as typescript-eslint turns this rule off for .ts files.
    rules: { 'no-undef': 'off' },
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept for its position or shape, not its value.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
]);
