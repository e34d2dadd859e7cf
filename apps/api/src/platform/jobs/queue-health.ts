import { JOB_STATES, type JobState, type JobsHealth } from '@casting/domain';
import type { SqlExecutor } from './sql-executors';

/** How many failures the health view lists. */
export const LAST_FAILURES_LIMIT = 20;

interface CountRow {
  name: string;
  state: JobState | null;
  size: number | string;
}

interface FailureRow {
  name: string;
  id: string;
  output: unknown;
  completed_on: Date | string;
}

/**
 * Counts per queue and state, and the newest final failures (archived ones included: pg-boss moves finished jobs to
 * its archive table after a while). pg-boss's internal queues (the cron relay) are left out.
 */
export async function readJobsHealth(executor: SqlExecutor, schema: string): Promise<JobsHealth> {
  const counts = (await executor.executeSql(
    `select q.name, j.state, count(j.id) as size
       from ${schema}.queue q left join ${schema}.job j on j.name = q.name
      where q.name not like '\\_\\_pgboss\\_\\_%'
      group by q.name, j.state
      order by q.name`,
  )) as { rows: CountRow[] };
  const failures = (await executor.executeSql(
    `select name, id, output, completed_on from (
        select name, id::text, output, completed_on from ${schema}.job where state = 'failed'
        union all
        select name, id::text, output, completed_on from ${schema}.archive where state = 'failed'
      ) failed
      order by completed_on desc nulls last
      limit ${LAST_FAILURES_LIMIT}`,
  )) as { rows: FailureRow[] };

  const queues = new Map<string, Record<JobState, number>>();
  for (const row of counts.rows) {
    const queue = queues.get(row.name) ?? emptyCounts();
    queues.set(row.name, queue);
    if (row.state) queue[row.state] = Number(row.size);
  }
  return {
    queues: [...queues].map(([name, stateCounts]) => ({ name, counts: stateCounts })),
    lastFailures: failures.rows.map((row) => ({
      queue: row.name,
      id: row.id,
      error: errorMessage(row.output),
      failedAt: new Date(row.completed_on).toISOString(),
    })),
  };
}

function emptyCounts(): Record<JobState, number> {
  return Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>;
}

/** pg-boss stores a thrown error serialised ({ message, stack }) and a plain reason as { value }. */
function errorMessage(output: unknown): string {
  const parsed = typeof output === 'string' ? safeJson(output) : output;
  if (parsed && typeof parsed === 'object') {
    const record = parsed as { message?: unknown; value?: unknown };
    if (typeof record.message === 'string') return record.message;
    if (typeof record.value === 'string') return record.value;
    return JSON.stringify(parsed);
  }
  return String(parsed ?? 'unknown error');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * How long each queue's oldest ready job has waited since it could run (its start time, or its retry's), for the
 * metrics: a job scheduled for later is not waiting yet. One pass over the live job table.
 */
export async function readOldestWaiting(
  executor: SqlExecutor,
  schema: string,
): Promise<Record<string, number>> {
  const result = (await executor.executeSql(
    `select name, extract(epoch from now() - min(start_after))::float8 as age
       from ${schema}.job where state in ('created', 'retry') and start_after <= now()
      group by name`,
  )) as { rows: { name: string; age: number | string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.name, Math.max(0, Number(row.age))]));
}
