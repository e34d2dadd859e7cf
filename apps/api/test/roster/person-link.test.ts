import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { applicants, people } from '../../src/platform/db/schema';
import { matchPerson } from '../../src/modules/roster';

// The office-level person model (decision 0038): every applicant is linked to one person of the office, by e-mail
// across projects, whoever inserts the applicant; names and date of birth alone never link.
let t: TestApp;
let one: Cast;
let two: Cast;

const personOf = async (applicantId: string) => {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ personId: applicants.personId })
    .from(applicants)
    .where(eq(applicants.id, applicantId));
  return row!.personId!;
};

beforeAll(async () => {
  t = await buildIdentityApp();
  one = await buildCast(t.app);
  two = await buildCast(t.app);
});
afterAll(() => t.close());

describe('applicants are linked to the office person', () => {
  it('links the same e-mail in two projects to one person and fills blanks without overwriting', async () => {
    const email = `ada-${randomUUID().slice(0, 8)}@example.com`;
    const first = await buildApplicant(await buildRole(one.project), one.people.PO.user, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
    });
    const second = await buildApplicant(await buildRole(two.project), two.people.PO.user, {
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: email.toUpperCase(),
      phone: '+15550001111',
      dateOfBirth: '1990-12-10',
    });
    const personId = await personOf(first.applicantId);
    expect(await personOf(second.applicantId)).toBe(personId);
    const { db } = await testDatabase();
    const [person] = await db.select().from(people).where(eq(people.id, personId));
    expect(person).toMatchObject({
      firstName: 'Ada',
      email,
      phone: '+15550001111',
      dateOfBirth: '1990-12-10',
      sortLastName: 'lovelace',
    });
  });

  it('makes a new person for each applicant without an e-mail, even with the same name and birth date', async () => {
    const role = await buildRole(one.project);
    const details = { firstName: 'Émile', lastName: 'Zola', dateOfBirth: '1980-04-02' };
    const a = await buildApplicant(role, one.people.PO.user, details);
    const b = await buildApplicant(await buildRole(two.project), two.people.PO.user, details);
    const ids = [await personOf(a.applicantId), await personOf(b.applicantId)];
    expect(ids[0]).not.toBe(ids[1]);
    const { db } = await testDatabase();
    const rows = await db.select().from(people).where(inArray(people.id, ids));
    expect(rows.map((row) => row.sortFirstName)).toEqual(['emile', 'emile']);
    expect(rows.every((row) => row.searchText.includes('emile zola'))).toBe(true);
  });

  it('matches an incoming person by e-mail first, then names and birth date as likely duplicates', async () => {
    const email = `lin-${randomUUID().slice(0, 8)}@example.com`;
    const last = `Lindqvist${randomUUID().slice(0, 4)}`;
    const withEmail = await buildApplicant(await buildRole(one.project), one.people.PO.user, {
      firstName: 'Åsa',
      lastName: last,
      email,
      dateOfBirth: '1985-01-01',
    });
    const namesake = await buildApplicant(await buildRole(two.project), two.people.PO.user, {
      firstName: 'Asa',
      lastName: last,
      dateOfBirth: '1985-01-01',
    });
    const { db } = await testDatabase();
    const byEmail = await matchPerson(db, {
      email: email.toUpperCase(),
      firstName: 'Asa',
      lastName: last,
      dateOfBirth: '1985-01-01',
    });
    expect(byEmail.byEmail?.id).toBe(await personOf(withEmail.applicantId));
    expect(byEmail.likely.map((row) => row.id)).toEqual([await personOf(namesake.applicantId)]);
    const noEmail = await matchPerson(db, {
      firstName: 'ÅSA',
      lastName: last.toUpperCase(),
      dateOfBirth: '1985-01-01',
    });
    expect(noEmail.byEmail).toBeNull();
    expect(noEmail.likely).toHaveLength(2);
    const otherDay = await matchPerson(db, { firstName: 'Asa', lastName: last, dateOfBirth: '1985-01-02' });
    expect(otherDay.likely).toHaveLength(0);
  });
});
