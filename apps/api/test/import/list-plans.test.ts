import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runListQuery } from '../../src/modules/admin-scripts/service';
import { rosterIdentityStatement } from '../../src/modules/import/duplicates';
import { jobListQuery } from '../../src/modules/import/jobs';
import { draftListQuery } from '../../src/modules/projects/services/draft-service';
import { collectPlans, planOf, planOfStatement, type Plan } from '../support/plans';

/**
 * The plans of the import, wizard and admin-script lists on tables of 20,000 rows: a person's imports, an owner's
 * project drafts and a project's admin script runs each read their index; an import's roster duplicate check probes the
 * people's identity index. Written in a transaction that is rolled back.
 */

const owner = randomUUID();
const project = randomUUID();
let plans: Record<string, Plan[]> = {};

beforeAll(async () => {
  plans = await collectPlans(async (tx, collected) => {
    // Ids derived from the row number (md5 as a UUID), so rows can name each other without lookups.
    await tx.execute(sql`
        insert into users (id, email, first_name, last_name, role_code, confirmed_at)
        select case when n = 0 then ${owner}::uuid else md5('u' || n || ${owner})::uuid end,
          'plan-' || n || '-' || ${owner} || '@example.com', 'Pat', 'Plan', 'CASTING_DIRECTOR', now()
        from generate_series(0, 199) n`);
    const userOf = (n: string) =>
      sql.raw(
        `case when ${n} % 200 = 0 then '${owner}'::uuid else md5('u' || (${n} % 200) || '${owner}')::uuid end`,
      );
    await tx.execute(sql`
        insert into projects (id, name, owner_id, draft_step, updated_at)
        select case when n = 0 then ${project}::uuid else md5('p' || n || ${owner})::uuid end, 'Plan ' || n,
          ${userOf('n')}, case when n % 50 = 0 then 'TEAM' end, now() - n * interval '1 minute'
        from generate_series(0, 19999) n`);
    await tx.execute(sql`
        insert into import_jobs (id, created_by_id, target, file_key, file_name, mapping, created_at)
        select gen_random_uuid(), ${userOf('n')}, 'ROSTER', 'imports/x/' || n, 'f.csv', '{}'::jsonb,
          now() - n * interval '1 minute'
        from generate_series(0, 19999) n`);
    await tx.execute(sql`
        insert into admin_script_runs (id, project_id, script, created_at)
        select gen_random_uuid(),
          case when n % 2000 = 0 then ${project}::uuid else md5('p' || (n % 2000) || ${owner})::uuid end,
          'RECOUNT', now() - n * interval '1 minute'
        from generate_series(0, 19999) n`);
    await tx.execute(sql`
        insert into people (first_name, last_name, date_of_birth)
        select 'Plan' || n, 'Person' || n, date '1960-01-01' + (n % 15000)
        from generate_series(0, 19999) n`);
    await tx.execute(sql`analyze users, projects, import_jobs, admin_script_runs, people`);
    collected['imports of a person'] = await planOf(tx, jobListQuery(tx, owner));
    collected['drafts of an owner'] = await planOf(tx, draftListQuery(tx, owner));
    collected['runs of a project'] = await planOf(tx, runListQuery(tx, project));
    // An import's likely duplicates against the office roster: folded names and date of birth, 200 rows a probe.
    collected['roster duplicates of an import'] = await planOfStatement(
      tx,
      rosterIdentityStatement(
        Array.from({ length: 200 }, (_, n) => ({
          rowNumber: n + 2,
          firstName: `Plan${n}`,
          lastName: `Person${n}`,
          dateOfBirth: '1990-05-05',
        })),
      ),
    );
  });
}, 120_000);
afterAll(() => {
  plans = {};
});

describe('import, draft and admin-script list plans', () => {
  it.each([
    ['imports of a person', 'import_jobs_creator_idx'],
    ['drafts of an owner', 'projects_drafts_owner_idx'],
    ['runs of a project', 'admin_script_runs_project_idx'],
    ['roster duplicates of an import', 'people_identity_idx'],
  ])('%s reads %s, with no sequential scan', (name, index) => {
    const found = plans[name] ?? [];
    expect(found.map((node) => node['Index Name'])).toContain(index);
    for (const node of found) expect(node['Node Type'], JSON.stringify(node)).not.toBe('Seq Scan');
  });
});
