import { randomUUID } from 'node:crypto';
import type { Outcome } from './route-rules';
import { eq } from 'drizzle-orm';
import { applicants, people, personExports, personNotes, rosterEntries } from '../../src/platform/db/schema';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { inPath, staff, type Fixture, type RouteCase } from './route-rules';

/**
 * The roster's routes (decisions 0039 and 0399), written out by hand: the project roster is read by the team's
 * reviewers (SA, PO, PE, TE) and changed by the project's staff (SA, PO, PE); the office roster is for super admins
 * and admins, whatever their projects.
 */
const ROSTER_READERS = ['SA', 'PO', 'PE', 'TE'] as const;
const ROSTER_MANAGERS = ['SA', 'PO', 'PE'] as const;

async function personOf(applicantId: string) {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ personId: applicants.personId })
    .from(applicants)
    .where(eq(applicants.id, applicantId));
  return row!.personId!;
}

async function freshPerson(fixture: Fixture) {
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
  return { ...row, personId: await personOf(row.applicantId) };
}

async function heldEntry(fixture: Fixture) {
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
  const { db } = await testDatabase();
  const [entry] = await db
    .insert(rosterEntries)
    .values({
      projectId: fixture.cast.project.id,
      submissionId: row.id,
      applicantId: row.applicantId,
      roleId: fixture.role.id,
      status: 'FIRST_HOLD',
      startDate: '2027-03-01',
      endDate: '2027-03-02',
    })
    .returning();
  return entry!;
}

export const ROSTER_PROJECT_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/roster-management',
    rule: inPath(ROSTER_READERS),
    ok: 200,
    request: async (_fixture, projectId) => ({ url: `/api/projects/${projectId}/roster-management` }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/roster-management/conflicts',
    rule: inPath(ROSTER_MANAGERS),
    ok: 200,
    request: async (fixture, projectId) => {
      const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
      return {
        url: `/api/projects/${projectId}/roster-management/conflicts?submissionId=${row.id}&startDate=2027-01-01&endDate=2027-01-02`,
      };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/roster-management',
    rule: inPath(ROSTER_MANAGERS),
    ok: 200,
    request: async (fixture, projectId) => {
      const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
      return {
        url: `/api/projects/${projectId}/roster-management`,
        payload: {
          submissionId: row.id,
          status: 'FIRST_HOLD',
          startDate: '2027-01-01',
          endDate: '2027-01-02',
        },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/roster-management/:entryId/release',
    rule: inPath(ROSTER_MANAGERS),
    ok: 200,
    request: async (fixture, projectId) => {
      const entry = await heldEntry(fixture);
      return { url: `/api/projects/${projectId}/roster-management/${entry.id}/release`, payload: {} };
    },
  },
];

/** Refusals beyond the account rule: what a staff caller without the project standing gets. */
const notOnTeam = { status: 403, code: 'PROJECT_ACCESS_DENIED' } as const;
const notAllowed = { status: 403, code: 'PERMISSION_DENIED' } as const;
/** Another office's people do not exist for its owner. */
const notInOffice: Outcome = { status: 404, code: 'NOT_FOUND' };

export const ROSTER_OFFICE_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/roster/people',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/roster/people?limit=5' }),
  },
  {
    method: 'GET',
    route: '/api/roster/people/:personId',
    rule: staff,
    ok: 200,
    request: async (fixture) => ({ url: `/api/roster/people/${(await freshPerson(fixture)).personId}` }),
    outcomeFor: { otherOffice: notInOffice },
  },
  {
    method: 'POST',
    route: '/api/roster/people/:personId/notes',
    rule: staff,
    ok: 201,
    request: async (fixture) => ({
      url: `/api/roster/people/${(await freshPerson(fixture)).personId}/notes`,
      payload: { body: 'Strong audition.' },
    }),
    outcomeFor: { otherOffice: notInOffice },
  },
  {
    method: 'DELETE',
    route: '/api/roster/people/:personId/notes/:noteId',
    rule: staff,
    ok: 200,
    // A note without an author (its author's account is gone): only a super admin deletes it.
    outcomeFor: {
      otherOffice: notInOffice,
      PO: notAllowed,
      PE: notAllowed,
      TE: notAllowed,
      TS: notAllowed,
      nonMember: notAllowed,
    },
    request: async (fixture) => {
      const { personId } = await freshPerson(fixture);
      const { db } = await testDatabase();
      const [note] = await db.insert(personNotes).values({ personId, body: 'Orphan note' }).returning();
      return { url: `/api/roster/people/${personId}/notes/${note!.id}` };
    },
  },
  {
    method: 'GET',
    route: '/api/roster/tags',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/roster/tags' }),
  },
  {
    method: 'POST',
    route: '/api/roster/tags',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/roster/tags', payload: { name: `Tag ${randomUUID().slice(0, 6)}` } }),
  },
  {
    method: 'POST',
    route: '/api/roster/people/:personId/tags',
    rule: staff,
    ok: 200,
    request: async (fixture) => {
      const { db } = await testDatabase();
      const { officeTags } = await import('../../src/platform/db/schema');
      const [tag] = await db
        .insert(officeTags)
        .values({ name: `T ${randomUUID()}` })
        .returning();
      return {
        url: `/api/roster/people/${(await freshPerson(fixture)).personId}/tags`,
        payload: { tagId: tag!.id },
      };
    },
    outcomeFor: { otherOffice: notInOffice },
  },
  {
    method: 'DELETE',
    route: '/api/roster/people/:personId/tags/:tagId',
    rule: staff,
    ok: 200,
    request: async (fixture) => ({
      url: `/api/roster/people/${(await freshPerson(fixture)).personId}/tags/${randomUUID()}`,
    }),
    outcomeFor: { otherOffice: notInOffice },
  },
  {
    method: 'POST',
    route: '/api/roster/people/:personId/opportunities',
    rule: staff,
    ok: 200,
    // Adding to an opportunity needs add/remove applicant in its project (SA, PO, PE, TE).
    outcomeFor: { otherOffice: notInOffice, TS: notAllowed, nonMember: notOnTeam },
    request: async (fixture) => ({
      url: `/api/roster/people/${(await freshPerson(fixture)).personId}/opportunities`,
      payload: { roleId: fixture.role.id },
    }),
  },
  {
    method: 'GET',
    route: '/api/roster/duplicates',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/roster/duplicates?limit=5' }),
  },
  {
    method: 'POST',
    route: '/api/roster/duplicates/dismiss',
    rule: staff,
    ok: 200,
    request: async (fixture) => ({
      url: '/api/roster/duplicates/dismiss',
      payload: { personIds: [(await freshPerson(fixture)).personId, (await freshPerson(fixture)).personId] },
    }),
    outcomeFor: { otherOffice: notInOffice },
  },
  {
    method: 'POST',
    route: '/api/roster/people/:personId/merge',
    rule: staff,
    ok: 200,
    request: async (fixture) => ({
      url: `/api/roster/people/${(await freshPerson(fixture)).personId}/merge`,
      payload: { mergedPersonId: (await freshPerson(fixture)).personId },
    }),
    outcomeFor: { otherOffice: notInOffice },
  },
  ...personDataRoutes(),
];

/**
 * A person's erasure and data export (decision 0090): the office's owner and casting directors; its assistants are
 * refused whatever their projects (in the cast, PE and TE are assistants, every other staff actor a director or owner).
 */
function personDataRoutes(): RouteCase[] {
  const forbidden = { status: 403, code: 'FORBIDDEN' } as const;
  const assistants = { PE: forbidden, TE: forbidden };
  return [
    {
      method: 'POST',
      route: '/api/roster/people/:personId/erase',
      rule: staff,
      ok: 200,
      outcomeFor: { ...assistants, otherOffice: notInOffice },
      request: async (fixture) => {
        const { personId } = await freshPerson(fixture);
        const { db } = await testDatabase();
        const [person] = await db.select().from(people).where(eq(people.id, personId));
        return {
          url: `/api/roster/people/${personId}/erase`,
          payload: { confirm: `${person!.firstName} ${person!.lastName}` },
        };
      },
    },
    {
      method: 'POST',
      route: '/api/roster/people/:personId/export',
      rule: staff,
      ok: 202,
      outcomeFor: { ...assistants, otherOffice: notInOffice },
      request: async (fixture) => ({
        url: `/api/roster/people/${(await freshPerson(fixture)).personId}/export`,
      }),
    },
    {
      method: 'GET',
      route: '/api/roster/people/:personId/exports',
      rule: staff,
      ok: 200,
      outcomeFor: { ...assistants, otherOffice: notInOffice },
      request: async (fixture) => ({
        url: `/api/roster/people/${(await freshPerson(fixture)).personId}/exports`,
      }),
    },
    {
      method: 'GET',
      route: '/api/roster/exports/:exportId',
      rule: staff,
      ok: 200,
      outcomeFor: { ...assistants, otherOffice: notInOffice },
      request: async (fixture) => {
        const { db } = await testDatabase();
        const [row] = await db
          .insert(personExports)
          .values({
            personId: (await freshPerson(fixture)).personId,
            objectKey: `person-exports/${randomUUID()}.zip`,
            expiresAt: new Date(Date.now() + 86_400_000),
          })
          .returning();
        return { url: `/api/roster/exports/${row!.id}` };
      },
    },
  ];
}
