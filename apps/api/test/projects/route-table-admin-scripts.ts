import { adminScriptRuns, mediaUploadFailures } from '../../src/platform/db/schema';
import { testDatabase } from '../support/database';
import { superAdmin, type Fixture, type RouteCase } from './route-rules';

/** A finished export run of the fixture's project, as the export job leaves it. */
async function exportRun(fixture: Fixture): Promise<string> {
  const { db } = await testDatabase();
  const [run] = await db
    .insert(adminScriptRuns)
    .values({
      projectId: fixture.cast.project.id,
      script: 'EXPORT_PROJECT',
      status: 'DONE',
      progress: 100,
      fileKey: `exports/${fixture.cast.project.id}/matrix`,
      finishedAt: new Date(),
    })
    .returning();
  return run!.id;
}

/**
 * Admin scripts (docs/decisions/0042-admin-scripts.md): super admins only, project or not. The matrix walks every actor
 * of support/projects.ts on each route, the owner of another office (`otherOffice`) among them: owning an office makes
 * no one a super admin, so they are refused FORBIDDEN like every other account that is not one (route-rules.ts).
 */
export const ADMIN_SCRIPT_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/projects/admin-scripts/:id',
    rule: superAdmin,
    ok: 200,
    request: async (f) => ({ url: `/api/projects/admin-scripts/${f.cast.project.id}` }),
  },
  {
    method: 'POST',
    route: '/api/projects/admin-scripts/:id/runs',
    rule: superAdmin,
    ok: 202,
    request: async (f) => ({
      url: `/api/projects/admin-scripts/${f.cast.project.id}/runs`,
      payload: { script: 'RECOUNT' },
    }),
  },
  {
    method: 'GET',
    route: '/api/projects/admin-scripts/runs/:runId',
    rule: superAdmin,
    ok: 200,
    request: async (f) => ({ url: `/api/projects/admin-scripts/runs/${await exportRun(f)}` }),
  },
  {
    method: 'GET',
    route: '/api/projects/admin-scripts/runs/:runId/download',
    rule: superAdmin,
    ok: 200,
    request: async (f) => ({ url: `/api/projects/admin-scripts/runs/${await exportRun(f)}/download` }),
  },
  // The upload failures the admin scripts page shows (media module, docs/decisions/0057-upload-failures-screen.md).
  {
    method: 'GET',
    route: '/api/projects/:id/upload-failures',
    rule: superAdmin,
    ok: 200,
    request: async (f) => {
      const { db } = await testDatabase();
      await db.insert(mediaUploadFailures).values({ projectId: f.cast.project.id, error: 'matrix' });
      return { url: `/api/projects/${f.cast.project.id}/upload-failures` };
    },
  },
  {
    method: 'PUT',
    route: '/api/projects/admin-scripts/restore',
    rule: superAdmin,
    ok: 202,
    request: async () => ({
      url: '/api/projects/admin-scripts/restore?name=x.zip',
      payload: Buffer.from('PK\u0003\u0004 not a real export'),
    }),
  },
];
