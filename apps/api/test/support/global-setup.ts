import pg from 'pg';

export const TEST_DATABASE_PREFIX = 'casting_test_';

async function dropTestDatabases(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEST_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

/** With TEST_DATABASE_URL, every worker makes a fresh database on that server; they are dropped afterwards. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  await dropTestDatabases(url);
  return () => dropTestDatabases(url);
}
