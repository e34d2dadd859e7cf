import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { openDatabase } from '../platform/db/client';
import { createPgBossJobs } from '../platform/jobs/pg-boss-jobs';
import { PGLITE_SEED_DIR, PGLITE_SEED_FILE } from '../platform/db/pglite-seed';

/**
 * Build step: an embedded database with every migration applied, beside the bundle, so that a first start copies it
 * instead of running initdb (see platform/db/pglite-seed.ts): as a data directory for databases on disk and as a
 * tarball for databases in memory. It holds the schema and the lookup values the migrations insert, no account and
 * no secret.
 */
async function makeSeed() {
  const dir = path.resolve(import.meta.dirname, PGLITE_SEED_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ pgliteDataDir: dir, pgliteSeed: false });
  if (!database.pglite) throw new Error('expected an embedded database');
  // pg-boss installs its own schema on its first start (some forty statements, half a second in PGlite): once here.
  const jobs = createPgBossJobs({
    database,
    log: pino({ level: 'silent' }),
    runWorkers: false,
    pollingIntervalSeconds: 2,
    stopTimeoutSeconds: 5,
  });
  await jobs.start();
  await jobs.stop();
  await database.pglite.exec('VACUUM (ANALYZE)');
  const dump = await database.pglite.dumpDataDir('gzip');
  const file = path.resolve(import.meta.dirname, PGLITE_SEED_FILE);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.stdout.write(`embedded database seed written to ${dir} and ${file}\n`);
}

makeSeed().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
