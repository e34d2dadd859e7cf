import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanAbandonedWorkFolders } from '../../src/modules/media/work-folders';

// What a server killed mid-conversion leaves behind: its work folder, holding a copy of a talent's file, and the
// converter still running in it. The next start removes both; another live server's folder is left alone.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-work-folders-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The id of a process that has ended, as a killed server's is. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('abandoned conversion folders', () => {
  it('are removed at start, with the orphaned process still working in them; a live server’s are kept', async () => {
    const abandoned = path.join(scratch, `casting-media-${await endedPid()}-abc123`);
    const live = path.join(scratch, `casting-media-${process.pid}-def456`);
    for (const folder of [abandoned, live]) {
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, 'original'), 'a talent’s tape');
    }
    // Stands for the orphaned ffmpeg: a process whose command line names the folder it works in.
    const orphan = spawn(process.execPath, [
      '-e',
      'setTimeout(() => {}, 60000)',
      path.join(abandoned, 'original'),
    ]);
    const ended = new Promise((resolve) => orphan.once('exit', (_code, signal) => resolve(signal)));

    expect(await cleanAbandonedWorkFolders(scratch)).toBe(1);
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(path.join(live, 'original'))).toBe(true);
    expect(await ended).toBe('SIGKILL');
  });
});
