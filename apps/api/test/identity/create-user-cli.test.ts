import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/platform/crypto/password';
import { openDatabase } from '../../src/platform/db/client';
import { users } from '../../src/platform/db/schema';
import { programArgs } from '../support/command-entry';

const run = promisify(execFile);
const apiRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-cli-'));

async function createUser(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...programArgs('create-user'), ...args], {
      cwd: apiRoot,
      // The command must reach the embedded database in DATA_DIR, whatever the test run itself uses.
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', PGLITE_MEMORY_MB: '128' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run create-user', () => {
  it('creates a confirmed account in the configured database and refuses a second one for the address', async () => {
    const created = await createUser([
      '--email',
      'Operator.Made@Example.com',
      '--first-name',
      'Olive',
      '--last-name',
      'Operator',
      '--role',
      'CASTING_ASSISTANT',
      '--otp-required',
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(
      /^Created CASTING_ASSISTANT operator\.made@example\.com \(id [0-9a-f-]{36}\)\n/,
    );
    const password = /^Password: (\S+)$/m.exec(created.stdout)?.[1];
    expect(password).toBeDefined();

    const again = await createUser([
      '--email',
      'operator.made@example.com',
      '--first-name',
      'O',
      '--last-name',
      'P',
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('An account with this email already exists.');

    const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'pg'), pgliteMemoryMb: 128 });
    try {
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'operator.made@example.com'));
      expect(row).toMatchObject({ roleCode: 'CASTING_ASSISTANT', otpRequired: true, firstName: 'Olive' });
      expect(row?.confirmedAt).not.toBeNull();
      expect(await verifyPassword(row!.passwordHash!, password!)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses bad input with a message and a non-zero exit', async () => {
    const noEmail = await createUser(['--first-name', 'A', '--last-name', 'B']);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('--email, --first-name and --last-name are required.');
    const badRole = await createUser([
      '--email',
      'a@example.com',
      '--first-name',
      'A',
      '--last-name',
      'B',
      '--role',
      'KING',
    ]);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain("Unknown role 'KING'");
    const common = await createUser([
      '--email',
      'weak@example.com',
      '--first-name',
      'A',
      '--last-name',
      'B',
      '--password',
      'P@ssw0rd',
    ]);
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('This password is too common. Please choose a less predictable one.');
  }, 120_000);
});
