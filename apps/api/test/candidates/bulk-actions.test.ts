import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ProjectDetail, Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import {
  applicants,
  applicantTags,
  folderMemberships,
  folders,
  projects,
  submissions,
  votes,
} from '../../src/platform/db/schema';
import { buildCast, buildFolder, buildProject, buildRole, type Cast } from '../support/projects';
import { buildApplicant, buildTag, placeInFolder, systemFolder } from '../support/candidates';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

type Actor = 'SA' | 'PO' | 'PE' | 'TE' | 'TS';
const post = (actor: Actor, path: string, payload: Record<string, unknown>, projectId = cast.project.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/applicants/${path}`,
    headers: cast.headers(actor),
    payload,
  });

/** The system aliases (or names, for custom folders) a row is in, sorted. */
async function foldersOf(rowId: string): Promise<string[]> {
  const { db } = await testDatabase();
  const rows = await db
    .select({ alias: folders.systemAlias, name: folders.name })
    .from(folderMemberships)
    .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
    .where(eq(folderMemberships.submissionId, rowId));
  return rows.map((row) => row.alias ?? row.name).sort();
}

async function freshRole(project: ProjectDetail = cast.project): Promise<Role> {
  return buildRole(project);
}
const addRow = (role: Role, firstName = 'Robin') =>
  buildApplicant(role, cast.people.PO.user, { firstName, lastName: 'Row' });

async function setOneFolder(project: { id: string }, on: boolean) {
  const { db } = await testDatabase();
  await db
    .update(projects)
    .set({ settings: { applicantOnlyInOneFolder: on } })
    .where(eq(projects.id, project.id));
}

describe('votes and the feedback-to-folder mapping', () => {
  it('moves candidates of the regular folders: YES to Selects, NO to Viewed, MAYBE to Maybe', async () => {
    const role = await freshRole();
    const [a, b] = [await addRow(role, 'Ana'), await addRow(role, 'Ben')];
    const up = await post('PE', 'votes', { applicantIds: [a.id, b.id], vote: 'UP_VOTE' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ count: 2 });
    expect(await foldersOf(a.id)).toEqual(['NEW_SUBMISSIONS', 'SELECTS']);
    await post('PE', 'votes', { applicantIds: [a.id], vote: 'DOWN_VOTE' });
    expect(await foldersOf(a.id)).toEqual(['NEW_SUBMISSIONS', 'VIEWED']);
    await post('PE', 'votes', { applicantIds: [a.id], vote: 'MAYBE' });
    expect(await foldersOf(a.id)).toEqual(['MAYBE', 'NEW_SUBMISSIONS']);
    const { db } = await testDatabase();
    const rows = await db.select().from(votes).where(eq(votes.submissionId, a.id));
    expect(rows).toMatchObject([{ vote: 'MAYBE', userId: cast.people.PE.user.id }]);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants?roleId=${role.id}&feedback=YES`,
      headers: cast.headers('PE'),
    });
    expect(listed.json().items.map((item: { id: string }) => item.id)).toEqual([b.id]);
    expect(listed.json().items[0]).toMatchObject({
      votes: { UP_VOTE: 1, DOWN_VOTE: 0, MAYBE: 0 },
      myVote: 'UP_VOTE',
    });
    const selected = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants?roleId=${role.id}&isSelected=true`,
      headers: cast.headers('PE'),
    });
    expect(selected.json().items.map((item: { id: string }) => item.id)).toEqual([b.id]);
  });

  it('moves a talent submitter’s candidates in the submitter folders: YES, NO, MAYBE', async () => {
    const role = await freshRole();
    const row = await addRow(role);
    await placeInFolder(row, await systemFolder(role, 'TS_FOR_REVIEW'), role.projectId);
    expect((await post('TS', 'votes', { applicantIds: [row.id], vote: 'MAYBE' })).statusCode).toBe(200);
    expect(await foldersOf(row.id)).toEqual(['NEW_SUBMISSIONS', 'TS_FOR_REVIEW', 'TS_HOLD_LATER']);
    expect((await post('TS', 'votes', { applicantIds: [row.id], vote: 'UP_VOTE' })).statusCode).toBe(200);
    expect(await foldersOf(row.id)).toEqual(['NEW_SUBMISSIONS', 'TS_FOR_REVIEW', 'TS_NEW_SUBMISSIONS']);
    expect((await post('TS', 'votes', { applicantIds: [row.id], vote: 'DOWN_VOTE' })).statusCode).toBe(200);
    expect(await foldersOf(row.id)).toEqual(['NEW_SUBMISSIONS', 'TS_FOR_REVIEW', 'TS_HIDDEN']);
  });

  it('hides and unhides in the caller’s folder set', async () => {
    const role = await freshRole();
    const row = await addRow(role);
    await post('TE', 'votes', { applicantIds: [row.id], vote: 'HIDE' });
    expect(await foldersOf(row.id)).toEqual(['HIDDEN', 'NEW_SUBMISSIONS']);
    await post('TE', 'votes', { applicantIds: [row.id], vote: 'UNHIDE' });
    expect(await foldersOf(row.id)).toEqual(['NEW_SUBMISSIONS']);
  });

  it('with one folder only, a vote leaves every other folder of the set', async () => {
    const project = await buildProject(cast.people.PO.user);
    await setOneFolder(project, true);
    const role = await buildRole(project);
    const row = await buildApplicant(role, cast.people.PO.user);
    const res = await post('PO', 'votes', { applicantIds: [row.id], vote: 'UP_VOTE' }, project.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await foldersOf(row.id)).toEqual(['SELECTS']);
  });
});

describe('the submitter folder action table', () => {
  it.each([
    ['TS_FOR_REVIEW', 'MAYBE', 200],
    ['TS_HOLD_LATER', 'MAYBE', 403],
    ['TS_HOLD_LATER', 'UP_VOTE', 200],
    ['TS_ALL_SUBMISSIONS', 'UP_VOTE', 403],
    ['TS_HIDDEN', 'HIDE', 200],
    ['TS_NEW_SUBMISSIONS', 'HIDE', 403],
    ['TS_INVITED', 'DOWN_VOTE', 403],
  ])('in %s a talent submitter’s %s answers %i', async (alias, vote, status) => {
    const role = await freshRole();
    const row = await addRow(role);
    await placeInFolder(row, await systemFolder(role, alias), role.projectId);
    const res = await post('TS', 'votes', { applicantIds: [row.id], vote });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) {
      expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED', details: { applicantIds: [row.id] } });
      const { db } = await testDatabase();
      expect(await db.select().from(votes).where(eq(votes.submissionId, row.id))).toEqual([]);
    }
  });

  it('lets a talent submitter delete only where the table allows, and nothing when one row is refused', async () => {
    const role = await freshRole();
    const [allowed, refused] = [await addRow(role, 'Del'), await addRow(role, 'Keep')];
    await placeInFolder(allowed, await systemFolder(role, 'TS_HIDDEN'), role.projectId);
    await placeInFolder(refused, await systemFolder(role, 'TS_ALL_SUBMISSIONS'), role.projectId);
    const both = await post('TS', 'delete', { applicantIds: [allowed.id, refused.id] });
    expect(both.statusCode).toBe(403);
    const { db } = await testDatabase();
    expect(
      await db
        .select()
        .from(submissions)
        .where(inArray(submissions.id, [allowed.id, refused.id])),
    ).toHaveLength(2);
    expect((await post('TS', 'delete', { applicantIds: [allowed.id] })).statusCode).toBe(200);
  });

  it('keeps a talent submitter out of regular folders and others out of submitter folders', async () => {
    const role = await freshRole();
    const row = await addRow(role);
    await placeInFolder(row, await systemFolder(role, 'TS_FOR_REVIEW'), role.projectId);
    const custom = await buildFolder(role);
    const ts = await post('TS', 'folders/add', { applicantIds: [row.id], folderId: custom.id });
    expect(ts.statusCode).toBe(400);
    expect(ts.json().details.issues).toEqual([
      { path: 'body.folderId', message: 'This folder cannot be chosen here.' },
    ]);
    const sa = await post('SA', 'folders/add', {
      applicantIds: [row.id],
      folderId: await systemFolder(role, 'TS_HOLD_LATER'),
    });
    expect(sa.statusCode).toBe(400);
    expect(await foldersOf(row.id)).toEqual(['NEW_SUBMISSIONS', 'TS_FOR_REVIEW']);
  });
});

describe('folders, manual order, tags and delete', () => {
  it('adds to and removes from a folder; one-folder projects keep one folder', async () => {
    const role = await freshRole();
    const row = await addRow(role);
    const callbacks = await buildFolder(role, 'Callbacks');
    expect(
      (await post('PE', 'folders/add', { applicantIds: [row.id], folderId: callbacks.id })).statusCode,
    ).toBe(200);
    expect(await foldersOf(row.id)).toEqual(['Callbacks', 'NEW_SUBMISSIONS']);
    expect(
      (await post('PE', 'folders/remove', { applicantIds: [row.id], folderId: callbacks.id })).statusCode,
    ).toBe(200);
    expect(await foldersOf(row.id)).toEqual(['NEW_SUBMISSIONS']);

    const project = await buildProject(cast.people.PO.user);
    await setOneFolder(project, true);
    const oneRole = await buildRole(project);
    const one = await buildApplicant(oneRole, cast.people.PO.user);
    const folder = await buildFolder(oneRole, 'Day 1');
    await post('PO', 'folders/add', { applicantIds: [one.id], folderId: folder.id }, project.id);
    expect(await foldersOf(one.id)).toEqual(['Day 1']);
  });

  it('refuses a folder of another opportunity or project and ids of another project, writing nothing', async () => {
    const role = await freshRole();
    const row = await addRow(role);
    const otherRoleFolder = await buildFolder(await freshRole());
    const wrongRole = await post('PE', 'folders/add', {
      applicantIds: [row.id],
      folderId: otherRoleFolder.id,
    });
    expect(wrongRole.statusCode).toBe(400);
    const elsewhere = await buildRole(await buildProject(cast.people.PO.user));
    const foreignFolder = await post('PE', 'folders/add', {
      applicantIds: [row.id],
      folderId: (await buildFolder(elsewhere)).id,
    });
    expect(foreignFolder.statusCode).toBe(404);
    const foreignRow = await buildApplicant(elsewhere, cast.people.PO.user);
    const mixed = await post('PE', 'votes', { applicantIds: [row.id, foreignRow.id], vote: 'UP_VOTE' });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().details.missing).toEqual([foreignRow.id]);
    const { db } = await testDatabase();
    expect(await db.select().from(votes).where(eq(votes.submissionId, row.id))).toEqual([]);
    expect(await foldersOf(row.id)).toEqual(['NEW_SUBMISSIONS']);
  });

  it('sets a folder’s manual order', async () => {
    const role = await freshRole();
    const folder = await buildFolder(role, 'Order');
    const rows = [await addRow(role, 'One'), await addRow(role, 'Two'), await addRow(role, 'Three')];
    for (const row of rows) await placeInFolder(row, folder.id, role.projectId);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${cast.project.id}/folders/${folder.id}/applicant-sort`,
      headers: cast.headers('PE'),
      payload: { applicantFolders: [rows[2]!.id, rows[0]!.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { db } = await testDatabase();
    const order = await db
      .select({ id: folderMemberships.submissionId })
      .from(folderMemberships)
      .where(eq(folderMemberships.folderId, folder.id))
      .orderBy(asc(folderMemberships.position));
    expect(order.map((row) => row.id)).toEqual([rows[2]!.id, rows[0]!.id, rows[1]!.id]);
    const outsider = await addRow(role, 'Out');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${cast.project.id}/folders/${folder.id}/applicant-sort`,
      headers: cast.headers('PE'),
      payload: { applicantFolders: [outsider.id] },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('applies and removes tags in bulk, refusing another project’s tags', async () => {
    const role = await freshRole();
    const rows = [await addRow(role, 'Tia'), await addRow(role, 'Tom')];
    const tag = await buildTag(cast.project, 'Callback');
    const ids = rows.map((row) => row.id);
    expect((await post('TE', 'tags/add', { applicantIds: ids, tagIds: [tag.id] })).statusCode).toBe(200);
    const { db } = await testDatabase();
    const tagged = () =>
      db
        .select()
        .from(applicantTags)
        .where(and(eq(applicantTags.tagId, tag.id)));
    expect(await tagged()).toHaveLength(2);
    const foreign = await buildTag(await buildProject(cast.people.PO.user));
    const refused = await post('TE', 'tags/add', { applicantIds: ids, tagIds: [foreign.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues).toEqual([
      { path: 'body.tagIds', message: 'One or more tags are not tags of this project.' },
    ]);
    expect((await post('TE', 'tags/remove', { applicantIds: [ids[0]], tagIds: [tag.id] })).statusCode).toBe(
      200,
    );
    expect(await tagged()).toHaveLength(1);
  });

  it('deletes rows, and the person once no submission is left', async () => {
    const role = await freshRole();
    const other = await freshRole();
    const email = `twice-${Date.now()}@example.com`;
    const first = await buildApplicant(role, cast.people.PO.user, { email });
    const second = await buildApplicant(other, cast.people.PO.user, { email });
    const { db } = await testDatabase();
    const person = () => db.select().from(applicants).where(eq(applicants.id, first.applicantId));
    expect((await post('PO', 'delete', { applicantIds: [first.id] })).statusCode).toBe(200);
    expect(await person()).toHaveLength(1);
    expect((await post('PO', 'delete', { applicantIds: [second.id] })).statusCode).toBe(200);
    expect(await person()).toEqual([]);
  });
});
