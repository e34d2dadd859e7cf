import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import { folderMemberships, votes } from '../../src/platform/db/schema';
import { buildCast, buildFolder, buildRole, type Cast } from '../support/projects';
import { buildApplicant, placeInFolder } from '../support/candidates';
import { TRANSACTION_TRIES } from '../../src/platform/db/transaction-retry';

// Reviewers acting on the same candidates at the same moment, on PostgreSQL (the embedded engine runs one
// statement at a time, so nothing can interleave there): every request succeeds and the rows end consistent.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

/** The ids in a different order for each caller, so that concurrent requests meet the rows in opposite orders. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  return items
    .map((item, index) => ({ item, key: (index * 7919 + seed * 104729) % 1009 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

describe.skipIf(!onPostgres)('concurrent reviewers on PostgreSQL', () => {
  it('takes 16 bulk votes by 3 reviewers on the same 20 candidates at once, each answered 200', async () => {
    const role = await buildRole(cast.project);
    const rows: { id: string }[] = [];
    for (let index = 0; index < 20; index += 1) {
      rows.push(
        await buildApplicant(role, cast.people.PO.user, { firstName: `Voter${index}`, lastName: 'Row' }),
      );
    }
    const ids = rows.map((row) => row.id);
    const reviewers = ['PO', 'PE', 'TE'] as const;
    const choices = ['UP_VOTE', 'DOWN_VOTE', 'MAYBE'] as const;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/projects/${cast.project.id}/applicants/votes`,
          headers: cast.headers(reviewers[index % reviewers.length]!),
          payload: { applicantIds: shuffled(ids, index), vote: choices[index % choices.length] },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    const { db } = await testDatabase();
    const stored = await db.select().from(votes).where(inArray(votes.submissionId, ids));
    // One vote per reviewer and candidate, never two.
    expect(stored).toHaveLength(reviewers.length * ids.length);
  });

  it('takes 4 reorders of one folder at once, each answered 200, leaving one whole order', async () => {
    const role = await buildRole(cast.project);
    const folder = await buildFolder(role, 'Shortlist');
    const rows: { id: string }[] = [];
    for (let index = 0; index < 12; index += 1) {
      const row = await buildApplicant(role, cast.people.PO.user, {
        firstName: `Sorted${index}`,
        lastName: 'Row',
      });
      await placeInFolder(row, folder.id, role.projectId);
      rows.push(row);
    }
    const orders = Array.from({ length: 4 }, (_, index) =>
      shuffled(
        rows.map((row) => row.id),
        index + 1,
      ),
    );
    const answers = await Promise.all(
      orders.map((order) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/projects/${cast.project.id}/folders/${folder.id}/applicant-sort`,
          headers: cast.headers('PE'),
          payload: { applicantFolders: order },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    const { db } = await testDatabase();
    const final = await db
      .select({ id: folderMemberships.submissionId })
      .from(folderMemberships)
      .where(eq(folderMemberships.folderId, folder.id))
      .orderBy(asc(folderMemberships.position));
    // The folder holds exactly one of the orders sent, whole: the reorders took turns.
    expect(orders.map((order) => order.join())).toContain(final.map((row) => row.id).join());
  });

  it('runs a transaction PostgreSQL aborted as a deadlock again, a bounded number of times', async () => {
    const { db } = await testDatabase();
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let runs = 0;
    const answer = await db.transaction(async () => {
      runs += 1;
      if (runs === 1) throw new Error('query failed', { cause: deadlock() });
      return 'kept';
    });
    expect({ runs, answer }).toEqual({ runs: 2, answer: 'kept' });

    let lost = 0;
    await expect(
      db.transaction(async () => {
        lost += 1;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(lost).toBe(TRANSACTION_TRIES);

    let refused = 0;
    await expect(
      db.transaction(async () => {
        refused += 1;
        throw Object.assign(new Error('duplicate'), { code: '23505' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(refused).toBe(1);
  });
});
