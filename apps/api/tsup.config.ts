import { defineConfig } from 'tsup';

// Bundles the API (with the operators' create-user and backup commands and the background worker) and the domain package (TypeScript source) into dist/; npm dependencies stay external.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'create-user': 'src/cli/create-user.ts',
    backup: 'src/cli/backup.ts',
    worker: 'src/worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@casting\//],
});
