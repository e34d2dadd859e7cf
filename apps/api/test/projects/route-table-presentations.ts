import { eq } from 'drizzle-orm';
import { createPresentationSchema } from '@casting/domain';
import { createPresentation } from '../../src/modules/presentations/service';
import { presentations } from '../../src/platform/db/schema';
import type { ActorName } from '../support/projects';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { fresh, inPath, type Fixture, type RouteCase } from './route-rules';

/** Written out by hand from the permission table: presentations are managed as client links are (SA PO PE). */
const MANAGE_CLIENT_LINKS: readonly ActorName[] = ['SA', 'PO', 'PE'];

/** A presentation of the fixture's opportunity with one new candidate, made through the service. */
export async function fixturePresentation(fixture: Fixture, options: { pdfReady?: boolean } = {}) {
  const { db } = await testDatabase();
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
  const presentation = await createPresentation(
    db,
    fixture.cast.project.id,
    fixture.cast.people.PO.user.id,
    createPresentationSchema.parse({
      title: fresh('Presentation'),
      roleId: fixture.role.id,
      submissionIds: [row.id],
    }),
  );
  if (options.pdfReady) {
    await db
      .update(presentations)
      .set({ pdfStatus: 'READY', pdfProgress: 100, pdfKey: `presentations/${presentation.id}.pdf` })
      .where(eq(presentations.id, presentation.id));
  }
  return { id: presentation.id, submissionId: row.id };
}

const base = (id: string, presentationId: string) => `/api/v2/projects/${id}/presentations/${presentationId}`;

export const PRESENTATION_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    route: '/api/v2/projects/:id/presentations',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 201,
    request: async (f, id) => {
      const row = await buildApplicant(f.role, f.cast.people.PO.user);
      return {
        url: `/api/v2/projects/${id}/presentations`,
        payload: { title: 'Matrix', roleId: f.role.id, submissionIds: [row.id] },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/presentations',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/presentations` }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/presentations/:presentation',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (f, id) => ({ url: base(id, (await fixturePresentation(f)).id) }),
  },
  {
    method: 'PATCH',
    route: '/api/v2/projects/:id/presentations/:presentation',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (f, id) => ({
      url: base(id, (await fixturePresentation(f)).id),
      payload: { layout: 'pages' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/v2/projects/:id/presentations/:presentation',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 204,
    request: async (f, id) => ({ url: base(id, (await fixturePresentation(f)).id) }),
  },
  {
    method: 'PUT',
    route: '/api/v2/projects/:id/presentations/:presentation/items/:submissionId/position',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (f, id) => {
      const made = await fixturePresentation(f);
      return { url: `${base(id, made.id)}/items/${made.submissionId}/position`, payload: { position: 0 } };
    },
  },
  {
    method: 'PUT',
    route: '/api/v2/projects/:id/presentations/:presentation/items/:submissionId/media',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (f, id) => {
      const made = await fixturePresentation(f);
      return { url: `${base(id, made.id)}/items/${made.submissionId}/media`, payload: { mediaIds: [] } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/v2/projects/:id/presentations/:presentation/items/:submissionId',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (f, id) => {
      const made = await fixturePresentation(f);
      return { url: `${base(id, made.id)}/items/${made.submissionId}` };
    },
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/presentations/:presentation/share',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 201,
    request: async (f, id) => ({
      url: `${base(id, (await fixturePresentation(f)).id)}/share`,
      payload: {},
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/presentations/:presentation/pdf',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 202,
    request: async (f, id) => ({ url: `${base(id, (await fixturePresentation(f)).id)}/pdf` }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/presentations/:presentation/pdf',
    rule: inPath(MANAGE_CLIENT_LINKS),
    ok: 200,
    request: async (f, id) => ({
      url: `${base(id, (await fixturePresentation(f, { pdfReady: true })).id)}/pdf`,
    }),
  },
];
