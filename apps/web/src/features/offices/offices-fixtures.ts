import type { Office, OfficeMember, OfficeRole, ProjectSummary, User } from '@casting/domain';
import { buildOffice, buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchDouble } from '../../../test/fetch-double';

/**
 * A small offices server for the feature's tests: the signed-in person's offices, the one the session works in, a
 * switch between them, and each office's own projects, so a test can see that nothing of one office shows in the
 * other.
 */

export const HARBOR_ID = '0190a0a0-0000-7000-8000-000000000001';
export const NORTHWIND_ID = '0190a0a0-0000-7000-8000-000000000002';

export const me: User = buildUser({
  id: 'me',
  roleCode: 'CASTING_DIRECTOR',
  firstName: 'Dana',
  lastName: 'Scott',
  fullName: 'Dana Scott',
  email: 'dana@example.com',
});

export function project(id: string, name: string): ProjectSummary {
  return {
    id,
    name,
    archived: false,
    archivedAt: null,
    projectType: null,
    projectStatus: null,
    submissionDeadline: null,
    projectAccessScope: 'PROJECT_OWNER',
    opportunityCount: 0,
    submissionCount: 0,
    submissionCountCapped: false,
    owner: { id: 'me', fullName: 'Dana Scott' },
    createdAt: '2031-01-01T00:00:00.000Z',
    updatedAt: '2031-01-01T00:00:00.000Z',
  };
}

export function member(userId: string, fullName: string, role: OfficeRole): OfficeMember {
  return {
    userId,
    fullName,
    email: `${fullName.split(' ')[0]?.toLowerCase()}@example.com`,
    role,
    joinedAt: '2031-01-05T10:00:00.000Z',
  };
}

interface OfficeWorld {
  office: Office;
  projects: ProjectSummary[];
}

export interface OfficesServer extends FetchDouble {
  /** The office the session works in now. */
  currentId(): string;
}

/**
 * Dana owns Harbor Casting (the current office, with its own project) and is a casting director at Northwind
 * Casting (with another). Handlers given override the defaults.
 */
export function officesServer(
  options: { myRole?: OfficeRole; overrides?: Parameters<typeof createFetchDouble>[0] } = {},
): OfficesServer {
  const worlds: Record<string, OfficeWorld> = {
    [HARBOR_ID]: {
      office: buildOffice({ id: HARBOR_ID, name: 'Harbor Casting', myRole: options.myRole ?? 'OWNER' }),
      projects: [project('p-harbor', 'Harbor Lights')],
    },
    [NORTHWIND_ID]: {
      office: buildOffice({ id: NORTHWIND_ID, name: 'Northwind Casting', myRole: 'CASTING_DIRECTOR' }),
      projects: [project('p-north', 'Northern Star')],
    },
  };
  let current = HARBOR_ID;
  const world = () => worlds[current] as OfficeWorld;

  const double = createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'GET /api/offices/current': () => jsonResponse(200, world().office),
    'GET /api/offices/mine': () =>
      jsonResponse(200, {
        items: Object.values(worlds).map(({ office }) => ({
          id: office.id,
          name: office.name,
          status: office.status,
          role: office.myRole,
          current: office.id === current,
        })),
      }),
    'POST /api/offices/switch': (call) => {
      const { officeId } = call.body as { officeId: string };
      const target = worlds[officeId];
      if (!target) return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not a member' });
      current = officeId;
      const { office } = target;
      return jsonResponse(200, {
        id: office.id,
        name: office.name,
        status: office.status,
        role: office.myRole,
        current: true,
      });
    },
    'GET /api/api-tokens': () => jsonResponse(200, { items: [], nextCursor: null }),
    'GET /api/offices/current/retention': () =>
      jsonResponse(200, { retentionDays: null, noticeDays: 7, items: [], nextCursor: null }),
    'GET /api/offices/current/webhooks': () => jsonResponse(200, { items: [] }),
    'GET /api/projects': () =>
      jsonResponse(200, {
        items: world().projects,
        total: world().projects.length,
        totalCapped: false,
        limit: 20,
        offset: 0,
        nextCursor: null,
      }),
    ...options.overrides,
  });
  return { ...double, currentId: () => current };
}
