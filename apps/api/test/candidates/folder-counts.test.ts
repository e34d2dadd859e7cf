import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUBMITTER_FOLDER_ALIASES } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import { buildCast, buildProject, buildRole, type Cast } from '../support/projects';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

type Counts = { folderId: string; count: number; capped: boolean }[];

const countsAs = async (actor: 'PO' | 'TS', roleId: string, projectId = cast.project.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/applicants/folder-counts?roleId=${roleId}`,
    headers: cast.headers(actor),
  });

describe('GET /api/projects/{id}/applicants/folder-counts', () => {
  it('counts each folder’s candidates; a talent submitter gets the submitter folders only', async () => {
    const role = await buildRole(cast.project);
    const owner = cast.people.PO.user;
    const rows = await Promise.all([1, 2, 3].map(() => buildApplicant(role, owner)));
    await placeInFolder(rows[0]!, await systemFolder(role, 'TS_FOR_REVIEW'), cast.project.id);
    const folder = async (alias: string) => systemFolder(role, alias);

    const res = await countsAs('PO', role.id);
    expect(res.statusCode, res.body).toBe(200);
    const byFolder = new Map((res.json().counts as Counts).map((row) => [row.folderId, row]));
    expect(byFolder.get(await folder('NEW_SUBMISSIONS'))).toMatchObject({ count: 3, capped: false });
    // The one waiting in the agency's For Review is not the casting team's yet (decision 0137).
    expect(byFolder.get(await folder('ALL_SUBMISSIONS'))).toMatchObject({ count: 2, capped: false });
    expect(byFolder.get(await folder('SELECTS'))).toMatchObject({ count: 0, capped: false });
    expect(byFolder.get(await folder('TS_FOR_REVIEW'))).toMatchObject({ count: 1 });
    expect(byFolder.get(await folder('TS_ALL_SUBMISSIONS'))).toMatchObject({ count: 1 });

    const submitter = await countsAs('TS', role.id);
    expect(submitter.statusCode, submitter.body).toBe(200);
    const theirs = submitter.json().counts as Counts;
    const submitterFolders = await Promise.all(SUBMITTER_FOLDER_ALIASES.map(folder));
    expect(theirs.map((row) => row.folderId).sort()).toEqual([...submitterFolders].sort());
    expect(theirs.find((row) => row.folderId === submitterFolders[4])).toMatchObject({ count: 1 });
  });

  it('stops counting at 1,000 and says so', async () => {
    const role = await buildRole(cast.project);
    const target = await systemFolder(role, 'SELECTS');
    const { db } = await testDatabase();
    // 1,001 candidates straight into the tables (the add route would take minutes here).
    await db.execute(sql`
      with people as (
        insert into applicants (id, project_id, first_name, last_name, search_text)
        select gen_random_uuid(), ${cast.project.id}::uuid, 'Bulk', 'Person ' || n, 'bulk person ' || n from generate_series(1, 1001) n
        returning id),
      rows as (
        insert into submissions (id, project_id, role_id, applicant_id, source)
        select gen_random_uuid(), ${cast.project.id}::uuid, ${role.id}::uuid, id, 'ADMIN' from people
        returning id)
      insert into folder_memberships (folder_id, submission_id, project_id)
      select ${target}::uuid, id, ${cast.project.id}::uuid from rows`);
    const res = await countsAs('PO', role.id);
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json().counts as Counts;
    expect(counts.find((row) => row.folderId === target)).toEqual({
      folderId: target,
      count: 1000,
      capped: true,
    });
    expect(counts.find((row) => row.folderId !== target && row.count > 0)).toMatchObject({
      count: 1000,
      capped: true,
    });
  });

  it('is 404 for an opportunity of another project and 400 for a malformed id', async () => {
    const other = await buildRole(await buildProject(cast.people.PO.user));
    const foreign = await countsAs('PO', other.id);
    expect(foreign.statusCode).toBe(404);
    const bad = await countsAs('PO', 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('roleId');
  });
});
