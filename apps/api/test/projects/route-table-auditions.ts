import { randomUUID } from 'node:crypto';
import { auditionSessionInputSchema, type AuditionSessionInput } from '@casting/domain';
import { createSession } from '../../src/modules/auditions/sessions';
import { auditionInvitations } from '../../src/platform/db/schema';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { inPath, type Fixture, type RouteCase } from './route-rules';

/**
 * The audition routes, written out by hand: sessions, their schedule and the session day's check-in and ratings are
 * read by the project's reviewers (SA, PO, PE, TE), as the roster is; creating, scheduling and inviting are for its
 * staff (SA, PO, PE), as holds and bookings are. Printing the schedule and a candidate's sessions are reads. The
 * recipient's page is public, opened by the invitation's secret.
 */
const READERS = ['SA', 'PO', 'PE', 'TE'] as const;
const MANAGERS = ['SA', 'PO', 'PE'] as const;

export const AUDITION_SESSION_INPUT: AuditionSessionInput = {
  kind: 'AUDITION',
  name: 'Table session',
  day: '2032-02-02',
  start: '10:00',
  end: '10:30',
  timeZone: 'America/New_York',
  slotMinutes: 10,
};

async function freshSession(fixture: Fixture) {
  const { db } = await testDatabase();
  const input = auditionSessionInputSchema.parse(AUDITION_SESSION_INPUT);
  return (await createSession(db, fixture.cast.project.id, fixture.cast.people.PO.user.id, input)).session;
}

/** A session with one candidate invited (not placed), in the given status. */
async function withInvitation(fixture: Fixture, status = 'INVITED') {
  const session = await freshSession(fixture);
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
  const { db } = await testDatabase();
  const [invitation] = await db
    .insert(auditionInvitations)
    .values({
      projectId: fixture.cast.project.id,
      sessionId: session.id,
      applicantId: row.applicantId,
      mode: 'OFFICE_ASSIGNS',
      recipients: 'TALENT',
      status,
      secretHash: randomUUID(),
    })
    .returning();
  return { session, invitation: invitation!, applicantId: row.applicantId };
}

const sessions = (projectId: string) => `/api/projects/${projectId}/auditions/sessions`;

export const AUDITION_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/auditions/sessions',
    rule: inPath(READERS),
    ok: 200,
    request: async (_f, id) => ({ url: sessions(id) }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/auditions/sessions',
    rule: inPath(MANAGERS),
    ok: 201,
    request: async (_f, id) => ({ url: sessions(id), payload: AUDITION_SESSION_INPUT }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/auditions/sessions/:sessionId',
    rule: inPath(READERS),
    ok: 200,
    request: async (f, id) => ({ url: `${sessions(id)}/${(await freshSession(f)).id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/projects/:id/auditions/sessions/:sessionId',
    rule: inPath(MANAGERS),
    ok: 200,
    request: async (f, id) => ({
      url: `${sessions(id)}/${(await freshSession(f)).id}`,
      payload: { name: 'Renamed' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/auditions/sessions/:sessionId',
    rule: inPath(MANAGERS),
    ok: 204,
    request: async (f, id) => ({ url: `${sessions(id)}/${(await freshSession(f)).id}` }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/auditions/sessions/:sessionId/schedule',
    rule: inPath(MANAGERS),
    ok: 200,
    request: async (f, id) => {
      const { session, invitation } = await withInvitation(f);
      return {
        url: `${sessions(id)}/${session.id}/schedule`,
        payload: { moves: [{ invitationId: invitation.id, slotId: null, waitlisted: true }] },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/auditions/sessions/:sessionId/invitations',
    rule: inPath(MANAGERS),
    ok: 201,
    request: async (f, id) => {
      const session = await freshSession(f);
      const row = await buildApplicant(f.role, f.cast.people.PO.user);
      return {
        url: `${sessions(id)}/${session.id}/invitations`,
        payload: { applicantIds: [row.applicantId], mode: 'CANDIDATE_PICKS' },
      };
    },
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/auditions/sessions/:sessionId/invitations/:invitationId',
    rule: inPath(MANAGERS),
    ok: 200,
    request: async (f, id) => {
      const { session, invitation } = await withInvitation(f);
      return { url: `${sessions(id)}/${session.id}/invitations/${invitation.id}` };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/auditions/sessions/:sessionId/invitations/:invitationId/accept-change',
    rule: inPath(MANAGERS),
    ok: 200,
    request: async (f, id) => {
      const { session, invitation } = await withInvitation(f, 'CHANGE_REQUESTED');
      return { url: `${sessions(id)}/${session.id}/invitations/${invitation.id}/accept-change` };
    },
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/auditions/sessions/:sessionId/invitations/:invitationId/result',
    rule: inPath(READERS),
    ok: 200,
    request: async (f, id) => {
      const { session, invitation } = await withInvitation(f);
      return {
        url: `${sessions(id)}/${session.id}/invitations/${invitation.id}/result`,
        payload: { attendance: 'ARRIVED', rating: 4 },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/auditions/sessions/:sessionId/callback',
    rule: inPath(MANAGERS),
    ok: 201,
    request: async (f, id) => ({
      url: `${sessions(id)}/${(await freshSession(f)).id}/callback`,
      payload: { session: { ...AUDITION_SESSION_INPUT, kind: 'CALLBACK' }, minRating: 4 },
    }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/auditions/sessions/:sessionId/export.csv',
    rule: inPath(READERS),
    ok: 200,
    request: async (f, id) => ({ url: `${sessions(id)}/${(await freshSession(f)).id}/export.csv` }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/auditions/sessions/:sessionId/schedule-pdf',
    rule: inPath(READERS),
    ok: 202,
    request: async (f, id) => ({ url: `${sessions(id)}/${(await freshSession(f)).id}/schedule-pdf` }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/auditions/sessions/:sessionId/schedule-pdf',
    rule: inPath(READERS),
    ok: 200,
    request: async (f, id) => ({ url: `${sessions(id)}/${(await freshSession(f)).id}/schedule-pdf` }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/auditions/candidates/:applicantId/sessions',
    rule: inPath(READERS),
    ok: 200,
    request: async (f, id) => {
      const row = await buildApplicant(f.role, f.cast.people.PO.user);
      return { url: `/api/projects/${id}/auditions/candidates/${row.applicantId}/sessions` };
    },
  },
];

/**
 * The recipient's private page: public, the office named by the project in the path, the invitation by its secret
 * (an unknown secret, or one of another project, is a 404; see test/auditions).
 */
export const AUDITION_PUBLIC_ROUTES = [
  'GET /api/auditions/invitations/:projectId',
  'POST /api/auditions/invitations/:projectId/answer',
  'GET /api/auditions/invitations/:projectId/calendar.ics',
];
