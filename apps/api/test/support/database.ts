import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { TEST_DATABASE_PREFIX } from './global-setup';

let shared: Promise<Database> | undefined;

function freshDatabaseName(): string {
  const runId = process.env.CASTING_TEST_RUN_ID ?? `${Math.floor(Date.now() / 1000)}_solo`;
  return `${TEST_DATABASE_PREFIX}${runId}_${process.pid}_${randomBytes(3).toString('hex')}`;
}

async function openFreshPostgres(url: string, name = freshDatabaseName()): Promise<Database> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return openDatabase({ databaseUrl: target.toString(), poolSize: 5 });
}

/** The worker's database: PGlite in memory, or a fresh database on TEST_DATABASE_URL's server. */
export function testDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  shared ??= url ? openFreshPostgres(url) : openDatabase({ pgliteMemoryMb: 256 });
  return shared;
}

/**
 * Another instance's database, apart from the worker's: PGlite in memory, or a database of its own on
 * TEST_DATABASE_URL's server, dropped again by `dispose`. For tests of what travels between instances.
 */
export async function separateTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteMemoryMb: 128 });
    return { database, dispose: () => database.close() };
  }
  const name = freshDatabaseName();
  const database = await openFreshPostgres(url, name);
  return {
    database,
    dispose: async () => {
      await database.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
