import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirectoryLockedError } from '../platform/db/data-dir-lock';
import { makeBackup } from './backup-make';
import { restoreLegacyPglite, restorePostgres } from './backup-engine';
import { backupFileKind, restoreBackup } from './backup-restore';
import { BackupError, formatBytes } from './backup-tree';

const USAGE = `Backs up or restores the product's database together with its stored files.

Usage: npm run backup  -- --file <path>
       npm run restore -- --file <path> [--replace]

  --file     The backup file to write or read: one tar holding the database (pg_dump's custom format, or the
             embedded data directory), the stored files of local storage (DATA_DIR/files) and, without AUTH_SECRET,
             the generated signing secret, with a manifest of every entry's size and SHA-256 that a restore checks
             before it writes anything. Keep it as private as the data directory.
  --replace  Restore over existing data: PostgreSQL objects of the dump are dropped and recreated; the embedded
             database, DATA_DIR/files and a different signing secret are moved aside to
             <name>.before-restore-<time>, not deleted. Without it a restore wants an empty data directory.

Reads the same environment as the server: with DATABASE_URL, PostgreSQL through pg_dump and pg_restore (the
PostgreSQL client tools must be installed); without it, the embedded database in DATA_DIR, which admits one
process at a time: stop the server before backing up or restoring it. With S3_BUCKET the files stay in the bucket
and are not copied (keep the bucket versioned). Backups made before the files were included still restore.`;

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

  const print = (line: string) => process.stdout.write(`${line}\n`);

  if (mode === 'backup') {
    if (fs.existsSync(file)) return fail(`${file} exists; choose a new file name.`);
    const summary = await makeBackup(config, file, print);
    print(
      `Backed up the ${config.DATABASE_URL ? 'PostgreSQL' : 'embedded'} database` +
        (config.S3_BUCKET ? '' : ` and ${summary.files} stored files (${formatBytes(summary.bytes)})`) +
        ` to ${file}`,
    );
    return 0;
  }
  if (!fs.existsSync(file)) return fail(`${file} does not exist.`);
  const kind = await backupFileKind(file);
  if (kind === 'unknown') return fail(`${file} is not a backup made by npm run backup.`);
  if (kind === 'legacy-postgresql' || kind === 'legacy-embedded') {
    // A database-only backup from before the files were included.
    if ((kind === 'legacy-postgresql') !== Boolean(config.DATABASE_URL)) {
      return fail(`${file} holds a database of the other kind than the configured one (DATABASE_URL).`);
    }
    if (config.DATABASE_URL) await restorePostgres(config.DATABASE_URL, file, values.replace);
    else {
      const movedTo = await restoreLegacyPglite(pgDir, file, values.replace);
      if (movedTo) print(`The previous database is in ${movedTo}`);
    }
    print(`Restored the database of ${file} (an older backup: it holds no files)`);
    return 0;
  }
  const summary = await restoreBackup(config, file, values.replace, print);
  for (const movedTo of summary.movedAside) print(`What was there before is in ${movedTo}`);
  print(
    `Restored ${file}: the ${config.DATABASE_URL ? 'PostgreSQL' : 'embedded'} database` +
      (config.S3_BUCKET ? '' : ` and ${summary.files} stored files (${formatBytes(summary.bytes)})`) +
      ` into ${config.DATABASE_URL ? 'PostgreSQL' : config.dataDir}`,
  );
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
