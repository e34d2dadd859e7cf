import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_DATA_MESSAGES } from '@casting/domain';
import { applicants, auditEvents, people, personExports } from '../../src/platform/db/schema';
import { eventually } from '../support/eventually';
import { buildApplicant } from '../support/candidates';
import { buildRole, signedInUser } from '../support/projects';
import type { MediaApp } from '../media/support';
import { buildPersonDataApp, call, secondOffice, uniquePerson, waitForExport } from './person-data-fixture';
import { seedPersonEverywhere } from './person-data-seed';
import { filesHolding, tracesOf } from './traces';

// Erasing a person on their request: one call removes every row and file the office holds about them, in every
// project, and leaves the same e-mail's person of another office alone. Found by searching every table and every
// stored file afterwards, so data added by a later feature is covered without this file knowing of it.
let t: MediaApp;
beforeAll(async () => {
  t = await buildPersonDataApp();
}, 60_000);
afterAll(() => t.close());

const storageRoot = () => path.join(t.context.config.dataDir, 'files');

describe('erasing a person', () => {
  it('removes them from every table and from storage, audited without personal data; another office keeps its own', async () => {
    const who = uniquePerson();
    const seeded = await seedPersonEverywhere(t, who);
    const officeB = await secondOffice(t, who.email);
    const director = t.cast.headers('PO');
    const url = `/roster/people/${seeded.personId}/erase`;
    const needles = [
      seeded.personId,
      ...seeded.applicantIds,
      ...seeded.submissionIds,
      who.email,
      who.firstName,
      who.lastName,
      who.phone,
    ];
    // The outbox (the embedded stand-in for a mail server and text provider) holds a mail and a text to them.
    await t.context.mailer.send({ to: who.email, subject: 'Your audition', text: `Dear ${who.firstName}` });
    await t.context.texts.send({ to: who.phone, text: `${who.firstName}, your slot is at 10:00` });
    // Before: the search finds them (the search itself works), and their files are stored.
    expect((await tracesOf(t.ownerDb, needles)).length).toBeGreaterThan(20);
    for (const key of seeded.keys) expect(await t.context.storage.head(key), key).not.toBeNull();

    // A confirmation that is neither their name nor their e-mail is refused and changes nothing.
    for (const confirm of [who.firstName, 'someone@else.test', '   ']) {
      const refused = await call(t, 'POST', url, director, { confirm });
      expect(refused.status, confirm).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.details.issues[0].path).toBe('body.confirm');
    }
    const mismatch = await call(t, 'POST', url, director, { confirm: who.firstName });
    expect(mismatch.body.details.issues[0].message).toBe(PERSON_DATA_MESSAGES.confirmMismatch);
    expect(
      await t.ownerDb.select().from(applicants).where(inArray(applicants.id, seeded.applicantIds)),
    ).toHaveLength(2);

    // The e-mail retyped in another case and spacing confirms it.
    const erased = await call(t, 'POST', url, director, { confirm: `  ${who.email.toUpperCase()} ` });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toEqual({
      id: seeded.personId,
      removed: {
        people: 1,
        applicants: 2,
        submissions: 2,
        votes: 1,
        folderPlaces: expect.any(Number),
        projectTags: 1,
        officeTags: 1,
        notes: 1,
        rosterEntries: 1,
        chatThreads: 1,
        chatMessages: 1,
        representation: 1,
        clientFeedback: 1,
        emailRecipients: 1,
        invitations: 1,
        importRows: 2,
        duplicateDismissals: 1,
        merges: 1,
        privateLinks: 1,
        mediaItems: 2,
        downloadBundles: 1,
        clientExports: 1,
        projectExports: 1,
        personExports: 1,
        files: seeded.keys.length,
      },
    });
    expect(erased.body.removed.folderPlaces).toBeGreaterThanOrEqual(2);

    // Every stored file of theirs goes through the storage purge (the workers run it once the erasure committed).
    await eventually(
      'their files are purged',
      async () => {
        for (const key of seeded.keys) if (await t.context.storage.head(key)) return false;
        return true;
      },
      30_000,
    );
    expect(
      filesHolding(storageRoot(), [who.email, who.firstName, who.lastName, who.phone, seeded.personId]),
    ).toEqual([]);

    // No table holds anything of them; the audit log only the ids of the calls made about them (checked below).
    expect(
      await tracesOf(t.ownerDb, needles, {
        skipOffice: officeB.officeId,
        skipTables: ['public.audit_events'],
      }),
    ).toEqual([]);
    const audit = await t.ownerDb.select().from(auditEvents).where(eq(auditEvents.targetId, seeded.personId));
    // The four refused confirmations, the erasure, and the export made while seeding.
    expect(audit.map((event) => `${event.action} ${event.outcome}`).sort()).toEqual([
      ...Array<string>(4).fill('roster.erase failure'),
      'roster.erase success',
      'roster.export success',
    ]);
    const done = audit.find((event) => event.action === 'roster.erase' && event.outcome === 'success')!;
    expect(done.details.removed).toEqual(erased.body.removed);
    expect(
      await tracesOf(
        t.ownerDb,
        needles.filter((needle) => needle !== seeded.personId),
        {
          skipOffice: officeB.officeId,
        },
      ),
    ).toEqual([]);

    // What clients see: the person is gone from the roster, their profile and exports are not found.
    const list = await call(t, 'GET', `/roster/people?q=${encodeURIComponent(who.lastName)}`, director);
    expect(list.body.items).toEqual([]);
    expect((await call(t, 'GET', `/roster/people/${seeded.personId}`, director)).status).toBe(404);
    expect((await call(t, 'GET', `/roster/people/${seeded.personId}/exports`, director)).status).toBe(404);
    expect((await call(t, 'POST', url, director, { confirm: who.email })).status).toBe(404);

    // The other office's person with the same e-mail keeps their record, application and photo.
    const [kept] = await t.ownerDb.select().from(people).where(eq(people.id, officeB.personId));
    expect(kept).toMatchObject({ email: who.email, officeId: officeB.officeId });
    const theirs = await call(t, 'GET', `/roster/people/${officeB.personId}`, officeB.auth);
    expect(theirs.status).toBe(200);
    expect(theirs.body.email).toBe(who.email);
    expect(await t.context.storage.head(officeB.key)).not.toBeNull();
  }, 240_000);

  it('takes the full name as the confirmation, and removes an earlier export with its zip', async () => {
    const who = uniquePerson();
    const seeded = await seedMinimal(who);
    const [exported] = await t.ownerDb
      .select()
      .from(personExports)
      .where(eq(personExports.personId, seeded.personId));
    const res = await call(t, 'POST', `/roster/people/${seeded.personId}/erase`, t.cast.headers('SA'), {
      confirm: `${who.firstName.toLowerCase()}   ${who.lastName.toUpperCase()}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.removed).toMatchObject({ people: 1, applicants: 1, personExports: 1, files: 1 });
    await eventually(
      'the export zip is purged',
      async () => !(await t.context.storage.head(exported!.objectKey)),
    );
  }, 120_000);

  it('is refused to a casting assistant and a client (403), and is not found from another office (404)', async () => {
    const who = uniquePerson();
    const { personId } = await seedMinimal(who);
    const client = await signedInUser(t.app, { roleCode: 'CLIENT' });
    const officeB = await secondOffice(t, `b-${who.email}`);
    const body = { confirm: who.email };
    const calls = [
      ['POST', `/roster/people/${personId}/erase`, body],
      ['POST', `/roster/people/${personId}/export`, undefined],
      ['GET', `/roster/people/${personId}/exports`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await call(t, method, url, {}, payload)).status, `${url} anonymous`).toBe(401);
      const assistant = await call(t, method, url, t.cast.headers('PE'), payload);
      expect(assistant.status, `${url} assistant`).toBe(403);
      expect((await call(t, method, url, client.auth, payload)).status, `${url} client`).toBe(403);
      const other = await call(t, method, url, officeB.auth, payload);
      expect(other.status, `${url} office B`).toBe(404);
      expect(other.body.message).toBe('This person is not in the roster.');
    }
    const [still] = await t.ownerDb.select().from(people).where(eq(people.id, personId));
    expect(still).toBeDefined();
    const [{ n }] = (await t.ownerDb
      .select({ n: sql<number>`count(*)::int` })
      .from(personExports)
      .where(eq(personExports.personId, personId))) as [{ n: number }];
    expect(n).toBe(1);
  }, 120_000);
});

/** A person in one project with one ready data export. */
async function seedMinimal(who: ReturnType<typeof uniquePerson>) {
  const role = await buildRole(t.cast.project);
  const applicant = await buildApplicant(role, t.cast.people.PO.user, who);
  const [row] = await t.ownerDb
    .select({ personId: applicants.personId })
    .from(applicants)
    .where(eq(applicants.id, applicant.applicantId));
  const personId = row!.personId!;
  const asked = await call(t, 'POST', `/roster/people/${personId}/export`, t.cast.headers('PO'));
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  await waitForExport(t, personId, asked.body.id, t.cast.headers('PO'));
  return { personId, applicantId: applicant.applicantId };
}
