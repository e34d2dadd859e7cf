import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { applicants, personNotes, rosterEntries } from '../../src/platform/db/schema';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { inPath, staff, type Fixture, type RouteCase } from './route-rules';

/**
 * The roster's routes (decision 0039), written out by hand: the project roster is read by the team's
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
  },
  {
    method: 'DELETE',
    route: '/api/roster/people/:personId/notes/:noteId',
    rule: staff,
    ok: 200,
    // A note without an author (its author's account is gone): only a super admin deletes it.
    outcomeFor: { PO: notAllowed, PE: notAllowed, TE: notAllowed, TS: notAllowed, nonMember: notAllowed },
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
  },
  {
    method: 'DELETE',
    route: '/api/roster/people/:personId/tags/:tagId',
    rule: staff,
    ok: 200,
    request: async (fixture) => ({
      url: `/api/roster/people/${(await freshPerson(fixture)).personId}/tags/${randomUUID()}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/roster/people/:personId/opportunities',
    rule: staff,
    ok: 200,
    // Adding to an opportunity needs add/remove applicant in its project (SA, PO, PE, TE).
    outcomeFor: { TS: notAllowed, nonMember: notOnTeam },
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
  },
];
