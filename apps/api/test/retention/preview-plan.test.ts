import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { previewStatement } from '../../src/modules/retention/preview';
import { testOfficeId } from '../support/database';
import { collectPlans, planOfStatement, type Plan } from '../support/plans';

/**
 * The retention preview's plan on 100,000 archived projects of one office (half of them already purged), read as the
 * application reads it: one range of the due index, office first, for the first and for a later page, never a scan
 * of the table or a sort of the office's projects. Written in a transaction that is rolled back.
 */
const PROJECTS = 100_000;
let plans: Record<string, Plan[]> = {};

beforeAll(async () => {
  const officeId = await testOfficeId();
  const owner = randomUUID();
  plans = await collectPlans(async (tx, collected) => {
    await tx.execute(sql`insert into users (id, email, first_name, last_name, role_code, confirmed_at)
      values (${owner}, ${`plan-${owner}@example.com`}, 'Olive', 'Owner', 'CASTING_DIRECTOR', now())`);
    // The trigger on projects writes each archived project's retention row.
    await tx.execute(sql`insert into projects (id, name, owner_id, archived_at)
      select gen_random_uuid(), 'Archived ' || n, ${owner}, now() - n * interval '1 minute'
      from generate_series(1, ${PROJECTS}) n`);
    await tx.execute(
      sql`update project_retention set purged_at = now() where archived_at < now() - interval '50000 minutes'`,
    );
    await tx.execute(sql`analyze projects, project_retention, applicants, media_items`);
    collected.first = await planOfStatement(tx, previewStatement(officeId, 30, null, 21));
    collected.later = await planOfStatement(
      tx,
      previewStatement(officeId, 30, { at: '2020-01-01T00:00:00.000000Z', id: randomUUID() }, 21),
    );
  });
}, 300_000);

describe('the retention preview on 100,000 archived projects', () => {
  it.each(['first', 'later'])(
    'reads the %s page through the due index, with no scan or sort of the table',
    (page) => {
      const nodes = plans[page]!;
      const onRetention = nodes.filter((node) => node['Relation Name'] === 'project_retention');
      expect(onRetention.map((node) => node['Index Name'])).toEqual(['project_retention_due_idx']);
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']),
      ).toEqual(expect.not.arrayContaining(['project_retention', 'projects']));
      // The inner page comes in index order: no sort under the limit.
      const limit = nodes.find((node) => node['Node Type'] === 'Limit');
      expect(limit?.Plans?.[0]?.['Node Type']).not.toBe('Sort');
    },
  );
});
