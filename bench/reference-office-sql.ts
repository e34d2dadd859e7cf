import Fastify from 'fastify';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { runAsOwner, runInOffice } from '../apps/api/src/platform/db/scope';

/**
 * What row-level security costs a page: the candidates page's SQL (as the API's query builder printed it, in
 * BENCH_CANDIDATE_CASES, then the page's folders, tags and votes) run by a bare Fastify handler two ways on the same
 * database and connections: `/app/<case>` as the application's role in BENCH_OFFICE_ID (row-level security applies,
 * as for every request), `/owner/<case>` as the tables' owner (it bypasses row-level security). Both go through the
 * API's own scoped pool or engine (platform/db), so the only difference is the role and its policies.
 */
type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const cases = JSON.parse(process.env.BENCH_CANDIDATE_CASES ?? '[]') as { sql: string; params: unknown[] }[];
const officeId = process.env.BENCH_OFFICE_ID ?? '';
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, poolSize: 10 }
    : { pgliteDataDir: `${process.env.DATA_DIR ?? ''}/pg`, pgliteProcess: 'inline' },
);
const { pool, pglite } = database;
const query: Query = pool
  ? (text, params) => pool.query<Record<string, unknown>>(text, params)
  : (text, params) => pglite!.query<Record<string, unknown>>(text, params);

async function page(index: number) {
  const chosen = cases[index];
  if (!chosen) throw new Error('unknown case');
  const result = await query(chosen.sql, chosen.params);
  const rows = result.rows.slice(0, 50);
  const ids = `{${rows.map((row) => String(row.id)).join(',')}}`;
  const people = `{${rows.map((row) => String(row.applicant_id)).join(',')}}`;
  const [folders, tags, votes] = await Promise.all([
    query('select submission_id, folder_id from folder_memberships where submission_id = any($1::uuid[])', [
      ids,
    ]),
    query(
      `select t.applicant_id, g.id, g.name from applicant_tags t join tags g on g.id = t.tag_id
       where t.applicant_id = any($1::uuid[]) order by g.name`,
      [people],
    ),
    query('select submission_id, vote, user_id from votes where submission_id = any($1::uuid[])', [ids]),
  ]);
  return { items: rows, folders: folders.rows.length, tags: tags.rows.length, votes: votes.rows.length };
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.get<{ Params: { index: string } }>('/app/:index', (request) =>
  runInOffice(officeId, () => page(Number(request.params.index))),
);
app.get<{ Params: { index: string } }>('/owner/:index', (request) =>
  runAsOwner(() => page(Number(request.params.index))),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
