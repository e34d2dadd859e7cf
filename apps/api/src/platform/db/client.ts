import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDirectory } from './data-dir-lock';
import { drizzleWithNamedStatements } from './pglite-named-statements';
import { copySeedInto, isFreshDataDir, pgliteSeed, pgliteSeedDir } from './pglite-seed';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services use, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** A PGlite handle when embedded: jobs and LISTEN/NOTIFY adapters need the raw client. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const PGLITE_MEMORY_MB_DEFAULT = 128;
const PGLITE_SHARED_BUFFERS = '32MB';

export const migrationsFolder = path.resolve(import.meta.dirname, findMigrationsRelative());

function findMigrationsRelative(): string {
  // Source (src/platform/db) and bundle (dist) sit at different depths below apps/api.
  for (const candidate of ['../../../drizzle', '../drizzle']) {
    if (fs.existsSync(path.resolve(import.meta.dirname, candidate, 'meta/_journal.json'))) return candidate;
  }
  throw new Error(`Database migrations not found near ${import.meta.dirname}`);
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite files; undefined keeps the embedded database in memory (tests). */
  pgliteDataDir?: string | undefined;
  pgliteMemoryMb?: number;
  /** False to run initdb even when the build's seed is present (the build step that makes the seed). */
  pgliteSeed?: boolean;
  /**
   * A new data directory on disk starts from the build's seed that already holds the demo office, when there is one
   * (a first start with DEMO_DATA); the caller then brings the office's dates up to now.
   */
  pgliteDemoSeed?: boolean;
  poolSize?: number;
  /** Names this process to another one refused the embedded data directory (e.g. 'npm start'). */
  processLabel?: string;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite, and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // The API's queries are short index reads. Past ~100k rows PostgreSQL's cost estimates trigger JIT compilation,
      // which spent about 260 ms per list call compiling a plan that then runs in a millisecond.
      options: '-c jit=off',
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  // A second process on the same directory would corrupt it: take the single-writer lock before opening (and before
  // deciding whether the directory is fresh, which another process could be filling).
  const releaseLock = options.pgliteDataDir
    ? await lockDataDirectory(options.pgliteDataDir, { command: options.processLabel })
    : async () => {};
  const fresh = !options.pgliteDataDir || isFreshDataDir(options.pgliteDataDir);
  const useSeed = fresh && options.pgliteSeed !== false;
  const seedDir =
    useSeed && options.pgliteDataDir
      ? ((options.pgliteDemoSeed ? pgliteSeedDir({ demo: true }) : undefined) ?? pgliteSeedDir())
      : undefined;
  if (seedDir && options.pgliteDataDir) copySeedInto(seedDir, options.pgliteDataDir);
  const seed = useSeed && !seedDir ? pgliteSeed() : undefined;
  const pglite = await PGlite.create({
    ...(options.pgliteDataDir ? { dataDir: options.pgliteDataDir } : {}),
    ...(seed ? { loadDataDir: seed } : {}),
    extensions: { pg_trgm },
    // The heap starts here and grows on demand, but WebAssembly never returns memory: whatever it starts with stays
    // resident. 512 MB made a fresh start hold 1.5 GB; 128 MB (PGlite's minimum) grows as data needs.
    initialMemory: (options.pgliteMemoryMb ?? PGLITE_MEMORY_MB_DEFAULT) * 1024 * 1024,
    // initdb's 128 MB of shared buffers live inside that same heap and stay resident once touched; in one process
    // the operating system's file cache already holds what they would. 32 MB took 130 MB off the resident size.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  // Statements the code prepares under a name are planned once, as on PostgreSQL (see the module).
  const db = drizzleWithNamedStatements(pglite, schema) as unknown as Db;
  await migratePglite(drizzlePglite(pglite), { migrationsFolder });
  const close = async () => {
    await pglite.close();
    await releaseLock();
  };
  return { db, kind: 'pglite', pglite, close };
}
