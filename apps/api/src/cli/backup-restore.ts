import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDirectory } from '../platform/db/data-dir-lock';
import { readArchive, type BackupHeader } from './backup-archive';
import { unpackDirectory } from './backup-data-dir';
import { restorePostgres, settlePglite } from './backup-engine';
import { DATABASE_ENTRY, FILES_PREFIX, SECRET_ENTRY, secretFileOf } from './backup-make';
import { BackupError, formatBytes, isEmptyOrMissing, Progress } from './backup-tree';

export type BackupFileKind = 'archive' | 'legacy-embedded' | 'legacy-postgresql' | 'unknown';

/** What a file is, by its first bytes: this command's tar, or a database-only backup made before it carried files. */
export async function backupFileKind(file: string): Promise<BackupFileKind> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'legacy-embedded';
    if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'legacy-postgresql';
    if (bytesRead === 512 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'archive';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/** Refuses a backup of another kind of installation before anything of it is unpacked. */
function accept(header: BackupHeader, config: Config): void {
  const engine = config.DATABASE_URL ? 'postgresql' : 'embedded';
  if (header.database !== engine) {
    throw new BackupError(
      `This backup holds ${header.database === 'embedded' ? 'the embedded database' : 'a PostgreSQL database'}, ` +
        `but the configuration uses ${engine === 'embedded' ? 'the embedded one (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}. ` +
        'Restore it with the same kind of database.',
    );
  }
  if (header.storage === 'local' && config.S3_BUCKET) {
    throw new BackupError(
      'This backup holds the files of local storage, but S3_BUCKET is set: restore it without S3_BUCKET, or copy the ' +
        'files into the bucket afterwards.',
    );
  }
  if (header.storage === 's3' && !config.S3_BUCKET) {
    throw new BackupError(
      `This backup's files are in the S3 bucket ${header.bucket ?? ''}, not in the backup: set S3_BUCKET and the S3 ` +
        'settings before restoring it.',
    );
  }
}

/** Moves what `dir` holds into `<dir>.before-restore-<time>` (kept, not deleted) and answers where. */
async function moveAside(dir: string, stamp: string): Promise<string> {
  const movedTo = `${dir}.before-restore-${stamp}`;
  await fsp.mkdir(movedTo, { mode: 0o700 });
  for (const entry of await fsp.readdir(dir))
    await fsp.rename(path.join(dir, entry), path.join(movedTo, entry));
  return movedTo;
}

/** Puts a checked directory into place with one rename; `to` is missing or empty by then. */
async function putInPlace(from: string, to: string): Promise<void> {
  try {
    await fsp.rmdir(to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fsp.mkdir(path.dirname(to), { recursive: true });
  await fsp.rename(from, to);
}

export interface RestoreSummary {
  files: number;
  bytes: number;
  movedAside: string[];
}

/**
 * Restores a backup made by makeBackup into the configured installation: the whole archive is unpacked into a folder
 * inside DATA_DIR and checked against its manifest, the embedded database is opened there, and only then are the
 * database, the files and the secret put into place, each with one rename. A damaged archive, a backup of another
 * configuration or a data directory that already holds data (without `replace`) leaves everything as it was.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  replace: boolean,
  print: (line: string) => void,
): Promise<RestoreSummary> {
  const engine = config.DATABASE_URL ? 'postgresql' : 'embedded';
  const pgDir = path.join(config.dataDir, 'pg');
  const filesDir = path.join(config.dataDir, 'files');
  const secretFile = secretFileOf(config);
  const release =
    engine === 'embedded' ? await lockDataDirectory(pgDir, { command: 'restore' }) : async () => {};
  try {
    const occupied: string[] = [];
    if (engine === 'embedded' && !(await isEmptyOrMissing(pgDir))) occupied.push(pgDir);
    if (!config.S3_BUCKET && !(await isEmptyOrMissing(filesDir))) occupied.push(filesDir);
    if (occupied.length > 0 && !replace) {
      throw new BackupError(
        `${occupied.join(' and ')} already ${occupied.length > 1 ? 'hold' : 'holds'} data: restore into an empty ` +
          'data directory, or add --replace to move what is there aside (nothing is deleted).',
      );
    }
    await fsp.mkdir(config.dataDir, { recursive: true });
    const staging = await fsp.mkdtemp(path.join(config.dataDir, '.restoring-'));
    try {
      const size = (await fsp.stat(file)).size;
      print(`Reading and checking ${file} (${formatBytes(size)})...`);
      const progress = new Progress('read', size, 0, print);
      const { header, manifest } = await readArchive(
        file,
        staging,
        (found) => accept(found, config),
        (bytes) => progress.add(bytes),
      );
      const stagedDatabase = path.join(staging, DATABASE_ENTRY[engine]);
      if (!fs.existsSync(stagedDatabase)) throw new BackupError('The backup holds no database.');
      const stagedPg = path.join(staging, 'pg');
      if (engine === 'embedded') {
        await unpackDirectory(stagedDatabase, stagedPg);
        await settlePglite(stagedPg);
      }
      const stagedSecret = path.join(staging, SECRET_ENTRY);
      const restoreSecret = !config.AUTH_SECRET && fs.existsSync(stagedSecret);
      const secretDiffers =
        restoreSecret &&
        fs.existsSync(secretFile) &&
        !fs.readFileSync(secretFile).equals(fs.readFileSync(stagedSecret));
      if (secretDiffers && !replace) {
        throw new BackupError(
          `${secretFile} holds another signing secret than the backup's: restore into an empty data directory, or ` +
            'add --replace to move it aside.',
        );
      }

      // Everything is checked: from here on the restore writes.
      if (engine === 'postgresql') {
        print('Restoring the PostgreSQL database...');
        await restorePostgres(config.DATABASE_URL!, stagedDatabase, replace);
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const movedAside: string[] = [];
      for (const dir of occupied) movedAside.push(await moveAside(dir, stamp));
      if (engine === 'embedded') await putInPlace(stagedPg, pgDir);
      const stagedFiles = path.join(staging, FILES_PREFIX);
      if (header.storage === 'local' && fs.existsSync(stagedFiles)) await putInPlace(stagedFiles, filesDir);
      if (restoreSecret) {
        if (secretDiffers) {
          movedAside.push(`${secretFile}.before-restore-${stamp}`);
          await fsp.rename(secretFile, `${secretFile}.before-restore-${stamp}`);
        }
        await fsp.mkdir(path.dirname(secretFile), { recursive: true, mode: 0o700 });
        await fsp.rename(stagedSecret, secretFile);
      }
      return { files: manifest.files.count, bytes: manifest.files.bytes, movedAside };
    } finally {
      await fsp.rm(staging, { recursive: true, force: true });
    }
  } finally {
    await release();
  }
}
