import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { pino } from 'pino';
import { defineBackgroundJobs } from '../background-jobs';
import { loadDemoData } from '../bootstrap/demo-data';
import { firstOfficeId } from '../bootstrap/first-office';
import { runAsOwner } from '../platform/db/scope';
import { loadConfig } from '../config';
import { createContext } from '../platform/context';
import { openDatabase } from '../platform/db/client';
import { JOBS_SCHEMA } from '../platform/jobs/pg-boss-jobs';
import { pgliteExecutor } from '../platform/jobs/sql-executors';
import {
  copySeedInto,
  PGLITE_DEMO_SEED_DIR,
  PGLITE_SEED_DIR,
  PGLITE_SEED_FILE,
} from '../platform/db/pglite-seed';

/**
 * pg-boss's own queue for its cron clock, which it creates when a process that runs schedules starts
 * (pg-boss/src/timekeeper.js). Should a later pg-boss name it differently, a first start simply creates it.
 */
const CRON_CLOCK_QUEUE = '__pgboss__send-it';

/**
 * Build step: an embedded database with every migration applied, beside the bundle, so that a first start copies it
 * instead of running initdb (see platform/db/pglite-seed.ts): as a data directory for databases on disk and as a
 * tarball for databases in memory. It holds the schema, the lookup values the migrations insert and the background
 * jobs' queues and schedules; no account, no job and no secret. A second directory adds the demo office (its team has
 * no password; the first admin is created at start, as always) for first starts with DEMO_DATA.
 */
async function makeSeed() {
  const dir = path.resolve(import.meta.dirname, PGLITE_SEED_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ pgliteDataDir: dir, pgliteSeed: false });
  if (!database.pglite || !database.pgliteEngine)
    throw new Error('expected an embedded database in this process');
  // pg-boss installs its schema, and creates each queue as a partition table with its keys and indexes, on its first
  // start: some forty statements and then tens of milliseconds per queue in PGlite, about a second in all. Once here,
  // with the queues the API defines; this process takes no job. The configuration is the development default with a
  // throwaway secret and data directory: defining queues reads settings but stores none of them.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-seed-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: scratch,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    });
    const log = pino({ level: 'silent' });
    const context = await createContext({ ...config, JOBS_WORKERS: 'off' }, log, { database });
    defineBackgroundJobs(context);
    await context.jobs.start();
    await context.jobs.stop();
    await context.events.close();
    await new PgBoss({ db: pgliteExecutor(database.pglite) as PgBoss.Db, schema: JOBS_SCHEMA }).createQueue(
      CRON_CLOCK_QUEUE,
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  // template0 and template1 exist to copy for CREATE DATABASE, which the embedded engine never runs: it serves one
  // database, postgres. Their catalogs were 600 of the seed's 1,670 files, and a first start creates every file of
  // the seed; creating a file cost 0.4 to 0.8 ms on the disks measured, so the two cost every first start about
  // 0.4 s (decision 0753). Tests' in-memory databases load the smaller tarball too.
  for (const template of ['template0', 'template1']) {
    await database.pglite.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
    await database.pglite.exec(`DROP DATABASE ${template}`);
  }
  await database.pglite.exec('VACUUM (ANALYZE)');
  const dump = await database.pgliteEngine.dumpDataDir('gzip');
  const file = path.resolve(import.meta.dirname, PGLITE_SEED_FILE);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();

  const demoDir = path.resolve(import.meta.dirname, PGLITE_DEMO_SEED_DIR);
  fs.rmSync(demoDir, { recursive: true, force: true });
  copySeedInto(dir, demoDir);
  const demo = await openDatabase({ pgliteDataDir: demoDir, pgliteSeed: false });
  if (!demo.pglite) throw new Error('expected an embedded database');
  // The office's writes fill more than one 16 MB WAL segment. A segment the checkpoint no longer needs is deleted
  // rather than kept as the next one (the default): a first start copies every file of the seed, and the spare
  // segment was a quarter of it. This session only; the seed's settings are PostgreSQL's defaults.
  const officeId = await firstOfficeId(demo.db);
  await runAsOwner(async () => {
    await demo.pglite!.exec('SET wal_recycle = off');
    await loadDemoData(demo.db, pino({ level: 'silent' }));
    await demo.pglite!.exec('VACUUM (ANALYZE)');
  }, officeId);
  await demo.close();
  process.stdout.write(
    `embedded database seed written to ${dir}, ${file} and (with the demo office) ${demoDir}\n`,
  );
}

// The seed is the database's owner's work: the job queue's schema, the demo office written into the first office.
runAsOwner(() => makeSeed()).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
