import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Role } from '@casting/domain';
import { lookupValues } from '../../src/platform/db/schema';
import { testDatabase } from '../support/database';
import { createUser } from '../support/identity';
import { addMember, buildFolder, buildRole, type ActorName, type Cast } from '../support/projects';

/**
 * Who may do what, written out from spec section 6 ("Permissions (SA PO PE TE TS)") rather than computed with
 * `can`, so a wrong matrix in the domain package fails this table.
 */
export const SPEC = {
  manageProject: ['SA', 'PO', 'PE'],
  manageRole: ['SA', 'PO', 'PE'],
  createFolder: ['SA', 'PO', 'PE'],
  inviteTeamMembers: ['SA', 'PO', 'PE', 'TE', 'TS'],
  projectPreview: ['SA', 'PO', 'PE', 'TE'],
  candidateActions: ['SA', 'PO', 'PE', 'TE', 'TS'],
  // Ours: any member may read the project itself (docs/decisions/0010-who-creates-projects.md).
  viewProject: ['SA', 'PO', 'PE', 'TE', 'TS'],
} as const satisfies Record<string, readonly ActorName[]>;

export type Rule =
  | { kind: 'staff' }
  | { kind: 'superAdmin' }
  | { kind: 'project'; allowed: readonly ActorName[]; projectIn: 'path' | 'body' | 'query' | 'folder' };

export interface Fixture {
  cast: Cast;
  role: Role;
}

export interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The route as registered, to prove the table covers every route. */
  route: string;
  rule: Rule;
  ok: number;
  /** Builds one request; `projectId` lets the 404 checks aim at a project that does not exist. */
  request(fixture: Fixture, projectId: string): Promise<Pick<InjectOptions, 'url' | 'payload'>>;
}

const fresh = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

const staff: Rule = { kind: 'staff' };
const superAdmin: Rule = { kind: 'superAdmin' };
const inPath = (allowed: readonly ActorName[]): Rule => ({ kind: 'project', allowed, projectIn: 'path' });

async function freshLookupValue(lookup: string): Promise<string> {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(lookupValues)
    .values({ lookup, name: fresh('Renamable'), position: 10_000 })
    .returning();
  if (!row) throw new Error('lookup insert returned nothing');
  return row.id;
}

const EDITABLE = [
  'geographic',
  'project-lookingfor',
  'project-types',
  'role-background',
  'ethnic-appearances',
  'role-genders',
];
const READ_ONLY = ['union', 'project-status', 'role-types', 'regions'];

export const ROUTES: RouteCase[] = [
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
    // The matrix lets TS invite, but a talent submitter's scopeAllowedToUpdate is empty (spec section 6).
    rule: inPath(['SA', 'PO', 'PE', 'TE']),
    ok: 200,
    request: async (f, id) => {
      const member = await addMember(f.cast.project, await createUser(), 'TALENT_EDITOR');
      return { url: `/api/projects/${id}/access/${member.id}`, payload: { scope: 'TALENT_EDITOR' } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id/access/:accessId',
    rule: inPath(SPEC.inviteTeamMembers),
    ok: 204,
    request: async (f, id) => {
      const member = await addMember(f.cast.project, await createUser(), 'TALENT_SUBMITTER');
      return { url: `/api/projects/${id}/access/${member.id}` };
    },
  },
  // Lookups
  ...[...EDITABLE, ...READ_ONLY].map((lookup): RouteCase => ({
    method: 'GET',
    route: `/api/projects/lookups/${lookup}`,
    rule: staff,
    ok: 200,
    request: async () => ({ url: `/api/projects/lookups/${lookup}` }),
  })),
  ...EDITABLE.flatMap((lookup): RouteCase[] => [
    {
      method: 'POST',
      route: `/api/projects/lookups/${lookup}`,
      rule: superAdmin,
      ok: 201,
      request: async () => ({ url: `/api/projects/lookups/${lookup}`, payload: { name: fresh('Value') } }),
    },
    {
      method: 'PATCH',
      route: `/api/projects/lookups/${lookup}/:valueId`,
      rule: superAdmin,
      ok: 200,
      request: async () => ({
        url: `/api/projects/lookups/${lookup}/${await freshLookupValue(lookup)}`,
        payload: { name: fresh('Renamed') },
      }),
    },
  ]),
  ...[
    '/api/projects/lookups/details',
    '/api/projects/lookups/role-details',
    '/api/users/lookups/roles',
    '/api/users/lookups/ethnicities',
    '/api/lookup-management/skills',
    '/api/lookup-management/appearances',
    '/api/lookup-management/enums',
  ].map((url): RouteCase => ({
    method: 'GET',
    route: url,
    rule: staff,
    ok: 200,
    request: async () => ({ url }),
  })),
  {
    method: 'GET',
    route: '/api/lookup-management/enums/:lookup',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/lookup-management/enums/skills' }),
  },
  {
    method: 'POST',
    route: '/api/lookup-management/enums/:lookup',
    rule: superAdmin,
    ok: 201,
    request: async () => ({ url: '/api/lookup-management/enums/skills', payload: { name: fresh('Skill') } }),
  },
  {
    method: 'PATCH',
    route: '/api/lookup-management/enums/:lookup/:valueId',
    rule: superAdmin,
    ok: 200,
    request: async () => ({
      url: `/api/lookup-management/enums/union/${await freshLookupValue('union')}`,
      payload: { name: fresh('Union') },
    }),
  },
  // Tags
  {
    method: 'GET',
    route: '/api/projects/lookups/tags-lookup',
    rule: { kind: 'project', allowed: SPEC.viewProject, projectIn: 'query' },
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/lookups/tags-lookup?projectId=${id}` }),
  },
  {
    method: 'GET',
    route: '/api/projects/lookups/tags-lookup/names',
    rule: { kind: 'project', allowed: SPEC.viewProject, projectIn: 'query' },
    ok: 200,
    request: async (_f, id) => ({ url: `/api/projects/lookups/tags-lookup/names?projectId=${id}` }),
  },
  {
    method: 'POST',
    route: '/api/projects/lookups/tags-lookup',
    rule: { kind: 'project', allowed: SPEC.candidateActions, projectIn: 'body' },
    ok: 201,
    request: async (_f, id) => ({
      url: '/api/projects/lookups/tags-lookup',
      payload: { projectId: id, name: fresh('Tag') },
    }),
  },
];

export interface Outcome {
  status: number;
  code?: string;
}

/** The answer each actor must get, from the rule alone. */
export function expectedOutcome(rule: Rule, actor: ActorName, ok: number): Outcome {
  if (actor === 'anonymous') return { status: 401, code: 'UNAUTHENTICATED' };
  if (actor === 'talent') return { status: 403, code: 'TALENT_NOT_ALLOWED' };
  if (rule.kind === 'staff') return { status: ok };
  if (rule.kind === 'superAdmin') return actor === 'SA' ? { status: ok } : { status: 403, code: 'FORBIDDEN' };
  if (actor === 'nonMember') return { status: 403, code: 'PROJECT_ACCESS_DENIED' };
  return rule.allowed.includes(actor) ? { status: ok } : { status: 403, code: 'PERMISSION_DENIED' };
}
