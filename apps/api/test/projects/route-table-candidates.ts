import type { ActorName } from '../support/projects';
import { buildApplicant, buildTag, placeInFolder, systemFolder } from '../support/candidates';
import { buildFolder, buildRole } from '../support/projects';
import { SPEC, fresh, inPath, type Fixture, type RouteCase } from './route-rules';

/**
 * A candidate of the fixture's opportunity in its New Submissions and in the submitter folder For Review, where the
 * submitter-folder table lets a talent submitter vote, hide and delete.
 */
async function reviewRow(fixture: Fixture) {
  const owner = fixture.cast.people.PO.user;
  const row = await buildApplicant(fixture.role, owner, { firstName: 'Rowan', lastName: fresh('Review') });
  await placeInFolder(row, await systemFolder(fixture.role, 'TS_FOR_REVIEW'), fixture.role.projectId);
  return row;
}

/** A candidate of the fixture's opportunity in its New Submissions and in the given submitter folder. */
async function submitterRow(fixture: Fixture, alias: string) {
  const owner = fixture.cast.people.PO.user;
  const row = await buildApplicant(fixture.role, owner, { firstName: 'Rowan', lastName: fresh('Submitter') });
  await placeInFolder(row, await systemFolder(fixture.role, alias), fixture.role.projectId);
  return row;
}

/** A talent submitter acts only in submitter folders: a regular folder is refused beyond the matrix. */
const SUBMITTER_REFUSED: Partial<Record<ActorName, { status: number; code: string }>> = {
  TS: { status: 400, code: 'VALIDATION_FAILED' },
};

/** Candidates: the list, adding by hand, votes, folders, manual order, tags and delete. */
export const CANDIDATE_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/projects/:id/applicants',
    rule: inPath(SPEC.viewProject),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/${id}/applicants` }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/applicants/folder-counts',
    rule: inPath(SPEC.viewProject),
    ok: 200,
    request: async (f, id) => ({ url: `/api/projects/${id}/applicants/folder-counts?roleId=${f.role.id}` }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/candidates/:applicantId',
    rule: inPath(SPEC.viewProject),
    ok: 200,
    // In the submitter folder Hold for later, so the talent submitter sees the candidate too (one in For Review
    // waits for the agency and is not the casting team's yet).
    request: async (f, id) => ({
      url: `/api/projects/${id}/candidates/${(await submitterRow(f, 'TS_HOLD_LATER')).applicantId}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/admin/applicants',
    rule: { kind: 'project', allowed: SPEC.addRemoveApplicant, projectIn: 'body' },
    ok: 201,
    request: async (f, id) => ({
      url: '/api/projects/admin/applicants',
      payload: { projectId: id, roleId: f.role.id, firstName: 'Morgan', lastName: fresh('Added') },
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/applicants/votes',
    rule: inPath(SPEC.candidateActions),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/${id}/applicants/votes`,
      payload: { applicantIds: [(await reviewRow(f)).id], vote: 'UP_VOTE' },
    }),
  },
  ...(['add', 'remove'] as const).map((path): RouteCase => ({
    method: 'POST',
    route: `/api/projects/:id/applicants/folders/${path}`,
    rule: inPath(SPEC.candidateActions),
    ok: 200,
    outcomeFor: SUBMITTER_REFUSED,
    request: async (f, id) => ({
      url: `/api/projects/${id}/applicants/folders/${path}`,
      payload: { applicantIds: [(await reviewRow(f)).id], folderId: (await buildFolder(f.role)).id },
    }),
  })),
  {
    method: 'PUT',
    route: '/api/projects/:id/folders/:folderId/applicant-sort',
    rule: inPath(SPEC.reorderCandidates),
    ok: 200,
    request: async (f, id) => {
      const folder = await buildFolder(f.role);
      const row = await reviewRow(f);
      await placeInFolder(row, folder.id, f.role.projectId);
      return {
        url: `/api/projects/${id}/folders/${folder.id}/applicant-sort`,
        payload: { applicantFolders: [row.id] },
      };
    },
  },
  ...(['add', 'remove'] as const).map((path): RouteCase => ({
    method: 'POST',
    route: `/api/projects/:id/applicants/tags/${path}`,
    rule: inPath(SPEC.candidateActions),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/${id}/applicants/tags/${path}`,
      payload: { applicantIds: [(await reviewRow(f)).id], tagIds: [(await buildTag(f.cast.project)).id] },
    }),
  })),
  {
    method: 'POST',
    route: '/api/projects/:id/applicants/delete',
    rule: inPath(SPEC.candidateActions),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/${id}/applicants/delete`,
      payload: { applicantIds: [(await reviewRow(f)).id] },
    }),
  },
];

/** Copy, move and cross-copy name no project: it is found through the destination opportunity. */
export const COPY_MOVE_ROUTES: RouteCase[] = (
  [
    ['copy-applicant', 'COPY', SPEC.candidateActions],
    ['move-applicant', 'MOVE', SPEC.candidateActions],
    ['cross-copy-applicant', 'COPY', SPEC.addRemoveApplicant],
  ] as const
).map(([path, type, allowed]): RouteCase => ({
  method: 'POST',
  route: `/api/applicants/${path}`,
  rule: { kind: 'project', allowed, projectIn: 'folder' },
  ok: 200,
  request: async (f) => {
    const destination = await buildRole(f.cast.project);
    return {
      url: `/api/applicants/${path}`,
      payload: {
        type,
        applicantIds: [(await reviewRow(f)).id],
        roleId: destination.id,
        folderIds: [await systemFolder(destination, 'SELECTS')],
      },
    };
  },
}));
