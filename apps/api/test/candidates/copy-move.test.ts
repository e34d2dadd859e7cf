import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import {
  applicants,
  applicantTags,
  folderMemberships,
  folders,
  submissions,
  tags,
  votes,
} from '../../src/platform/db/schema';
import { buildCast, buildProject, buildRole, type Cast } from '../support/projects';
import { buildApplicant, buildTag, placeInFolder, systemFolder } from '../support/candidates';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

const call = (path: string, payload: Record<string, unknown>, actor: 'PO' | 'PE' | 'TE' | 'TS' = 'PO') =>
  t.app.inject({ method: 'POST', url: `/api/applicants/${path}`, headers: cast.headers(actor), payload });

async function foldersOf(rowId: string) {
  const { db } = await testDatabase();
  const rows = await db
    .select({ alias: folders.systemAlias, name: folders.name })
    .from(folderMemberships)
    .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
    .where(eq(folderMemberships.submissionId, rowId));
  return rows.map((row) => row.alias ?? row.name).sort();
}

async function rowIn(role: Role, applicantId: string) {
  const { db } = await testDatabase();
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.roleId, role.id), eq(submissions.applicantId, applicantId)));
  return row;
}

describe('copy, move and import within a project', () => {
  it('copies a candidate with their votes to folders of another opportunity, keeping one person', async () => {
    const from = await buildRole(cast.project);
    const to = await buildRole(cast.project);
    const row = await buildApplicant(from, cast.people.PO.user);
    await t.app.inject({
      method: 'POST',
      url: `/api/projects/${cast.project.id}/applicants/votes`,
      headers: cast.headers('PE'),
      payload: { applicantIds: [row.id], vote: 'UP_VOTE' },
    });
    const res = await call('copy-applicant', {
      type: 'COPY',
      applicantIds: [row.id],
      roleId: to.id,
      folderIds: [await systemFolder(to, 'MAYBE')],
      copyFeedbacks: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const copy = await rowIn(to, row.applicantId);
    expect(copy).toMatchObject({ source: 'COPY' });
    expect(await foldersOf(copy!.id)).toEqual(['MAYBE']);
    expect(await rowIn(from, row.applicantId)).toBeDefined();
    const { db } = await testDatabase();
    expect(await db.select().from(votes).where(eq(votes.submissionId, copy!.id))).toMatchObject([
      { vote: 'UP_VOTE' },
    ]);
  });

  it('copies without votes unless asked', async () => {
    const from = await buildRole(cast.project);
    const to = await buildRole(cast.project);
    const row = await buildApplicant(from, cast.people.PO.user);
    const { db } = await testDatabase();
    await db.insert(votes).values({
      submissionId: row.id,
      userId: cast.people.PE.user.id,
      projectId: cast.project.id,
      vote: 'MAYBE',
    });
    await call('copy-applicant', {
      type: 'COPY',
      applicantIds: [row.id],
      roleId: to.id,
      folderIds: [await systemFolder(to, 'SELECTS')],
    });
    const copy = await rowIn(to, row.applicantId);
    expect(await db.select().from(votes).where(eq(votes.submissionId, copy!.id))).toEqual([]);
  });

  it('moves a candidate: the source submission is gone', async () => {
    const from = await buildRole(cast.project);
    const to = await buildRole(cast.project);
    const row = await buildApplicant(from, cast.people.PO.user);
    const res = await call('move-applicant', {
      type: 'MOVE',
      applicantIds: [row.id],
      roleId: to.id,
      folderIds: [await systemFolder(to, 'SELECTS')],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowIn(from, row.applicantId)).toBeUndefined();
    expect(await foldersOf((await rowIn(to, row.applicantId))!.id)).toEqual(['SELECTS']);
  });

  it('imports with only an opportunity, into New Submissions, which copy and move may not target', async () => {
    const from = await buildRole(cast.project);
    const to = await buildRole(cast.project);
    const row = await buildApplicant(from, cast.people.PO.user);
    const imported = await call('copy-applicant', { type: 'IMPORT', applicantIds: [row.id], roleId: to.id });
    expect(imported.statusCode, imported.body).toBe(200);
    const landed = await rowIn(to, row.applicantId);
    expect(landed).toMatchObject({ source: 'IMPORT' });
    expect(await foldersOf(landed!.id)).toEqual(['NEW_SUBMISSIONS']);

    const other = await buildRole(cast.project);
    for (const alias of ['NEW_SUBMISSIONS', 'HIDDEN', 'ALL_SUBMISSIONS', 'TS_INVITED']) {
      const refused = await call('copy-applicant', {
        type: 'COPY',
        applicantIds: [row.id],
        roleId: other.id,
        folderIds: [await systemFolder(other, alias)],
      });
      expect(refused.statusCode, alias).toBe(400);
      expect(refused.json().details.issues).toEqual([
        { path: 'body.folderIds.0', message: 'This folder cannot be chosen here.' },
      ]);
    }
    expect(await rowIn(other, row.applicantId)).toBeUndefined();
    const noFolder = await call('move-applicant', { type: 'MOVE', applicantIds: [row.id], roleId: other.id });
    expect(noFolder.statusCode).toBe(400);
    expect(noFolder.json().details.issues).toEqual([
      { path: 'body.folderIds', message: 'Select at least one folder' },
    ]);
    const wrongType = await call('move-applicant', {
      type: 'COPY',
      applicantIds: [row.id],
      roleId: other.id,
      folderIds: [await systemFolder(other, 'SELECTS')],
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses candidates of another project, writing nothing', async () => {
    const elsewhere = await buildRole(await buildProject(cast.people.PO.user));
    const foreign = await buildApplicant(elsewhere, cast.people.PO.user);
    const to = await buildRole(cast.project);
    const res = await call('copy-applicant', {
      type: 'COPY',
      applicantIds: [foreign.id],
      roleId: to.id,
      folderIds: [await systemFolder(to, 'SELECTS')],
    });
    expect(res.statusCode).toBe(404);
    expect(await rowIn(to, foreign.applicantId)).toBeUndefined();
  });
});

describe('cross-copy to another project', () => {
  it('copies the person, their tags by name and votes into a project the caller may add to', async () => {
    const from = await buildRole(cast.project);
    const target = await buildProject(cast.people.PO.user);
    const to = await buildRole(target);
    const email = `cross-${Date.now()}@example.com`;
    const row = await buildApplicant(from, cast.people.PO.user, { email, firstName: 'Iris' });
    const tag = await buildTag(cast.project, `Stunts ${Date.now()}`);
    const { db } = await testDatabase();
    await db
      .insert(applicantTags)
      .values({ applicantId: row.applicantId, tagId: tag.id, projectId: cast.project.id });
    await db.insert(votes).values({
      submissionId: row.id,
      userId: cast.people.PE.user.id,
      projectId: cast.project.id,
      vote: 'UP_VOTE',
    });
    const res = await call('cross-copy-applicant', {
      type: 'COPY',
      applicantIds: [row.id],
      roleId: to.id,
      folderIds: [await systemFolder(to, 'SELECTS')],
      copyTags: true,
      copyFeedbacks: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [person] = await db
      .select()
      .from(applicants)
      .where(and(eq(applicants.projectId, target.id), eq(applicants.email, email)));
    expect(person).toMatchObject({ firstName: 'Iris' });
    const landed = await rowIn(to, person!.id);
    expect(await foldersOf(landed!.id)).toEqual(['SELECTS']);
    const copiedTags = await db
      .select({ name: tags.name })
      .from(applicantTags)
      .innerJoin(tags, eq(tags.id, applicantTags.tagId))
      .where(eq(applicantTags.applicantId, person!.id));
    expect(copiedTags).toEqual([{ name: tag.name }]);
    expect(await db.select().from(votes).where(eq(votes.submissionId, landed!.id))).toHaveLength(1);
  });

  it('copies tags only for those who may copy tags in the source project', async () => {
    // A talent submitter here (who may copy from their For Review folder) owns the other project.
    const from = await buildRole(cast.project);
    const row = await buildApplicant(from, cast.people.PO.user);
    await placeInFolder(row, await systemFolder(from, 'TS_FOR_REVIEW'), cast.project.id);
    const own = await buildProject(cast.people.TS.user);
    const to = await buildRole(own);
    const request = {
      type: 'COPY',
      applicantIds: [row.id],
      roleId: to.id,
      folderIds: [await systemFolder(to, 'SELECTS')],
    };
    const withTags = await call('cross-copy-applicant', { ...request, copyTags: true }, 'TS');
    expect(withTags.statusCode).toBe(403);
    expect(withTags.json().code).toBe('PERMISSION_DENIED');
    const withoutTags = await call('cross-copy-applicant', { ...request, copyTags: false }, 'TS');
    expect(withoutTags.statusCode, withoutTags.body).toBe(200);
    expect(withoutTags.json()).toEqual({ count: 1 });
  });

  it('refuses a destination project the caller is not on', async () => {
    const from = await buildRole(cast.project);
    const row = await buildApplicant(from, cast.people.PO.user);
    const strangers = await buildProject(cast.people.nonMember.user);
    const to = await buildRole(strangers);
    const res = await call('cross-copy-applicant', {
      type: 'COPY',
      applicantIds: [row.id],
      roleId: to.id,
      folderIds: [await systemFolder(to, 'SELECTS')],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PROJECT_ACCESS_DENIED');
  });
});
