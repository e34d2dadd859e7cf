import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDirectory } from '../platform/db/data-dir-lock';
import { ArchiveWriter, FORMAT, FORMAT_VERSION, type BackupHeader } from './backup-archive';
import { packDirectory } from './backup-data-dir';
import { backupPostgres, settlePglite } from './backup-engine';
import { BackupError, formatBytes, Progress, walkTree } from './backup-tree';

/** Entry names of the parts beside the files (backup-archive.ts shows the whole layout). */
export const DATABASE_ENTRY = {
  embedded: 'database/embedded.tar.gz',
  postgresql: 'database/postgresql.dump',
};
export const SECRET_ENTRY = 'secrets/auth-secret';
export const FILES_PREFIX = 'files/';

/** DATA_DIR/secrets/auth-secret: the signing secret generated when AUTH_SECRET is unset (platform/crypto/secrets). */
export const secretFileOf = (config: Config) => path.join(config.dataDir, 'secrets', 'auth-secret');

/** The storage's files not yet published under a key: a write in progress, never part of an object. */
export const isUnpublished = (name: string) => name.startsWith('.incoming-');

export interface BackupSummary {
  files: number;
  bytes: number;
  /** Files listed at the start that were deleted before they were copied (a running server's deletions). */
  vanished: number;
}

/**
 * Writes the backup: the database, the generated signing secret and, with local storage, every stored file, into
 * one archive written under a temporary name and renamed into place once complete and flushed, so a failed or
 * interrupted backup never leaves a file that looks whole.
 */
export async function makeBackup(config: Config, file: string, print: (line: string) => void) {
  const engine = config.DATABASE_URL ? 'postgresql' : 'embedded';
  const pgDir = path.join(config.dataDir, 'pg');
  // The embedded database admits one process: holding its lock for the whole backup keeps the server from starting
  // and changing the files meanwhile (and refuses a backup while it runs). PostgreSQL is dumped live.
  const release =
    engine === 'embedded' ? await lockDataDirectory(pgDir, { command: 'backup' }) : async () => {};
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  const databaseFile = `${partial}.database`;
  const writer = new ArchiveWriter(partial);
  try {
    const header: BackupHeader = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: engine,
      storage: config.S3_BUCKET ? 's3' : 'local',
      ...(config.S3_BUCKET ? { bucket: config.S3_BUCKET } : {}),
    };
    await writer.addBuffer('casting-backup.json', Buffer.from(JSON.stringify(header, null, 2)));

    print(`Backing up the ${engine === 'embedded' ? 'embedded' : 'PostgreSQL'} database...`);
    if (engine === 'postgresql') await backupPostgres(config.DATABASE_URL!, databaseFile);
    else {
      await settlePglite(pgDir);
      await packDirectory(pgDir, databaseFile);
    }
    const database = await writer.addFile(DATABASE_ENTRY[engine], databaseFile);
    print(`  database: ${formatBytes(database?.bytes ?? 0)}`);
    await fsp.rm(databaseFile, { force: true });

    // Without AUTH_SECRET every token and the two-factor secrets are keyed by the generated secret: a database
    // restored without it would sign everyone out and lose every two-factor set-up (decision 0793).
    if (!config.AUTH_SECRET) {
      const secret = await writer.addFile(SECRET_ENTRY, secretFileOf(config));
      if (secret) print('  the generated signing secret (DATA_DIR/secrets/auth-secret)');
    }

    const summary: BackupSummary = { files: 0, bytes: 0, vanished: 0 };
    if (config.S3_BUCKET) {
      print(
        `Files are in the S3 bucket ${config.S3_BUCKET} and are not copied: keep the bucket versioned (see the README).`,
      );
    } else {
      const root = path.join(config.dataDir, 'files');
      const files = (await walkTree(root, isUnpublished)).filter((entry) => entry.type === 'file');
      const total = files.reduce((sum, entry) => sum + entry.size, 0);
      print(`Backing up ${files.length} stored files (${formatBytes(total)})...`);
      const progress = new Progress('files', total, files.length, print);
      for (const entry of files) {
        const written = await writer.addFile(
          `${FILES_PREFIX}${entry.name}`,
          path.join(root, entry.name),
          (bytes) => progress.add(bytes),
        );
        progress.add(0, 1);
        if (!written) summary.vanished += 1;
        else {
          summary.files += 1;
          summary.bytes += written.bytes;
        }
      }
      if (summary.vanished > 0) {
        print(`  ${summary.vanished} files were deleted by the running server before they were copied.`);
      }
    }
    await writer.finish({ count: summary.files, bytes: summary.bytes });
    // A link, not a rename: it refuses to replace a file of that name made meanwhile.
    try {
      await fsp.link(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new BackupError(`${file} exists; choose a new file name.`);
      throw error;
    }
    await fsp.rm(partial);
    return summary;
  } catch (error) {
    await writer.abort();
    await fsp.rm(partial, { force: true });
    await fsp.rm(databaseFile, { force: true });
    throw error;
  } finally {
    await release();
  }
}
