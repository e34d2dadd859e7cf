import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail, Role } from '@casting/domain';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import { applicantTags, applicants } from '../../src/platform/db/schema';
import { buildProject, buildRole, lookupId, signedInUser, type SignedInUser } from '../support/projects';
import { buildApplicant, buildTag, systemFolder } from '../support/candidates';

let t: TestApp;
let director: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app);
});
afterAll(() => t.close());

interface Item {
  id: string;
  applicantId: string;
  name: string;
  email: string | null;
  folderIds: string[];
  tags: { id: string; name: string }[];
}

const list = async (projectId: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/applicants${query ? `?${query}` : ''}`,
    headers: director.auth,
  });
  return res;
};
const names = async (projectId: string, query = '') => {
  const res = await list(projectId, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Item[]).map((item) => item.name).sort();
};

function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

describe('POST /api/projects/admin/applicants', () => {
  it('adds a candidate to the opportunity’s New Submissions and reuses the applicant for the same e-mail', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    const other = await buildRole(project);
    const add = (roleId: string, firstName: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/projects/admin/applicants',
        headers: director.auth,
        payload: {
          projectId: project.id,
          roleId,
          firstName,
          lastName: 'Okafor',
          email: 'Ada.Okafor@Example.com',
        },
      });
    const first = await add(role.id, 'Ada');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ createdApplicant: true });
    const again = await add(role.id, 'Adaeze');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ ...first.json(), createdApplicant: false });
    const second = await add(other.id, 'Ada');
    expect(second.json()).toMatchObject({ applicantId: first.json().applicantId, createdApplicant: false });
    const { db } = await testDatabase();
    const people = await db.select().from(applicants).where(eq(applicants.projectId, project.id));
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ firstName: 'Ada', email: 'ada.okafor@example.com' });

    const items = (await list(project.id, `roleId=${role.id}`)).json().items as Item[];
    expect(items).toHaveLength(1);
    expect(items[0]?.folderIds).toEqual([await systemFolder(role, 'NEW_SUBMISSIONS')]);
  });

  it('refuses a folder of another opportunity or a view folder, naming the field, and writes nothing', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    const other = await buildRole(project);
    const payload = { projectId: project.id, roleId: role.id, firstName: 'Bo', lastName: 'Lind' };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/projects/admin/applicants',
      headers: director.auth,
      payload: {
        ...payload,
        folderIds: [await systemFolder(other, 'SELECTS'), await systemFolder(role, 'HIDDEN')],
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.issues).toEqual([
      { path: 'body.folderIds.0', message: 'Choose a folder of this opportunity.' },
      { path: 'body.folderIds.1', message: 'This folder cannot be chosen here.' },
    ]);
    const otherProject = await buildProject(director.user);
    const otherRole = await buildRole(otherProject);
    const wrongRole = await t.app.inject({
      method: 'POST',
      url: '/api/projects/admin/applicants',
      headers: director.auth,
      payload: { ...payload, roleId: otherRole.id },
    });
    expect(wrongRole.statusCode).toBe(404);
    expect((await list(project.id)).json().items).toEqual([]);
  });
});

describe('GET /api/projects/{id}/applicants filters', () => {
  let project: ProjectDetail;
  let role: Role;
  let other: Role;
  let female: string;
  let male: string;
  let lead: { id: string };
  let dancer: { id: string };

  beforeAll(async () => {
    project = await buildProject(director.user);
    role = await buildRole(project);
    other = await buildRole(project);
    female = await lookupId('role-genders', 'Female');
    male = await lookupId('role-genders', 'Male');
    const add = (roleRow: Role, overrides: Parameters<typeof buildApplicant>[2]) =>
      buildApplicant(roleRow, director.user, overrides);
    await add(role, {
      firstName: 'Zoë',
      lastName: 'Adams',
      email: 'zoe@example.com',
      genderId: female,
      dateOfBirth: yearsAgo(25),
    });
    await add(role, {
      firstName: 'Liam',
      lastName: 'Brown',
      genderId: male,
      playingAgeMin: 30,
      playingAgeMax: 40,
    });
    await add(role, {
      firstName: 'Noor',
      lastName: 'Chen',
      email: 'noor.chen@casting.test',
      dateOfBirth: yearsAgo(50),
    });
    await add(other, { firstName: 'José', lastName: 'Díaz', genderId: male });
    const db = (await testDatabase()).db;
    lead = await buildTag(project, 'Lead');
    dancer = await buildTag(project, 'Dancer');
    const people = await db.select().from(applicants).where(eq(applicants.projectId, project.id));
    const byName = (first: string) => people.find((p) => p.firstName === first)!.id;
    await db.insert(applicantTags).values([
      { applicantId: byName('Zoë'), tagId: lead.id, projectId: project.id },
      { applicantId: byName('Zoë'), tagId: dancer.id, projectId: project.id },
      { applicantId: byName('Liam'), tagId: lead.id, projectId: project.id },
      { applicantId: byName('José'), tagId: dancer.id, projectId: project.id },
    ]);
  });

  it('by opportunity, folder and system alias', async () => {
    expect(await names(project.id)).toEqual(['José Díaz', 'Liam Brown', 'Noor Chen', 'Zoë Adams']);
    expect(await names(project.id, `roleId=${other.id}`)).toEqual(['José Díaz']);
    expect(await names(project.id, `folderId=${await systemFolder(other, 'NEW_SUBMISSIONS')}`)).toEqual([
      'José Díaz',
    ]);
    expect(await names(project.id, `roleId=${role.id}&systemAlias=NEW_SUBMISSIONS`)).toHaveLength(3);
    expect(await names(project.id, `roleId=${role.id}&systemAlias=ALL_SUBMISSIONS`)).toHaveLength(3);
    expect(await names(project.id, 'systemAlias=SELECTS')).toEqual([]);
    expect(await names(project.id, 'isSelected=false')).toHaveLength(4);
  });

  it('by name or e-mail, case- and accent-insensitive, from 3 characters', async () => {
    expect(await names(project.id, 'nameOrEmail=ZOE')).toEqual(['Zoë Adams']);
    expect(await names(project.id, 'nameOrEmail=jose%20d')).toEqual(['José Díaz']);
    expect(await names(project.id, 'nameOrEmail=casting.test')).toEqual(['Noor Chen']);
    expect(await names(project.id, 'nameOrEmail=100%25')).toEqual([]);
    const short = await list(project.id, 'nameOrEmail=zo');
    expect(short.statusCode).toBe(400);
    expect(short.json().details.issues).toEqual([
      { path: 'querystring.nameOrEmail', message: 'Type at least 3 characters to search.' },
    ]);
  });

  it('by age with missing ages included, excluded or alone', async () => {
    expect(await names(project.id, 'age[min]=20&age[max]=35')).toEqual([
      'José Díaz',
      'Liam Brown',
      'Zoë Adams',
    ]);
    expect(await names(project.id, 'age[min]=20&age[max]=35&missingAge=EXCLUDE')).toEqual([
      'Liam Brown',
      'Zoë Adams',
    ]);
    expect(await names(project.id, 'age[min]=45&missingAge=EXCLUDE_MISSING')).toEqual(['Noor Chen']);
    expect(await names(project.id, 'missingAge=ONLY')).toEqual(['José Díaz']);
    const impossible = await list(project.id, 'age[min]=40&age[max]=30');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().details.issues).toEqual([
      { path: 'querystring.age[max]', message: 'The maximum age must be at least the minimum age.' },
    ]);
  });

  it('by gender with missing genders included, excluded or alone', async () => {
    expect(await names(project.id, `gender=${male}&missingGender=EXCLUDE`)).toEqual([
      'José Díaz',
      'Liam Brown',
    ]);
    expect(await names(project.id, `gender=${female}&gender=${male}&missingGender=EXCLUDE`)).toHaveLength(3);
    expect(await names(project.id, `gender=${female}`)).toEqual(['Noor Chen', 'Zoë Adams']);
    expect(await names(project.id, 'missingGender=ONLY')).toEqual(['Noor Chen']);
  });

  it('by tags included and excluded with AND and OR', async () => {
    const q = (s: string) => names(project.id, s);
    expect(await q(`tags[in]=${lead.id}&tags[in]=${dancer.id}`)).toEqual([
      'José Díaz',
      'Liam Brown',
      'Zoë Adams',
    ]);
    expect(await q(`tags[in]=${lead.id}&tags[in]=${dancer.id}&includeTagConditionType=AND`)).toEqual([
      'Zoë Adams',
    ]);
    expect(await q(`tags[notIn]=${lead.id}&tags[notIn]=${dancer.id}`)).toEqual(['Noor Chen']);
    expect(await q(`tags[notIn]=${lead.id}&tags[notIn]=${dancer.id}&excludeTagConditionType=AND`)).toEqual([
      'José Díaz',
      'Liam Brown',
      'Noor Chen',
    ]);
    const foreign = await buildTag(await buildProject(director.user));
    const unknown = await list(project.id, `tags[in]=${foreign.id}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.issues).toEqual([
      { path: 'querystring.tags[in]', message: 'One or more tags are not tags of this project.' },
    ]);
  });

  it('combined filters narrow together', async () => {
    expect(
      await names(
        project.id,
        `roleId=${role.id}&tags[in]=${lead.id}&gender=${male}&missingGender=EXCLUDE&age[min]=30`,
      ),
    ).toEqual(['Liam Brown']);
    expect(await names(project.id, `roleId=${role.id}&nameOrEmail=adams&tags[notIn]=${dancer.id}`)).toEqual(
      [],
    );
  });

  it('refuses ids of another project and malformed ids', async () => {
    const elsewhere = await buildRole(await buildProject(director.user));
    expect((await list(project.id, `roleId=${elsewhere.id}`)).statusCode).toBe(404);
    expect((await list(project.id, `folderId=${await systemFolder(elsewhere, 'SELECTS')}`)).statusCode).toBe(
      404,
    );
    const malformed = await list(project.id, 'roleId=nope&gender=x');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'querystring.roleId',
      'querystring.gender.0',
    ]);
  });
});
