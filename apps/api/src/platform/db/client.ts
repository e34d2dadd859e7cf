import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { openEmbeddedEngine, type EmbeddedEngineOptions } from './pglite-engine';
import { drizzleWithStatementClients } from './pglite-named-statements';
import { PgliteProcess, type PgliteClient } from './pglite-process';
import * as schema from './schema';
import { runAsOwner, scopeKey, type DbScope } from './scope';
import { ScopedEngine, fixedScopeClient, type ScopedPgliteClient } from './scoped-pglite';
import { assertApplicationLogin } from './app-login';
import { ScopedPool, type PoolConnections } from './scoped-pool';
import { retryTransactions } from './transaction-retry';

export type Schema = typeof schema;
/** The one database type services use, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  /**
   * The application's handle: each query runs as the role `casting_app` in the office of the code that runs it
   * (scope.ts), so row-level security shows it that office's rows and nothing else.
   */
  db: Db;
  /**
   * A handle fixed to one scope whatever the caller's: the owner (`{ owner: true }`) for the operator's tools and
   * tests that read and write across offices. Never for a request's work.
   */
  scopedDb(scope: DbScope): Db;
  kind: DatabaseKind;
  /**
   * The embedded engine, in this process or its own (pglite-process.ts): jobs and LISTEN/NOTIFY adapters need the
   * raw client.
   */
  pglite?: PgliteClient;
  /** The engine itself when it runs in this process, outside any scope: the seed maker dumps its files. */
  pgliteEngine?: PGlite;
  pool?: pg.Pool;
  /** PostgreSQL: the connections of the request pools, for the metrics. */
  poolConnections?(): PoolConnections[];
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
  /**
   * PostgreSQL only: the application's own login, for every query outside the owner's scope (see ScopedPool). It
   * must be a member of the application role and have nothing that bypasses row-level security.
   */
  appDatabaseUrl?: string | undefined;
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
    const config: pg.PoolConfig = {
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // The API's queries are short index reads. Past ~100k rows PostgreSQL's cost estimates trigger JIT compilation,
      // which spent about 260 ms per list call compiling a plan that then runs in a millisecond.
      options: '-c jit=off',
    };
    const appConfig = options.appDatabaseUrl
      ? { ...config, connectionString: options.appDatabaseUrl }
      : undefined;
    const pool = new ScopedPool(config, undefined, appConfig);
    const db = retryTransactions(drizzleNodePg(pool, { schema }) as unknown as Db);
    await runAsOwner(() => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }));
    if (appConfig) {
      try {
        await assertApplicationLogin(appConfig);
      } catch (error) {
        await pool.end();
        throw error;
      }
    }
    // Each fixed scope gets a small pool of its own: a checkout is put into its pool's one scope.
    const fixed = new Map<string, { pool: ScopedPool; db: Db }>();
    const scopedDb = (scope: DbScope): Db => {
      const key = scopeKey(scope);
      let entry = fixed.get(key);
      if (!entry) {
        const scopedPool = new ScopedPool(
          { ...config, max: 2 },
          () => scope,
          appConfig ? { ...appConfig, max: 2 } : undefined,
        );
        entry = {
          pool: scopedPool,
          db: retryTransactions(drizzleNodePg(scopedPool, { schema }) as unknown as Db),
        };
        fixed.set(key, entry);
      }
      return entry.db;
    };
    const close = async () => {
      await Promise.all([...fixed.values()].map((entry) => entry.pool.end()));
      await pool.end();
    };
    return { db, scopedDb, kind: 'postgres', pool, poolConnections: () => pool.connectionCounts(), close };
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
    return embeddedDatabase(engine, { close: () => engine.close() });
  }
  const engine = await openEmbeddedEngine(engineOptions);
  return embeddedDatabase(new ScopedEngine(engine.pglite), { close: engine.close, engine: engine.pglite });
}

/**
 * Drizzle on the embedded engine, each call in its caller's scope. Statements the code prepares under a name are
 * planned once, as on PostgreSQL (pglite-named-statements.ts).
 */
function embeddedDatabase(
  client: ScopedPgliteClient,
  options: { close: () => Promise<void>; engine?: PGlite },
): Database {
  const drizzleOn = (on: ScopedPgliteClient) =>
    drizzleWithStatementClients(on as unknown as PGlite, schema, (name) => on.named(name)) as unknown as Db;
  const fixed = new Map<string, Db>();
  const scopedDb = (scope: DbScope): Db => {
    const key = scopeKey(scope);
    let db = fixed.get(key);
    if (!db) fixed.set(key, (db = drizzleOn(fixedScopeClient(client, scope))));
    return db;
  };
  return {
    db: drizzleOn(client),
    scopedDb,
    kind: 'pglite',
    pglite: client,
    ...(options.engine ? { pgliteEngine: options.engine } : {}),
    close: options.close,
  };
}
