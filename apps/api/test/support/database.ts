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
        await dropWhenClosed(admin, name);
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * Drops a test database once its connections have gone. Closing a pool ends its clients without waiting for their
 * sessions to finish on the server, and `drop … with (force)` would kill a session still ending: its client then
 * receives the termination as an error after the pool stopped listening to it, an uncaught exception in the test
 * run. So wait (up to 5 s) for the sessions to end, and force only what is left after that.
 */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      await admin.query(`drop database if exists "${name}"`);
      return;
    } catch (error) {
      // 55006 object_in_use: other sessions are still connected to the database.
      if ((error as { code?: string }).code !== '55006') throw error;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
}
