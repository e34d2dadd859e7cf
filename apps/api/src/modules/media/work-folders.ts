import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Conversion work folders and the ffmpeg processes working in them. A folder is named after the process that made
 * it (`casting-media-<pid>-…` in the system temp folder) and holds a full copy of a talent's file while it is
 * converted; a server killed mid-conversion leaves it behind, with its ffmpeg still running as an orphan.
 */
const FOLDER = /^casting-media-(\d+)-/;

/** A new work folder of this process. */
export function makeWorkFolder(): Promise<string> {
  return fs.promises.mkdtemp(path.join(os.tmpdir(), `casting-media-${process.pid}-`));
}

const running = new Set<ChildProcess>();
let endingWithProcess = false;

/** Ends the child (ffmpeg) with this process: on any exit this process still gets to see, it is killed. */
export function trackChild(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!endingWithProcess) {
    endingWithProcess = true;
    process.once('exit', () => {
      for (const each of running) each.kill('SIGKILL');
    });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Processes whose command line names `folder` (an orphaned ffmpeg reading or writing in it), from /proc. */
function processesIn(folder: string): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return []; // no /proc (not Linux): the folder is still removed
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes(folder)) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/**
 * At start: every work folder of a process that is gone is removed, after ending what still runs in it (a killed
 * server's ffmpeg). Folders of live processes (another server on this machine) are left alone. Answers how many
 * folders were removed.
 */
export async function cleanAbandonedWorkFolders(tempDir = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await fs.promises.readdir(tempDir)) {
    const owner = FOLDER.exec(name);
    if (!owner || Number(owner[1]) === process.pid || isAlive(Number(owner[1]))) continue;
    const folder = path.join(tempDir, name);
    for (const pid of processesIn(folder)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already ended
      }
    }
    await fs.promises.rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
