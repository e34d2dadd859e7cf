import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { JOBS_SCHEMA } from '../../src/platform/jobs/pg-boss-jobs';
import { closeLeftoverApps } from './app';
import { openedTestDatabase } from './database';

/**
 * Jobs a file sent and left waiting (most apps under test send jobs without taking them) are dropped when the file
 * ends: no later file waits for them, and the next app that takes jobs on the worker's shared database would
 * otherwise work through every earlier file's mail first, one job per polling interval, before its own.
 */
async function dropWaitingJobs(): Promise<void> {
  const database = await openedTestDatabase();
  // The job tables exist once an app has started the jobs on this database; a file may end before any did.
  const table = `${JOBS_SCHEMA}.job`;
  await database?.db.execute(
    sql`do $$ begin
      if to_regclass(${sql.raw(`'${table}'`)}) is not null then
        delete from ${sql.raw(table)} where state in ('created', 'retry');
      end if;
    end $$`,
  );
}

// Runs with every test file (the config's setupFiles). Registered before the file's own hooks, so under vitest's
// stacked hook order it runs after the file's own afterAll: it closes what the file failed to close, then drops the
// jobs it left waiting.
afterAll(async () => {
  await closeLeftoverApps();
  await dropWaitingJobs();
});
