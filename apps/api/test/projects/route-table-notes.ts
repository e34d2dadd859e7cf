import { notes } from '../../src/platform/db/schema';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { SPEC, inPath, type Fixture, type RouteCase } from './route-rules';

/** A candidate of the fixture's opportunity with a team note written by the project's owner. */
async function ownersNote(fixture: Fixture) {
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
  const { db } = await testDatabase();
  const [note] = await db
    .insert(notes)
    .values({
      projectId: fixture.role.projectId,
      roleId: fixture.role.id,
      applicantId: row.applicantId,
      submissionId: row.id,
      authorUserId: fixture.cast.people.PO.user.id,
      authorName: 'Olivia Owner',
      body: 'A note for the route table',
      visibility: 'TEAM',
    })
    .returning({ id: notes.id });
  return note!.id;
}

/** Only its author changes a note: the other reviewers read it but are refused the change. */
const notTheAuthor = { status: 403, code: 'FORBIDDEN' };
const AUTHOR_ONLY = { SA: notTheAuthor, PE: notTheAuthor, TE: notTheAuthor };

/** The team's notes calls: the candidate preview's reviewers (PROJECT_PREVIEW: SA, PO, PE, TE). */
export const NOTE_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/candidates/:applicantId/notes',
    rule: inPath(SPEC.projectPreview),
    ok: 200,
    request: async (f, id) => {
      const row = await buildApplicant(f.role, f.cast.people.PO.user);
      return { url: `/api/projects/${id}/candidates/${row.applicantId}/notes` };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/candidates/:applicantId/notes',
    rule: inPath(SPEC.projectPreview),
    ok: 201,
    request: async (f, id) => {
      const row = await buildApplicant(f.role, f.cast.people.PO.user);
      return {
        url: `/api/projects/${id}/candidates/${row.applicantId}/notes`,
        payload: { roleId: f.role.id, body: 'Strong read', visibility: 'TEAM' },
      };
    },
  },
  {
    method: 'PATCH',
    route: '/api/projects/:id/notes/:noteId',
    rule: inPath(SPEC.projectPreview),
    ok: 200,
    outcomeFor: AUTHOR_ONLY,
    request: async (f, id) => ({
      url: `/api/projects/${id}/notes/${await ownersNote(f)}`,
      payload: { body: 'Changed' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/notes/:noteId',
    rule: inPath(SPEC.projectPreview),
    ok: 204,
    outcomeFor: AUTHOR_ONLY,
    request: async (f, id) => ({ url: `/api/projects/${id}/notes/${await ownersNote(f)}` }),
  },
];
