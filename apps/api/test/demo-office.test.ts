import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOfficeId } from '../src/bootstrap/first-office';
import { bringDemoOfficeToNow, demoSeedFits, provideDemoOffice } from '../src/bootstrap/demo-office';
import { DEMO_PROJECTS, DEMO_USERS } from '../src/bootstrap/demo-data-content';
import { applicants, people, projects, submissions, users } from '../src/platform/db/schema';
import type { Db } from '../src/platform/db/client';
import { separateTestDatabase } from './support/database';

const log = pino({ level: 'silent' });
const DAY = 86_400_000;

// The tests below run in order on a database of their own, as a first start has it: no office, then the one the first
// test provides (the worker's shared database holds other tests' projects, and the office's dates are moved here).
let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const separate = await separateTestDatabase();
  // As a first start writes it: the database's owner, into the first office.
  const officeId = await firstOfficeId(separate.database.db);
  db = separate.database.scopedDb({ owner: true, officeId });
  dispose = separate.dispose;
});
afterAll(() => dispose());

describe('the demo office of a first start', () => {
  const admin = `admin-${randomUUID()}@example.com`;

  it('is written when the database has none, once', async () => {
    await db
      .insert(users)
      .values({ email: admin, firstName: 'Super', lastName: 'Admin', roleCode: 'SUPER_ADMIN' });
    await provideDemoOffice(db, log, admin);
    await provideDemoOffice(db, log, admin);
    const names = await db.select({ name: projects.name }).from(projects);
    expect(names.map((row) => row.name).sort()).toEqual(DEMO_PROJECTS.map((project) => project.name).sort());
  });

  it("prepared long before (the build's seed), reads as written now: same ages, recent submissions, fixed deadlines", async () => {
    const snapshot = async () => {
      const [harbor] = await db.select().from(projects).where(eq(projects.name, DEMO_PROJECTS[0]!.name));
      const [newest] = await db
        .select({ at: sql<string>`max(${submissions.createdAt})` })
        .from(submissions)
        .where(eq(submissions.projectId, harbor!.id));
      const births = await db
        .select({ email: applicants.email, born: applicants.dateOfBirth })
        .from(applicants)
        .orderBy(asc(applicants.email));
      const copies = await db
        .select({ born: submissions.dateOfBirth, applicantBorn: applicants.dateOfBirth })
        .from(submissions)
        .innerJoin(applicants, eq(applicants.id, submissions.applicantId));
      const [person] = await db
        .select({ born: people.dateOfBirth, at: people.createdAt })
        .from(people)
        .where(eq(people.email, births.find((row) => row.born)!.email!));
      const team = await db
        .select({ confirmedAt: users.confirmedAt })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_USERS.map((user) => user.email),
          ),
        );
      const [first] = await db.select().from(users).where(eq(users.email, admin));
      return {
        harbor: harbor!,
        newest: new Date(newest!.at),
        births,
        copies,
        person: person!,
        team,
        first: first!,
      };
    };
    const before = await snapshot();

    // The build wrote the office 40 days and a few hours ago: every moment and birth date it holds is that much older.
    const back = sql`interval '40 days 5 hours'`;
    await db.execute(
      sql`update projects set created_at = created_at - ${back}, updated_at = updated_at - ${back}`,
    );
    await db.execute(sql`update submissions set created_at = created_at - ${back}`);
    await db.execute(sql`update applicants set date_of_birth = date_of_birth - 40`);
    await db.execute(
      sql`update people set date_of_birth = date_of_birth - 40, created_at = created_at - ${back}`,
    );
    await db.execute(
      sql`update users set confirmed_at = confirmed_at - ${back} where ${inArray(
        users.email,
        DEMO_USERS.map((user) => user.email),
      )}`,
    );

    expect(await bringDemoOfficeToNow(db, log)).toBe(true);
    const after = await snapshot();

    const near = (value: Date | string | null, expected: Date | string | null, withinMs: number) =>
      expect(Math.abs(new Date(value!).getTime() - new Date(expected!).getTime())).toBeLessThanOrEqual(
        withinMs,
      );
    near(after.harbor.createdAt, new Date(), 60_000);
    near(after.newest, before.newest, 60_000);
    near(after.person.at, before.person.at, 60_000);
    after.team.forEach((member, index) => near(member.confirmedAt, before.team[index]!.confirmedAt, 60_000));
    // Whole days: an age never moves by more than the day the shift rounds.
    after.births.forEach((row, index) => near(row.born, before.births[index]!.born, DAY));
    near(after.person.born, before.person.born, DAY);
    expect(after.copies.every((row) => row.born === row.applicantBorn)).toBe(true);
    // Calendar dates of the content stay; the first admin is not the office's and keeps its moments.
    expect(after.harbor.submissionDeadline).toBe(before.harbor.submissionDeadline);
    expect(after.harbor.shootStartDate).toBe(before.harbor.shootStartDate);
    expect(after.first.createdAt).toEqual(before.first.createdAt);
  });

  it('is not duplicated when it is already there', async () => {
    await provideDemoOffice(db, log, admin);
    const harbor = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.name, DEMO_PROJECTS[0]!.name)));
    expect(harbor).toHaveLength(1);
  });
});

describe("the build's seed with the demo office", () => {
  it('serves any first admin but one whose address is a demo account (that start writes the office itself)', () => {
    expect(demoSeedFits('first-admin@example.com')).toBe(true);
    expect(demoSeedFits(DEMO_USERS[0]!.email.toUpperCase())).toBe(false);
  });
});
