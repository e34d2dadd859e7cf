import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client';
import { authRateLimits, projects, users } from '../../src/platform/db/schema';
import { runInOffice } from '../../src/platform/db/scope';
import { createPgBossJobs, JOBS_SCHEMA } from '../../src/platform/jobs/pg-boss-jobs';
import { pgliteExecutor, poolExecutor } from '../../src/platform/jobs/sql-executors';
import type { Jobs } from '../../src/platform/jobs/ports';
import { testJobs } from '../support/app';
import { appDatabase, testDatabase, testOfficeId } from '../support/database';
import { anyOfficeDb, createOffice } from '../offices/fixture';
import { eventually } from '../support/eventually';
import { jobRows, latch, selectRows, uniqueQueue } from './support';

const log = pino({ level: 'silent' });
let database: Database;
const started: Jobs[] = [];

beforeAll(async () => {
  database = await testDatabase();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop({ timeoutSeconds: 1 })));
});

function jobsFor(options: { runWorkers: boolean }): Jobs {
  const jobs = testJobs(database, log, options);
  started.push(jobs);
  return jobs;
}

const key = (label: string) => `jobs-test-${label}-${randomBytes(6).toString('hex')}`;

describe('enqueueing inside the transaction that causes the job', () => {
  it('never runs a job whose transaction rolled back, and runs a committed one once', async () => {
    const queue = uniqueQueue('tx');
    const ran: string[] = [];
    const jobs = jobsFor({ runWorkers: true });
    jobs.define<{ key: string }>(queue, async (data) => {
      ran.push(data.key);
    });
    await jobs.start();
    const { db } = database;

    const rolledBack = key('rolled-back');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(authRateLimits).values({ key: rolledBack, windowStartedAt: new Date(), hits: 1 });
        expect(await jobs.send(queue, { key: rolledBack }, { tx })).toMatch(/^[0-9a-f-]{36}$/);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');

    const committed = key('committed');
    // Sent from the office's scope, as a request or a job of that office sends it.
    await runInOffice(await testOfficeId(), () =>
      db.transaction(async (tx) => {
        await tx.insert(authRateLimits).values({ key: committed, windowStartedAt: new Date(), hits: 1 });
        await jobs.send(queue, { key: committed }, { tx });
      }),
    );

    await eventually('the committed job is completed', async () =>
      (await jobRows(db, queue)).some((row) => row.state === 'completed'),
    );
    expect(ran).toEqual([committed]);
    const rows = await jobRows(db, queue);
    // The job carries the office it was sent from; its handler gets the data without it.
    expect(rows.map((row) => [row.state, row.data])).toEqual([
      ['completed', { key: committed, _officeId: await testOfficeId() }],
    ]);
    const written = await db
      .select({ key: authRateLimits.key })
      .from(authRateLimits)
      .where(inArray(authRateLimits.key, [rolledBack, committed]));
    expect(written).toEqual([{ key: committed }]);
    await db.delete(authRateLimits).where(eq(authRateLimits.key, committed));
  });

  it('refuses to send before the jobs have started', async () => {
    const queue = uniqueQueue('early');
    const jobs = jobsFor({ runWorkers: false });
    jobs.define(queue, async () => {});
    await expect(jobs.send(queue, {})).rejects.toThrow(`cannot send to ${queue}`);
  });
});

describe('the office a job runs in', () => {
  it('shows the job the rows of the office it was sent from, and none at all when sent from no office', async () => {
    const queue = uniqueQueue('office');
    const any = await anyOfficeDb();
    const [owner] = await any
      .insert(users)
      .values({
        email: `${key('owner')}@example.com`,
        firstName: 'Jo',
        lastName: 'Bs',
        roleCode: 'CASTING_DIRECTOR',
      })
      .returning({ id: users.id });
    const officeA = await testOfficeId();
    const officeB = await createOffice({ name: 'Another office' });
    const projectIn = async (officeId: string) => {
      const [row] = await any
        .insert(projects)
        .values({ name: key('project'), ownerId: owner!.id, officeId })
        .returning({ id: projects.id });
      return row!.id;
    };
    const [inA, inB] = [await projectIn(officeA), await projectIn(officeB)];
    const seen: string[][] = [];
    const jobs = jobsFor({ runWorkers: true });
    jobs.define<{ label: string }>(queue, async () => {
      // The handler forgets the office on purpose: the database's row-level security still holds.
      const { db } = await appDatabase();
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(inArray(projects.id, [inA, inB]));
      seen.push(rows.map((row) => row.id));
    });
    await jobs.start();

    await runInOffice(officeA, () => jobs.send(queue, { label: 'from A' }));
    await eventually('the job from office A ran', async () => seen.length === 1);
    await jobs.send(queue, { label: 'from no office' });
    await eventually('the job from no office ran', async () => seen.length === 2);
    expect(seen).toEqual([[inA], []]);
  });
});

describe('failures', () => {
  it('retries with a growing delay, then keeps the job in the dead-letter queue and reports it', async () => {
    const queue = uniqueQueue('fails');
    const attempts: number[] = [];
    const jobs = jobsFor({ runWorkers: true });
    jobs.define<{ key: string }>(
      queue,
      async (data) => {
        attempts.push(Date.now());
        throw new Error(`could not process ${data.key}`);
      },
      { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: true, deadLetter: true },
    );
    await jobs.start();
    const failing = key('failing');
    const id = await jobs.send(queue, { key: failing });

    await eventually('the job has failed for good', async () =>
      (await jobRows(database.db, queue)).some((row) => row.state === 'failed'),
    );
    expect(attempts).toHaveLength(2);
    // Backoff: the first retry waits between one and two retry delays.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    const [row] = await jobRows(database.db, queue);
    expect(row).toMatchObject({ id, state: 'failed', retry_count: 1 });

    const dead = await jobRows(database.db, `${queue}-dead`);
    expect(dead.map((deadRow) => [deadRow.state, deadRow.data])).toEqual([['created', { key: failing }]]);

    const health = await jobs.health();
    expect(health.queues.find((q) => q.name === queue)?.counts).toEqual({
      created: 0,
      retry: 0,
      active: 0,
      completed: 0,
      cancelled: 0,
      failed: 1,
    });
    expect(health.queues.find((q) => q.name === `${queue}-dead`)?.counts.created).toBe(1);
    expect(health.lastFailures).toContainEqual({
      queue,
      id,
      error: `could not process ${failing}`,
      failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('queue policies and schedules', () => {
  it('keeps one waiting job per singleton key in a short queue', async () => {
    const queue = uniqueQueue('short');
    const jobs = jobsFor({ runWorkers: false });
    jobs.define(queue, async () => {}, { policy: 'short' });
    await jobs.start();
    const first = await jobs.send(queue, { n: 1 }, { singletonKey: 'project-1' });
    const again = await jobs.send(queue, { n: 2 }, { singletonKey: 'project-1' });
    const other = await jobs.send(queue, { n: 3 }, { singletonKey: 'project-2' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBeNull();
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    expect((await jobRows(database.db, queue)).map((row) => row.data)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('stores a cron schedule once, however many instances declare it', async () => {
    const queue = uniqueQueue('cron');
    for (const jobs of [jobsFor({ runWorkers: false }), jobsFor({ runWorkers: true })]) {
      jobs.define(queue, async () => {});
      jobs.schedule(queue, '*/5 * * * *');
      await jobs.start();
    }
    const schedules = await selectRows(
      database.db,
      sql`select cron, timezone from ${sql.raw(JOBS_SCHEMA)}.schedule where name = ${queue}`,
    );
    expect(schedules).toEqual([{ cron: '*/5 * * * *', timezone: 'UTC' }]);
  });

  it('leaves an unchanged queue and schedule untouched on a restart, and updates what the code changed', async () => {
    const queue = uniqueQueue('restart');
    const stored = () =>
      selectRows<{
        retry_limit: number;
        retry_delay: number;
        queue_updated: Date;
        cron: string;
        schedule_updated: Date;
      }>(
        database.db,
        sql`select q.retry_limit, q.retry_delay, q.updated_on as queue_updated, s.cron, s.updated_on as schedule_updated
            from ${sql.raw(JOBS_SCHEMA)}.queue q join ${sql.raw(JOBS_SCHEMA)}.schedule s on s.name = q.name
            where q.name = ${queue}`,
      ).then((rows) => rows[0]);
    const declare = async (retryLimit: number, cron: string) => {
      const jobs = jobsFor({ runWorkers: false });
      jobs.define(queue, async () => {}, { retryLimit, retryDelaySeconds: 5 });
      jobs.schedule(queue, cron);
      await jobs.start();
      await jobs.stop();
    };
    await declare(3, '*/5 * * * *');
    const first = await stored();
    await declare(3, '*/5 * * * *');
    expect(await stored()).toEqual(first);

    await declare(1, '*/10 * * * *');
    const changed = await stored();
    expect(changed).toMatchObject({ retry_limit: 1, retry_delay: 5, cron: '*/10 * * * *' });
    expect(changed?.queue_updated).not.toEqual(first?.queue_updated);
    expect(changed?.schedule_updated).not.toEqual(first?.schedule_updated);
  });
});

describe('stopping', () => {
  it('lets a running job finish before the stop completes', async () => {
    const queue = uniqueQueue('graceful');
    const release = latch();
    const began = latch();
    const jobs = jobsFor({ runWorkers: true });
    jobs.define(queue, async () => {
      began.open();
      await release.opened;
    });
    await jobs.start();
    await jobs.send(queue, {});
    await began.opened;

    let stopped = false;
    const stopping = jobs.stop({ timeoutSeconds: 20 }).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect((await jobRows(database.db, queue)).map((row) => row.state)).toEqual(['completed']);
  });

  it('releases a job still running when the stop timeout ends back to its queue for a retry', async () => {
    const queue = uniqueQueue('released');
    const release = latch();
    const began = latch();
    const jobs = jobsFor({ runWorkers: true });
    jobs.define(queue, async () => {
      began.open();
      await release.opened;
    });
    await jobs.start();
    await jobs.send(queue, {});
    await began.opened;

    await jobs.stop({ timeoutSeconds: 1 });
    release.open();
    expect((await jobRows(database.db, queue)).map((row) => [row.state, row.retry_count])).toEqual([
      ['retry', 0],
    ]);
  });
});

describe('leases of long jobs', () => {
  /** A jobs instance whose connection can be cut, as when its process dies: every later query fails. */
  function mortalJobs(maintenanceIntervalSeconds: number) {
    const inner = database.pglite ? pgliteExecutor(database.pglite) : poolExecutor(database.pool!);
    let alive = true;
    const jobs = createPgBossJobs({
      database,
      log,
      runWorkers: true,
      pollingIntervalSeconds: 0.5,
      stopTimeoutSeconds: 1,
      maintenanceIntervalSeconds,
      executor: {
        executeSql: (text, values) =>
          alive ? inner.executeSql(text, values) : Promise.reject(new Error('connection lost')),
      },
    });
    started.push(jobs);
    return { jobs, kill: () => (alive = false), revive: () => (alive = true) };
  }

  it('gives the job of a worker that died to another worker once its lease ends, not at its expiry', async () => {
    const queue = uniqueQueue('lease');
    const options = {
      leaseSeconds: 2,
      expireInSeconds: 3600,
      retryLimit: 3,
      retryDelaySeconds: 0,
      retryBackoff: false,
    };
    const began = latch();
    const never = latch();
    const dying = mortalJobs(3600);
    dying.jobs.define(
      queue,
      async () => {
        began.open();
        await never.opened;
      },
      options,
    );
    await dying.jobs.start();
    await dying.jobs.send(queue, { import: 'big.csv' });
    await began.opened;
    dying.kill();

    const ran: unknown[] = [];
    const survivor = mortalJobs(1);
    survivor.jobs.define(
      queue,
      async (data) => {
        ran.push(data);
      },
      options,
    );
    await survivor.jobs.start();
    await eventually('the survivor ran the job', () => ran.length === 1, 20_000);
    expect(ran).toEqual([{ import: 'big.csv' }]);
    await eventually('the job is completed', async () => {
      const rows = await jobRows(database.db, queue);
      return rows.length === 1 && rows[0]!.state === 'completed';
    });
    expect((await jobRows(database.db, queue))[0]!.retry_count).toBe(1);
    // Cleaning up: the "dead" worker gets its connection back so it can be stopped; finishing its handler now
    // changes nothing (the job is no longer its).
    dying.revive();
    never.open();
    await eventually('nothing is active', async () =>
      (await jobRows(database.db, queue)).every((row) => row.state === 'completed'),
    );
  });

  it('keeps renewing the lease of a live job that runs longer than it', async () => {
    const queue = uniqueQueue('lease-live');
    let runs = 0;
    const { jobs } = mortalJobs(1);
    jobs.define(
      queue,
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 4_000));
      },
      { leaseSeconds: 1.5, expireInSeconds: 3600, retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false },
    );
    await jobs.start();
    await jobs.send(queue, {});
    await eventually('the job is completed', async () => {
      const rows = await jobRows(database.db, queue);
      return rows.length === 1 && rows[0]!.state === 'completed';
    });
    expect(runs).toBe(1);
    expect((await jobRows(database.db, queue))[0]!.retry_count).toBe(0);
  });
});
