import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Flushes a folder's entries to the disk, so that a rename or a new file in it survives a crash (a file's own
 * fdatasync covers its bytes, not its name).
 */
export async function syncFolder(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a small file durably under a temporary name, then renames it into place and flushes the folder. */
export async function writeFileDurably(file: string, contents: string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await fsp.open(temporary, 'wx');
  try {
    await handle.writeFile(contents);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await fsp.rename(temporary, file);
  await syncFolder(path.dirname(file));
}
