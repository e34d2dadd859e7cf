import { randomUUID } from 'node:crypto';
import { mediaItems } from '../../src/platform/db/schema';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { SPEC, fresh, inPath, type Fixture, type RouteCase } from './route-rules';

/**
 * A new candidate with an e-mail address, in the submitter folder Hold for later, where the submitter-folder table
 * lets a talent submitter manage the selfie (each actor's call gets one of their own: asking twice is refused).
 */
export async function selfieCandidate(fixture: Fixture, alias = 'TS_HOLD_LATER') {
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user, {
    firstName: 'Sam',
    lastName: fresh('Selfie'),
    email: `selfie-${randomUUID().slice(0, 8)}@example.com`,
  });
  await placeInFolder(row, await systemFolder(fixture.role, alias), fixture.role.projectId);
  return row;
}

/** A candidate as above with a selfie already (a photo item marked as the selfie). */
async function withSelfie(fixture: Fixture) {
  const row = await selfieCandidate(fixture);
  const { db } = await testDatabase();
  await db.insert(mediaItems).values({
    projectId: fixture.role.projectId,
    applicantId: row.applicantId,
    kind: 'image',
    originalKey: `PM/RoleSideDocuments/${fixture.role.projectId}/${randomUUID()}`,
    name: 'selfie.jpg',
    contentType: 'image/jpeg',
    size: 10,
    isSelfie: true,
  });
  return row;
}

/** The team's selfie calls: candidate actions of all five project roles (CANDIDATE_SELFIE). */
export const SELFIE_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/candidates/:applicantId/selfie',
    rule: inPath(SPEC.candidateActions),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/${id}/candidates/${(await selfieCandidate(f)).applicantId}/selfie`,
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/candidates/:applicantId/selfie/request',
    rule: inPath(SPEC.candidateActions),
    ok: 201,
    request: async (f, id) => ({
      url: `/api/projects/${id}/candidates/${(await selfieCandidate(f)).applicantId}/selfie/request`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/candidates/:applicantId/selfie',
    rule: inPath(SPEC.candidateActions),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/${id}/candidates/${(await withSelfie(f)).applicantId}/selfie`,
    }),
  },
];
