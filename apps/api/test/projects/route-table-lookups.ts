import { lookupValues } from '../../src/platform/db/schema';
import { testDatabase } from '../support/database';
import { SPEC, fresh, staff, superAdmin, type RouteCase } from './route-rules';

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

/** The lookups the forms choose from (project types, regions, genders, skills...) and the per-project tags. */
export const LOOKUP_ROUTES: RouteCase[] = [
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
