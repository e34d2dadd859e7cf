import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendsPageQuery } from '../../src/modules/email/sends';
import { invitationsPageQuery } from '../../src/modules/invitations/service';
import type { Db } from '../../src/platform/db/client';
import { testDatabase } from '../support/database';
import { createUser } from '../support/identity';
import { buildProject, buildRole } from '../support/projects';

/**
 * The new lists (sent e-mails, invitations) read on enough rows that a plan without the right index would scan:
 * 20,000 of each in another project, a few in the one asked for. Written in a transaction that is rolled back.
 */
const NOISE = 20_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
interface Plan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: Plan[];
}
class Rollback extends Error {}

const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

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
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Plan }[];
  return nodes(parsed[0]!.Plan);
}

let db: Db;
let owner: Awaited<ReturnType<typeof createUser>>;
let small: { id: string };
let big: { id: string };
let smallRole: { id: string };
let bigRole: { id: string };

beforeAll(async () => {
  db = (await testDatabase()).db;
  owner = await createUser();
  small = await buildProject(owner);
  big = await buildProject(owner);
  smallRole = await buildRole(small);
  bigRole = await buildRole(big);
});

async function withRows(check: (tx: Tx) => Promise<void>) {
  await db
    .transaction(async (tx) => {
      for (const [projectId, roleId, count] of [
        [big.id, bigRole.id, NOISE],
        [small.id, smallRole.id, 25],
      ] as const) {
        await tx.execute(sql`
          insert into email_sends (id, project_id, kind, subject, body, sender_name, reply_to, created_at)
          select gen_random_uuid(), ${projectId}::uuid, 'CANDIDATES', 'S' || i, '{"type":"doc","content":[]}'::jsonb,
                 'Sender', 's@example.com', now() - (i || ' seconds')::interval
          from generate_series(1, ${count}) i`);
        await tx.execute(sql`
          insert into candidate_invitations (id, project_id, role_id, email, invited_by_id, created_at)
          select gen_random_uuid(), ${projectId}::uuid, ${roleId}::uuid, 'p' || i || '@example.com', ${owner.id}::uuid,
                 now() - (i || ' seconds')::interval
          from generate_series(1, ${count}) i`);
      }
      await tx.execute(sql`analyze email_sends`);
      await tx.execute(sql`analyze candidate_invitations`);
      await check(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

const scansOf = (plan: Plan[], table: string) => plan.filter((node) => node['Relation Name'] === table);

describe('list plans', () => {
  it('pages a project’s sent e-mails through its (project, newest) index', async () => {
    await withRows(async (tx) => {
      const plan = await planOf(tx, sendsPageQuery(tx as unknown as Db, small.id, { limit: 20 }));
      const scans = scansOf(plan, 'email_sends');
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
      expect(scans.some((scan) => scan['Index Name'] === 'email_sends_project_newest_idx')).toBe(true);
    });
  });

  it('pages a talent submitter’s own sent e-mails through the (sender, project, newest) index', async () => {
    const submitter = await createUser();
    await withRows(async (tx) => {
      // The rest of the team sent thousands in the same project; the submitter a few.
      for (const [senderId, count] of [
        [owner.id, NOISE],
        [submitter.id, 5],
      ] as const) {
        await tx.execute(sql`
          insert into email_sends (id, project_id, kind, subject, body, sender_name, reply_to, created_by_id, created_at)
          select gen_random_uuid(), ${small.id}::uuid, 'CANDIDATES', 'T' || i, '{"type":"doc","content":[]}'::jsonb,
                 'Sender', 's@example.com', ${senderId}::uuid, now() - (i || ' seconds')::interval
          from generate_series(1, ${count}) i`);
      }
      await tx.execute(sql`analyze email_sends`);
      const plan = await planOf(
        tx,
        sendsPageQuery(tx as unknown as Db, small.id, { limit: 20 }, { userId: submitter.id, actor: 'TS' }),
      );
      const scans = scansOf(plan, 'email_sends');
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
      expect(
        scans.some((scan) => scan['Index Name'] === 'email_sends_sender_newest_idx'),
        JSON.stringify(scans),
      ).toBe(true);
    });
  });

  it('pages invitations through the (project, newest) index, and a submitter’s own through the inviter index', async () => {
    await withRows(async (tx) => {
      for (const actor of ['PO', 'TS'] as const) {
        const plan = await planOf(
          tx,
          invitationsPageQuery(tx as unknown as Db, small.id, { userId: owner.id, actor }, { limit: 20 }),
        );
        const scans = scansOf(plan, 'candidate_invitations');
        expect(scans.length).toBeGreaterThan(0);
        for (const scan of scans)
          expect(scan['Node Type'], `${actor} ${JSON.stringify(scan)}`).not.toBe('Seq Scan');
      }
    });
  });
});
