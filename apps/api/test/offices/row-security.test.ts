import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInOffice } from '../../src/platform/db/scope';
import { buildTestApp, type TestApp } from '../support/app';
import { appDatabase, testDatabase, testOfficeId } from '../support/database';
import { buildApplicant } from '../support/candidates';
import { applyBody, createLinks, tokenOf } from '../links/helpers';
import { buildCast, buildRole, createOffice } from '../support/projects';

// Office isolation enforced by the database itself: every table with an office key has row-level security, and the
// application's role sees no row of it outside an office, and none of another office's inside one. Tables are read
// from the catalogue, so a table added later is covered without editing this test.

let t: TestApp;

beforeAll(async () => {
  // Jobs are only sent here, never run: the test reads what a sent job carries.
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const cast = await buildCast(t.app);
  const role = await buildRole(cast.project);
  await buildApplicant(role, cast.people.PO.user);
  // An application through a submission link, so the tables only the apply pages write have rows too.
  const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [role.id] });
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/v2/applicants/standalone',
    payload: applyBody(tokenOf(link!.link)),
  });
  expect(applied.statusCode, applied.body).toBe(201);
}, 120_000);
afterAll(() => t.close());

const NAMES_AN_OFFICE = new Set(['auth_sessions']);

/**
 * Tables that are the installation's, not an office's, each with why: accounts and what proves who they are, the
 * agencies' one directory, the lookup values every office picks from, and the machinery every office shares.
 */
const INSTALLATION_TABLES = new Set([
  // Secured by its own policy: each office sees only its own row (checked below).
  'offices',
  // Accounts and what proves who they are, before any office is chosen.
  'users',
  'refresh_tokens',
  'sign_in_challenges',
  'one_time_codes',
  'recovery_codes',
  'known_devices',
  'auth_rate_limits',
  // One directory of agencies and agents for every office, and the operator's lookup values.
  'agencies',
  'agents',
  'lookup_values',
  // Shared machinery: replayed answers per account, the mail stand-in, the bounce list, the file deletion queue.
  'idempotency_keys',
  'outbox_messages',
  'email_bounces',
  'storage_purges',
]);

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as Rows).rows) as Record<string, unknown>[];

async function officeTables(): Promise<string[]> {
  const { db } = await testDatabase();
  const result = await db.execute(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'office_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`);
  // A session names the office it works in; it is the account's, not an office's data.
  return rowsOf(result)
    .map((row) => String(row.table_name))
    .filter((table) => !NAMES_AN_OFFICE.has(table));
}

async function countAs(scope: 'owner' | 'app', table: string, officeId: string | null): Promise<number> {
  const count = sql`select count(*)::int as n from ${sql.identifier(table)}`;
  if (scope === 'owner') {
    const { db } = await testDatabase();
    return Number(rowsOf(await db.execute(count))[0]!.n);
  }
  const { db } = await appDatabase();
  return Number(rowsOf(await runInOffice(officeId, () => db.execute(count)))[0]!.n);
}

describe('row-level security on every table of office data', () => {
  it('is enabled, with a policy, on every table that has an office key', async () => {
    const tables = await officeTables();
    expect(tables).toEqual(
      expect.arrayContaining(['projects', 'applicants', 'people', 'audit_events', 'application_consents']),
    );
    const { db } = await testDatabase();
    const result = await db.execute(sql`
      select c.relname, c.relrowsecurity, (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname in ${sql`(${sql.join(
        tables.map((name) => sql`${name}`),
        sql`, `,
      )})`}`);
    for (const row of rowsOf(result)) {
      expect({ table: row.relname, secured: row.relrowsecurity }).toEqual({
        table: row.relname,
        secured: true,
      });
      expect(Number(row.policies), String(row.relname)).toBeGreaterThan(0);
    }
    expect(rowsOf(result)).toHaveLength(tables.length);
    // Each policy is keyed by the transaction's office, for reading and for writing: a table that happens to be empty
    // in this fixture is held to the same rule.
    const policies = rowsOf(
      await db.execute(sql`
        select tablename, policyname, qual, coalesce(with_check, qual) as checked from pg_policies
        where schemaname = 'public' and tablename in ${sql`(${sql.join(
          tables.map((name) => sql`${name}`),
          sql`, `,
        )})`}`),
    );
    expect(new Set(policies.map((policy) => policy.tablename)).size).toBe(tables.length);
    const loose = policies.filter(
      (policy) =>
        !String(policy.qual).includes('current_office_id()') ||
        !String(policy.checked).includes('current_office_id()'),
    );
    expect(loose.map((policy) => `${policy.tablename}.${policy.policyname}`)).toEqual([]);
  });

  it('covers every table: each is an office’s (keyed, secured) or on the list of installation-wide tables', async () => {
    const { db } = await testDatabase();
    const all = rowsOf(
      await db.execute(sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`),
    ).map((row) => String(row.relname));
    const keyed = new Set([...(await officeTables()), ...NAMES_AN_OFFICE]);
    // A new table is an office's data unless it is added here with the reason it belongs to the installation.
    const unkeyed = all.filter((table) => !keyed.has(table) && !INSTALLATION_TABLES.has(table));
    expect(unkeyed, 'tables with neither an office key nor a place on INSTALLATION_TABLES').toEqual([]);
    // The offices table itself shows each office only its own row.
    const policies = rowsOf(
      await db.execute(
        sql`select qual from pg_policies where schemaname = 'public' and tablename = 'offices'`,
      ),
    );
    expect(policies.map((policy) => String(policy.qual))).toEqual([
      expect.stringContaining('current_office_id()'),
    ]);
  });

  it('shows the application no office row without an office, and none of another office', async () => {
    const first = await testOfficeId();
    const other = await createOffice('Row security elsewhere');
    let withRows = 0;
    for (const table of await officeTables()) {
      const all = await countAs('owner', table, null);
      if (all === 0) continue;
      withRows += 1;
      // Office-less rows (the installation's audit events, reports without an office) are all that shows outside one.
      const outside = await countAs('app', table, null);
      const { db } = await testDatabase();
      const installation = Number(
        rowsOf(
          await db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table)} where office_id is null`,
          ),
        )[0]!.n,
      );
      expect({ table, outside }).toEqual({ table, outside: installation });
      expect({ table, elsewhere: await countAs('app', table, other) }).toEqual({ table, elsewhere: 0 });
      const ofFirst = Number(
        rowsOf(
          await db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table)} where office_id = ${first}`,
          ),
        )[0]!.n,
      );
      expect({ table, inOffice: await countAs('app', table, first) }).toEqual({ table, inOffice: ofFirst });
    }
    expect(withRows).toBeGreaterThanOrEqual(8);
  });

  it('refuses a row written for another office', async () => {
    const other = await createOffice('Row security target');
    const { db } = await appDatabase();
    const write = runInOffice(await testOfficeId(), () =>
      db.execute(sql`insert into office_tags (office_id, name) values (${other}, 'Smuggled')`),
    );
    await expect(write).rejects.toThrow();
    const { db: owner } = await testDatabase();
    const smuggled = rowsOf(
      await owner.execute(sql`select count(*)::int as n from office_tags where office_id = ${other}`),
    );
    expect(Number(smuggled[0]!.n)).toBe(0);
  });

  it('carries the office a job was sent from, so the job sees that office only', async () => {
    const officeId = await testOfficeId();
    const id = await runInOffice(officeId, () =>
      t.context.jobs.send('mail', {
        kind: 'notice',
        message: { to: 'nobody@example.com', subject: 's', text: 't' },
      }),
    );
    const { db } = await testDatabase();
    const [row] = rowsOf(await db.execute(sql`select data from pgboss.job where id = ${id}`));
    expect((row!.data as { _officeId?: string })._officeId).toBe(officeId);
  });
});
