import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLinkPageQuery } from '../../src/modules/client-review/links';
import { encodeCursor } from '../../src/platform/db/keyset';
import type { Db } from '../../src/platform/db/client';
import { testDatabase } from '../support/database';

/**
 * The client links list on 20,000 links over 2,000 projects (in a transaction that is rolled back): a page, first or
 * deep, is one range of client_links_project_newest_idx, never a scan of the table.
 */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
interface Plan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: Plan[];
}
const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
class Rollback extends Error {}

async function planOf(tx: Tx, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<Plan[]> {
  const { sql: text, params } = query.toSQL();
  const statement = sql.empty();
  text.split(/\$(\d+)/).forEach((chunk, index) => {
    if (index % 2 === 0) statement.append(sql.raw(chunk));
    else statement.append(sql`${params[Number(chunk) - 1]}`);
  });
  const result = await tx.execute(sql`explain (format json) ${statement}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  const raw = rows[0]?.['QUERY PLAN'];
  return nodes(((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Plan }[])[0]!.Plan);
}

const owner = randomUUID();
let plans: Record<string, Plan[]> = {};

beforeAll(async () => {
  const { db } = await testDatabase();
  const collected: Record<string, Plan[]> = {};
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`
        insert into users (id, email, first_name, last_name, role_code, confirmed_at)
        values (${owner}, ${`plan-${owner}@example.com`}, 'Pat', 'Plan', 'CASTING_DIRECTOR', now())`);
      await tx.execute(sql`
        insert into projects (id, name, owner_id)
        select gen_random_uuid(), 'Plan project ' || n, ${owner}::uuid from generate_series(1, 2000) n`);
      await tx.execute(sql`
        insert into client_links (id, project_id, token_digest, title, settings, created_at)
        select gen_random_uuid(), p.id, md5(random()::text || n) || md5(n::text), 'Link ' || n, '{}'::jsonb,
          now() - n * interval '1 minute'
        from (select id, row_number() over (order by id) k from projects where owner_id = ${owner}) p
        join generate_series(1, 20000) n on n % 2000 = p.k - 1`);
      await tx.execute(sql`analyze client_links`);
      const found = await tx.execute(sql`select id from projects where owner_id = ${owner} limit 1`);
      const projectId = (
        (Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as { id: string }[]
      )[0]!.id;
      collected.first = await planOf(tx, clientLinkPageQuery(tx, projectId, { limit: 20 }));
      const cursor = encodeCursor({ key: '2026-01-01T00:00:00.000000Z', id: randomUUID() });
      collected.deep = await planOf(tx, clientLinkPageQuery(tx, projectId, { limit: 20, cursor }));
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  plans = collected;
}, 120_000);
afterAll(() => undefined);

describe('the client links list plan', () => {
  it.each(['first', 'deep'])('the %s page reads the project newest index, never the whole table', (name) => {
    const scans = plans[name]!.filter((node) => node['Relation Name'] === 'client_links');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
    // An index scan or a bitmap over the same index: either way one range of the project's links.
    const indexes = plans[name]!.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
    expect(indexes).toEqual(['client_links_project_newest_idx']);
  });
});
