import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterListQuerySchema } from '@casting/domain';
import { duplicatePairsStatement } from '../../src/modules/roster/people-duplicates';
import { rosterListQuery } from '../../src/modules/roster/people-list';
import { likelyMatchQuery } from '../../src/modules/roster/people-match';
import { rosterEntryListQuery } from '../../src/modules/roster/project-roster';
import { encodeCursor } from '../../src/platform/db/keyset';
import { collectPlans, planOf, planOfStatement, type Plan } from '../support/plans';

/**
 * Reads the plans of the roster list on 100,000 people (20,000 of them applicants of one project, with office tags)
 * and of the project roster on 20,000 entries. Written inside a transaction that is rolled back, so the other tests
 * on this database never see it.
 */
const PEOPLE = 100_000;
const IN_PROJECT = 20_000;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const TABLES = ['people', 'person_tags', 'applicants', 'roster_entries'];
const ids = {
  owner: randomUUID(),
  project: randomUUID(),
  role: randomUUID(),
  tag: randomUUID(),
  common: randomUUID(),
};
let plans: Record<string, Plan[]> = {};

beforeAll(async () => {
  plans = await collectPlans(async (tx, collected) => {
    await tx.execute(sql`
        insert into users (id, email, first_name, last_name, role_code, confirmed_at)
        values (${ids.owner}, ${`owner-${ids.owner}@example.com`}, 'Olive', 'Owner', 'CASTING_DIRECTOR', now())`);
    await tx.execute(
      sql`insert into projects (id, name, owner_id) values (${ids.project}, 'Plan project', ${ids.owner})`,
    );
    await tx.execute(
      sql`insert into roles (id, project_id, name) values (${ids.role}, ${ids.project}, 'Lead')`,
    );
    await tx.execute(sql`insert into office_tags (id, name) values (${ids.tag}, ${`Plan ${ids.tag}`})`);
    // Names made of hashes, so their trigrams are as varied as real names'.
    await tx.execute(sql`
        insert into people (id, first_name, last_name, email, search_text, date_of_birth, created_at, location, skills)
        select gen_random_uuid(), substr(md5('f' || n), 1, 8), substr(md5('l' || n), 1, 10),
          substr(md5('e' || n), 1, 12) || '@example.com',
          substr(md5('f' || n), 1, 8) || ' ' || substr(md5('l' || n), 1, 10) || ' ' || substr(md5('e' || n), 1, 12)
            || '@example.com',
          case when n % 3 = 0 then null else (date '1970-01-01' + (n % 15000)) end,
          now() - n * interval '1 second',
          -- Places and skills as varied as names (hashes); each skill is shared by 20 people.
          'Town ' || substr(md5('c' || n), 1, 9), array[substr(md5('s' || (n % 5000)), 1, 8), 'Dance']
          from generate_series(1, ${PEOPLE}) n`);
    // One rare tag (the filtered one) beside a common one, so the tag table is big enough to matter.
    await tx.execute(
      sql`insert into office_tags (id, name) values (${ids.common}, ${`Common ${ids.common}`})`,
    );
    await tx.execute(sql`
        insert into person_tags (person_id, tag_id)
        select id, case when right(id::text, 2) = 'aa' then ${ids.tag}::uuid else ${ids.common}::uuid end
        from people where right(id::text, 1) < '9' or right(id::text, 2) = 'aa'`);
    await tx.execute(sql`
        insert into applicants (id, project_id, person_id, first_name, last_name, email, search_text)
        select gen_random_uuid(), ${ids.project}, p.id, p.first_name, p.last_name, p.email, p.search_text
        from (select * from people order by id limit ${IN_PROJECT}) p`);
    await tx.execute(sql`
        insert into submissions (id, project_id, role_id, applicant_id, source)
        select gen_random_uuid(), ${ids.project}, ${ids.role}, a.id, 'ADMIN' from applicants a where a.project_id = ${ids.project}`);
    await tx.execute(sql`
        insert into roster_entries (id, project_id, submission_id, applicant_id, role_id, status, start_date, end_date, created_at)
        select gen_random_uuid(), s.project_id, s.id, s.applicant_id, s.role_id,
          (array['AVAIL_CHECK','FIRST_HOLD','SECOND_HOLD','BOOKED','RELEASED'])[1 + (row_number() over ()) % 5],
          date '2027-01-01', date '2027-01-05', now() - row_number() over () * interval '1 second'
        from submissions s where s.project_id = ${ids.project}`);
    await tx.execute(sql`analyze people, person_tags, applicants, submissions, roster_entries, roles`);

    const query = (input: Record<string, string>) => rosterListQuery(tx, rosterListQuerySchema.parse(input));
    const newestCursor = encodeCursor({
      key: new Date(Date.now() - 3_600_000).toISOString().replace('Z', '000Z'),
      id: randomUUID(),
    });
    const cases: Record<string, Record<string, string>> = {
      'by name': {},
      'by name after a cursor': {
        // Mid-list: the names are hex, so a cursor at 'm' left no row after it, and the planner, expecting none,
        // could as well scan and sort nothing; half the people after the cursor is the case the index must serve.
        cursor: Buffer.from(JSON.stringify(['8', '8', randomUUID()])).toString('base64url'),
      },
      newest: { sort: 'newest' },
      'newest after a cursor': { sort: 'newest', cursor: newestCursor },
      search: { q: md5('l2999').slice(0, 7) },
      'office tag': { tagId: ids.tag },
      'applied to a project': { projectId: ids.project },
      'age range': { 'age[min]': '20', 'age[max]': '40' },
      location: { location: md5('c2999').slice(0, 6).toUpperCase() },
      // Any case: the people's skills are lower-case hashes, the filter asks in capitals.
      skill: { skill: md5('s123').slice(0, 8).toUpperCase() },
    };
    for (const [name, input] of Object.entries(cases)) collected[name] = await planOf(tx, query(input));
    // The duplicate check by folded names and date of birth: one person coming in, and the office's pairs.
    collected['likely duplicates of a person'] = await planOf(
      tx,
      likelyMatchQuery(tx, { firstName: 'Ánna', lastName: 'Plan', dateOfBirth: '1990-05-05' }),
    );
    collected['likely duplicate pairs'] = await planOfStatement(tx, duplicatePairsStatement(50));
    collected['project roster'] = await planOf(tx, rosterEntryListQuery(tx, ids.project, { limit: 50 }));
    collected['project roster by status after a cursor'] = await planOf(
      tx,
      rosterEntryListQuery(tx, ids.project, { limit: 50, status: 'BOOKED', cursor: newestCursor }),
    );
  });
}, 600_000);
afterAll(() => {
  plans = {};
});

describe('the plans of the roster on 100,000 people', () => {
  it.each([
    'by name',
    'by name after a cursor',
    'newest',
    'newest after a cursor',
    'search',
    'office tag',
    'applied to a project',
    'age range',
    'location',
    'skill',
    'likely duplicates of a person',
    'likely duplicate pairs',
    'project roster',
    'project roster by status after a cursor',
  ])('%s reads the roster tables through indexes only', (name) => {
    const scans = (plans[name] ?? []).filter((node) => TABLES.includes(node['Relation Name'] ?? ''));
    expect(scans.length, name).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
  });

  it.each([
    ['by name', 'people_name_idx'],
    ['by name after a cursor', 'people_name_idx'],
    ['newest', 'people_newest_idx'],
    ['newest after a cursor', 'people_newest_idx'],
    ['search', 'people_search_trgm_idx'],
    ['location', 'people_location_trgm_idx'],
    ['skill', 'people_skills_lower_idx'],
    ['likely duplicates of a person', 'people_identity_idx'],
    ['likely duplicate pairs', 'people_identity_idx'],
    ['project roster', 'roster_entries_project_newest_idx'],
    ['project roster by status after a cursor', 'roster_entries_project_status_idx'],
  ])('%s uses %s', (name, index) => {
    expect((plans[name] ?? []).map((node) => node['Index Name'])).toContain(index);
  });

  it('walks the sort index rather than sorting 100,000 people', () => {
    for (const name of [
      'by name',
      'by name after a cursor',
      'newest',
      'newest after a cursor',
      'project roster',
    ]) {
      expect(
        (plans[name] ?? []).map((node) => node['Node Type']),
        name,
      ).not.toContain('Sort');
    }
  });
});
