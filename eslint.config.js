import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

// The API's modules, one folder each; the zones below let a module reach a sibling only through its index.ts.
const API_MODULES_DIR = 'apps/api/src/modules';
const apiModules = fs
  .readdirSync(new URL(API_MODULES_DIR, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleIndexes = apiModules.map((name) => `./${name}/index.ts`);
const THROUGH_INDEX = 'Use another module only through its index.ts (docs/architecture.md, "Module shape").';
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
    // A file past 400 lines holds more than one operation: split it by operation (a warning, so a split can wait
    // for its own change). Blank lines and comments count: they are lines a reader scrolls through too.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'max-lines': ['warn', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The import plugin and how it resolves our files, for the module-boundary rules below. Import cycles are not
    // checked here: scripts/check-cycles.mjs (madge, run by `npm run lint`) finds every cycle, type-only imports
    // included, which eslint-plugin-import's no-cycle skips; no-cycle also took more than half of the lint's time.
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // Dependencies are parsed as TypeScript too, else the rules cannot see through them.
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // Packages are not followed: the boundaries are between our own files.
      'import/ignore': ['node_modules'],
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
    // API module shape (docs/architecture.md, "Module shape"): a module reaches a sibling only through the
    // sibling's index.ts, and the platform layer never imports a module. The plugin and its settings come from the
    // import-plugin block above.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/api/src/platform',
              from: API_MODULES_DIR,
              message: 'The platform layer never imports a module; move the shared piece down instead.',
            },
            {
              target: [
                'apps/api/src/app.ts',
                'apps/api/src/main.ts',
                'apps/api/src/bootstrap',
                'apps/api/src/cli',
              ],
              from: API_MODULES_DIR,
              except: moduleIndexes,
              message: THROUGH_INDEX,
            },
            ...apiModules.map((name) => ({
              target: `${API_MODULES_DIR}/${name}`,
              from: API_MODULES_DIR,
              except: apiModules.map((other) => (other === name ? `./${name}` : `./${other}/index.ts`)),
              message: THROUGH_INDEX,
            })),
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
      'no-restricted-imports': [
        'error',
        {
          // One way to raise a toast: the facade keeps sonner out of the first download (decision 0756).
          paths: [{ name: 'sonner', message: 'Raise toasts through lib/toast/toast.' }],
          patterns: [FEATURE_DEEP_IMPORT, FEATURE_IMPORTS_APP],
        },
      ],
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
