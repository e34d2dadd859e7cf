import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * Reference: a bare Fastify handler running hand-written indexed SQL for the same page the API answers (20 projects
 * newest first with their owner's name, and the capped total), on the same database, with no authentication,
 * validation or serialisation schema. The API's list is compared with this to see what its own layers cost.
 */
type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

async function connect(): Promise<{ query: Query; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const pglite = await PGlite.create({
    dataDir: path.join(process.env.DATA_DIR ?? '', 'pg'),
    extensions: { pg_trgm },
  });
  return { query: (text, params) => pglite.query(text, params), close: () => pglite.close() };
}

const VISIBLE = `p.id in (
  select id from projects where owner_id = $1
  union all select project_id from project_accesses where user_id = $1
  union all select project_id from project_accesses where user_id is null
    and email = (select email from users where id = $1 and confirmed_at is not null))`;

const page = (filter: string) => `
  select p.id, p.name, p.updated_at, p.archived_at, u.first_name, u.last_name
  from projects p join users u on u.id = p.owner_id
  where p.archived_at is null and ${filter}
  order by p.updated_at desc, p.id desc limit 21`;
const total = (filter: string) =>
  `select count(*)::int as total from (select 1 from projects p where p.archived_at is null and ${filter} limit 1001) c`;

const database = await connect();
const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.get<{ Querystring: { user?: string } }>('/projects', async (request) => {
  const user = request.query.user;
  const filter = user ? VISIBLE : 'true';
  const params = user ? [user] : [];
  const counted = await database.query(total(filter), params);
  const rows = await database.query(page(filter), params);
  return { items: rows.rows.slice(0, 20), total: counted.rows[0] };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
