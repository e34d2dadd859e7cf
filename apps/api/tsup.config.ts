import { defineConfig } from 'tsup';

// Bundles the API (with the operators' create-user and backup commands, the background worker and the seed maker) and the domain package (TypeScript source) into dist/; npm dependencies stay external.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'create-user': 'src/cli/create-user.ts',
    backup: 'src/cli/backup.ts',
    worker: 'src/worker.ts',
    'make-pglite-seed': 'src/cli/make-pglite-seed.ts',
    // The embedded database's own process (src/platform/db/pglite-process.ts), started by the API.
    'pglite-host': 'src/platform/db/pglite-host.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@casting\//],
  // A migrated embedded database beside the bundle, so a first start skips initdb (src/platform/db/pglite-seed.ts).
  onSuccess: 'node dist/make-pglite-seed.js',
});
