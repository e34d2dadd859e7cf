import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runAsOwner, runInOffice } from '../../src/platform/db/scope';
import { ScopedEngine } from '../../src/platform/db/scoped-pglite';
import { ScopedPool } from '../../src/platform/db/scoped-pool';
import { dropWhenClosed, freshDatabaseName } from '../support/database';
import { preOfficeInstallation } from './pre-office-installation';
import { migrationsFolder } from '../../src/platform/db/client';
import { migrationsBefore } from '../support/migrations-before';

// The offices migration on an installation that already holds data, on the engine the tests run on (PGlite, or the
// PostgreSQL server of TEST_DATABASE_URL): nothing is lost, everything becomes the first office's, its staff become
// its members, and from then on the application's role sees that data inside that office only.

type Row = Record<string, unknown>;

/** One engine as this test drives it: migrations and the owner's SQL, then queries in a scope (scope.ts). */
interface Engine {
  migrate(folder: string): Promise<void>;
  exec(text: string): Promise<void>;
  /** A query as the database's owner, which row-level security does not restrict. */
  owner(text: string, params?: unknown[]): Promise<Row[]>;
  /** A query as the application's role in an office, exactly as a request's queries run. */
  app(officeId: string, text: string): Promise<Row[]>;
  close(): Promise<void>;
}

async function openPglite(): Promise<Engine> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  // Every query after the migrations goes through the scoped engine, which sets the session's role and office.
  const scoped = new ScopedEngine(pglite);
  return {
    migrate: async (folder) => migratePglite(drizzlePglite(pglite), { migrationsFolder: folder }),
    exec: async (text) => void (await pglite.exec(text)),
    owner: async (text, params) => (await runAsOwner(() => scoped.query<Row>(text, params))).rows,
    app: async (officeId, text) => (await runInOffice(officeId, () => scoped.query<Row>(text))).rows,
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string): Promise<Engine> {
  const name = freshDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pool = new ScopedPool({ connectionString: target.toString(), max: 2 });
  return {
    migrate: (folder) => runAsOwner(() => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: folder })),
    exec: async (text) => void (await runAsOwner(() => pool.query(text))),
    owner: async (text, params) => (await runAsOwner(() => pool.query<Row>(text, params))).rows,
    app: async (officeId, text) => (await runInOffice(officeId, () => pool.query<Row>(text))).rows,
    close: async () => {
      await pool.end();
      try {
        await dropWhenClosed(admin, name);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Rows per base table of the public schema. */
async function countsPerTable(engine: Engine, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await engine.owner(`select count(*)::int as n from "${table}"`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

async function baseTables(engine: Engine, column?: string): Promise<string[]> {
  const rows = await engine.owner(
    `select t.table_name from information_schema.tables t
     where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and ($1::text is null or exists (select from information_schema.columns c
         where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = $1))
     order by t.table_name`,
    [column ?? null],
  );
  return rows.map((row) => String(row.table_name));
}

describe('the offices migration on a populated installation', () => {
  it('keeps every row, files it under the first office, and hides it from every other office', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const engine = await (url ? openPostgres(url) : openPglite());
    try {
      await engine.migrate(migrationsBefore('_offices'));
      const installation = preOfficeInstallation();
      await engine.exec(installation.sql);
      const tablesBefore = await baseTables(engine);
      const before = await countsPerTable(engine, tablesBefore);
      // The installation is populated across the board, so the counts below compare something.
      const empty = Object.entries(before).filter(([, count]) => count === 0);
      expect(Object.keys(before).length - empty.length).toBeGreaterThanOrEqual(35);

      await engine.migrate(migrationsFolder);

      expect(await countsPerTable(engine, tablesBefore)).toEqual(before);
      const offices = await engine.owner('select id, name, status from offices');
      expect(offices).toEqual([{ id: expect.any(String), name: 'Casting office', status: 'ACTIVE' }]);
      const officeId = String(offices[0]!.id);

      // Every row of office data is the first office's, and auth sessions name it for its members only.
      const officeTables = (await baseTables(engine, 'office_id')).filter(
        (table) => table !== 'auth_sessions',
      );
      expect(officeTables).toEqual(
        expect.arrayContaining(['projects', 'applicants', 'people', 'chat_messages']),
      );
      for (const table of officeTables) {
        const [row] = await engine.owner(
          `select count(*) filter (where office_id is distinct from $1)::int as elsewhere from "${table}"`,
          [officeId],
        );
        expect({ table, elsewhere: Number(row!.elsewhere) }).toEqual({ table, elsewhere: 0 });
      }
      const sessions = await engine.owner(
        `select u.role_code, s.office_id from auth_sessions s join users u on u.id = s.user_id order by u.role_code`,
      );
      expect(sessions).toEqual([
        { role_code: 'CASTING_DIRECTOR', office_id: officeId },
        { role_code: 'SUPER_ADMIN', office_id: officeId },
        { role_code: 'TALENT', office_id: null },
      ]);

      const members = await engine.owner('select office_id, user_id, role from office_members');
      expect(Object.fromEntries(members.map((member) => [member.user_id, member.role]))).toEqual(
        installation.staff,
      );
      expect(members.every((member) => member.office_id === officeId)).toBe(true);
      expect(members.find((member) => member.user_id === installation.superAdminId)?.role).toBe('OWNER');
      expect(members.some((member) => installation.talent.includes(String(member.user_id)))).toBe(false);

      // The application's role reads every row of the first office inside it, and none from another office.
      const [other] = await engine.owner(
        `insert into offices (id, name) values (gen_random_uuid(), 'Another office') returning id`,
      );
      const after = await countsPerTable(engine, officeTables);
      for (const table of officeTables) {
        const count = `select count(*)::int as n from "${table}"`;
        const inOffice = Number((await engine.app(officeId, count))[0]!.n);
        const elsewhere = Number((await engine.app(String(other!.id), count))[0]!.n);
        expect({ table, inOffice, elsewhere }).toEqual({ table, inOffice: after[table], elsewhere: 0 });
      }
      expect(Number((await engine.app(officeId, 'select count(*)::int as n from applicants'))[0]!.n)).toBe(
        30,
      );
    } finally {
      await engine.close();
    }
  }, 120_000);
});
