import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { unreadCountSql } from '../../src/modules/chat/chat-common';
import { messageListSql } from '../../src/modules/chat/messages';
import { threadListSql } from '../../src/modules/chat/threads';
import type { Db } from '../../src/platform/db/client';
import { encodeCursor } from '../../src/platform/db/keyset';
import { testDatabase } from '../support/database';

/**
 * Reads the plans of the chat lists on enough rows that a plan without the right index would scan: 20,000 threads
 * with messages in the project under test, 5,000 in another, two messages in each and 2,000 in one thread. Written inside a
 * transaction that is rolled back, so the other tests on this database never see it.
 */
const THREADS = 20_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
interface Plan {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: Plan[];
}
class Rollback extends Error {}
const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

async function planOf(tx: Tx, query: SQL): Promise<Plan> {
  const result = await tx.execute(sql`explain (format json) ${query}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  const raw = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Plan }[];
  return parsed[0]!.Plan;
}

const ids = { owner: randomUUID(), project: randomUUID(), other: randomUUID(), thread: '' };
const plans: Record<string, Plan> = {};

beforeAll(async () => {
  const { db } = await testDatabase();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into users (id, email, first_name, last_name, role_code, confirmed_at)
        values (${ids.owner}, ${`owner-${ids.owner}@example.com`}, 'Olive', 'Owner', 'CASTING_DIRECTOR', now())`);
      await tx.execute(sql`insert into projects (id, name, owner_id) values
        (${ids.project}, 'Chat plans', ${ids.owner}), (${ids.other}, 'Other', ${ids.owner})`);
      await tx.execute(sql`insert into applicants (id, project_id, first_name, last_name, search_text)
        select gen_random_uuid(), case when n <= ${THREADS} then ${ids.project}::uuid else ${ids.other}::uuid end,
          'F' || n, 'L' || n, 'f' || n || ' l' || n
        from generate_series(1, ${THREADS + 5_000}) n`);
      await tx.execute(sql`insert into chat_threads (id, project_id, applicant_id, last_message_at, last_message_preview)
        select gen_random_uuid(), a.project_id, a.id, now() - (random() * interval '300 days'), 'hi' from applicants a
        where a.project_id in (${ids.project}::uuid, ${ids.other}::uuid)`);
      const [thread] = (
        (await tx.execute(
          sql`select id from chat_threads where project_id = ${ids.project}::uuid limit 1`,
        )) as unknown as { rows: { id: string }[] }
      ).rows;
      ids.thread = thread!.id;
      await tx.execute(sql`insert into chat_messages (id, thread_id, project_id, author_kind, author_name, body, created_at)
        select gen_random_uuid(), ${ids.thread}::uuid, ${ids.project}::uuid, 'CANDIDATE', 'Casey', 'm' || n,
          now() - n * interval '1 minute'
        from generate_series(1, 2000) n`);
      // And two messages in every other thread, so the thread's index is worth reading.
      await tx.execute(sql`insert into chat_messages (id, thread_id, project_id, author_kind, author_name, body, created_at)
        select gen_random_uuid(), t.id, t.project_id, 'CANDIDATE', 'Casey', 'x', t.last_message_at - k * interval '1 hour'
        from chat_threads t cross join generate_series(0, 1) k
        where t.project_id in (${ids.project}::uuid, ${ids.other}::uuid) and t.id <> ${ids.thread}::uuid`);
      await tx.execute(sql`analyze chat_threads`);
      await tx.execute(sql`analyze chat_messages`);
      await tx.execute(sql`analyze applicants`);
      const viewer = { userId: ids.owner, actor: 'PO' as const, onlyAgencyId: null };
      const cursor = encodeCursor({ key: '2026-01-01T00:00:00.000000Z', id: randomUUID() });
      plans.firstPage = await planOf(tx, threadListSql(viewer, { projectId: ids.project, limit: 30 }));
      plans.laterPage = await planOf(
        tx,
        threadListSql(viewer, { projectId: ids.project, limit: 30, cursor }),
      );
      plans.messages = await planOf(tx, messageListSql(ids.thread, { limit: 30, cursor }));
      plans.unread = await planOf(tx, sql`select ${unreadCountSql(sql`${ids.thread}::uuid`, ids.owner)}`);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}, 120_000);

const indexes = (plan: Plan) =>
  nodes(plan).flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
const sorts = (plan: Plan) => nodes(plan).filter((node) => node['Node Type'] === 'Sort');

describe('chat list plans', () => {
  it('walks the project’s recent-threads index for the thread list, first and later pages, without sorting', () => {
    for (const plan of [plans.firstPage!, plans.laterPage!]) {
      expect(indexes(plan)).toContain('chat_threads_project_recent_idx');
      expect(sorts(plan)).toEqual([]);
    }
  });

  it('reads a thread’s messages and its unread count through the thread’s recent-messages index', () => {
    expect(indexes(plans.messages!)).toContain('chat_messages_thread_recent_idx');
    expect(sorts(plans.messages!)).toEqual([]);
    expect(indexes(plans.unread!), JSON.stringify(indexes(plans.unread!))).toContain(
      'chat_messages_thread_recent_idx',
    );
  });
});
