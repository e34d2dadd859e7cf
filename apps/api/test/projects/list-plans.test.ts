import { firstOfficeId } from '../../src/bootstrap/first-office';
import { APPLICATION_ROLE, runInOffice } from '../../src/platform/db/scope';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessedProjectsQuerySchema, projectListQuerySchema } from '@casting/domain';
import { listProjects, projectListQueries } from '../../src/modules/projects/services/project-list';
import { switcherQueries } from '../../src/modules/projects/services/project-switcher';
import type { Db } from '../../src/platform/db/client';
import type { Principal } from '../../src/platform/http/access';
import { separateTestDatabase, testDatabase, testOfficeId } from '../support/database';

/**
 * Reads the plans of the list queries on enough rows that a plan without the right index would scan: 30,000
 * projects, most owned by someone else, and a member who sees a few dozen of them by each of the three access paths.
 * Everything is written inside a transaction that is rolled back, so the other tests on this database never see it.
 */
const PROJECTS = 30_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
interface Plan {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  Plans?: Plan[];
}

class Rollback extends Error {}

function nodes(plan: Plan): Plan[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The capped total inside a page query: a count over a Limit, bounded by construction however it reads. */
function isCappedCount(plan: Plan): boolean {
  return (
    plan['Parent Relationship'] !== undefined &&
    plan['Node Type'] === 'Aggregate' &&
    plan.Plans?.[0]?.['Node Type'] === 'Limit'
  );
}

/** The page's own nodes, without its capped total (checked on its own as the "total" cases). */
function withoutCappedCount(plan: Plan): Plan[] {
  if (isCappedCount(plan)) return [];
  return [plan, ...(plan.Plans ?? []).flatMap(withoutCappedCount)];
}

async function planOf(tx: Tx, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<Plan> {
  const { sql: text, params } = query.toSQL();
  // Drizzle numbers its parameters $1..$n; EXPLAIN takes the same text with the values spliced in by the driver.
  const chunks = text.split(/\$(\d+)/);
  const statement = sql.empty();
  chunks.forEach((chunk, index) => {
    if (index % 2 === 0) statement.append(sql.raw(chunk));
    else statement.append(sql`${params[Number(chunk) - 1]}`);
  });
  // Read as the API reads: its role, in the office, so row-level security's office filter is in the plan.
  await tx.execute(sql`select set_config('role', ${APPLICATION_ROLE}, true)`);
  const result = await tx.execute(sql`explain (format json) ${statement}`);
  await tx.execute(sql`select set_config('role', 'none', true)`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  const raw = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Plan }[];
  return parsed[0]!.Plan;
}

function scansOf(plan: Plan[]) {
  return plan.filter(
    (node) => node['Relation Name'] === 'projects' || node['Relation Name'] === 'project_accesses',
  );
}

function expectIndexOnly(plan: Plan[]) {
  const scans = scansOf(plan);
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
}

const ids = { owner: randomUUID(), member: randomUUID(), admin: randomUUID() };
const principal = (userId: string, accountRole: Principal['accountRole']): Principal => ({
  userId,
  sessionId: randomUUID(),
  roleCode: accountRole === 'SUPER_ADMIN' ? 'SUPER_ADMIN' : 'CASTING_DIRECTOR',
  accountRole,
  otpRequired: false,
  otpEnabled: false,
  mustChangePassword: false,
  officeId: null,
  officeRole: accountRole === 'SUPER_ADMIN' ? 'OWNER' : 'CASTING_DIRECTOR',
});
const member = principal(ids.member, 'ADMIN');
const admin = principal(ids.admin, 'SUPER_ADMIN');

let plans: Record<string, Plan[]> = {};
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** For a super admin everything is visible, so the planner may read the table for the capped total. */
let pagePlans: Record<string, Plan[]> = {};

beforeAll(async () => {
  const { db } = await testDatabase();
  member.officeId = admin.officeId = await testOfficeId();
  const memberEmail = `member-${ids.member}@example.com`;
  const collected: Record<string, Plan> = {};
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`
        insert into users (id, email, first_name, last_name, role_code, confirmed_at) values
          (${ids.owner}, ${`owner-${ids.owner}@example.com`}, 'Olive', 'Owner', 'CASTING_DIRECTOR', now()),
          (${ids.member}, ${memberEmail}, 'Mel', 'Member', 'CASTING_DIRECTOR', now()),
          (${ids.admin}, ${`admin-${ids.admin}@example.com`}, 'Ada', 'Admin', 'SUPER_ADMIN', now())`);
      // Every 1,000th project is the member's own; the rest belong to the other owner. Some are archived.
      await tx.execute(sql`
        insert into projects (id, name, owner_id, updated_at, archived_at)
        select gen_random_uuid(), 'Plan project ' || n,
          case when n % 1000 = 0 then ${ids.member}::uuid else ${ids.owner}::uuid end,
          now() - n * interval '1 minute',
          case when n % 10 = 0 then now() else null end
        from generate_series(1, ${PROJECTS}) n`);
      // Every project has its owner's access row; every 700th adds the member by account, every 900th by a
      // pending invitation to the member's e-mail.
      await tx.execute(sql`
        insert into project_accesses (id, project_id, user_id, email, scope, accepted_at)
        select gen_random_uuid(), p.id, p.owner_id, u.email, 'PROJECT_OWNER', now()
        from projects p join users u on u.id = p.owner_id where p.owner_id in (${ids.owner}, ${ids.member})`);
      await tx.execute(sql`
        insert into project_accesses (id, project_id, user_id, email, scope)
        select gen_random_uuid(), id,
          case when n % 700 = 0 then ${ids.member}::uuid else null end,
          case when n % 700 = 0 then ${memberEmail} else ${memberEmail} end,
          'TALENT_EDITOR'
        from (select id, row_number() over (order by id) n from projects where owner_id = ${ids.owner}) p
        where n % 700 = 0 or n % 900 = 0`);
      // The member's own projects get one opportunity each and 9,000 submissions between them, so that counting a
      // card's submissions through anything but submissions_project_newest_idx would read the table.
      await tx.execute(sql`
        insert into roles (id, project_id, name)
        select gen_random_uuid(), id, 'Lead' from projects where owner_id = ${ids.member}`);
      await tx.execute(sql`
        insert into applicants (id, project_id, first_name, last_name, email, search_text)
        select gen_random_uuid(), r.project_id, 'Ann', 'Plan ' || n, 'plan-' || n || '@example.com', 'ann plan ' || n
        from (select project_id, row_number() over (order by id) k from roles
              where project_id in (select id from projects where owner_id = ${ids.member})) r
        join generate_series(1, 9000) n on n % 30 = r.k - 1`);
      await tx.execute(sql`
        insert into submissions (id, project_id, role_id, applicant_id, source)
        select gen_random_uuid(), a.project_id, r.id, a.id, 'ADMIN'
        from applicants a join roles r on r.project_id = a.project_id
        where a.project_id in (select id from projects where owner_id = ${ids.member})`);
      await tx.execute(sql`analyze users, projects, project_accesses, roles, applicants, submissions`);

      // The queries are built in the office, as a request's are: the office's owner sees every project only there.
      const inOffice = <T>(build: () => T) => runInOffice(admin.officeId, build);
      const list = (input: Record<string, string>) => projectListQuerySchema.parse(input);
      const switcher = accessedProjectsQuerySchema.parse({});
      for (const [name, who] of [
        ['member', member],
        ['admin', admin],
      ] as const) {
        const page = await inOffice(() => projectListQueries(tx as unknown as Db, who, list({}), undefined));
        collected[`${name} list`] = await planOf(tx, page.page);
        collected[`${name} list total`] = await planOf(tx, page.count);
        const search = await inOffice(() =>
          projectListQueries(tx as unknown as Db, who, list({ q: 'project 12' }), undefined),
        );
        collected[`${name} search`] = await planOf(tx, search.page);
        const after = { key: new Date().toISOString().replace('Z', '000Z'), id: randomUUID() };
        const archived = await inOffice(() =>
          projectListQueries(tx as unknown as Db, who, list({ archived: 'true' }), after),
        );
        collected[`${name} archived after a cursor`] = await planOf(tx, archived.page);
        const all = await inOffice(() =>
          projectListQueries(tx as unknown as Db, who, list({ archived: 'all' }), undefined),
        );
        collected[`${name} all`] = await planOf(tx, all.page);
        const switch_ = await inOffice(() =>
          switcherQueries(tx as unknown as Db, who, switcher, randomUUID()),
        );
        collected[`${name} switcher`] = await planOf(tx, switch_.page);
        collected[`${name} switcher current`] = await planOf(tx, switch_.current);
        collected[`${name} switcher total`] = await planOf(tx, switch_.count);
      }
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  plans = Object.fromEntries(Object.entries(collected).map(([name, plan]) => [name, nodes(plan)]));
  pagePlans = Object.fromEntries(
    Object.entries(collected).map(([name, plan]) => [name, withoutCappedCount(plan)]),
  );
});
afterAll(() => {
  plans = {};
  pagePlans = {};
});

describe.skipIf(!onPostgres)('the projects list as a prepared statement on PostgreSQL', () => {
  // A statement re-planned on every call cost the database about as much as running it; planned once (a generic
  // plan) it costs only the run. PostgreSQL keeps re-planning when the generic plan looks costlier than the plans
  // for each call's values, as it does when the page size or offset is a parameter. (A member's list depends on
  // who asks, so there the planner may rightly keep planning for each member.)
  it("is planned once per connection and then reused for a super admin's first page", async () => {
    // A database of its own: a connection's earlier runs of the statement (on other tests' few rows) weigh in
    // PostgreSQL's choice, so here the statement's whole history is on these 30,000 projects.
    const { database, dispose } = await separateTestDatabase();
    try {
      const officeId = await firstOfficeId(database.db);
      const db = database.scopedDb({ owner: true, officeId });
      await db.execute(sql`
        insert into users (id, email, first_name, last_name, role_code, confirmed_at)
        values (${ids.owner}, ${`owner-${ids.owner}@example.com`}, 'Olive', 'Owner', 'CASTING_DIRECTOR', now())`);
      await db.execute(sql`
        insert into projects (id, name, owner_id, updated_at)
        select gen_random_uuid(), 'Plan project ' || n, ${ids.owner}::uuid, now() - n * interval '1 minute'
        from generate_series(1, ${PROJECTS}) n`);
      await db.execute(sql`analyze users, projects`);
      // As the API runs it: the application's role, in the office.
      const counted = await runInOffice(officeId, () =>
        database.db.transaction(async (tx) => {
          // Each call runs the page's named statement on this transaction's connection, as the API's pool does.
          for (let call = 0; call < 8; call += 1)
            await listProjects(tx as unknown as Db, { ...admin, officeId }, projectListQuerySchema.parse({}));
          return tx.execute(sql`
          select generic_plans::int, custom_plans::int from pg_prepared_statements
          where name = 'projects_list_all_noq_false_first_21'`);
        }),
      );
      const rows = (Array.isArray(counted) ? counted : (counted as { rows: unknown[] }).rows) as {
        generic_plans: number;
        custom_plans: number;
      }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]!.generic_plans).toBeGreaterThanOrEqual(3);
      expect(rows[0]!.custom_plans).toBeLessThanOrEqual(5);
    } finally {
      await dispose();
    }
  });
});

describe('the plans of the projects lists on 30,000 projects', () => {
  const cases = [
    'member list',
    'member list total',
    'member search',
    'member archived after a cursor',
    'member all',
    'member switcher',
    'member switcher current',
    'member switcher total',
    'admin list',
    'admin search',
    'admin archived after a cursor',
    'admin all',
    'admin switcher',
    'admin switcher current',
  ];
  it.each(cases)('%s reads projects and accesses through indexes only', (name) => {
    expectIndexOnly((name.startsWith('admin') ? pagePlans : plans)[name] ?? []);
  });

  it("bounds a super admin's total by the cap instead of counting every project", () => {
    // Everything is visible to a super admin, so the planner may read the table itself, but never past the cap.
    for (const name of ['admin list total', 'admin switcher total']) {
      const types = (plans[name] ?? []).map((node) => node['Node Type']);
      expect(types.slice(0, 2), name).toEqual(['Aggregate', 'Limit']);
    }
  });

  it("walks the sort index for a super admin's page instead of sorting every project", () => {
    const indexes = (plans['admin list'] ?? []).map((node) => node['Index Name']);
    expect(indexes).toContain('projects_active_updated_idx');
    // A card's capped submission count may sort its few rows; the page itself never sorts the projects.
    const projectSorts = (plans['admin list'] ?? []).filter(
      (node) =>
        node['Node Type'] === 'Sort' && (node['Sort Key'] ?? []).some((key) => key.includes('updated_at')),
    );
    expect(projectSorts).toEqual([]);
    expect((plans['admin all'] ?? []).map((node) => node['Index Name'])).toContain('projects_updated_idx');
  });

  it("counts each card's submissions through the project index, never the whole table", () => {
    for (const name of ['member list', 'admin list', 'member all']) {
      const reads = (plans[name] ?? []).filter((node) => node['Relation Name'] === 'submissions');
      expect(reads.length, name).toBeGreaterThan(0);
      for (const read of reads) {
        expect(read['Node Type'], name).not.toBe('Seq Scan');
        // An index (only) scan names the index itself; a bitmap heap scan names it on its bitmap index scan. Any of
        // the submissions indexes led by the project id bounds the count to the project's rows (the planner picks
        // among the newest, name, votes and rating orders' indexes by their size).
        const indexes = nodes(read)
          .map((node) => node['Index Name'])
          .filter(Boolean);
        expect(indexes, name).toHaveLength(1);
        expect(indexes[0], name).toMatch(/^submissions_project_(newest|name|votes|rating)_idx$/);
      }
    }
  });

  it("finds a member's projects through the three access indexes", () => {
    const indexes = (plans['member list'] ?? []).map((node) => node['Index Name']);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'projects_owner_idx',
        'project_accesses_user_idx',
        'project_accesses_pending_email_idx',
      ]),
    );
  });
});
