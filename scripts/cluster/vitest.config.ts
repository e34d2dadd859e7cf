import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the main journey through `npm run cluster`'s processes. It needs the build and PostgreSQL,
// so it runs apart from the API tier's suite, one file in one process.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['scripts/cluster/**/*.test.ts'],
    root: new URL('../..', import.meta.url).pathname,
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
