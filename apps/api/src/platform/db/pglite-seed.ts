import fs from 'node:fs';
import path from 'node:path';

/**
 * A fresh PGlite data directory is made by running initdb inside WebAssembly: about 5 s on 2 cores and, with the
 * initial memory it used to get, 1.5 GB of resident memory that WebAssembly never gives back. The build therefore runs
 * it once (src/cli/make-pglite-seed.ts) and stores the migrated directory as a tarball beside the bundle; a first start
 * unpacks it in a fraction of the time and memory. Without the tarball (running from source) PGlite runs initdb.
 */
export const PGLITE_SEED_FILE = 'pglite-seed.tar.gz';

/** The tarball beside the running bundle, when the build made one. */
export function pgliteSeed(): Blob | undefined {
  const file = path.resolve(import.meta.dirname, PGLITE_SEED_FILE);
  if (!fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/** PostgreSQL writes PG_VERSION when it creates a data directory; without it the directory is new. */
export function isFreshDataDir(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}
