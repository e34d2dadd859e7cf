import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../db/client';
import { createPgBossJobs } from './pg-boss-jobs';
import type { Jobs } from './ports';

export type { JobQueue, Jobs, QueueOptions, SendOptions } from './ports';

/** The jobs adapter for the configuration: pg-boss on whichever database the API uses. */
export function createJobs(
  config: Pick<Config, 'JOBS_WORKERS' | 'JOBS_POLL_INTERVAL_SECONDS' | 'JOBS_STOP_TIMEOUT_SECONDS'>,
  database: Database,
  log: FastifyBaseLogger,
): Jobs {
  return createPgBossJobs({
    database,
    log,
    runWorkers: config.JOBS_WORKERS === 'embedded',
    pollingIntervalSeconds: config.JOBS_POLL_INTERVAL_SECONDS,
    stopTimeoutSeconds: config.JOBS_STOP_TIMEOUT_SECONDS,
  });
}
