import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantListQuerySchema } from '@casting/domain';
import { applicantListQuery } from '../../src/modules/candidates/services/applicant-list';
import { encodeCursor } from '../../src/platform/db/keyset';
import { collectPlans, planOf, type Plan } from '../support/plans';

/**
 * Reads the plans of the applicants list on enough rows that a plan without the right index would scan: 30,000
 * candidates in the project under test, 10,000 in another, votes, tags and folder places. Everything is written inside
 * a transaction that is rolled back, so the other tests on this database never see it.
 */
const CANDIDATES = 30_000;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const TABLES = [
  'submissions',
  'applicants',
  'folder_memberships',
  'votes',
  'applicant_tags',
  'client_feedback',
  'self_tape_recipients',
];
const ids = {
  owner: randomUUID(),
  project: randomUUID(),
  other: randomUUID(),
  role: randomUUID(),
  folder: randomUUID(),
  link: randomUUID(),
  selfTapes: randomUUID(),
};
const tagId = randomUUID();
let plans: Record<string, Plan[]> = {};

beforeAll(async () => {
  plans = await collectPlans(async (tx, collected) => {
    await tx.execute(sql`
        insert into users (id, email, first_name, last_name, role_code, confirmed_at)
        values (${ids.owner}, ${`owner-${ids.owner}@example.com`}, 'Olive', 'Owner', 'CASTING_DIRECTOR', now())`);
    await tx.execute(sql`
        insert into projects (id, name, owner_id) values
          (${ids.project}, 'Plan project', ${ids.owner}), (${ids.other}, 'Other project', ${ids.owner})`);
    await tx.execute(sql`
        insert into roles (id, project_id, name) values (${ids.role}, ${ids.project}, 'Lead'),
          (gen_random_uuid(), ${ids.project}, 'Second')`);
    await tx.execute(sql`
        insert into folders (id, project_id, role_id, name) values (${ids.folder}, ${ids.project}, ${ids.role}, 'Picks')`);
    await tx.execute(sql`insert into tags (id, project_id, name) values (${tagId}, ${ids.project}, 'Lead')`);
    await tx.execute(sql`
        insert into applicants (id, project_id, first_name, last_name, email, search_text, date_of_birth)
        select gen_random_uuid(), case when n <= ${CANDIDATES} then ${ids.project}::uuid else ${ids.other}::uuid end,
          substr(md5('f' || n), 1, 8), substr(md5('l' || n), 1, 10), substr(md5('e' || n), 1, 12) || '@example.com',
          substr(md5('f' || n), 1, 8) || ' ' || substr(md5('l' || n), 1, 10) || ' ' || substr(md5('e' || n), 1, 12)
            || '@example.com',
          case when n % 3 = 0 then null else (date '1970-01-01' + (n % 15000)) end
        from generate_series(1, ${CANDIDATES + 10_000}) n`);
    await tx.execute(sql`
        insert into submissions (id, project_id, role_id, applicant_id, source, created_at)
        select gen_random_uuid(), a.project_id,
          case when a.project_id = ${ids.project}::uuid then ${ids.role}::uuid
            else (select id from roles where project_id = ${ids.project} and name = 'Second') end,
          a.id, 'ADMIN', now() - row_number() over () * interval '1 second'
        from applicants a where a.project_id in (${ids.project}, ${ids.other})`);
    await tx.execute(sql`
        insert into folder_memberships (folder_id, submission_id, project_id, position)
        select ${ids.folder}, s.id, s.project_id, row_number() over ()
        from submissions s where s.project_id = ${ids.project} and s.role_id = ${ids.role}
          and right(s.id::text, 1) in ('0', '1')`);
    await tx.execute(sql`
        insert into votes (submission_id, user_id, project_id, vote)
        select s.id, ${ids.owner}, s.project_id, case when right(s.id::text, 1) < '8' then 'UP_VOTE' else 'MAYBE' end
        from submissions s where s.project_id = ${ids.project}`);
    await tx.execute(sql`
        insert into applicant_tags (applicant_id, tag_id, project_id)
        select a.id, ${tagId}, a.project_id from applicants a
        where a.project_id = ${ids.project} and right(a.id::text, 1) = 'a'`);
    // Two clients of one link answered on a tenth of the candidates each.
    await tx.execute(sql`
        insert into client_links (id, project_id, token_digest, title, settings)
        values (${ids.link}, ${ids.project}, ${md5(ids.link)}, 'Plan link', '{}'::jsonb)`);
    await tx.execute(sql`
        insert into client_link_viewers (id, link_id, project_id, name, email)
        select gen_random_uuid(), ${ids.link}, ${ids.project}, 'Viewer ' || n, 'viewer' || n || '@example.com'
        from generate_series(1, 2) n`);
    await tx.execute(sql`
        insert into client_feedback (viewer_id, submission_id, link_id, project_id, vote, comment)
        select w.id, s.id, ${ids.link}, s.project_id, case when right(s.id::text, 1) < '8' then 'YES' else 'NO' end,
          case when right(s.id::text, 1) = '0' then 'Good' end
        from submissions s cross join client_link_viewers w
        where s.project_id = ${ids.project} and w.link_id = ${ids.link} and right(s.id::text, 2) < '1a'`);
    // A self-tape request to a tenth of the opportunity's candidates, half of them submitted.
    await tx.execute(sql`
        insert into self_tape_requests (id, project_id, role_id, title, instructions, sides, takes, accepted_kinds,
          slate_instructions, deadline, time_zone, preset, late_policy, reminder_hours, send_to_talent,
          idempotency_key, selection, warnings)
        values (${ids.selfTapes}, ${ids.project}, ${ids.role}, 'Plan tapes', '', '[]', 1, '{video}', '',
          now() + interval '5 days', 'UTC', 'NONE', 'ACCEPT_LATE', '{}', false, ${ids.selfTapes}, '{}', '[]')`);
    await tx.execute(sql`
        insert into self_tape_recipients (id, request_id, submission_id, applicant_id, kind, name, email, secret_hash,
          status, deadline)
        select gen_random_uuid(), ${ids.selfTapes}, s.id, s.applicant_id, 'TALENT', 'Plan', s.id || '@example.com', md5(s.id::text),
          case when right(s.id::text, 1) < '8' then 'SUBMITTED' else 'OPENED' end, now() + interval '5 days'
        from submissions s where s.project_id = ${ids.project} and right(s.id::text, 1) in ('2', '9')`);
    // Statistics from every row rather than a random sample of 30,000: with a sample, a plan near a tie (the
    // For Review exclusion after a cursor) flipped between runs; the plans checked here are those of exact stats.
    await tx.execute(sql`set local default_statistics_target = 1000`);
    await tx.execute(
      sql`analyze applicants, submissions, folder_memberships, votes, applicant_tags, client_feedback, self_tape_recipients`,
    );
    // Rows written in this transaction wait in the trigram index's pending list, which the planner prices as a scan
    // of the list; autovacuum empties it in a live database, so the plans are read as they would be there.
    await tx.execute(sql`select gin_clean_pending_list('submissions_search_trgm_idx'::regclass)`);

    const query = (input: Record<string, string | string[]>) =>
      applicantListQuery(tx, ids.project, ids.owner, 'PO', applicantListQuerySchema.parse(input));
    const cursor = encodeCursor({
      key: new Date(Date.now() - 3_600_000).toISOString().replace('Z', '000Z'),
      id: randomUUID(),
    });
    const cases: Record<string, Record<string, string | string[]>> = {
      'whole project': {},
      'whole project after a cursor': { cursor },
      opportunity: { roleId: ids.role },
      folder: { folderId: ids.folder },
      // Names made of hashes, so their trigrams are as varied as real names' (a shared word in every row would not be).
      'name search': { nameOrEmail: md5('l2999').slice(0, 7) },
      'search in an opportunity': { roleId: ids.role, nameOrEmail: md5('f123').slice(0, 6) },
      'feedback and age': { feedback: 'YES', 'age[min]': '20', 'age[max]': '40', missingAge: 'EXCLUDE' },
      tags: { 'tags[in]': tagId, roleId: ids.role },
      'by name': { sort: 'name' },
      'by name in an opportunity after a cursor': {
        sort: 'name',
        roleId: ids.role,
        cursor: Buffer.from(JSON.stringify(['name', 'm', 'a', randomUUID()])).toString('base64url'),
      },
      'by votes': { sort: 'votes' },
      'by votes in an opportunity after a cursor': {
        sort: 'votes',
        roleId: ids.role,
        cursor: Buffer.from(
          JSON.stringify(['votes', 1, new Date().toISOString().replace('Z', '000Z'), randomUUID()]),
        ).toString('base64url'),
      },
      'manual order': { sort: 'manual', folderId: ids.folder },
      'feedback providers': { feedbackProviderNames: ids.owner, feedback: 'YES', roleId: ids.role },
      'client feedback': { feedbackFromClients: 'true', feedback: 'YES', roleId: ids.role },
      'clients and a team member': {
        feedbackFromClients: 'true',
        feedbackProviderNames: ids.owner,
        feedbackProviderQueryType: 'AND',
      },
      'self-tapes received': { roleId: ids.role, selfTapes: 'SUBMITTED', selfTapeRequestId: ids.selfTapes },
      'self-tapes pending': { roleId: ids.role, selfTapes: 'PENDING' },
    };
    for (const [name, input] of Object.entries(cases))
      collected[name] = await planOf(tx, (await query(input)).page);
  });
}, 240_000);
afterAll(() => {
  plans = {};
});

describe('the plans of the applicants list on 30,000 candidates', () => {
  it.each([
    'whole project',
    'whole project after a cursor',
    'opportunity',
    'folder',
    'name search',
    'search in an opportunity',
    'feedback and age',
    'tags',
    'by name',
    'by name in an opportunity after a cursor',
    'by votes',
    'by votes in an opportunity after a cursor',
    'manual order',
    'feedback providers',
    'client feedback',
    'clients and a team member',
    'self-tapes received',
    'self-tapes pending',
  ])('%s reads the candidate tables through indexes only', (name) => {
    const scans = (plans[name] ?? []).filter((node) => TABLES.includes(node['Relation Name'] ?? ''));
    expect(scans.length, name).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
  });

  it('walks the newest-first index instead of sorting the project’s candidates', () => {
    for (const name of [
      'whole project',
      'whole project after a cursor',
      'opportunity',
      'client feedback',
      'clients and a team member',
    ]) {
      const indexes = (plans[name] ?? []).map((node) => node['Index Name']);
      expect(
        indexes.some((index) => index?.startsWith('submissions_') && index.endsWith('_newest_idx')),
        name,
      ).toBe(true);
      expect(
        (plans[name] ?? []).map((node) => node['Node Type']),
        name,
      ).not.toContain('Sort');
    }
  });

  it('finds a name through the trigram index of the rows’ search text', () => {
    const indexes = (plans['name search'] ?? []).map((node) => node['Index Name']);
    expect(indexes).toContain('submissions_search_trgm_idx');
  });

  // Every row of the project is in the one opportunity here, so either index of a pair serves the opportunity's list.
  it.each([
    ['by name', /^submissions_project_name_idx$/],
    // Once a hashed For Review exclusion plus a sort (decision 0748 made the exclusion a column of the row).
    ['by name in an opportunity after a cursor', /^submissions_(role|project)_name_idx$/],
    ['by votes', /^submissions_project_votes_idx$/],
    ['by votes in an opportunity after a cursor', /^submissions_(role|project)_votes_idx$/],
    ['manual order', /^folder_memberships_folder_position_idx$/],
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
});
