import { configDefaults, defineConfig } from 'vitest/config';

/*
 * Files that test the embedded engine itself and open it whatever the run's database is: its process, its data
 * directory's lock, its statement cache, the operators' command on a data directory, a backfill replayed on a fresh
 * engine. With TEST_DATABASE_URL (the tier on a PostgreSQL server) they would run again exactly as on PGlite, so that
 * tier leaves them out.
 */
export const EMBEDDED_ENGINE_FILES = [
  'test/data-dir-lock.test.ts',
  'test/pglite-process.test.ts',
  'test/pglite-named-statements.test.ts',
  'test/identity/create-user-cli.test.ts',
  'test/roster/person-backfill.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? EMBEDDED_ENGINE_FILES : [])],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/close-leftover-apps.ts'],
    // One database per worker, shared by the files it runs: PGlite takes seconds to open, so it is opened once.
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
