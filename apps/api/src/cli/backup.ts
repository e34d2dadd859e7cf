import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirectoryLockedError } from '../platform/db/data-dir-lock';
import { BackupError, backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup-engine';

const USAGE = `Backs up or restores the product's database.

Usage: npm run backup  -- --file <path>
       npm run restore -- --file <path> [--replace]

  --file     The backup file to write or read. A PostgreSQL backup is pg_dump's custom format; an embedded
             (PGlite) backup is a gzipped tar of the data directory. The two are not interchangeable.
  --replace  Restore over an existing database: PostgreSQL objects of the dump are dropped and recreated;
             an embedded data directory is moved aside to DATA_DIR/pg.before-restore-<time>.

Reads the same environment as the server: with DATABASE_URL, PostgreSQL through pg_dump and pg_restore (the
PostgreSQL client tools must be installed); without it, the embedded database in DATA_DIR, which admits one
process at a time: stop the server before backing up or restoring it. Files (DATA_DIR/files or the S3 bucket)
are not part of this backup: copy them with the storage's own tools.`;

function fail(message: string, code = 1): number {
  process.stderr.write(`${message}\n`);
  return code;
}

async function main(argv: string[]): Promise<number> {
  const [mode, ...rest] = argv;
  if (mode !== 'backup' && mode !== 'restore') return fail(USAGE, 2);
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      options: {
        file: { type: 'string' },
        replace: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!values.file) return fail(`--file is required.\n\n${USAGE}`, 2);
  const file = path.resolve(values.file);
  const config = loadConfig();
  const pgDir = path.join(config.dataDir, 'pg');

  if (mode === 'backup') {
    if (fs.existsSync(file)) return fail(`${file} exists; choose a new file name.`);
    if (config.DATABASE_URL) await backupPostgres(config.DATABASE_URL, file);
    else await backupPglite(pgDir, file);
    process.stdout.write(
      `Backed up the ${config.DATABASE_URL ? 'PostgreSQL' : 'embedded'} database to ${file}\n`,
    );
    return 0;
  }
  if (!fs.existsSync(file)) return fail(`${file} does not exist.`);
  if (config.DATABASE_URL) {
    await restorePostgres(config.DATABASE_URL, file, values.replace);
    process.stdout.write(`Restored ${file} into PostgreSQL\n`);
  } else {
    const movedTo = await restorePglite(pgDir, file, values.replace);
    process.stdout.write(
      `Restored ${file} into ${pgDir}${movedTo ? ` (the previous database is in ${movedTo})` : ''}\n`,
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof DataDirectoryLockedError ||
      error instanceof BackupError
    )
      process.exit(fail(error.message));
    process.exit(fail(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  },
);
