import { createClientLinkSchema } from '@casting/domain';
import { createClientLink } from '../../src/modules/client-review/links';
import { ACTORS, type ActorName } from '../support/projects';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { fresh, inPath, publicRoute, type Fixture, type Outcome, type RouteCase } from './route-rules';

/** Written out by hand from the permission table: manage client links SA PO PE; view feedback SA PO PE TE (and CLIENT). */
const MANAGE_CLIENT_LINKS: readonly ActorName[] = ['SA', 'PO', 'PE'];
const VIEW_FEEDBACK: readonly ActorName[] = ['SA', 'PO', 'PE', 'TE'];

/** A client link of the fixture's project with one candidate, made through the service. */
export async function fixtureClientLink(fixture: Fixture, settings: Record<string, unknown> = {}) {
  const { db } = await testDatabase();
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
  const link = await createClientLink(
    db,
    'http://localhost:3000',
    fixture.cast.project.id,
    fixture.cast.people.PO.user.id,
    createClientLinkSchema.parse({
      title: fresh('Client'),
      submissionIds: [row.id],
      settings: { requireIdentification: false, ...settings },
    }),
  );
  return { ...link, submissionId: row.id };
}

/** Every actor gets the same answer: in portal mode the link is the credential, not who signed in. */
const everyone = (outcome: Outcome) =>
  Object.fromEntries(ACTORS.map((actor) => [actor, outcome])) as Record<ActorName, Outcome>;

export const CLIENT_REVIEW_PROJECT_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    route: '/api/v2/projects/:id/client-links',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 201,
    request: async (f, id) => {
      const row = await buildApplicant(f.role, f.cast.people.PO.user);
      return {
        url: `/api/v2/projects/${id}/client-links`,
        payload: { title: 'Matrix', submissionIds: [row.id] },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/client-links',
    rule: inPath(VIEW_FEEDBACK),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/client-links` }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/client-links/:clientLink',
    rule: inPath(VIEW_FEEDBACK),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/client-links/${(await fixtureClientLink(f)).id}`,
    }),
  },
  {
    method: 'PATCH',
    route: '/api/v2/projects/:id/client-links/:clientLink',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/client-links/${(await fixtureClientLink(f)).id}`,
      payload: { title: 'Renamed' },
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/client-links/:clientLink/address',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/client-links/${(await fixtureClientLink(f)).id}/address`,
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/client-links/:clientLink/export',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 202,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/client-links/${(await fixtureClientLink(f)).id}/export`,
      payload: {},
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/share',
    rule: inPath(['SA', 'PO', 'PE', 'TE', 'TS']),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/share` }),
  },
  {
    method: 'PUT',
    route: '/api/v2/projects/:id/share',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/share`, payload: { published: false } }),
  },
  // Portal mode: the secret in the path is the credential; every caller (anonymous, talent, any member) is CLIENT.
  {
    method: 'GET',
    route: '/api/projects/:id/applicants/:clientLink',
    rule: publicRoute,
    ok: 200,
    request: async (f) => ({
      url: `/api/projects/${f.cast.project.id}/applicants/${(await fixtureClientLink(f)).clientLink}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/applicants/:clientLink/:submissionId',
    rule: publicRoute,
    ok: 200,
    request: async (f) => {
      const link = await fixtureClientLink(f);
      return { url: `/api/projects/${f.cast.project.id}/applicants/${link.clientLink}/${link.submissionId}` };
    },
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/applicants/:clientLink/:submissionId/feedback',
    rule: publicRoute,
    ok: 200,
    // Votes belong to a named viewer: without the viewer header nobody may vote, whoever is signed in.
    outcomeFor: everyone({ status: 401, code: 'VIEWER_IDENTIFICATION_REQUIRED' }),
    request: async (f) => {
      const link = await fixtureClientLink(f);
      return {
        url: `/api/projects/${f.cast.project.id}/applicants/${link.clientLink}/${link.submissionId}/feedback`,
        payload: { vote: 'YES' },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/applicants/:clientLink/download-zip',
    rule: publicRoute,
    ok: 202,
    // The zip goes to a named viewer's own address: without the viewer header nobody may ask, whoever is signed in
    // (the viewer's 202, downloads off, revoked and expired links are walked in link-download.test.ts).
    outcomeFor: everyone({ status: 401, code: 'VIEWER_IDENTIFICATION_REQUIRED' }),
    request: async (f) => ({
      url: `/api/projects/${f.cast.project.id}/applicants/${(await fixtureClientLink(f, { allowDownload: true })).clientLink}/download-zip`,
      payload: {},
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/applicants/:clientLink/views',
    rule: publicRoute,
    ok: 200,
    request: async (f) => ({
      url: `/api/projects/${f.cast.project.id}/applicants/${(await fixtureClientLink(f)).clientLink}/views`,
      payload: {},
    }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/applicants/:clientLink/:submissionId/notes',
    rule: publicRoute,
    ok: 200,
    request: async (f) => {
      const link = await fixtureClientLink(f);
      return {
        url: `/api/projects/${f.cast.project.id}/applicants/${link.clientLink}/${link.submissionId}/notes`,
      };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/applicants/:clientLink/:submissionId/notes',
    rule: publicRoute,
    ok: 201,
    // A note belongs to a named viewer, as a vote does: without the viewer header nobody writes one.
    outcomeFor: everyone({ status: 401, code: 'VIEWER_IDENTIFICATION_REQUIRED' }),
    request: async (f) => {
      const link = await fixtureClientLink(f);
      return {
        url: `/api/projects/${f.cast.project.id}/applicants/${link.clientLink}/${link.submissionId}/notes`,
        payload: { body: 'Love this one' },
      };
    },
  },
];

/** The portal's routes outside the projects' prefixes. */
export const CLIENT_REVIEW_OTHER_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v2/client-links/:clientLink',
    rule: publicRoute,
    ok: 200,
    request: async (f) => ({ url: `/api/v2/client-links/${(await fixtureClientLink(f)).clientLink}` }),
  },
  {
    method: 'POST',
    route: '/api/v2/client-links/:clientLink/identify',
    rule: publicRoute,
    ok: 202,
    request: async (f) => ({
      url: `/api/v2/client-links/${(await fixtureClientLink(f)).clientLink}/identify`,
      payload: { name: 'Matrix Viewer', email: 'matrix-viewer@example.com' },
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/client-links/:clientLink/verify',
    rule: publicRoute,
    ok: 400,
    // No code was asked for: the same refusal for every caller.
    outcomeFor: everyone({ status: 400, code: 'INVALID_CODE' }),
    request: async (f) => ({
      url: `/api/v2/client-links/${(await fixtureClientLink(f)).clientLink}/verify`,
      payload: { email: 'matrix-viewer@example.com', code: '000000' },
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/project-share/:id',
    rule: publicRoute,
    ok: 404,
    // Not published: the same 404 for everyone (a published page is walked in project-share.test.ts).
    outcomeFor: everyone({ status: 404, code: 'NOT_FOUND' }),
    request: async (f) => ({ url: `/api/v2/project-share/${f.cast.project.id}` }),
  },
  {
    method: 'GET',
    route: '/api/v2/client-link-exports/:exportId/:format',
    rule: publicRoute,
    ok: 404,
    outcomeFor: everyone({ status: 404, code: 'NOT_FOUND' }),
    request: async () => ({
      url: '/api/v2/client-link-exports/0190a000-0000-7000-8000-000000000000/csv?token=AAAA',
    }),
  },
];
