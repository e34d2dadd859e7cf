import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/client';
import { DataDirectoryLockedError } from '../src/platform/db/data-dir-lock';
import { programArgs } from './support/command-entry';
import { eventually } from './support/eventually';

// The embedded database allows one process per data directory: a second one (server, worker or command) is refused
// with the holder named, and a holder that died is replaced without waiting.

const run = promisify(execFile);
const apiRoot = path.resolve(import.meta.dirname, '..');
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
async function holdInAnotherProcess(
  dataDir: string,
  env: Record<string, string> = {},
  until = 'ready',
): Promise<ChildProcess & { enginePid: number }> {
  // Node itself with tsx's loader (not the tsx launcher), so that the process id and a kill reach the holder.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/fixtures/hold-data-dir.ts', dataDir],
    {
      cwd: apiRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  children.push(child);
  let enginePid = 0;
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const ready = /ready (\d+)/.exec(chunk.toString());
      if (ready) enginePid = Number(ready[1]);
      if (chunk.toString().includes(until)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`holder exited early with ${code}`)));
  });
  return Object.assign(child, { enginePid });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A process that ended and waits for its new parent to collect it is not running.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
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
      process.execPath,
      [
        ...programArgs('create-user'),
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

  it('waits for the engine process a killed server left behind, instead of refusing the next server', async () => {
    const dataDir = newDataDir('orphan');
    // The engine is busy with a statement when its server is killed, so it lets go of the directory only once the
    // statement ends, seconds later (as after a long query or a large checkpoint).
    const holder = await holdInAnotherProcess(
      dataDir,
      { HOLD_ENGINE: 'separate', HOLD_BUSY_MS: '9000' },
      'busy',
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    expect(isRunning(holder.enginePid)).toBe(true);

    const database = await openDatabase({
      pgliteDataDir: dataDir,
      pgliteMemoryMb: 128,
      pgliteProcess: 'separate',
    });
    try {
      // It let go of the directory as it ended.
      await eventually('the orphaned engine ended', () => !isRunning(holder.enginePid), 10_000);
    } finally {
      await database.close();
    }
    // An opener that runs the engine in its own process (a command such as backup) waits for it too.
    const again = await holdInAnotherProcess(
      dataDir,
      { HOLD_ENGINE: 'separate', HOLD_BUSY_MS: '3000' },
      'busy',
    );
    const gone = new Promise((resolve) => again.once('exit', resolve));
    again.kill('SIGKILL');
    await gone;
    const inline = await openDatabase({ pgliteDataDir: dataDir, pgliteMemoryMb: 128 });
    await inline.close();
  });

  it('ends an engine process whose server was killed with a transaction open and another waiting', async () => {
    const dataDir = newDataDir('stuck');
    const holder = await holdInAnotherProcess(dataDir, { HOLD_ENGINE: 'separate', HOLD_STUCK: '1' }, 'busy');
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    // Both transactions are rolled back (the waiting one as soon as it gets the engine) and the engine closes.
    await eventually('the orphaned engine ended', () => !isRunning(holder.enginePid), 5_000);
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
