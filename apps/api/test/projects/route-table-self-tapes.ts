import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { selfTapeRecipients, selfTapeRequests } from '../../src/platform/db/schema';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { fresh, inPath, type Fixture, type RouteCase } from './route-rules';

const STAFF = ['SA', 'PO', 'PE'] as const;
const REVIEWERS = ['SA', 'PO', 'PE', 'TE'] as const;
const inTenDays = () => new Date(Date.now() + 10 * 86_400_000);

/** A new candidate of the fixture's opportunity with an address. */
export async function selfTapeCandidate(fixture: Fixture) {
  return buildApplicant(fixture.role, fixture.cast.people.PO.user, {
    firstName: 'Tess',
    lastName: fresh('Tape'),
    email: `tape-${randomUUID().slice(0, 8)}@example.com`,
  });
}

/** A request written straight to the database (sent, one recipient who asked for more time). */
export async function storedSelfTapeRequest(fixture: Fixture) {
  const row = await selfTapeCandidate(fixture);
  const { db } = await testDatabase();
  const deadline = inTenDays();
  const [request] = await db
    .insert(selfTapeRequests)
    .values({
      projectId: fixture.role.projectId,
      roleId: fixture.role.id,
      title: 'Scene 4',
      instructions: '',
      sides: [],
      takes: 1,
      acceptedKinds: ['video'],
      slateInstructions: '',
      deadline,
      timeZone: 'Europe/London',
      preset: 'NONE',
      latePolicy: 'ACCEPT_LATE',
      reminderHours: [24, 2],
      sendToTalent: false,
      idempotencyKey: randomUUID(),
      selection: { submissionIds: [row.id] },
      warnings: [],
      total: 1,
      handled: 1,
      doneAt: new Date(),
    })
    .returning();
  const [recipient] = await db
    .insert(selfTapeRecipients)
    .values({
      requestId: request!.id,
      submissionId: row.id,
      applicantId: row.applicantId,
      kind: 'TALENT',
      name: 'Tess Tape',
      email: `tape-${randomUUID().slice(0, 8)}@example.com`,
      secretHash: randomUUID(),
      deadline,
      extension: 'ASKED',
    })
    .returning();
  return { request: request!, recipient: recipient! };
}

/** The office's self-tape calls: staff send and answer extensions, reviewers follow. */
export const SELF_TAPE_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/self-tapes/warnings',
    rule: inPath(STAFF),
    ok: 200,
    request: async (_f, id) => ({
      url: `/api/projects/${id}/self-tapes/warnings?preset=SAG_AFTRA&pages=3&deadline=${inTenDays().toISOString()}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/self-tapes',
    rule: inPath(STAFF),
    ok: 201,
    request: async (f, id) => ({
      url: `/api/projects/${id}/self-tapes`,
      payload: {
        roleId: f.role.id,
        submissionIds: [(await selfTapeCandidate(f)).id],
        title: 'Scene 4',
        deadline: inTenDays().toISOString(),
        timeZone: 'Europe/London',
        preset: 'NONE',
        idempotencyKey: randomUUID(),
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/self-tapes',
    rule: inPath(REVIEWERS),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/${id}/self-tapes` }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/self-tapes/:requestId',
    rule: inPath(REVIEWERS),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/${id}/self-tapes/${(await storedSelfTapeRequest(f)).request.id}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/self-tapes/:requestId/recipients/:recipientId/extension',
    rule: inPath(STAFF),
    ok: 200,
    request: async (f, id) => {
      const { request, recipient } = await storedSelfTapeRequest(f);
      return {
        url: `/api/projects/${id}/self-tapes/${request.id}/recipients/${recipient.id}/extension`,
        payload: { grant: false },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/self-tapes/sides-upload',
    rule: inPath(STAFF),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/${id}/self-tapes/sides-upload` }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/self-tapes/:requestId/close',
    rule: inPath(STAFF),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/${id}/self-tapes/${(await storedSelfTapeRequest(f)).request.id}/close`,
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/self-tapes/:requestId/release',
    rule: inPath(STAFF),
    ok: 200,
    request: async (f, id) => {
      const { request } = await storedSelfTapeRequest(f);
      const { db } = await testDatabase();
      await db
        .update(selfTapeRequests)
        .set({ closedAt: new Date() })
        .where(eq(selfTapeRequests.id, request.id));
      return {
        url: `/api/projects/${id}/self-tapes/${request.id}/release`,
        payload: { keepSubmissionIds: [] },
      };
    },
  },
];

/**
 * The recipient's private page: public, the secret in the request is the credential (self-tapes tests walk them with
 * another request's secret and a guessed one, which get the same 404).
 */
export const SELF_TAPE_PRIVATE_ROUTES = [
  'GET /api/self-tape-page',
  'PUT /api/self-tape-page/takes',
  'POST /api/self-tape-page/submit',
  'POST /api/self-tape-page/decline',
  'POST /api/self-tape-page/extension',
  'GET /api/self-tape-page/sides/:index',
  'POST /api/self-tape-page/review',
] as const;
