import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FEATURE_DEEP_IMPORT = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/',
  message: 'Import another feature through its index.ts, not its files.',
};
const FEATURE_IMPORTS_APP = { regex: '^(\\.\\./)+app(/|$)', message: 'Features must not import app/.' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.e2e-data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Import direction on the web side: app -> features -> ui/lib/domain. Features do not reach into each other.
    files: ['apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'ui/ and lib/ must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web features: one reaches another only through its public entry (index.ts), and never the app
    // that composes them (tests may mount the app's providers). Pages are deep-imported by
    // app/pages.tsx with import(), which this rule does not see, so that each page stays its own chunk.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [FEATURE_DEEP_IMPORT, FEATURE_IMPORTS_APP] }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FEATURE_DEEP_IMPORT] }] },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/features/[^/]+/',
              message: 'Import a feature through its index.ts (pages load lazily in app/pages.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain package is pure: no I/O, no framework.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'pg', 'fastify', 'react'],
              message: 'packages/domain holds pure rules only.',
            },
          ],
        },
      ],
    },
  },
);
