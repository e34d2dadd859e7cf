import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client';
import { JOBS_SCHEMA } from '../../src/platform/jobs/pg-boss-jobs';

/** A queue name no other test uses: all tests of a worker share one database and one pg-boss schema. */
export function uniqueQueue(label: string): string {
  return `test-${label}-${randomBytes(4).toString('hex')}`;
}

export interface JobRow {
  id: string;
  state: string;
  data: unknown;
  retry_count: number;
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as { rows: T[] };
  return result.rows;
}

/** The job rows pg-boss holds for a queue, read straight from its table. */
export function jobRows(db: Db, queue: string): Promise<JobRow[]> {
  return selectRows<JobRow>(
    db,
    sql`select id::text, state::text, data, retry_count from ${sql.raw(JOBS_SCHEMA)}.job where name = ${queue} order by created_on`,
  );
}

/** A latch a job handler waits on, so a test controls when the job ends. */
export function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
