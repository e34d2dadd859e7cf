import fs from 'node:fs';
import os from 'node:os';
import lockfile from 'proper-lockfile';

/**
 * One writer per embedded data directory.
 *
 * PGlite is PostgreSQL compiled into the process that opens it: it has no server to arbitrate between processes, so
 * two processes that open the same directory each keep their own buffers and overwrite each other's pages (seen:
 * acknowledged rows lost, indexes disagreeing with their table). Every process that opens the directory (the
 * server's engine process, a worker, an operator's command) must therefore hold this lock first; a second one is
 * refused with the holder named.
 *
 * The lock is a directory created atomically beside the data (`<dir>.lock`), kept fresh while held; a holder that died
 * without releasing it is recognised at once when its process is gone on this machine, else once the lock stops being
 * refreshed.
 */

/** Who holds the lock: written beside it so that a refused process can say which one to stop. */
export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
  /** The process the holder works for, when it is the server's engine process (see `lockDataDirectory`). */
  ownerPid?: number;
}

export class DataDirectoryLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.host} (${holder.command}), running since ${holder.since}`
      : 'another process';
    super(
      `The embedded database in ${dataDir} is in use by ${who}. Only one process may open it at a time: stop that ` +
        'process first, or send the change through the running server. To run several processes, use PostgreSQL ' +
        '(DATABASE_URL).',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

/** How long a lock may go unrefreshed before it is taken as abandoned. Long, since a long PGlite query blocks the
 * event loop that refreshes it; a crashed holder on this machine is recognised sooner by its process id. */
const STALE_MS = 60_000;
const REFRESH_MS = 5_000;
/**
 * How long an opener waits for an orphaned engine process (its server was killed) to close the directory: it closes
 * as soon as it notices, but a statement under way when the server died runs to its end first.
 */
const ORPHAN_WAIT_MS = 60_000;

function holderFile(dataDir: string) {
  return `${dataDir}.lock.holder.json`;
}

function readHolder(dataDir: string): LockHolder | null {
  try {
    return JSON.parse(fs.readFileSync(holderFile(dataDir), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories this process holds, so that opening one twice in one process is refused too. */
const heldHere = new Set<string>();

/**
 * A lock left by a process that is gone from this machine (killed, crashed) can be taken over at once. A holder with
 * this process's own id that this process does not hold is an earlier life of it (a container restarted with the
 * same process id and host name).
 */
function holderIsGone(dataDir: string, holder: LockHolder | null): boolean {
  if (!holder || holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return !heldHere.has(dataDir);
  return !isAlive(holder.pid);
}

/**
 * An engine process whose server is gone from this machine: it is closing the directory (pglite-host.ts ends it when
 * its channel to the server drops), so the next opener waits for it rather than refusing.
 */
function holderIsOrphan(holder: LockHolder | null): boolean {
  return !!holder && holder.host === os.hostname() && !!holder.ownerPid && !isAlive(holder.ownerPid);
}

/**
 * Takes the data directory's single-writer lock, or throws DataDirectoryLockedError naming the holder. A holder that
 * is an orphaned engine process is waited for (at most `ORPHAN_WAIT_MS`): a server restarted at once after being
 * killed finds its previous engine still closing. `ownerPid` names the process an engine process works for (its
 * server), so that the next opener can tell it is orphaned. `onLost` runs if the lock is taken away while held (the
 * process should stop writing and exit).
 */
export async function lockDataDirectory(
  dataDir: string,
  options: { command?: string; ownerPid?: number; onLost?: (error: Error) => void } = {},
): Promise<() => Promise<void>> {
  const deadline = Date.now() + ORPHAN_WAIT_MS;
  for (;;) {
    try {
      return await takeLock(dataDir, options);
    } catch (error) {
      if (!(error instanceof DataDirectoryLockedError) || !holderIsOrphan(error.holder)) throw error;
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function takeLock(
  dataDir: string,
  options: { command?: string; ownerPid?: number; onLost?: (error: Error) => void },
): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockOptions = {
    stale: STALE_MS,
    update: REFRESH_MS,
    realpath: false,
    onCompromised:
      options.onLost ??
      ((error: Error) => {
        throw error;
      }),
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, lockOptions);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = readHolder(dataDir);
    if (!holderIsGone(dataDir, holder)) throw new DataDirectoryLockedError(dataDir, holder);
    // The previous holder died without releasing: remove its lock and take it. If two processes race here, the
    // atomic mkdir inside lock() lets only one of them win; the other is refused.
    fs.rmSync(`${dataDir}.lock`, { recursive: true, force: true });
    try {
      release = await lockfile.lock(dataDir, lockOptions);
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code === 'ELOCKED') {
        throw new DataDirectoryLockedError(dataDir, readHolder(dataDir));
      }
      throw retryError;
    }
  }
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command: options.command ?? process.argv.slice(1).join(' '),
    since: new Date().toISOString(),
    ...(options.ownerPid ? { ownerPid: options.ownerPid } : {}),
  };
  fs.writeFileSync(holderFile(dataDir), JSON.stringify(holder));
  heldHere.add(dataDir);
  return async () => {
    heldHere.delete(dataDir);
    fs.rmSync(holderFile(dataDir), { force: true });
    await release();
  };
}
