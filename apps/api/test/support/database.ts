import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { firstOfficeId } from '../../src/bootstrap/first-office';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { TEST_DATABASE_PREFIX } from './global-setup';

let shared: Promise<{ app: Database; tests: Database; officeId: string }> | undefined;
let loadedOfficeId: string | undefined;

/** A database name for this run and worker, which the global set-up sweeps if the test does not drop it. */
export function freshDatabaseName(): string {
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

function openShared() {
  const url = process.env.TEST_DATABASE_URL;
  shared ??= (async () => {
    const app = await (url ? openFreshPostgres(url) : openDatabase({ pgliteMemoryMb: 256 }));
    const officeId = await firstOfficeId(app.db);
    loadedOfficeId = officeId;
    // The tests' own reads and writes see every office, and what they insert belongs to the first office.
    const tests: Database = { ...app, db: app.scopedDb({ owner: true, officeId }) };
    return { app, tests, officeId };
  })();
  return shared;
}

/**
 * The worker's database as the tests use it (PGlite in memory, or a fresh database on TEST_DATABASE_URL's server):
 * its `db` is the database's owner, which row-level security does not restrict, writing into the first office.
 */
export async function testDatabase(): Promise<Database> {
  return (await openShared()).tests;
}

/** The worker's database when a file has opened it already; undefined otherwise (nothing is opened for asking). */
export async function openedTestDatabase(): Promise<Database | undefined> {
  return shared ? (await shared).tests : undefined;
}

/** The same database as the apps under test use it: each query in the scope of its request or job. */
export async function appDatabase(): Promise<Database> {
  return (await openShared()).app;
}

/** The first office, which the tests' users belong to unless a test says otherwise. */
export async function testOfficeId(): Promise<string> {
  return (await openShared()).officeId;
}

/** The first office once `testDatabase()` has opened (for code that cannot wait). */
export function loadedTestOfficeId(): string {
  if (!loadedOfficeId) throw new Error('testDatabase() has not opened yet');
  return loadedOfficeId;
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
export async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
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
