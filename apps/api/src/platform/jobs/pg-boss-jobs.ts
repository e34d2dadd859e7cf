import PgBoss from 'pg-boss';
import type { JobsHealth } from '@casting/domain';
import type { Database } from '../db/client';
import { currentOfficeId, runInOffice } from '../db/scope';
import type { JobHandler, JobQueue, Jobs, QueueOptions, SendOptions } from './ports';
import { jobDuration, jobFailures } from '../metrics/registry';
import { readJobsHealth, readOldestWaiting } from './queue-health';
import { pgliteExecutor, poolExecutor, transactionExecutor, type SqlExecutor } from './sql-executors';

/** The slice of pino the adapter logs through. */
interface JobsLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PgBossJobsOptions {
  database: Database;
  log: JobsLog;
  /** Take jobs in this process (embedded workers, or the worker process) rather than only send them. */
  runWorkers: boolean;
  /** How often an idle worker asks its queue for a job; each ask is one query. */
  pollingIntervalSeconds: number;
  /** Default grace a running job gets on stop before it is failed back to its queue for a retry. */
  stopTimeoutSeconds: number;
  /**
   * How often expired claims are failed back to their queues (pg-boss maintenance; one instance per tick does it):
   * with `leaseSeconds`, a crashed worker's job is retried within lease + this. Default 60.
   */
  maintenanceIntervalSeconds?: number;
  /** Another connection to the same database (tests run two workers on two pools). */
  executor?: SqlExecutor;
}

/** pg-boss's own schema; it installs and migrates it itself, beside the drizzle-managed tables. */
export const JOBS_SCHEMA = 'pgboss';

const deadLetterQueue = (queue: string) => `${queue}-dead`;

interface Definition {
  handler: JobHandler<object>;
  options: QueueOptions;
}

/** Where a job's data carries the office it was sent from (taken off again before its handler sees the data). */
const OFFICE_KEY = '_officeId';

/** The jobs port on pg-boss, on PGlite or PostgreSQL, sharing the database (and on PostgreSQL the pool) of the API. */
export function createPgBossJobs(options: PgBossJobsOptions): Jobs {
  const { database, log, runWorkers } = options;
  const connection =
    options.executor ??
    (database.kind === 'pglite' && database.pglite
      ? pgliteExecutor(database.pglite)
      : database.pool
        ? poolExecutor(database.pool)
        : null);
  if (!connection) throw new Error('Background jobs need a PGlite handle or a PostgreSQL pool');
  const executor = trackInFlight(connection);

  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema: JOBS_SCHEMA,
    migrate: true,
    // Expiry, archiving and the cron clock run where jobs are taken; a sending-only API stays quiet.
    supervise: runWorkers,
    schedule: runWorkers,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'background jobs: pg-boss error'));

  const definitions = new Map<string, Definition>();
  const schedules: { queue: string; cron: string; data: object }[] = [];
  let state: 'defining' | 'starting' | 'started' | 'stopped' = 'defining';
  const handlers = new InFlight();
  let starting: Promise<void> | null = null;

  async function startBoss() {
    state = 'starting';
    await boss.start();
    // One read of what exists: a queue is created once (a partition table with its keys and indexes, tens of
    // milliseconds each in PGlite) and afterwards touched only when the code changed its settings. The build's
    // embedded seed already holds every queue and schedule (src/cli/make-pglite-seed.ts), so a first start reads two
    // small tables here and writes nothing.
    const queues = new Map((await boss.getQueues()).map((existing) => [existing.name, existing]));
    for (const [queue, { options: queueOptions }] of definitions) {
      if (queueOptions.deadLetter) await ensureQueue(boss, queues, deadLetterQueue(queue), {});
      await ensureQueue(boss, queues, queue, queueOptions);
    }
    // getSchedules returns the table's rows as they are (its declared type omits the time zone column).
    const stored = (await boss.getSchedules()) as unknown as StoredSchedule[];
    const scheduled = new Map(stored.map((existing) => [existing.name, existing]));
    for (const { queue, cron, data } of schedules) {
      const existing = scheduled.get(queue);
      const same =
        existing?.cron === cron &&
        existing.timezone === 'UTC' &&
        JSON.stringify(existing.data ?? {}) === JSON.stringify(data);
      if (!same) await boss.schedule(queue, cron, data, { tz: 'UTC' });
    }
    if (runWorkers) {
      for (const [queue, { handler, options: queueOptions }] of definitions) {
        for (let worker = 0; worker < (queueOptions.concurrency ?? 1); worker += 1) {
          await boss.work<object>(queue, { batchSize: 1 }, async ([job]) => {
            if (job) await runJob(queue, handler, job, queueOptions.leaseSeconds);
          });
        }
      }
    }
    state = 'started';
    log.info({ queues: [...definitions.keys()], workers: runWorkers }, 'background jobs started');
  }

  async function runJob(
    queue: string,
    handler: JobHandler<object>,
    job: PgBoss.Job<object>,
    leaseSeconds: number | undefined,
  ) {
    await handlers.track(async () => {
      // The lease: the claim's expiry in the job row is moved to "now + lease" at once and then every third of the
      // lease while the handler runs. pg-boss's own in-process bound stays the queue's `expireInSeconds` (read when
      // the job was fetched), so a long job of a live worker is never cut; a dead worker's job expires with its lease.
      const renew = async () => {
        try {
          await executor.executeSql(
            `UPDATE ${JOBS_SCHEMA}.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
             WHERE name = $1 AND id = $2 AND state = 'active'`,
            [queue, job.id, leaseSeconds],
          );
        } catch (error) {
          log.warn({ err: error, queue, jobId: job.id }, 'background job: lease not renewed');
        }
      };
      let timer: NodeJS.Timeout | undefined;
      if (leaseSeconds) {
        await renew();
        timer = setInterval(() => void renew(), (leaseSeconds * 1000) / 3);
        timer.unref();
      }
      const endTimer = jobDuration.startTimer({ queue });
      try {
        // The job runs in the office it was sent from: the database shows it that office's rows only.
        const { [OFFICE_KEY]: officeId, ...data } = job.data as Record<string, unknown>;
        await runInOffice(typeof officeId === 'string' ? officeId : null, () =>
          handler(data, { id: job.id, queue }),
        );
        endTimer({ outcome: 'completed' });
      } catch (error) {
        endTimer({ outcome: 'failed' });
        jobFailures.inc({ queue });
        log.warn({ err: error, queue, jobId: job.id }, 'background job failed');
        throw error;
      } finally {
        clearInterval(timer);
      }
    });
  }

  const jobs: Jobs = {
    runsWorkers: runWorkers,

    define<T extends object>(
      queue: string,
      handler: JobHandler<T>,
      queueOptions: QueueOptions = {},
    ): JobQueue<T> {
      if (state !== 'defining') throw new Error(`Queue ${queue} must be defined before the jobs start`);
      if (definitions.has(queue)) throw new Error(`Queue ${queue} is defined twice`);
      definitions.set(queue, { handler: handler as JobHandler<object>, options: queueOptions });
      return { name: queue, send: (data, sendOptions) => jobs.send(queue, data, sendOptions) };
    },

    schedule(queue, cron, data = {}) {
      if (state !== 'defining') throw new Error(`Schedule of ${queue} must be set before the jobs start`);
      schedules.push({ queue, cron, data });
    },

    async send(queue, data, sendOptions: SendOptions = {}) {
      if (state !== 'started') throw new Error(`Background jobs are not running: cannot send to ${queue}`);
      if (!definitions.has(queue)) throw new Error(`Queue ${queue} is not defined`);
      const officeId = currentOfficeId();
      return boss.send(queue, officeId ? { ...data, [OFFICE_KEY]: officeId } : data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.priority ? { priority: sendOptions.priority } : {}),
        ...(sendOptions.tx ? { db: transactionExecutor(sendOptions.tx) as PgBoss.Db } : {}),
      });
    },

    async hasLiveJob(queue, field, value) {
      // A running job whose expiry has passed belongs to a worker that died: pg-boss fails it on its next check.
      const rows = await executor.executeSql(
        `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>$2 = $3
           AND (state IN ('created', 'retry') OR (state = 'active' AND started_on + expire_in > now()))
         LIMIT 1`,
        [queue, field, value],
      );
      return rows.rows.length > 0;
    },

    start() {
      starting ??= startBoss();
      return starting;
    },

    async stop(stopOptions = {}) {
      if (state === 'stopped') return;
      // A stop during start (an app closed while getting ready) waits for it, so no worker or timer outlives it.
      if (starting) await starting.catch(() => undefined);
      // A start that failed half-way is stopped too: pg-boss may already be running its timers.
      const begun = state !== 'defining';
      state = 'stopped';
      if (!begun) return;
      const deadline = Date.now() + (stopOptions.timeoutSeconds ?? options.stopTimeoutSeconds) * 1000;
      // Graceful: workers stop fetching and a running job may finish until the deadline; then pg-boss fails it,
      // which puts it back in its queue for a retry (or, with no attempt left, fails it for good).
      await boss.stop({ graceful: true, close: false, wait: true, timeout: deadline - Date.now() });
      // A fetch under way when the workers stopped may still hand over a job, and pg-boss does not await the query
      // that completes a job: wait for both (within the deadline), so closing the database never cuts them off.
      await handlers.idle(Math.max(1000, deadline - Date.now()));
      await new Promise((resolve) => setImmediate(resolve));
      await executor.idle(5_000);
    },

    health: (): Promise<JobsHealth> => readJobsHealth(executor, JOBS_SCHEMA),
    oldestWaiting: () => readOldestWaiting(executor, JOBS_SCHEMA),
  };
  return jobs;
}

/** Counts promises under way, so stopping can wait for them to settle. */
class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.count += 1;
    try {
      return await work();
    } finally {
      this.count -= 1;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** Resolves once nothing is under way, or after `limitMs` whatever happens. */
  idle(limitMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

function trackInFlight(connection: SqlExecutor): SqlExecutor & { idle(limitMs: number): Promise<void> } {
  const queries = new InFlight();
  return {
    executeSql: (text, values) => queries.track(() => connection.executeSql(text, values)),
    idle: (limitMs) => queries.idle(limitMs),
  };
}

/** A row of pg-boss's schedule table. */
interface StoredSchedule {
  name: string;
  cron: string;
  timezone: string;
  data: object | null;
}

/** Creates the queue, or brings an existing one's retry settings up to date with the code when they differ. */
async function ensureQueue(
  boss: PgBoss,
  existing: ReadonlyMap<string, PgBoss.QueueResult>,
  queue: string,
  options: QueueOptions & { deadLetter?: boolean },
) {
  const settings: PgBoss.Queue = {
    name: queue,
    policy: options.policy ?? 'standard',
    retryLimit: options.retryLimit ?? 2,
    retryDelay: options.retryDelaySeconds ?? 30,
    retryBackoff: options.retryBackoff ?? true,
    ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    ...(options.deadLetter ? { deadLetter: deadLetterQueue(queue) } : {}),
  };
  const stored = existing.get(queue);
  if (!stored) {
    await boss.createQueue(queue, settings);
    return;
  }
  // Only the settings the code states are compared: pg-boss's update keeps a stored value where it is given none.
  const stated = Object.entries(settings) as [keyof PgBoss.Queue, unknown][];
  if (stated.some(([key, value]) => stored[key as keyof PgBoss.QueueResult] !== value)) {
    await boss.updateQueue(queue, settings);
  }
}
