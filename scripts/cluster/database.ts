import pg from 'pg';

/** The database `npm run cluster` uses when DATABASE_URL names none: a database of its own on the local server. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/casting_cluster';

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function nameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) {
    throw new Error(`DATABASE_URL must name a database of letters, digits and underscores (got "${name}")`);
  }
  return name;
}

/** Runs `sql` on the server's maintenance database (postgres), where databases are created and dropped. */
async function onServer(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  try {
    await client.connect();
  } catch (error) {
    const where = new URL(url);
    throw new Error(
      `PostgreSQL at ${where.host} did not answer (${error instanceof Error ? error.message : String(error)}): ` +
        'start it, or set DATABASE_URL',
    );
  }
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates the database DATABASE_URL names unless it exists; the first API instance then migrates it. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = nameOf(url);
  const found = await onServer(url, `select 1 from pg_database where datname = '${name}'`);
  if (found.rowCount === 0) await onServer(url, `create database "${name}"`);
}

/** A new, empty database beside the one `url` names (a test's own), and how to drop it. */
export async function freshDatabase(
  url: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const fresh = withDatabase(url, nameOf(withDatabase(url, name)));
  await onServer(url, `create database "${name}"`);
  return {
    url: fresh,
    drop: async () => {
      await onServer(url, `drop database if exists "${name}" with (force)`);
    },
  };
}
