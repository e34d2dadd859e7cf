import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/client';
import { DataDirectoryLockedError } from '../src/platform/db/data-dir-lock';

// The embedded database allows one process per data directory: a second one (server, worker or command) is refused
// with the holder named, and a holder that died is replaced without waiting.

const run = promisify(execFile);
const apiRoot = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(apiRoot, '../../node_modules/.bin/tsx');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-lock-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

function newDataDir(name: string) {
  return path.join(root, name, 'pg');
}

/** Starts a separate process that opens the directory and holds it. */
async function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  // Node itself with tsx's loader (not the tsx launcher), so that the process id and a kill reach the holder.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/fixtures/hold-data-dir.ts', dataDir],
    {
      cwd: apiRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`holder exited early with ${code}`)));
  });
  return child;
}

// Each case opens PGlite in two processes, which takes seconds each on a loaded machine.
describe('the embedded data directory lock', { timeout: 120_000 }, () => {
  it('refuses a second process while one holds the directory, naming the holder', async () => {
    const dataDir = newDataDir('busy');
    const holder = await holdInAnotherProcess(dataDir);

    const refused = openDatabase({ pgliteDataDir: dataDir, pgliteMemoryMb: 128 });
    await expect(refused).rejects.toBeInstanceOf(DataDirectoryLockedError);
    await expect(refused).rejects.toThrow(`in use by process ${holder.pid}`);
    await expect(refused).rejects.toThrow('(test holder)');

    // The operators' command is refused the same way and says why, instead of writing behind the holder's back.
    const command = await run(
      tsx,
      [
        'src/cli/create-user.ts',
        '--email',
        'late.operator@example.com',
        '--first-name',
        'Late',
        '--last-name',
        'Operator',
      ],
      {
        cwd: apiRoot,
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: path.dirname(dataDir), DATABASE_URL: '' },
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(command.code).not.toBe(0);
    expect(command.stderr).toContain(`in use by process ${holder.pid}`);

    // Once the holder closes the database, the directory can be opened again.
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.stdin?.end();
    await exited;
    const reopened = await openDatabase({ pgliteDataDir: dataDir, pgliteMemoryMb: 128 });
    await reopened.close();
  });

  it('takes over at once from a holder that was killed', async () => {
    const dataDir = newDataDir('killed');
    const holder = await holdInAnotherProcess(dataDir);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;

    const database = await openDatabase({ pgliteDataDir: dataDir, pgliteMemoryMb: 128 });
    await database.close();
  });

  it('refuses to open one directory twice in one process', async () => {
    const dataDir = newDataDir('twice');
    const first = await openDatabase({ pgliteDataDir: dataDir, pgliteMemoryMb: 128 });
    await expect(openDatabase({ pgliteDataDir: dataDir, pgliteMemoryMb: 128 })).rejects.toBeInstanceOf(
      DataDirectoryLockedError,
    );
    await first.close();
  });
});
