import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * Reference for the candidates list: a bare Fastify handler running the SQL the API's list runs for the same page
 * (the page query exactly as the API's query builder printed it, in BENCH_CANDIDATE_CASES, then the page's folders,
 * tags and votes), with no authentication, access check, validation or response schema. The API is compared with
 * this to see what its own layers cost.
 */
type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function connect(): Promise<{ query: Query; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const pglite = await PGlite.create({
    dataDir: path.join(process.env.DATA_DIR ?? '', 'pg'),
    extensions: { pg_trgm },
  });
  return {
    query: (text, params) => pglite.query<Record<string, unknown>>(text, params),
    close: () => pglite.close(),
  };
}

const cases = JSON.parse(process.env.BENCH_CANDIDATE_CASES ?? '[]') as { sql: string; params: unknown[] }[];
const database = await connect();
const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.get<{ Params: { index: string } }>('/candidates/:index', async (request) => {
  const chosen = cases[Number(request.params.index)];
  if (!chosen) throw new Error('unknown case');
  const page = await database.query(chosen.sql, chosen.params);
  const rows = page.rows.slice(0, 50);
  const ids = `{${rows.map((row) => String(row.id)).join(',')}}`;
  const people = `{${rows.map((row) => String(row.applicant_id)).join(',')}}`;
  const [folders, tags, votes] = await Promise.all([
    database.query(
      'select submission_id, folder_id from folder_memberships where submission_id = any($1::uuid[])',
      [ids],
    ),
    database.query(
      `select t.applicant_id, g.id, g.name from applicant_tags t join tags g on g.id = t.tag_id
       where t.applicant_id = any($1::uuid[]) order by g.name`,
      [people],
    ),
    database.query('select submission_id, vote, user_id from votes where submission_id = any($1::uuid[])', [
      ids,
    ]),
  ]);
  return { items: rows, folders: folders.rows.length, tags: tags.rows.length, votes: votes.rows.length };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
