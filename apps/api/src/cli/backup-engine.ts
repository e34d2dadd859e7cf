import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { grantApplicationRole } from '../platform/db/app-role';
import { lockDataDirectory } from '../platform/db/data-dir-lock';
import { BackupError } from './backup-tree';

const CLIENT_TOOLS_HINT =
  'The PostgreSQL client tools are needed (pg_dump, pg_restore) in a version at least that of the server: ' +
  'on Debian or Ubuntu `apt-get install postgresql-client`, on macOS `brew install libpq`.';

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT' ? new BackupError(`${command} was not found. ${CLIENT_TOOLS_HINT}`) : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/**
 * PostgreSQL: pg_dump's custom format (compressed, restorable table by table), without owners or grants so it
 * restores into a database owned by another role.
 */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  await runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    databaseUrl,
  ]);
}

/**
 * Restores into the database of the URL. An existing schema is replaced only with `replace` (objects of the dump are
 * dropped first); in one transaction, so a failed restore leaves the database as it was. The dump holds no grants, so
 * the application role's are applied afterwards (platform/db/app-role.ts).
 */
export async function restorePostgres(databaseUrl: string, file: string, replace: boolean): Promise<void> {
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    ...(replace ? ['--clean', '--if-exists'] : []),
    `--dbname=${databaseUrl}`,
    file,
  ]);
  await grantApplicationRole(databaseUrl);
}

/**
 * Opens the embedded database and closes it again, so that its directory is left as a clean shut-down leaves it
 * (checkpointed, nothing to replay) before its files are copied; the caller holds the directory's lock, so no
 * other process writes meanwhile. Opening also proves the directory is a database this PGlite reads.
 */
export async function settlePglite(pgDir: string): Promise<void> {
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION')))
    throw new BackupError(`No embedded database in ${pgDir}.`);
  const pglite = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm } });
  try {
    await pglite.query('select 1');
  } finally {
    await pglite.close();
  }
}

/**
 * Restores a backup made before the backup carried the files (PGlite's own archive, a gzipped tar read into memory)
 * into the data directory. An existing database is kept unless `replace`; then it is moved aside to
 * `pg.before-restore-<time>` (not deleted) so a mistaken restore can be undone by hand.
 */
export async function restoreLegacyPglite(
  pgDir: string,
  file: string,
  replace: boolean,
): Promise<string | null> {
  const archive = new Blob([fs.readFileSync(file)]);
  const release = await lockDataDirectory(pgDir, { command: 'restore' });
  let movedTo: string | null = null;
  try {
    if (fs.readdirSync(pgDir).length > 0) {
      if (!replace)
        throw new BackupError(`${pgDir} already holds a database; add --replace to put it aside.`);
      movedTo = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.mkdirSync(movedTo);
      for (const entry of fs.readdirSync(pgDir))
        fs.renameSync(path.join(pgDir, entry), path.join(movedTo, entry));
    }
    const pglite = await PGlite.create({ dataDir: pgDir, loadDataDir: archive, extensions: { pg_trgm } });
    await pglite.query('select 1');
    await pglite.close();
    return movedTo;
  } finally {
    await release();
  }
}
