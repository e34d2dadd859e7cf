import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { lockDataDirectory } from './data-dir-lock';
import { copySeedInto, isFreshDataDir, pgliteSeed, pgliteSeedDir } from './pglite-seed';

const PGLITE_MEMORY_MB_DEFAULT = 128;
const PGLITE_SHARED_BUFFERS = '32MB';

/** What the embedded engine is opened with, wherever it runs (this process or its own, see pglite-process.ts). */
export interface EmbeddedEngineOptions {
  /** Directory for PGlite files; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** False to run initdb even when the build's seed is present (the build step that makes the seed). */
  seed: boolean;
  /** A new directory starts from the build's seed that already holds the demo office, when there is one. */
  demoSeed: boolean;
  memoryMb?: number | undefined;
  migrationsFolder: string;
  /** Names the holder to another process refused the data directory (e.g. 'npm start'). */
  command?: string | undefined;
  /** For an engine in a process of its own: its server's process id, recorded with the lock (data-dir-lock.ts). */
  ownerPid?: number | undefined;
}

export interface EmbeddedEngine {
  pglite: PGlite;
  /** Closes the engine, then releases the data directory. */
  close(): Promise<void>;
}

/**
 * Opens the embedded engine in the calling process: the data directory's single-writer lock, the build's seed for a
 * new directory, then PGlite and any pending migrations. The process that runs the engine is the one that holds
 * the lock, so a lock is stale exactly when the engine that wrote under it is gone.
 */
export async function openEmbeddedEngine(options: EmbeddedEngineOptions): Promise<EmbeddedEngine> {
  // A second process on the same directory would corrupt it: take the single-writer lock before opening (and before
  // deciding whether the directory is fresh, which another process could be filling).
  const releaseLock = options.dataDir
    ? await lockDataDirectory(options.dataDir, { command: options.command, ownerPid: options.ownerPid })
    : async () => {};
  try {
    const fresh = !options.dataDir || isFreshDataDir(options.dataDir);
    const useSeed = fresh && options.seed;
    const seedDir =
      useSeed && options.dataDir
        ? ((options.demoSeed ? pgliteSeedDir({ demo: true }) : undefined) ?? pgliteSeedDir())
        : undefined;
    if (seedDir && options.dataDir) copySeedInto(seedDir, options.dataDir);
    const pglite = await openPglite(options, useSeed && !seedDir);
    return {
      pglite,
      close: async () => {
        if (!pglite.closed) await pglite.close();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

async function openPglite(options: EmbeddedEngineOptions, loadSeedArchive: boolean): Promise<PGlite> {
  const seed = loadSeedArchive ? pgliteSeed() : undefined;
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(seed ? { loadDataDir: seed } : {}),
    extensions: { pg_trgm },
    // The heap starts here and grows on demand, but WebAssembly never returns memory: whatever it starts with stays
    // resident. 512 MB made a fresh start hold 1.5 GB; 128 MB (PGlite's minimum) grows as data needs.
    initialMemory: (options.memoryMb ?? PGLITE_MEMORY_MB_DEFAULT) * 1024 * 1024,
    // initdb's 128 MB of shared buffers live inside that same heap and stay resident once touched; in one process
    // the operating system's file cache already holds what they would. 32 MB took 130 MB off the resident size.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  try {
    await migratePglite(drizzlePglite(pglite), { migrationsFolder: options.migrationsFolder });
  } catch (error) {
    await pglite.close();
    throw error;
  }
  return pglite;
}
