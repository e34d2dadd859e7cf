import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import { applicants, folderMemberships, submissions, votes } from '../../src/platform/db/schema';
import {
  buildCast,
  buildFolder,
  buildProject,
  buildRole,
  signedInUser,
  type Cast,
} from '../support/projects';
import { buildApplicant, buildTag, placeInFolder, systemFolder } from '../support/candidates';

// Sorts (name, votes, manual), feedback as each actor may see it, the feedback-provider filter and bad input.
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

type Actor = 'SA' | 'PO' | 'PE' | 'TE' | 'TS' | 'nonMember';
interface Item {
  id: string;
  name: string;
  votes: { UP_VOTE: number; DOWN_VOTE: number; MAYBE: number };
  myVote: string | null;
}
const get = (actor: Actor, query: string, projectId = cast.project.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/applicants?${query}`,
    headers: cast.headers(actor),
  });
const names = async (actor: Actor, query: string) => {
  const res = await get(actor, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Item[]).map((item) => item.name);
};
const vote = async (actor: Actor, ids: string[], value: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${cast.project.id}/applicants/votes`,
    headers: cast.headers(actor),
    payload: { applicantIds: ids, vote: value },
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** Every row of a list, following cursors page by page. */
async function walk(actor: Actor, query: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(actor, `${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: Item[]; nextCursor: string | null };
    seen.push(...body.items.map((item) => item.name));
    cursor = body.nextCursor;
  } while (cursor);
  return seen;
}

describe('sort=name', () => {
  it('orders by last name, then first name, case- and accent-insensitively, across pages', async () => {
    const role = await buildRole(cast.project);
    for (const [firstName, lastName] of [
      ['Bea', 'Zimmer'],
      ['Ana', 'Ávila'],
      ['Carl', 'avila'],
      ['Ana', 'Berg'],
      ['Émile', 'Berg'],
    ])
      await buildApplicant(role, cast.people.PO.user, { firstName, lastName });
    expect(await walk('PE', `roleId=${role.id}&sort=name`)).toEqual([
      'Ana Ávila',
      'Carl avila',
      'Ana Berg',
      'Émile Berg',
      'Bea Zimmer',
    ]);
  });

  it('follows a renamed applicant', async () => {
    const role = await buildRole(cast.project);
    const first = await buildApplicant(role, cast.people.PO.user, { firstName: 'Al', lastName: 'Aa' });
    await buildApplicant(role, cast.people.PO.user, { firstName: 'Bo', lastName: 'Bb' });
    const { db } = await testDatabase();
    await db.update(applicants).set({ lastName: 'Zz' }).where(eq(applicants.id, first.applicantId));
    expect(await names('PO', `roleId=${role.id}&sort=name`)).toEqual(['Bo Bb', 'Al Zz']);
  });
});

describe('sort=votes', () => {
  it('puts the most up votes first, then the newest, and follows votes as they change', async () => {
    const role = await buildRole(cast.project);
    const [a, b, c] = [
      await buildApplicant(role, cast.people.PO.user, { firstName: 'A', lastName: 'One' }),
      await buildApplicant(role, cast.people.PO.user, { firstName: 'B', lastName: 'Two' }),
      await buildApplicant(role, cast.people.PO.user, { firstName: 'C', lastName: 'Three' }),
    ];
    await vote('PO', [a.id, b.id], 'UP_VOTE');
    await vote('PE', [a.id], 'UP_VOTE');
    await vote('TE', [c.id], 'DOWN_VOTE');
    expect(await walk('PO', `roleId=${role.id}&sort=votes`)).toEqual(['A One', 'B Two', 'C Three']);
    // PE changes their mind, TE and SA up-vote C: C now leads with two.
    await vote('PE', [a.id], 'MAYBE');
    await vote('TE', [c.id], 'UP_VOTE');
    await vote('SA', [c.id], 'UP_VOTE');
    expect(await names('PO', `roleId=${role.id}&sort=votes`)).toEqual(['C Three', 'B Two', 'A One']);
    const { db } = await testDatabase();
    const [row] = await db.select().from(submissions).where(eq(submissions.id, c.id));
    expect(row?.upVotes).toBe(2);
    // A deleted vote (its voter's account removed) takes its count with it.
    await db.delete(votes).where(eq(votes.submissionId, c.id));
    expect(await names('PO', `roleId=${role.id}&sort=votes`)).toEqual(['B Two', 'A One', 'C Three']);
  });

  it('pages on while votes change: rows whose key stays are listed once, a row voted past the cursor is not repeated', async () => {
    const role = await buildRole(cast.project);
    const rows = [];
    for (let index = 0; index < 7; index += 1) {
      rows.push(
        await buildApplicant(role, cast.people.PO.user, { firstName: `V${index}`, lastName: 'Paging' }),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const res = await get(
        'PO',
        `roleId=${role.id}&sort=votes&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: Item[]; nextCursor: string | null };
      seen.push(...body.items.map((item) => item.name));
      cursor = body.nextCursor;
      // After the first page, the oldest candidate (last in this order) gets an up vote: it moves before the cursor.
      if (round === 0) await vote('PE', [rows[0]!.id], 'UP_VOTE');
      round += 1;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // Newest first among equal (zero) votes; V0 jumped ahead of the pages already read, so this pass skips it.
    expect(seen).toEqual(['V6 Paging', 'V5 Paging', 'V4 Paging', 'V3 Paging', 'V2 Paging', 'V1 Paging']);
    expect((await names('PO', `roleId=${role.id}&sort=votes&limit=1`))[0]).toBe('V0 Paging');
  });

  it('is refused to a talent submitter, who may not see the team’s feedback', async () => {
    const res = await get('TS', 'sort=votes');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_DENIED');
  });
});

describe('sort=manual', () => {
  it('follows the folder’s manual order across pages and needs a folder', async () => {
    const role = await buildRole(cast.project);
    const folder = await buildFolder(role, 'Shortlist');
    const rows = [];
    for (const firstName of ['P', 'Q', 'R', 'S']) {
      const row = await buildApplicant(role, cast.people.PO.user, { firstName, lastName: 'Manual' });
      await placeInFolder(row, folder.id, cast.project.id);
      rows.push(row);
    }
    const sort = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${cast.project.id}/folders/${folder.id}/applicant-sort`,
      headers: cast.headers('PE'),
      payload: { applicantFolders: [rows[2]!.id, rows[0]!.id, rows[3]!.id, rows[1]!.id] },
    });
    expect(sort.statusCode, sort.body).toBe(200);
    expect(await walk('PE', `folderId=${folder.id}&sort=manual`)).toEqual([
      'R Manual',
      'P Manual',
      'S Manual',
      'Q Manual',
    ]);
    const missing = await get('PE', 'sort=manual');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.issues).toEqual([
      { path: 'querystring.folderId', message: 'Manual order needs a folder.' },
    ]);
  });

  it('refuses a cursor of another order as a tampered one', async () => {
    const role = await buildRole(cast.project);
    for (const firstName of ['X', 'Y', 'Z']) await buildApplicant(role, cast.people.PO.user, { firstName });
    const first = (await get('PO', `roleId=${role.id}&limit=1&sort=name`)).json();
    const mixed = await get(
      'PO',
      `roleId=${role.id}&sort=votes&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details.issues[0].path).toBe('query.cursor');
  });
});

describe('feedback as each actor may see it', () => {
  let role: Role;
  let row: { id: string; applicantId: string };
  beforeAll(async () => {
    role = await buildRole(cast.project);
    row = await buildApplicant(role, cast.people.PO.user, { firstName: 'Fay', lastName: 'Feedback' });
    // The talent submitter votes while the candidate is in their For Review folder; the candidate then waits in
    // Hold for Later, where the submitter still sees them and the casting team does too (a submission in For Review
    // is not the team's yet: decision 0137).
    const forReview = await systemFolder(role, 'TS_FOR_REVIEW');
    await placeInFolder(row, forReview, cast.project.id);
    await vote('TS', [row.id], 'MAYBE');
    const { db } = await testDatabase();
    await db
      .delete(folderMemberships)
      .where(and(eq(folderMemberships.submissionId, row.id), eq(folderMemberships.folderId, forReview)));
    await placeInFolder(row, await systemFolder(role, 'TS_HOLD_LATER'), cast.project.id);
    await vote('PO', [row.id], 'UP_VOTE');
    await vote('PE', [row.id], 'UP_VOTE');
    await vote('TE', [row.id], 'DOWN_VOTE');
  });

  it.each([
    ['SA', { UP_VOTE: 2, DOWN_VOTE: 1, MAYBE: 1 }, null],
    ['PO', { UP_VOTE: 2, DOWN_VOTE: 1, MAYBE: 1 }, 'UP_VOTE'],
    ['PE', { UP_VOTE: 2, DOWN_VOTE: 1, MAYBE: 1 }, 'UP_VOTE'],
    ['TE', { UP_VOTE: 2, DOWN_VOTE: 1, MAYBE: 1 }, 'DOWN_VOTE'],
    ['TS', { UP_VOTE: 0, DOWN_VOTE: 0, MAYBE: 1 }, 'MAYBE'],
  ] as const)('%s sees the vote counts its actor may see', async (actor, counts, myVote) => {
    const res = await get(actor, `roleId=${role.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const item = (res.json().items as Item[]).find((candidate) => candidate.id === row.id);
    expect(item?.votes).toEqual(counts);
    expect(item?.myVote).toBe(myVote);
  });

  it('lets a talent submitter filter by their own feedback only', async () => {
    expect(await names('TS', `roleId=${role.id}&feedback=MAYBE`)).toEqual(['Fay Feedback']);
    expect(await names('TS', `roleId=${role.id}&feedback=YES`)).toEqual([]);
    expect(await names('PE', `roleId=${role.id}&feedback=YES`)).toEqual(['Fay Feedback']);
  });
});

describe('feedbackProviderNames and feedbackProviderQueryType', () => {
  let role: Role;
  beforeAll(async () => {
    role = await buildRole(cast.project);
    const [both, poOnly, teOnly] = [
      await buildApplicant(role, cast.people.PO.user, { firstName: 'Both', lastName: 'Voted' }),
      await buildApplicant(role, cast.people.PO.user, { firstName: 'Owner', lastName: 'Voted' }),
      await buildApplicant(role, cast.people.PO.user, { firstName: 'Editor', lastName: 'Voted' }),
    ];
    await buildApplicant(role, cast.people.PO.user, { firstName: 'Nobody', lastName: 'Voted' });
    await vote('PO', [both.id, poOnly.id], 'UP_VOTE');
    await vote('TE', [both.id], 'UP_VOTE');
    await vote('TE', [teOnly.id], 'DOWN_VOTE');
  });
  const ids = () => ({ po: cast.people.PO.user.id, te: cast.people.TE.user.id });
  const sorted = async (query: string) => (await names('PE', `roleId=${role.id}&${query}`)).sort();

  it('keeps candidates with feedback from any (OR) or every (AND) named member', async () => {
    const { po, te } = ids();
    expect(await sorted(`feedbackProviderNames=${po}`)).toEqual(['Both Voted', 'Owner Voted']);
    expect(await sorted(`feedbackProviderNames=${po}&feedbackProviderNames=${te}`)).toEqual([
      'Both Voted',
      'Editor Voted',
      'Owner Voted',
    ]);
    expect(
      await sorted(`feedbackProviderNames=${po}&feedbackProviderNames=${te}&feedbackProviderQueryType=AND`),
    ).toEqual(['Both Voted']);
  });

  it('combines with feedback: the named members’ votes must be that feedback', async () => {
    const { te } = ids();
    expect(await sorted(`feedbackProviderNames=${te}&feedback=NO`)).toEqual(['Editor Voted']);
    expect(await sorted(`feedbackProviderNames=${te}&feedback=YES`)).toEqual(['Both Voted']);
  });

  it('refuses someone outside the team with a 400 naming the field, and a talent submitter with a 403', async () => {
    const stranger = await signedInUser(t.app);
    const res = await get('PE', `feedbackProviderNames=${stranger.user.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual([
      {
        path: 'querystring.feedbackProviderNames',
        message: 'One or more people are not members of this project’s team.',
      },
    ]);
    const malformed = await get('PE', 'feedbackProviderNames=bob');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.issues[0].path).toBe('querystring.feedbackProviderNames.0');
    expect((await get('TS', `feedbackProviderNames=${ids().po}`)).statusCode).toBe(403);
  });
});

describe('bad input answers 4xx naming the field and writes nothing', () => {
  it('refuses unknown or foreign tag ids in tags[in] and tags[notIn], each named', async () => {
    const elsewhere = await buildProject(cast.people.PO.user);
    const foreignTag = await buildTag(elsewhere);
    const own = await buildTag(cast.project);
    const res = await get('PE', `tags[in]=${foreignTag.id}&tags[notIn]=${own.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual([
      { path: 'querystring.tags[in]', message: 'One or more tags are not tags of this project.' },
    ]);
    const both = await get('PE', `tags[in]=${own.id}&tags[notIn]=${foreignTag.id}`);
    expect(both.json().details.issues).toEqual([
      { path: 'querystring.tags[notIn]', message: 'One or more tags are not tags of this project.' },
    ]);
  });

  it('answers impossible ages and malformed ids with 400s naming the fields', async () => {
    const res = await get('PE', 'age[min]=40&age[max]=20&roleId=nope&folderId=1');
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['querystring.age[max]', 'querystring.folderId', 'querystring.roleId']);
    expect((await get('PE', 'sort=oldest')).statusCode).toBe(400);
  });

  it('answers 404 for a folder or opportunity of another project, in the list and in actions', async () => {
    const elsewhere = await buildProject(cast.people.PO.user);
    const foreignRole = await buildRole(elsewhere);
    const foreignFolder = await buildFolder(foreignRole);
    expect((await get('PE', `roleId=${foreignRole.id}`)).statusCode).toBe(404);
    expect((await get('PE', `folderId=${foreignFolder.id}&sort=manual`)).statusCode).toBe(404);

    const role = await buildRole(cast.project);
    const row = await buildApplicant(role, cast.people.PO.user);
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${cast.project.id}/applicants/folders/add`,
      headers: cast.headers('PE'),
      payload: { applicantIds: [row.id], folderId: foreignFolder.id },
    });
    expect(add.statusCode).toBe(404);
    const { db } = await testDatabase();
    const sortForeign = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${cast.project.id}/folders/${foreignFolder.id}/applicant-sort`,
      headers: cast.headers('PE'),
      payload: { applicantFolders: [row.id] },
    });
    expect(sortForeign.statusCode).toBe(404);
    // The foreign row of a move is refused with nothing moved.
    const foreignRow = await buildApplicant(foreignRole, cast.people.PO.user);
    const target = await buildRole(cast.project);
    const move = await t.app.inject({
      method: 'POST',
      url: '/api/applicants/move-applicant',
      headers: cast.headers('PE'),
      payload: {
        type: 'MOVE',
        applicantIds: [row.id, foreignRow.id],
        roleId: target.id,
        folderIds: [(await buildFolder(target)).id],
      },
    });
    expect(move.statusCode).toBe(404);
    expect(await db.select().from(submissions).where(eq(submissions.roleId, target.id))).toEqual([]);
  });
});
