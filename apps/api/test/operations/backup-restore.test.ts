import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { auditEvents, users } from '../../src/platform/db/schema';
import { TEST_DATABASE_PREFIX } from '../support/global-setup';

const run = promisify(execFile);
const apiRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.resolve(apiRoot, '../../node_modules/.bin/tsx');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-backup-'));
const postgresUrl = process.env.TEST_DATABASE_URL;

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Runs the real command (`npm run backup|restore` runs the same file, bundled) with the given environment. */
async function cli(mode: 'backup' | 'restore', env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, ['src/cli/backup.ts', mode, ...args], {
      cwd: apiRoot,
      env: { ...process.env, NODE_ENV: 'test', PGLITE_MEMORY_MB: '128', DATABASE_URL: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Rows of two tables, so the check covers more than one. */
async function writeRows(database: Database) {
  const email = `backup-${randomUUID()}@example.com`;
  await database.db
    .insert(users)
    .values({ email, firstName: 'Bea', lastName: 'Backup', roleCode: 'CASTING_DIRECTOR' });
  const [event] = await database.db
    .insert(auditEvents)
    .values({ action: 'auth.sign-in', outcome: 'success', actorEmail: email, details: { note: 'backed up' } })
    .returning();
  return { email, eventId: event!.id };
}

async function expectRows(database: Database, rows: { email: string; eventId: string }) {
  expect(await database.db.select().from(users).where(eq(users.email, rows.email))).toHaveLength(1);
  const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.id, rows.eventId));
  expect(event).toMatchObject({ actorEmail: rows.email, details: { note: 'backed up' } });
}

describe('npm run backup / restore on the embedded database', () => {
  it('round-trips rows into an empty data directory, and refuses while the server holds the directory', async () => {
    const source = path.join(scratch, 'source');
    const target = path.join(scratch, 'target');
    const file = path.join(scratch, 'embedded.tar.gz');
    const database = await openDatabase({ pgliteDataDir: path.join(source, 'pg'), pgliteMemoryMb: 128 });
    const rows = await writeRows(database);

    const refused = await cli('backup', { DATA_DIR: source }, '--file', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use/i);
    expect(fs.existsSync(file)).toBe(false);
    await database.close();

    const backup = await cli('backup', { DATA_DIR: source }, '--file', file);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const restore = await cli('restore', { DATA_DIR: target }, '--file', file);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restored = await openDatabase({ pgliteDataDir: path.join(target, 'pg'), pgliteMemoryMb: 128 });
    try {
      await expectRows(restored, rows);
    } finally {
      await restored.close();
    }
    // A second restore over the now populated directory needs --replace.
    const again = await cli('restore', { DATA_DIR: target }, '--file', file);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--replace');
    // Five runs of the command, each starting Node and PGlite: minutes on a loaded machine, so a generous limit.
  }, 240_000);
});

describe.skipIf(!postgresUrl)('npm run backup / restore on PostgreSQL', () => {
  const names: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  async function createDatabase(): Promise<string> {
    const name = `${TEST_DATABASE_PREFIX}backup_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    names.push(name);
    return urlOf(name);
  }
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of names) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('round-trips rows into an empty database', async () => {
    const [sourceUrl, targetUrl] = [await createDatabase(), await createDatabase()];
    const file = path.join(scratch, 'postgres.dump');
    const source = await openDatabase({ databaseUrl: sourceUrl, poolSize: 2 });
    const rows = await writeRows(source);
    await source.close();

    const backup = await cli('backup', { DATABASE_URL: sourceUrl, DATA_DIR: scratch }, '--file', file);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const restore = await cli('restore', { DATABASE_URL: targetUrl, DATA_DIR: scratch }, '--file', file);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restored = await openDatabase({ databaseUrl: targetUrl, poolSize: 2 });
    try {
      await expectRows(restored, rows);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
