import fs from 'node:fs';
import path from 'node:path';

/**
 * A fresh PGlite data directory is made by running initdb inside WebAssembly: about 5 s on 2 cores and, with the
 * initial memory it used to get, 1.5 GB of resident memory that WebAssembly never gives back. The build therefore runs
 * it once (src/cli/make-pglite-seed.ts), with every migration, and stores the result beside the bundle twice:
 * - as a data directory, which a first start on disk copies into place with the file system and then opens like any
 *   existing directory (unpacking a tarball inside PGlite instead grew its WebAssembly heap by about 150 MB for good
 *   and took 1.5 s longer);
 * - as a tarball, for databases held in memory (the tests), which PGlite can only fill from a tarball.
 * A third copy, a directory that also holds the demo office, serves a first start with DEMO_DATA: writing the office's
 * few thousand rows and their indexes at start took about a second; copying them takes milliseconds, and the start
 * then only brings its dates up to now (bootstrap/demo-office.ts).
 * Without them (running from source) PGlite runs initdb.
 */
export const PGLITE_SEED_FILE = 'pglite-seed.tar.gz';
export const PGLITE_SEED_DIR = 'pglite-seed';
export const PGLITE_DEMO_SEED_DIR = 'pglite-seed-demo';

/** The tarball beside the running bundle, when the build made one. */
export function pgliteSeed(): Blob | undefined {
  const file = path.resolve(import.meta.dirname, PGLITE_SEED_FILE);
  if (!fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/** The seed directory (with the demo office or without) beside the running bundle, when the build made one. */
export function pgliteSeedDir(options: { demo?: boolean } = {}): string | undefined {
  const dir = path.resolve(import.meta.dirname, options.demo ? PGLITE_DEMO_SEED_DIR : PGLITE_SEED_DIR);
  return isFreshDataDir(dir) ? undefined : dir;
}

/**
 * Fills a new data directory with a copy of the seed directory (the caller holds the directory's lock). Synchronous on
 * purpose: it runs once, at start-up, before the server listens, and the promise form copied the 1,400 files ten times
 * slower (620 ms against 65 ms).
 */
export function copySeedInto(seedDir: string, dataDir: string): void {
  fs.cpSync(seedDir, dataDir, { recursive: true, force: true });
}

/** PostgreSQL writes PG_VERSION when it creates a data directory; without it the directory is new. */
export function isFreshDataDir(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}
