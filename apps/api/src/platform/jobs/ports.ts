import type { JobsHealth } from '@casting/domain';
import type { Db } from '../db/client';

/**
 * How a queue treats its jobs:
 * - `standard`: every job sent runs;
 * - `singleton`: at most one job of the queue runs at a time (others wait their turn);
 * - `short`: at most one job waits in the queue; sending another while one waits is a no-op;
 * - `stately`: at most one waiting and one running.
 */
export type QueuePolicy = 'standard' | 'singleton' | 'short' | 'stately';

export interface QueueOptions {
  policy?: QueuePolicy;
  /** Attempts after the first one; 0 means a failure is final. */
  retryLimit?: number;
  /** Seconds before the first retry. */
  retryDelaySeconds?: number;
  /** Doubles the delay (with jitter) after each failed attempt. */
  retryBackoff?: boolean;
  /** A job running longer than this is failed (and retried if attempts remain). */
  expireInSeconds?: number;
  /**
   * For long jobs: how long a job stays claimed without a sign of life from its worker. While the handler runs, the
   * worker renews the claim every third of this; a process that dies stops renewing, so its job is failed back to its
   * queue (and retried) about this long after, instead of only when `expireInSeconds` ends.
   */
  leaseSeconds?: number;
  /**
   * Keeps a copy of every job whose retries are spent in the queue `<name>-dead` (a dead-letter queue no worker
   * takes from), so an operator can see and replay it.
   */
  deadLetter?: boolean;
  /**
   * Jobs of this queue one process runs at once (default 1). An idle worker asks for work once per polling
   * interval, so throughput per process is about `concurrency` jobs per interval for short jobs.
   */
  concurrency?: number;
}

export interface SendOptions {
  /**
   * The transaction that writes the rows causing the job: the job row is inserted through it, so it exists only if
   * the transaction commits. On the embedded database a send inside a transaction must pass it (one connection).
   */
  tx?: Db;
  /**
   * Scopes the queue's policy to this key: in a `short` queue one job per key waits, in a `singleton` queue one per
   * key runs, in a `stately` queue one per key waits and one runs. A send the policy refuses returns null.
   */
  singletonKey?: string;
  /** Not before this moment. */
  startAfter?: Date;
  /** Among the jobs of a queue ready to run, a higher priority is taken first (default 0; may be negative). */
  priority?: number;
}

export interface JobContext {
  id: string;
  queue: string;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

/** A defined queue, typed by its payload. */
export interface JobQueue<T> {
  readonly name: string;
  send(data: T, options?: SendOptions): Promise<string | null>;
}

/**
 * Background jobs: named queues with retries, dead letters, cron schedules and singletons, stored in the same
 * database as the product's rows. Queues and schedules are declared before `start`; `start` installs the storage
 * and, where this process runs workers, begins taking jobs.
 */
export interface Jobs {
  /** Whether this process takes jobs (the API with embedded workers, or `npm run worker`). */
  readonly runsWorkers: boolean;
  define<T extends object>(queue: string, handler: JobHandler<T>, options?: QueueOptions): JobQueue<T>;
  /** Runs the queue's job on a cron expression (UTC); only one instance sends it per tick. */
  schedule(queue: string, cron: string, data?: object): void;
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Whether a job of the queue whose data holds `field: value` is waiting, retrying or running (its worker alive, as
   * far as its lease says): the answer to "is anything still going to do this?".
   */
  hasLiveJob(queue: string, field: string, value: string): Promise<boolean>;
  start(): Promise<void>;
  /** Stops taking jobs; a running job gets `timeoutSeconds` to finish, then is failed back to its queue. */
  stop(options?: { timeoutSeconds?: number }): Promise<void>;
  health(): Promise<JobsHealth>;
  /** Seconds the oldest job ready to run (created, or due for a retry) has waited, per queue with one. */
  oldestWaiting(): Promise<Record<string, number>>;
}
