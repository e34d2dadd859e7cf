import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { TEST_DATABASE_PREFIX } from './global-setup';

let shared: Promise<Database> | undefined;

async function openFreshPostgres(url: string): Promise<Database> {
  const runId = process.env.CASTING_TEST_RUN_ID ?? `${Math.floor(Date.now() / 1000)}_solo`;
  const name = `${TEST_DATABASE_PREFIX}${runId}_${process.pid}_${randomBytes(3).toString('hex')}`;
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
