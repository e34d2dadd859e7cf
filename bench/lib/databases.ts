import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/api/src/platform/db/client';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

/** The PostgreSQL server the bench creates its databases on (and drops them from afterwards). */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  engine: Engine;
  /** The database's name on POSTGRES_URL (none for PGlite). */
  name?: string;
  /** What the API (or a reference server) needs in its environment to use this database. */
  env: Record<string, string>;
  /** Opens it in this process (loading data); for PGlite only while no server has it open. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

let created = 0;

/** The start of the bench's database names on POSTGRES_URL (engineers sharing one server pick their own). */
const DATABASE_PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'casting_bench_';

/**
 * A database the bench loaded earlier and kept (`--keep`), on POSTGRES_URL: the API's start brings its schema up
 * to date; dropping it removes only the temp folder, the database stays for the next `--reuse`.
 */
export function existingDatabase(name: string): FreshDatabase {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-bench-'));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    engine: 'postgres',
    name,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 2 }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A new, empty database: a PGlite directory under the system's temp folder, or a new database on POSTGRES_URL. */
export async function freshDatabase(engine: Engine): Promise<FreshDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-bench-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') {
    return {
      engine,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ pgliteDataDir: path.join(dataDir, 'pg') }),
      drop: async () => removeDir(),
    };
  }
  created += 1;
  const name = `${DATABASE_PREFIX}${process.pid}_${Date.now()}_${created}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    engine,
    name,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 2 }),
    drop: async () => {
      removeDir();
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
