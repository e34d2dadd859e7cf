import { randomUUID } from 'node:crypto';
import { createUser } from '../support/identity';
import { addInvitation, addMember, buildFolder, buildProject, buildRole } from '../support/projects';
import { eq } from 'drizzle-orm';
import { projects } from '../../src/platform/db/schema';
import { testDatabase } from '../support/database';
import { SPEC, fresh, inPath, staff, type Fixture, type RouteCase } from './route-rules';

/**
 * A wizard draft with the fixture's team (editor, talent editor, submitter) and one opportunity, so each actor keeps
 * their standing; a fresh one per request, since finishing or discarding uses it up. A missing project id is
 * passed through for the 404 checks.
 */
async function draftWithTeam(fixture: Fixture, projectId: string): Promise<string> {
  if (projectId !== fixture.cast.project.id) return projectId;
  const { people } = fixture.cast;
  const { db } = await testDatabase();
  const project = await buildProject(people.PO.user, { name: fresh('Draft') });
  await db.update(projects).set({ draftStep: 'TEAM' }).where(eq(projects.id, project.id));
  await addMember(project, people.PE.user, 'PROJECT_EDITOR');
  await addMember(project, people.TE.user, 'TALENT_EDITOR');
  await addMember(project, people.TS.user, 'TALENT_SUBMITTER');
  await buildRole(project);
  return project.id;
}

/** Projects, opportunities, folders and team access. */
export const PROJECT_ROUTES: RouteCase[] = [
  // Projects
  {
    method: 'POST',
    route: '/api/v2/projects',
    rule: staff,
    ok: 201,
    request: async () => ({ url: '/api/v2/projects', payload: { name: fresh('Created') } }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id',
    rule: inPath(SPEC.viewProject),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/v2/projects/:id',
    rule: inPath(SPEC.manageProject),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}`, payload: { rateNotes: fresh('Scale') } }),
  },
  {
    method: 'GET',
    route: '/api/projects',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/projects' }),
  },
  {
    method: 'GET',
    route: '/api/projects/accessed-projects',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/projects/accessed-projects' }),
  },
  {
    method: 'POST',
    route: '/api/projects/archive/:id',
    rule: inPath(SPEC.manageProject),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/archive/${id}?archived=false` }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/overview',
    rule: inPath(SPEC.projectPreview),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/${id}/overview` }),
  },
  // Project wizard drafts (docs/decisions/0041-project-wizard.md)
  {
    method: 'POST',
    route: '/api/projects/drafts',
    rule: staff,
    ok: 201,
    request: async () => ({ url: '/api/projects/drafts', payload: { name: fresh('Wizard') } }),
  },
  {
    method: 'GET',
    route: '/api/projects/drafts',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/projects/drafts' }),
  },
  {
    method: 'GET',
    route: '/api/projects/drafts/:id',
    rule: inPath(SPEC.manageProject),
    ok: 200,
    request: async (f, id) => ({ url: `/api/projects/drafts/${await draftWithTeam(f, id)}` }),
  },
  {
    method: 'PATCH',
    route: '/api/projects/drafts/:id',
    rule: inPath(SPEC.manageProject),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/projects/drafts/${await draftWithTeam(f, id)}`,
      payload: { step: 'LINK' },
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/drafts/:id/finish',
    rule: inPath(SPEC.manageProject),
    ok: 200,
    request: async (f, id) => ({ url: `/api/projects/drafts/${await draftWithTeam(f, id)}/finish` }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/drafts/:id',
    rule: inPath(SPEC.manageProject),
    ok: 204,
    request: async (f, id) => ({ url: `/api/projects/drafts/${await draftWithTeam(f, id)}` }),
  },
  // Opportunities
  {
    method: 'GET',
    route: '/api/v2/projects/:id/roles',
    rule: inPath(SPEC.viewProject),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/roles` }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/roles/options',
    rule: inPath(SPEC.viewProject),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/roles/options` }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/roles',
    rule: inPath(SPEC.manageRole),
    ok: 201,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/roles`, payload: { name: fresh('Role') } }),
  },
  {
    method: 'PATCH',
    route: '/api/v2/projects/:id/roles/:roleId',
    rule: inPath(SPEC.manageRole),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/roles/${f.role.id}`,
      payload: { description: fresh('Description') },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/v2/projects/:id/roles/:roleId',
    rule: inPath(SPEC.manageRole),
    ok: 204,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/roles/${(await buildRole(f.cast.project)).id}`,
    }),
  },
  // Folders
  {
    method: 'GET',
    route: '/api/projects/:projectId/folders',
    rule: inPath(SPEC.viewProject),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/${id}/folders` }),
  },
  {
    method: 'POST',
    route: '/api/projects/folders',
    rule: { kind: 'project', allowed: SPEC.createFolder, projectIn: 'body' },
    ok: 201,
    request: async (f, id) => ({
      url: '/api/projects/folders',
      payload: { projectId: id, roleId: f.role.id, name: fresh('Folder') },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/projects/folders/:folderId',
    rule: { kind: 'project', allowed: SPEC.createFolder, projectIn: 'folder' },
    ok: 200,
    request: async (f) => ({
      url: `/api/projects/folders/${(await buildFolder(f.role)).id}`,
      payload: { name: fresh('Renamed') },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:projectId/folder/:folderId',
    rule: inPath(SPEC.createFolder),
    ok: 204,
    request: async (f, id) => ({ url: `/api/projects/${id}/folder/${(await buildFolder(f.role)).id}` }),
  },
  // Team access
  {
    method: 'GET',
    route: '/api/projects/access-scopes',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/projects/access-scopes' }),
  },
  {
    method: 'GET',
    route: '/api/projects/:id/accesses',
    rule: inPath(SPEC.inviteTeamMembers),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/${id}/accesses` }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/accesses',
    rule: inPath(SPEC.inviteTeamMembers),
    ok: 200,
    // TALENT_SUBMITTER is in every member's scopeAllowedToCreate, so only the matrix decides.
    request: async (_f, id) => ({
      url: `/api/projects/${id}/accesses`,
      payload: { invitations: [{ email: `${randomUUID()}@example.com`, scope: 'TALENT_SUBMITTER' }] },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/projects/:id/access/:accessId',
    // The matrix lets TS invite, but a talent submitter may change nobody's scope (its scopeAllowedToUpdate is empty).
    rule: inPath(['SA', 'PO', 'PE', 'TE']),
    ok: 200,
    request: async (f, id) => {
      const member = await addMember(f.cast.project, await createUser(), 'TALENT_EDITOR');
      return { url: `/api/projects/${id}/access/${member.id}`, payload: { scope: 'TALENT_EDITOR' } };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/access/:accessId/resend',
    rule: inPath(SPEC.inviteTeamMembers),
    ok: 204,
    // A talent submitter manages only their own agency's rows; this invitee is of no agency.
    outcomeFor: { TS: { status: 404, code: 'NOT_FOUND' } },
    request: async (f, id) => {
      const invited = await addInvitation(f.cast.project, `${randomUUID()}@example.com`, 'TALENT_SUBMITTER');
      return { url: `/api/projects/${id}/access/${invited.id}/resend` };
    },
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/access/:accessId',
    rule: inPath(SPEC.inviteTeamMembers),
    ok: 204,
    // A talent submitter manages only their own agency's rows; this member is of no agency.
    outcomeFor: { TS: { status: 404, code: 'NOT_FOUND' } },
    request: async (f, id) => {
      const member = await addMember(f.cast.project, await createUser(), 'TALENT_SUBMITTER');
      return { url: `/api/projects/${id}/access/${member.id}` };
    },
  },
];
