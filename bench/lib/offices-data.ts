import { sql } from 'drizzle-orm';
import { runAsOwner } from '../../apps/api/src/platform/db/scope';
import { applicantListQuerySchema } from '@casting/domain';
import { firstOfficeId } from '../../apps/api/src/bootstrap/first-office';
import type { Database, Db } from '../../apps/api/src/platform/db/client';
import { hashPassword } from '../../apps/api/src/platform/crypto/password';
import { applicantListQuery } from '../../apps/api/src/modules/candidates/services/applicant-list';
import { MEMBER } from './data';

/** Every bench account signs in with this password. */
const PASSWORD = MEMBER.password;

/** A bench account: signs in with `PASSWORD`. */
export interface BenchAccount {
  email: string;
  password: string;
}

/** A measured candidates page: the API's URL and the SQL its list query runs for it (for the bare handler). */
export interface OfficeCase {
  url: string;
  sql: string;
  params: unknown[];
}

export interface OfficeInstallation {
  /** The office measured (the first): its id, the director who owns its candidates project, and the pages. */
  officeId: string;
  director: BenchAccount;
  cases: Record<string, OfficeCase>;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const directorOf = (office: number): BenchAccount => ({
  email: `bench-director-${office}@example.com`,
  password: PASSWORD,
});

/**
 * `offices` offices of `perOffice` candidates each: each office has a casting director (its member) who owns one
 * project with a Lead opportunity, and `perOffice` applicants each submitted once with the director's vote. The
 * first office is the installation's own (the API's first start made it); the others are created here. Everything by
 * `generate_series` as the owner, each row naming its office, then VACUUM (ANALYZE).
 */
export async function loadOfficeInstallation(
  database: Database,
  offices: number,
  perOffice: number,
): Promise<OfficeInstallation> {
  const first = await firstOfficeId(database.db);
  const db = database.scopedDb({ owner: true, officeId: first });
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(sql`update offices set name = 'Bench office 1' where id = ${first}`);
  await db.execute(sql`
    insert into offices (id, name, created_at)
    select gen_random_uuid(), 'Bench office ' || n, now() + n * interval '1 second' from generate_series(2, ${offices}) n`);
  // Office n is the one named 'Bench office n'; its director is bench-director-n.
  const numbered = sql`(select id as office_id, substring(name from 14)::int as n from offices where name like 'Bench office %')`;
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, role_code, password_hash, confirmed_at)
    select gen_random_uuid(), 'bench-director-' || n || '@example.com', 'Dana', 'Director ' || n, 'CASTING_DIRECTOR',
      ${passwordHash}, now()
    from generate_series(1, ${offices}) n`);
  await db.execute(sql`
    insert into office_members (office_id, user_id, role)
    select o.office_id, u.id, 'CASTING_DIRECTOR' from ${numbered} o
    join users u on u.email = 'bench-director-' || o.n || '@example.com'`);
  await db.execute(sql`
    insert into projects (id, office_id, name, owner_id, project_type_id)
    select gen_random_uuid(), m.office_id, 'Bench candidates', m.user_id,
      (select id from lookup_values where lookup = 'project-types' order by name limit 1)
    from office_members m join users u on u.id = m.user_id where u.email like 'bench-director-%'`);
  await db.execute(sql`
    insert into project_accesses (id, office_id, project_id, user_id, email, scope, invited_by_id, accepted_at)
    select gen_random_uuid(), p.office_id, p.id, p.owner_id, u.email, 'PROJECT_OWNER', p.owner_id, now()
    from projects p join users u on u.id = p.owner_id where p.name = 'Bench candidates'`);
  await db.execute(sql`
    insert into roles (id, office_id, project_id, name)
    select gen_random_uuid(), p.office_id, p.id, 'Lead' from projects p where p.name = 'Bench candidates'`);
  await loadCandidatesOfEveryOffice(db, perOffice);
  await settle(database, db);
  return officeCases(db, first, directorOf(1));
}

/** `perOffice` applicants in each office's bench project, each submitted once to its Lead, with the owner's vote. */
async function loadCandidatesOfEveryOffice(db: Db, perOffice: number): Promise<void> {
  await db.execute(sql`
    insert into applicants (id, office_id, project_id, first_name, last_name, email, search_text)
    select gen_random_uuid(), p.office_id, p.id, f, l, e, lower(f || ' ' || l || ' ' || e)
    from projects p cross join lateral (
      select f, l, lower(f || '.' || l || '.' || n || '@example.com') as e from (
        select n, (array['Ada','Ben','Chloe','Dara','Elena','Felix','Grace','Isaac','Julia','Marta'])[1 + h % 10] as f,
          (array['Baker','Chen','Garcia','Kim','Martinez','Nguyen','Okafor','Rossi','Smith','Tanaka'])[1 + h / 10 % 10]
            as l
        from (select n, hashtext(p.id::text || n) & 2147483647 as h from generate_series(1, ${perOffice}) n) hashed
      ) named
    ) person
    where p.name = 'Bench candidates'`);
  await db.execute(sql`
    insert into submissions (id, office_id, project_id, role_id, applicant_id, source, created_at)
    select gen_random_uuid(), a.office_id, a.project_id, r.id, a.id, 'SUBMISSION_LINK',
      now() - row_number() over (partition by a.project_id) * interval '37 seconds'
    from applicants a join roles r on r.project_id = a.project_id and r.name = 'Lead'`);
  await db.execute(sql`
    insert into votes (submission_id, user_id, office_id, project_id, vote)
    select s.id, p.owner_id, s.office_id, s.project_id, case when hashtext(s.id::text) % 3 = 0 then 'UP_VOTE' else 'MAYBE' end
    from submissions s join projects p on p.id = s.project_id where p.name = 'Bench candidates'`);
}

/**
 * In the first office, `projects` projects owned by one director: `everything` (a casting director) is on the team
 * of every one of them, `some` on one in `share`, as access rows the API writes when a team is invited.
 */
export async function loadOfficeProjects(
  database: Database,
  projects: number,
  share: number,
): Promise<{ everything: BenchAccount; some: BenchAccount }> {
  const first = await firstOfficeId(database.db);
  const db = database.scopedDb({ owner: true, officeId: first });
  const passwordHash = await hashPassword(PASSWORD);
  const everything = { email: 'bench-sees-all@example.com', password: PASSWORD };
  const some = { email: 'bench-sees-some@example.com', password: PASSWORD };
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, role_code, password_hash, confirmed_at) values
      (gen_random_uuid(), ${everything.email}, 'Ava', 'Everything', 'CASTING_DIRECTOR', ${passwordHash}, now()),
      (gen_random_uuid(), ${some.email}, 'Sol', 'Some', 'CASTING_DIRECTOR', ${passwordHash}, now())`);
  await db.execute(sql`
    insert into office_members (office_id, user_id, role)
    select ${first}, id, 'CASTING_DIRECTOR' from users where email in (${everything.email}, ${some.email})`);
  await db.execute(sql`
    insert into projects (id, name, owner_id, project_type_id, created_at, updated_at, archived_at)
    select gen_random_uuid(), 'Bench project ' || n, (select id from users where email = ${directorOf(1).email}),
      (select id from lookup_values where lookup = 'project-types' order by name limit 1),
      now() - n * interval '1 minute', now() - n * interval '1 minute',
      case when n % 10 = 5 then now() else null end
    from generate_series(1, ${projects}) n`);
  await db.execute(sql`
    insert into project_accesses (id, project_id, user_id, email, scope, invited_by_id, accepted_at)
    select gen_random_uuid(), p.id, u.id, u.email, 'PROJECT_EDITOR', p.owner_id, now()
    from projects p cross join users u
    where p.name like 'Bench project %'
      and (u.email = ${everything.email} or (u.email = ${some.email} and substring(p.name from 15)::int % ${share} = 0))`);
  await settle(database, db);
  return { everything, some };
}

async function settle(database: Database, db: Db): Promise<void> {
  // As the owner: the application's role may not vacuum the tables it does not own.
  if (database.pglite) await runAsOwner(() => database.pglite!.exec('VACUUM (ANALYZE)'));
  else await db.execute(sql`vacuum (analyze)`);
}

/** The measured pages of the first office's bench project: newest first, and a name search. */
async function officeCases(db: Db, officeId: string, director: BenchAccount): Promise<OfficeInstallation> {
  const [found] = rowsOf<{ project: string; lead: string; member: string }>(
    await db.execute(sql`
      select p.id as project, r.id as lead, p.owner_id as member from projects p
      join roles r on r.project_id = p.id and r.name = 'Lead'
      where p.office_id = ${officeId} and p.name = 'Bench candidates' limit 1`),
  );
  if (!found) throw new Error('no bench candidates project in the first office');
  const inputs: Record<string, Record<string, string>> = {
    'newest, first page': { limit: '50', roleId: found.lead },
    'searched "mart", first page': { limit: '50', roleId: found.lead, nameOrEmail: 'mart' },
  };
  const cases: Record<string, OfficeCase> = {};
  for (const [name, input] of Object.entries(inputs)) {
    const built = await applicantListQuery(
      db,
      found.project,
      found.member,
      'PO',
      applicantListQuerySchema.parse(input),
    );
    const { sql: text, params } = built.page.toSQL();
    cases[name] = {
      url: `/api/projects/${found.project}/applicants?${new URLSearchParams(input).toString()}`,
      sql: text,
      params,
    };
  }
  return { officeId, director, cases };
}
