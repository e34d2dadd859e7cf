import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { applicants, folderMemberships } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, lookupId, type Cast } from '../support/projects';

// The list filters on copies of the person's fields and of For Review / Invited membership kept on each submission
// (decision 0059): whoever changes the person or the folders, the list answers from the new values at once.
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

async function names(query: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${cast.project.id}/applicants?${query}`,
    headers: cast.headers('PO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { name: string }[]).map((item) => item.name);
}

describe('the list follows a person’s changed details', () => {
  it('filters by the new gender, age, playing ages and search text of every opportunity the person applied to', async () => {
    const [first, second] = [await buildRole(cast.project), await buildRole(cast.project)];
    const female = await lookupId('role-genders', 'Female');
    const male = await lookupId('role-genders', 'Male');
    const row = await buildApplicant(first, cast.people.PO.user, {
      firstName: 'Rin',
      lastName: 'Okada',
      email: 'rin.okada@example.com',
      genderId: female,
      dateOfBirth: yearsAgo(30),
    });
    // The same person (same e-mail) in a second opportunity: a submission made after the person, copied on insert.
    const again = await buildApplicant(second, cast.people.PO.user, {
      firstName: 'Rin',
      lastName: 'Okada',
      email: 'rin.okada@example.com',
    });
    expect(again.applicantId).toBe(row.applicantId);
    const { db } = await testDatabase();
    const roles = `roleId=${first.id}`;
    expect(await names(`${roles}&gender=${female}&age[min]=25&age[max]=35&nameOrEmail=okada`)).toEqual([
      'Rin Okada',
    ]);

    await db
      .update(applicants)
      .set({
        firstName: 'Rina',
        lastName: 'Sato',
        searchText: 'rina sato',
        genderId: male,
        dateOfBirth: null,
        playingAgeMin: 50,
        playingAgeMax: 60,
      })
      .where(eq(applicants.id, row.applicantId));
    expect(await names(`${roles}&nameOrEmail=okada`)).toEqual([]);
    expect(await names(`${roles}&nameOrEmail=sato`)).toEqual(['Rina Sato']);
    expect(await names(`${roles}&gender=${female}&missingGender=EXCLUDE`)).toEqual([]);
    expect(await names(`${roles}&gender=${male}&missingGender=EXCLUDE`)).toEqual(['Rina Sato']);
    expect(await names(`${roles}&age[min]=25&age[max]=35&missingAge=EXCLUDE`)).toEqual([]);
    expect(await names(`${roles}&age[min]=55&missingAge=EXCLUDE`)).toEqual(['Rina Sato']);
    expect(await names(`${roles}&sort=name&nameOrEmail=rina`)).toEqual(['Rina Sato']);
    expect(await names(`roleId=${second.id}&gender=${male}&missingGender=EXCLUDE&nameOrEmail=sato`)).toEqual([
      'Rina Sato',
    ]);
  });
});

describe('the list follows For Review and Invited membership', () => {
  it('hides a row while it is in either folder and shows it again when it leaves', async () => {
    const role = await buildRole(cast.project);
    const row = await buildApplicant(role, cast.people.PO.user, { firstName: 'Ines', lastName: 'Held' });
    await buildApplicant(role, cast.people.PO.user, { firstName: 'Otto', lastName: 'Free' });
    const query = `roleId=${role.id}&sort=name`;
    expect(await names(query)).toEqual(['Otto Free', 'Ines Held']);

    const { db } = await testDatabase();
    const forReview = await systemFolder(role, 'TS_FOR_REVIEW');
    const invited = await systemFolder(role, 'TS_INVITED');
    await placeInFolder(row, forReview, cast.project.id);
    await placeInFolder(row, invited, cast.project.id);
    expect(await names(query)).toEqual(['Otto Free']);
    // Out of one of the two: still held by the other.
    await db
      .delete(folderMemberships)
      .where(and(eq(folderMemberships.folderId, forReview), eq(folderMemberships.submissionId, row.id)));
    expect(await names(query)).toEqual(['Otto Free']);
    await db
      .delete(folderMemberships)
      .where(and(eq(folderMemberships.folderId, invited), eq(folderMemberships.submissionId, row.id)));
    expect(await names(query)).toEqual(['Otto Free', 'Ines Held']);
  });
});
