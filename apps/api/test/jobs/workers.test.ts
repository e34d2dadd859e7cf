import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { PURGE_QUEUE } from '../../src/modules/housekeeping';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { authRateLimits } from '../../src/platform/db/schema';
import { createPgBossJobs } from '../../src/platform/jobs/pg-boss-jobs';
import { buildTestApp } from '../support/app';
import { programArgs } from '../support/command-entry';
import { testDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { jobRows, uniqueQueue } from './support';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const log = pino({ level: 'silent' });

/** Starts the worker as its own process (`src/worker.ts`, or the build's file as `npm run worker` runs it). */
function startWorker(env: Record<string, string>) {
  // Node itself with tsx's loader, not the tsx launcher: a signal then reaches the worker, not a wrapper process.
  const child = spawn(process.execPath, programArgs('worker'), {
    cwd: apiRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', JOBS_POLL_INTERVAL_SECONDS: '0.5', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The worker's own database handle: a second pool on the same PostgreSQL database, as another process has. */
async function secondConnection(database: Database): Promise<Database> {
  const url = (database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  return openDatabase({ databaseUrl: url, poolSize: 3 });
}

describe('npm run worker on the embedded database', () => {
  it('refuses to start, saying why', async () => {
    const worker = startWorker({ DATABASE_URL: '', DATA_DIR: path.join(apiRoot, 'no-such-data-dir') });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('npm run worker needs PostgreSQL (DATABASE_URL)');
  });
});

describe.skipIf(!onPostgres)('several workers on one PostgreSQL', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('share fifty jobs and run none of them twice', async () => {
    const database = await testDatabase();
    const other = await secondConnection(database);
    closers.push(() => other.close());
    const queue = uniqueQueue('shared');
    const runs: { worker: string; n: number }[] = [];
    const workers = [
      { name: 'first', database },
      { name: 'second', database: other },
    ].map(({ name, database: connection }) => {
      const jobs = createPgBossJobs({
        database: connection,
        log,
        runWorkers: true,
        pollingIntervalSeconds: 0.5,
        stopTimeoutSeconds: 5,
      });
      jobs.define<{ n: number }>(
        queue,
        async ({ n }) => {
          runs.push({ worker: name, n });
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
        { concurrency: 3 },
      );
      closers.push(() => jobs.stop());
      return jobs;
    });
    for (const jobs of workers) await jobs.start();

    for (let n = 0; n < 50; n += 1) await workers[0]!.send(queue, { n });
    await eventually(
      'all fifty jobs are completed',
      async () =>
        (await jobRows(database.db, queue)).filter((row) => row.state === 'completed').length === 50,
      60_000,
    );

    expect(runs).toHaveLength(50);
    expect(new Set(runs.map((run) => run.n)).size).toBe(50);
    expect(runs.some((run) => run.worker === 'first')).toBe(true);
    expect(runs.some((run) => run.worker === 'second')).toBe(true);
  });

  it('takes the work an API without workers queues, and stops cleanly on SIGTERM', async () => {
    const t = await buildTestApp({ runWorkers: false });
    closers.push(() => t.close());
    const url = (t.context.database.pool?.options as { connectionString?: string }).connectionString!;
    const expired = `workers-test-${randomBytes(6).toString('hex')}`;
    await t.ownerDb
      .insert(authRateLimits)
      .values({ key: expired, windowStartedAt: new Date(Date.now() - 24 * 60 * 60 * 1000), hits: 3 });

    const worker = startWorker({ DATABASE_URL: url });
    closers.push(async () => {
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    });
    await eventually(
      'the worker is ready',
      () => worker.output().includes('background worker ready'),
      60_000,
    );

    await t.context.jobs.send(PURGE_QUEUE, {});
    await eventually(
      'the worker purged the expired counter',
      async () =>
        (await t.ownerDb.select().from(authRateLimits).where(eq(authRateLimits.key, expired))).length === 0,
      30_000,
    );

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('background worker stopping');
  });
});
