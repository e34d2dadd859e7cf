import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantListQuerySchema } from '@casting/domain';
import { applicantListQuery } from '../../src/modules/candidates/services/applicant-list';
import { collectPlans, planOf, type Plan } from '../support/plans';

/**
 * The plans of the candidates list sorted and filtered by rating and by the richer filters, on enough rows that a plan
 * without the right index would scan: 20,000 candidates in the project under test and 5,000 in another, a quarter of
 * them rated, each with a height, a union, skills and languages, most with coordinates. Written in a transaction that is
 * rolled back.
 */
const CANDIDATES = 20_000;
const TABLES = ['submissions', 'applicants', 'ratings', 'candidate_traits'];
const ids = {
  owner: randomUUID(),
  project: randomUUID(),
  other: randomUUID(),
  role: randomUUID(),
  otherRole: randomUUID(),
};
const UNIONS = [randomUUID(), randomUUID(), randomUUID()];
let plans: Record<string, Plan[]> = {};

beforeAll(async () => {
  plans = await collectPlans(async (tx, collected) => {
    await tx.execute(sql`
        insert into users (id, email, first_name, last_name, role_code, confirmed_at)
        values (${ids.owner}, ${`owner-${ids.owner}@example.com`}, 'Rita', 'Rater', 'CASTING_DIRECTOR', now())`);
    await tx.execute(sql`
        insert into projects (id, name, owner_id) values
          (${ids.project}, 'Rated project', ${ids.owner}), (${ids.other}, 'Other project', ${ids.owner})`);
    await tx.execute(sql`
        insert into roles (id, project_id, name) values (${ids.role}, ${ids.project}, 'Lead'),
          (${ids.otherRole}, ${ids.other}, 'Other')`);
    // The traits and the rating aggregate are written below in one statement each rather than row by row by their
    // triggers (the same rows, in a fraction of the time).
    await tx.execute(sql`alter table applicants disable trigger applicants_traits`);
    await tx.execute(sql`alter table ratings disable trigger ratings_aggregate`);
    // Heights from 150 to 199 cm, one of three unions, a skill of twenty and a language of ten, and coordinates spread
    // over the United States (the trigger writes the traits).
    await tx.execute(sql`
        insert into applicants (id, project_id, first_name, last_name, search_text, sizes, union_ids, skills, languages,
          latitude, longitude)
        select gen_random_uuid(), case when n <= ${CANDIDATES} then ${ids.project}::uuid else ${ids.other}::uuid end,
          'F' || n, 'L' || n, 'f' || n || ' l' || n, jsonb_build_object('height', (150 + n % 50) || ' cm'),
          array[(array[${UNIONS[0]}::uuid, ${UNIONS[1]}::uuid, ${UNIONS[2]}::uuid])[1 + n % 3]],
          array['skill ' || (n % 20)], array['language ' || (n % 10)],
          case when n % 5 = 0 then null else 25 + (n % 2400) / 100.0 end,
          case when n % 5 = 0 then null else -124 + (n % 5700) / 100.0 end
        from generate_series(1, ${CANDIDATES + 5_000}) n`);
    await tx.execute(sql`
        insert into submissions (id, project_id, role_id, applicant_id, source, created_at)
        select gen_random_uuid(), a.project_id,
          case when a.project_id = ${ids.project}::uuid then ${ids.role}::uuid else ${ids.otherRole}::uuid end,
          a.id, 'ADMIN', now() - row_number() over () * interval '1 second'
        from applicants a where a.project_id in (${ids.project}, ${ids.other})`);
    await tx.execute(sql`
        insert into ratings (project_id, role_id, submission_id, user_id, score)
        select s.project_id, s.role_id, s.id, ${ids.owner}, 1 + abs(hashtext(s.id::text)) % 5
        from submissions s where s.project_id in (${ids.project}, ${ids.other}) and right(s.id::text, 1) in ('0', '1', '2', '3')`);
    await tx.execute(sql`
        insert into candidate_traits (applicant_id, project_id, kind, value, amount)
        select a.id, a.project_id, t.kind, t.value, t.amount from applicants a cross join lateral (
          select 'UNION' as kind, a.union_ids[1]::text as value, null::int as amount
          union all select 'SKILL', a.skills[1], null union all select 'LANGUAGE', a.languages[1], null
          union all select 'HEIGHT', '', candidate_height_cm(a.sizes->>'height')) t
        where a.project_id in (${ids.project}, ${ids.other})`);
    await tx.execute(sql`
        update submissions s set rating_count = 1, rating_sum = r.score, rating_average = r.score * 1000
        from ratings r where r.submission_id = s.id and r.project_id in (${ids.project}, ${ids.other})`);
    await tx.execute(sql`set local default_statistics_target = 1000`);
    await tx.execute(sql`analyze applicants, submissions, ratings, candidate_traits`);

    const query = (input: Record<string, string | string[]>) =>
      applicantListQuery(tx, ids.project, ids.owner, 'PO', applicantListQuerySchema.parse(input));
    const cursor = Buffer.from(
      JSON.stringify(['rating', 3000, new Date().toISOString().replace('Z', '000Z'), randomUUID()]),
    ).toString('base64url');
    const cases: Record<string, Record<string, string | string[]>> = {
      'by rating': { sort: 'rating' },
      'by rating in an opportunity after a cursor': { sort: 'rating', roleId: ids.role, cursor },
      'minimum rating by rating': { sort: 'rating', 'rating[min]': '4' },
      'minimum rating, newest first': { 'rating[min]': '3.5' },
      height: { 'height[min]': '170', 'height[max]': '180' },
      union: { union: UNIONS[0]!, roleId: ids.role },
      skills: { skills: ['skill 3', 'skill 4'] },
      languages: { languages: 'language 7', sort: 'name' },
      'ethnic appearance': { ethnicAppearance: randomUUID() },
      distance: { 'near[lat]': '40.7', 'near[lng]': '-74', 'near[miles]': '25' },
    };
    for (const [name, input] of Object.entries(cases))
      collected[name] = await planOf(tx, (await query(input)).page);
  });
}, 300_000);
afterAll(() => {
  plans = {};
});

describe('the plans of the candidates list by rating and by the richer filters on 20,000 candidates', () => {
  it.each([
    'by rating',
    'by rating in an opportunity after a cursor',
    'minimum rating by rating',
    'minimum rating, newest first',
    'height',
    'union',
    'skills',
    'languages',
    'ethnic appearance',
    'distance',
  ])('%s reads the candidate tables through indexes only', (name) => {
    const scans = (plans[name] ?? []).filter((node) => TABLES.includes(node['Relation Name'] ?? ''));
    expect(scans.length, name).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
  });

  it.each([
    ['by rating', /^submissions_project_rating_idx$/],
    ['by rating in an opportunity after a cursor', /^submissions_(role|project)_rating_idx$/],
    ['minimum rating by rating', /^submissions_(role|project)_rating_idx$/],
  ])('%s walks %s instead of sorting', (name, index) => {
    const nodesOf = plans[name] ?? [];
    expect(
      nodesOf.some((node) => index.test(node['Index Name'] ?? '')),
      JSON.stringify(nodesOf.map((node) => node['Index Name'])),
    ).toBe(true);
    expect(
      nodesOf.map((node) => node['Node Type']),
      name,
    ).not.toContain('Sort');
  });

  it('probes the candidate traits by their key for the filters on traits', () => {
    for (const name of ['height', 'union', 'skills', 'languages', 'ethnic appearance']) {
      const indexes = (plans[name] ?? []).map((node) => node['Index Name'] ?? '');
      expect(
        indexes.some((index) => index.startsWith('candidate_traits_')),
        `${name}: ${JSON.stringify(indexes)}`,
      ).toBe(true);
    }
  });
});
