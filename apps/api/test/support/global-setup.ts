import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_PREFIX = 'casting_test_';
const STALE_AFTER_SECONDS = 2 * 60 * 60;

/** Database names carry their run's start time, so one run never drops another run's databases. */
async function dropTestDatabases(url: string, shouldDrop: (name: string) => boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEST_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows.filter((row) => shouldDrop(row.datname))) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

function startedAt(name: string): number | null {
  const seconds = Number(name.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
  return Number.isFinite(seconds) ? seconds : null;
}

/**
 * With TEST_DATABASE_URL, every worker makes a fresh database on that server named after this run; they are dropped
 * afterwards. Leftovers of runs that died more than two hours ago are swept at start.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const now = Math.floor(Date.now() / 1000);
  const runId = `${now}_${randomBytes(3).toString('hex')}`;
  process.env.CASTING_TEST_RUN_ID = runId;
  await dropTestDatabases(url, (name) => {
    const started = startedAt(name);
    return started === null || started < now - STALE_AFTER_SECONDS;
  });
  return () => dropTestDatabases(url, (name) => name.startsWith(`${TEST_DATABASE_PREFIX}${runId}_`));
}
