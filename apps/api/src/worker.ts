import { defineBackgroundJobs } from './background-jobs';
import { ConfigError, loadConfig } from './config';
import { createContext } from './platform/context';
import { createLogger } from './platform/log';
import { startWorkerMetricsListener } from './platform/metrics/worker-listener';

/**
 * `npm run worker`: takes background jobs beside API instances started with JOBS_WORKERS=off (or beside any other
 * worker). Several workers on one PostgreSQL share the queues; pg-boss hands each job to one of them
 * (`FOR UPDATE SKIP LOCKED`). On SIGTERM or SIGINT a worker stops taking jobs, lets a running one finish within
 * JOBS_STOP_TIMEOUT_SECONDS and otherwise fails it back to its queue for a retry.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.DATABASE_URL) {
    // The embedded database admits one process: its API runs the jobs itself.
    process.stderr.write(
      'npm run worker needs PostgreSQL (DATABASE_URL). On the embedded database only one process may open the data ' +
        'directory, so the API runs the background jobs itself (JOBS_WORKERS=embedded).\n',
    );
    process.exit(1);
  }
  const log = createLogger(config.LOG_LEVEL);
  const context = await createContext({ ...config, JOBS_WORKERS: 'embedded' }, log);
  defineBackgroundJobs(context);
  await context.jobs.start();
  // Its job durations and failures live in this process only, so the worker serves them itself when asked to.
  const metrics =
    config.WORKER_METRICS_PORT && config.METRICS_TOKEN
      ? await startWorkerMetricsListener({
          host: config.HOST,
          port: config.WORKER_METRICS_PORT,
          token: config.METRICS_TOKEN,
          log,
        })
      : null;
  log.info({ database: context.database.kind }, 'background worker ready');

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'background worker stopping');
    await context.jobs.stop();
    await metrics?.close();
    await context.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Worker start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
