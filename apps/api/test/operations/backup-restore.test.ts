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
import { resolveAuthSecret } from '../../src/platform/crypto/secrets';
import { auditEvents, users } from '../../src/platform/db/schema';
import { programArgs } from '../support/command-entry';
import { TEST_DATABASE_PREFIX } from '../support/global-setup';
import { readCandidateFiles, seedCandidates } from './backup-fixture';

const run = promisify(execFile);
const apiRoot = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-backup-'));
const postgresUrl = process.env.TEST_DATABASE_URL;

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Runs the real command (`npm run backup|restore` runs the same file, bundled) with the given environment. */
async function cli(mode: 'backup' | 'restore', env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...programArgs('backup'), mode, ...args], {
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

/** Whether a data directory holds nothing a restore would have written (its lock's bookkeeping aside). */
function holdsNothing(dataDir: string): boolean {
  const listed = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (
    listed(path.join(dataDir, 'pg')).length === 0 &&
    listed(path.join(dataDir, 'files')).length === 0 &&
    !fs.existsSync(path.join(dataDir, 'secrets')) &&
    listed(dataDir).every((name) => name === 'pg' || name.startsWith('pg.lock'))
  );
}

// The embedded case ignores TEST_DATABASE_URL: CI's PostgreSQL pass runs only the PostgreSQL case.
describe.skipIf(postgresUrl)(
  'npm run backup / restore on the embedded database, with the stored files',
  () => {
    it('restores into an empty data directory every row and every file of every candidate', async () => {
      const source = path.join(scratch, 'source');
      const target = path.join(scratch, 'target');
      const file = path.join(scratch, 'embedded.tar');
      const database = await openDatabase({ pgliteDataDir: path.join(source, 'pg'), pgliteMemoryMb: 128 });
      const rows = await writeRows(database);
      const stored = await seedCandidates(database, path.join(source, 'files'));
      expect(stored.size).toBe(16);
      const secret = resolveAuthSecret(undefined, source);

      const refused = await cli('backup', { DATA_DIR: source }, '--file', file);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/in use/i);
      expect(fs.readdirSync(scratch).filter((name) => name.startsWith('embedded.tar'))).toEqual([]);
      await database.close();

      const backup = await cli('backup', { DATA_DIR: source }, '--file', file);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/Backing up 34 stored files/);
      expect(backup.stdout).toMatch(/files: \d0% /);
      const restore = await cli('restore', { DATA_DIR: target }, '--file', file);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('34 stored files');

      const restored = await openDatabase({ pgliteDataDir: path.join(target, 'pg'), pgliteMemoryMb: 128 });
      try {
        await expectRows(restored, rows);
        expect(await readCandidateFiles(restored, path.join(target, 'files'))).toEqual(stored);
      } finally {
        await restored.close();
      }
      // The generated signing secret came along: tokens and two-factor secrets stay readable.
      expect(resolveAuthSecret(undefined, target)).toBe(secret);
      expect(fs.readdirSync(target).filter((name) => name.startsWith('.restoring-'))).toEqual([]);

      // A second restore over the now populated directory needs --replace.
      const again = await cli('restore', { DATA_DIR: target }, '--file', file);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('--replace');

      // A changed byte inside a stored file, and a cut-off file: refused by the manifest, nothing written.
      const archive = fs.readFileSync(file);
      // 64 bytes from the middle of a video's first part (a multipart object's folder under blobs/), found in the tar.
      const blobs = path.join(source, 'files', 'blobs');
      const partsDir = path.join(
        blobs,
        fs.readdirSync(blobs).find((name) => fs.statSync(path.join(blobs, name)).isDirectory())!,
      );
      const part = fs.readFileSync(
        path.join(
          partsDir,
          fs.readdirSync(partsDir).find((name) => name.startsWith('1.'))!,
        ),
      );
      const at = archive.indexOf(part.subarray(part.length / 2, part.length / 2 + 64));
      expect(at).toBeGreaterThan(0);
      const flipped = Buffer.from(archive);
      flipped[at + 10] = flipped[at + 10]! ^ 0xff;
      const damaged = path.join(scratch, 'damaged.tar');
      fs.writeFileSync(damaged, flipped);
      const cut = path.join(scratch, 'cut.tar');
      fs.writeFileSync(cut, archive.subarray(0, Math.floor(archive.length * 0.7)));
      for (const [name, broken] of [
        ['damaged', damaged],
        ['cut', cut],
      ] as const) {
        const empty = path.join(scratch, `target-${name}`);
        const refusedRestore = await cli('restore', { DATA_DIR: empty }, '--file', broken);
        expect(refusedRestore.code).toBe(1);
        expect(refusedRestore.stderr).toMatch(/damaged or incomplete.*nothing was restored/);
        expect(holdsNothing(empty)).toBe(true);
      }
      // Seven runs of the command, each starting Node and most PGlite: minutes on a loaded machine.
    }, 300_000);
  },
);

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

  it('round-trips rows and the stored files into an empty database and data directory', async () => {
    const [sourceUrl, targetUrl] = [await createDatabase(), await createDatabase()];
    const [sourceDir, targetDir] = [path.join(scratch, 'pg-source'), path.join(scratch, 'pg-target')];
    const file = path.join(scratch, 'postgres.tar');
    const source = await openDatabase({ databaseUrl: sourceUrl, poolSize: 2 });
    const rows = await writeRows(source);
    const stored = await seedCandidates(source, path.join(sourceDir, 'files'));
    await source.close();

    // PostgreSQL is dumped live; the files are read beside it.
    const backup = await cli('backup', { DATABASE_URL: sourceUrl, DATA_DIR: sourceDir }, '--file', file);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const restore = await cli('restore', { DATABASE_URL: targetUrl, DATA_DIR: targetDir }, '--file', file);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restored = await openDatabase({ databaseUrl: targetUrl, poolSize: 2 });
    try {
      await expectRows(restored, rows);
      expect(await readCandidateFiles(restored, path.join(targetDir, 'files'))).toEqual(stored);
    } finally {
      await restored.close();
    }
    // An embedded installation refuses it before unpacking anything.
    const embedded = await cli('restore', { DATA_DIR: path.join(scratch, 'pg-other') }, '--file', file);
    expect(embedded.code).toBe(1);
    expect(embedded.stderr).toContain('holds a PostgreSQL database');
  }, 180_000);
});
