import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openEmbeddedEngine, type EmbeddedEngineOptions } from './pglite-engine';
import { drizzleWithNamedStatements, drizzleWithStatementClients } from './pglite-named-statements';
import { PgliteProcess, type PgliteClient } from './pglite-process';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services use, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * The embedded engine, in this process or its own (pglite-process.ts): jobs and LISTEN/NOTIFY adapters need the
   * raw client.
   */
  pglite?: PgliteClient;
  /** The engine itself when it runs in this process: the seed maker dumps its files. */
  pgliteEngine?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

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
  /**
   * Where the embedded engine runs: 'separate' gives it a process of its own (the API server's choice, see
   * pglite-process.ts); 'inline' keeps it in this one (tests, command-line tools). Inline when absent.
   */
  pgliteProcess?: 'separate' | 'inline';
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
  const engineOptions: EmbeddedEngineOptions = {
    dataDir: options.pgliteDataDir,
    seed: options.pgliteSeed !== false,
    demoSeed: options.pgliteDemoSeed ?? false,
    memoryMb: options.pgliteMemoryMb,
    migrationsFolder,
    command: options.processLabel,
  };
  if (options.pgliteProcess === 'separate') {
    const engine = await PgliteProcess.start(engineOptions);
    // Statements the code prepares under a name are planned once, as on PostgreSQL (pglite-named-statements.ts).
    const db = drizzleWithStatementClients(engine as unknown as PGlite, schema, (name) => engine.named(name));
    return { db: db as unknown as Db, kind: 'pglite', pglite: engine, close: () => engine.close() };
  }
  const engine = await openEmbeddedEngine(engineOptions);
  const db = drizzleWithNamedStatements(engine.pglite, schema) as unknown as Db;
  return { db, kind: 'pglite', pglite: engine.pglite, pgliteEngine: engine.pglite, close: engine.close };
}
