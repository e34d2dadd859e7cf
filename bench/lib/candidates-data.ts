import { sql } from 'drizzle-orm';
import { runAsOwner } from '../../apps/api/src/platform/db/scope';
import { applicantListQuerySchema } from '@casting/domain';
import type { Database } from '../../apps/api/src/platform/db/client';
import { hashPassword } from '../../apps/api/src/platform/crypto/password';
import { applicantListQuery } from '../../apps/api/src/modules/candidates/services/applicant-list';
import { firstOfficeOwner, joinFirstOffice, MEMBER } from './data';

/** Team members who vote on every candidate: CANDIDATES × VOTERS votes. */
const VOTERS = 10;
/** Tags of the project, and how many each person carries: CANDIDATES × TAGS_PER_PERSON tag links. */
const TAGS = 50;
const TAGS_PER_PERSON = 10;

const FIRST_NAMES = [
  'Ada',
  'Aiden',
  'Amara',
  'Ana',
  'Ben',
  'Bianca',
  'Carlos',
  'Chloe',
  'Daniel',
  'Dara',
  'Elena',
  'Emeka',
  'Farah',
  'Felix',
  'Grace',
  'Hana',
  'Isaac',
  'Ivy',
  'Jamal',
  'Julia',
  'Kai',
  'Keiko',
  'Liam',
  'Lucia',
  'Marta',
  'Martin',
  'Maya',
  'Noah',
  'Nadia',
  'Omar',
  'Olivia',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Sofia',
  'Theo',
  'Uma',
  'Victor',
  'Zoe',
];
const LAST_NAMES = [
  'Abara',
  'Alvarez',
  'Andersen',
  'Baker',
  'Bianchi',
  'Brown',
  'Chen',
  'Cohen',
  'Costa',
  'Dubois',
  'Edwards',
  'Evans',
  'Fischer',
  'Garcia',
  'Gonzalez',
  'Haddad',
  'Hansen',
  'Ito',
  'Jensen',
  'Johnson',
  'Kim',
  'Kowalski',
  'Lopez',
  'Martinez',
  'Moreau',
  'Muller',
  'Nakamura',
  'Nguyen',
  'Novak',
  'Okafor',
  'Olsen',
  'Patel',
  'Perez',
  'Quinn',
  'Rossi',
  'Russo',
  'Santos',
  'Schmidt',
  'Silva',
  'Singh',
  'Smith',
  'Sorensen',
  'Tanaka',
  'Taylor',
  'Thomas',
  'Torres',
  'Usman',
  'Vargas',
  'Walker',
  'Weber',
  'White',
  'Williams',
  'Wilson',
  'Xu',
  'Yamamoto',
  'Young',
  'Zhang',
  'Ziegler',
  'Zimmer',
  'Zuniga',
];
const textArray = (values: readonly string[]) => `{${values.join(',')}}`;

export interface CandidatesData {
  projectId: string;
  memberId: string;
  /** The measured requests, by case: the API's URL and the SQL its list query runs (for the bare handler). */
  cases: Record<string, { url: string; sql: string; params: unknown[] }>;
}

/** Rows of `db.execute` on either driver. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * One project of `size` candidates (applicants, each submitted once; 80 % to the lead opportunity), VOTERS votes each
 * (size × 10 votes), TAGS_PER_PERSON tags each (size × 10 tag links), a fifth of the lead's candidates in a
 * shortlist folder. Attributes come from independent hashes (modulo patterns would correlate filters and empty
 * the pages). Everything by `generate_series`, then VACUUM (ANALYZE). The member (a casting director) owns it.
 */
export async function loadCandidates(database: Database, size: number): Promise<CandidatesData> {
  const db = await firstOfficeOwner(database);
  const passwordHash = await hashPassword(MEMBER.password);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, role_code, password_hash, confirmed_at)
    values (gen_random_uuid(), ${MEMBER.email}, 'Mel', 'Member', 'CASTING_DIRECTOR', ${passwordHash}, now())`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, role_code, confirmed_at)
    select gen_random_uuid(), 'bench-voter-' || n || '@example.com', 'Voter', 'Number ' || n, 'CASTING_ASSISTANT', now()
    from generate_series(1, ${VOTERS - 1}) n`);
  const [member] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email = ${MEMBER.email}`),
  );
  const memberId = member!.id;
  await joinFirstOffice(db, [memberId]);
  const [ids] = rowsOf<{ project: string; lead: string; support: string; folder: string }>(
    await db.execute(
      sql`select gen_random_uuid() as project, gen_random_uuid() as lead, gen_random_uuid() as support,
        gen_random_uuid() as folder`,
    ),
  );
  const { project, lead, support, folder } = ids!;
  await db.execute(sql`
    insert into projects (id, name, owner_id, project_type_id)
    values (${project}, 'Bench candidates', ${memberId},
      (select id from lookup_values where lookup = 'project-types' order by name limit 1))`);
  await db.execute(sql`
    insert into project_accesses (id, project_id, user_id, email, scope, invited_by_id, accepted_at)
    select gen_random_uuid(), ${project}, u.id, u.email,
      case when u.id = ${memberId} then 'PROJECT_OWNER' else 'PROJECT_EDITOR' end, ${memberId}, now()
    from users u where u.email = ${MEMBER.email} or u.email like 'bench-voter-%'`);
  await db.execute(sql`
    insert into roles (id, project_id, name) values (${lead}, ${project}, 'Lead'), (${support}, ${project}, 'Support')`);
  await db.execute(
    sql`insert into folders (id, project_id, role_id, name) values (${folder}, ${project}, ${lead}, 'Shortlist')`,
  );
  await db.execute(sql`
    insert into tags (id, project_id, name)
    select gen_random_uuid(), ${project}, 'Tag ' || lpad(n::text, 2, '0') from generate_series(1, ${TAGS}) n`);

  await db.execute(sql`
    insert into applicants (id, project_id, first_name, last_name, email, search_text, date_of_birth,
      playing_age_min, playing_age_max, gender_id)
    select gen_random_uuid(), ${project}, f, l, e, lower(f || ' ' || l || ' ' || e),
      case when h % 5 = 0 then null else date '1950-01-01' + (h / 7 % 25000) end,
      case when h % 5 = 0 and h % 2 = 0 then 18 + h / 3 % 30 else null end,
      case when h % 5 = 0 and h % 2 = 0 then 25 + h / 3 % 30 else null end,
      case when h % 11 = 0 then null
        else (select id from lookup_values where lookup = 'role-genders' order by position, name
          offset (h / 13 % 3) limit 1) end
    from (
      select n, h, f, l, lower(f || '.' || l || '.' || n || '@example.com') as e from (
        select n, h, (${textArray(FIRST_NAMES)}::text[])[1 + h % ${FIRST_NAMES.length}] as f,
          (${textArray(LAST_NAMES)}::text[])[1 + (h / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as l
        from (select n, (hashtext('person ' || n) & 2147483647) as h from generate_series(1, ${size}) n) numbered
      ) named
    ) people`);
  await db.execute(sql`
    insert into submissions (id, project_id, role_id, applicant_id, source, created_at)
    select gen_random_uuid(), ${project}, case when (hashtext('role ' || a.id) & 2147483647) % 5 = 0 then ${support}::uuid else ${lead}::uuid end,
      a.id, 'SUBMISSION_LINK', now() - row_number() over () * interval '37 seconds'
    from applicants a where a.project_id = ${project}`);
  await db.execute(sql`
    insert into votes (submission_id, user_id, project_id, vote)
    select s.id, u.id, ${project},
      case (hashtext(s.id::text || u.id::text) & 2147483647) % 10 when 0 then 'UP_VOTE' when 1 then 'UP_VOTE'
        when 2 then 'UP_VOTE' when 3 then 'UP_VOTE' when 4 then 'DOWN_VOTE' when 5 then 'DOWN_VOTE'
        when 6 then 'DOWN_VOTE' else 'MAYBE' end
    from submissions s cross join (select id from users where email = ${MEMBER.email}
      or email like 'bench-voter-%') u
    where s.project_id = ${project}`);
  await db.execute(sql`
    insert into applicant_tags (applicant_id, tag_id, project_id)
    select a.id, t.ids[1 + (a.n + k * 5) % ${TAGS}], ${project}
    from (select id, (hashtext('tags ' || id) & 2147483647) as n from applicants where project_id = ${project}) a
    cross join generate_series(0, ${TAGS_PER_PERSON - 1}) k
    cross join (select array_agg(id order by name) as ids from tags where project_id = ${project}) t`);
  await db.execute(sql`
    insert into folder_memberships (folder_id, submission_id, project_id, position)
    select ${folder}, s.id, ${project}, row_number() over (order by s.id)
    from submissions s where s.role_id = ${lead} and right(s.id::text, 1) in ('0', '1')`);
  // As the owner: the application's role may not vacuum the tables it does not own.
  if (database.pglite) await runAsOwner(() => database.pglite!.exec('VACUUM (ANALYZE)'));
  else await db.execute(sql`vacuum (analyze)`);
  return candidateCases(database, size);
}

/**
 * The measured requests on a loaded bench project (just loaded, or kept from an earlier run by `--keep`): their URLs
 * and the SQL the API's list query runs for each.
 */
export async function candidateCases(database: Database, size: number): Promise<CandidatesData> {
  const db = await firstOfficeOwner(database);
  const [found] = rowsOf<{ project: string; lead: string; member: string }>(
    await db.execute(sql`
      select p.id as project, r.id as lead, u.id as member from projects p
      join roles r on r.project_id = p.id and r.name = 'Lead' join users u on u.email = ${MEMBER.email}
      where p.name = 'Bench candidates' limit 1`),
  );
  if (!found) throw new Error('no bench candidates project in this database');
  const { project, lead, member: memberId } = found;
  const [tags] = rowsOf<{ first: string; second: string }>(
    await db.execute(sql`
      select (array_agg(id order by name))[1] as first, (array_agg(id order by name))[2] as second
      from tags where project_id = ${project}`),
  );
  const [gender] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from lookup_values where lookup = 'role-genders' order by position, name limit 1`,
    ),
  );
  // "Deep": a cursor 1,000 pages of 50 into the whole project's newest-first order (half-way on a smaller load).
  const [deep] = rowsOf<{ key: string; id: string }>(
    await db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id::text as id
      from submissions where project_id = ${project} order by created_at desc, id desc offset ${Math.min(50_000, Math.floor(size / 2))} limit 1`),
  );
  const cursor = Buffer.from(JSON.stringify([deep!.key, deep!.id]), 'utf8').toString('base64url');
  const searched = {
    limit: '50',
    roleId: lead,
    nameOrEmail: 'mart',
    'age[min]': '20',
    'age[max]': '50',
    'tags[in]': tags!.first,
  };
  const filtered = {
    limit: '50',
    roleId: lead,
    gender: gender!.id,
    'age[min]': '25',
    'age[max]': '45',
    missingAge: 'EXCLUDE',
    'tags[in]': tags!.first,
    'tags[notIn]': tags!.second,
    feedback: 'YES',
  };
  const inputs: Record<string, Record<string, string>> = {
    'searched + filtered, first page': searched,
    'searched + filtered, 1,000 pages in': { ...searched, cursor },
    'filtered (no search), 1,000 pages in': { ...filtered, cursor },
    'sort=name, filtered, first page': { ...filtered, sort: 'name' },
  };
  const cases: CandidatesData['cases'] = {};
  for (const [name, input] of Object.entries(inputs)) {
    const built = await applicantListQuery(
      db,
      project,
      memberId,
      'PO',
      applicantListQuerySchema.parse(input),
    );
    // The filter's own checks (its tags and feedback providers belong to the project) run as the query is built;
    // awaited here, so none is still running when the loader closes the database.
    await built.checks;
    const { sql: text, params } = built.page.toSQL();
    cases[name] = {
      url: `/api/projects/${project}/applicants?${new URLSearchParams(input).toString()}`,
      sql: text,
      params,
    };
  }
  return { projectId: project, memberId, cases };
}
