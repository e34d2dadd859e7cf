import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db/client';
import { isUniqueViolation } from '../src/platform/db/unique-violation';

/** These tests are about the engine, not offices: they run as the database's owner. */
const OWNER = { owner: true, officeId: null } as const;

// On the embedded database a query the code prepares under a name is parsed and planned once and then only bound and
// executed, as node-postgres does on PostgreSQL; unnamed queries keep PGlite's own path. What callers see must not
// change: the same rows, the same errors, and the same ordering against transactions.

const probes = pgTable('named_statement_probes', {
  id: integer('id').primaryKey(),
  label: text('label'),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

// The same behaviour whether the engine runs in this process or in its own (pglite-process.ts, the API's default).
describe.each(['inline', 'separate'] as const)('named statements on the embedded database (%s)', (mode) => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ pgliteMemoryMb: 128, pgliteProcess: mode });
    await database
      .scopedDb(OWNER)
      .execute(
        sql`create table named_statement_probes (id integer primary key, label text, seen_at timestamptz not null)`,
      );
    await database
      .scopedDb(OWNER)
      .insert(probes)
      .values([
        { id: 1, label: 'one', seenAt: new Date('2026-01-02T03:04:05.678Z') },
        { id: 2, label: null, seenAt: new Date('2026-02-03T04:05:06.789Z') },
      ]);
  });

  afterAll(() => database.close());

  function byId() {
    return database
      .scopedDb(OWNER)
      .select()
      .from(probes)
      .where(eq(probes.id, sql.placeholder('id')))
      .prepare('probe_by_id');
  }

  async function preparedStatements(): Promise<Array<{ statement: string; plans: number }>> {
    const result = await database.pglite!.query<{ statement: string; plans: number }>(
      `select statement, (generic_plans + custom_plans)::int as plans from pg_prepared_statements
     where statement like '%named_statement_probes%' order by prepare_time`,
    );
    return result.rows;
  }

  it('answers as an unnamed query does, and parses the statement once however often it runs', async () => {
    const named = byId();
    const first = await named.execute({ id: 1 });
    const second = await named.execute({ id: 2 });
    await named.execute({ id: 3 });

    const unnamed = await database.scopedDb(OWNER).select().from(probes).where(eq(probes.id, 1));
    expect(first).toEqual(unnamed);
    expect(first).toEqual([{ id: 1, label: 'one', seenAt: new Date('2026-01-02T03:04:05.678Z') }]);
    expect(second).toEqual([{ id: 2, label: null, seenAt: new Date('2026-02-03T04:05:06.789Z') }]);

    const statements = await preparedStatements();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.plans).toBe(3);

    // A second prepared query object under the same name and text reuses the statement.
    await byId().execute({ id: 1 });
    expect((await preparedStatements())[0]!.plans).toBe(4);
  });

  it('keeps one statement for each text a name is prepared with', async () => {
    const labelled = (label: string) =>
      database
        .scopedDb(OWNER)
        .select({ id: probes.id })
        .from(probes)
        .where(sql`${probes.label} = ${label} or ${probes.id} = ${sql.placeholder('id')}`)
        .prepare('probe_by_label');
    expect(await labelled('one').execute({ id: 0 })).toEqual([{ id: 1 }]);
    expect(await labelled('nobody').execute({ id: 2 })).toEqual([{ id: 2 }]);
  });

  it('reports a database error as PGlite does, and the next call runs', async () => {
    const insert = database
      .scopedDb(OWNER)
      .insert(probes)
      .values({ id: sql.placeholder('id'), label: 'again', seenAt: new Date() })
      .prepare('probe_insert');
    const error = await insert.execute({ id: 1 }).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);

    await insert.execute({ id: 9 });
    expect(await byId().execute({ id: 9 })).toMatchObject([{ id: 9, label: 'again' }]);
  });

  it('refuses a statement whose table is missing, and prepares it once the table exists', async () => {
    const later = pgTable('named_statement_later', { id: integer('id').primaryKey() });
    const all = database.scopedDb(OWNER).select().from(later).prepare('later_all');
    await expect(all.execute()).rejects.toThrow(/named_statement_later/);

    await database.scopedDb(OWNER).execute(sql`create table named_statement_later (id integer primary key)`);
    await database.scopedDb(OWNER).insert(later).values({ id: 7 });
    expect(await all.execute()).toEqual([{ id: 7 }]);
  });

  it('waits for a running transaction instead of reading inside it', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.scopedDb(OWNER).transaction(async (tx) => {
      await tx.insert(probes).values({ id: 20, label: 'committed', seenAt: new Date() });
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.update(probes).set({ label: 'committed later' }).where(eq(probes.id, 20));
    });
    await insertedYet;
    const read = await byId().execute({ id: 20 });
    await transaction;
    expect(read).toMatchObject([{ id: 20, label: 'committed later' }]);
  });
});
