import type { InjectOptions } from 'fastify';
import type { ActorName, Cast } from '../support/projects';
import type { Outcome } from '../projects/route-rules';

/** What the import route table's requests need: the cast's project and opportunity, PO's sheet and import of it. */
export interface ImportMatrixFixture {
  cast: Cast;
  roleId: string;
  fileId: string;
  jobId: string;
}

/** PO's sheet imported into the cast's opportunity. */
export const importRun = ({
  fileId,
  cast,
  roleId,
}: Pick<ImportMatrixFixture, 'fileId' | 'cast' | 'roleId'>) => ({
  fileId,
  fileName: 'people.csv',
  mapping: { firstName: 0, lastName: 1 },
  target: { type: 'OPPORTUNITY', projectId: cast.project.id, roleId },
});

const denied = (code: string, status = 403): Outcome => ({ status, code });
const ANON = { anonymous: denied('UNAUTHENTICATED', 401), talent: denied('TALENT_NOT_ALLOWED') };
// The cast's project editor and talent editor are casting assistants, for whom import is closed.
const ASSISTANTS = { PE: denied('FORBIDDEN'), TE: denied('FORBIDDEN') };
// Files and jobs are their sender's: anyone else reads them as not found.
const NOT_THEIRS = denied('NOT_FOUND', 404);

export interface ImportRouteCase {
  method: 'GET' | 'POST' | 'PUT';
  route: string;
  request(): Pick<InjectOptions, 'url' | 'payload' | 'headers'>;
  expected: Record<ActorName, Outcome>;
}

/**
 * Every import route with each actor's answer (walked by route-matrix.test.ts). The fixture is read only when a
 * request is built, so the table can be listed before the fixture exists.
 */
export function importRouteCases(fixture: () => ImportMatrixFixture): ImportRouteCase[] {
  return [
    {
      method: 'PUT',
      route: '/api/import/files',
      request: () => ({
        url: '/api/import/files?kind=SHEET&name=a.csv',
        headers: { 'content-type': 'text/csv' },
        payload: 'a,b\n1,2\n',
      }),
      expected: {
        ...ANON,
        ...ASSISTANTS,
        nonMember: { status: 201 },
        otherOffice: { status: 201 },
        TS: { status: 201 },
        PO: { status: 201 },
        SA: { status: 201 },
      },
    },
    {
      method: 'POST',
      route: '/api/import/preview',
      request: () => ({ url: '/api/import/preview', payload: { fileId: fixture().fileId } }),
      expected: {
        ...ANON,
        ...ASSISTANTS,
        nonMember: NOT_THEIRS,
        otherOffice: NOT_THEIRS,
        TS: NOT_THEIRS,
        PO: { status: 200 },
        SA: NOT_THEIRS,
      },
    },
    ...(['dry-run', 'jobs'] as const).map((path): ImportRouteCase => ({
      method: 'POST',
      route: `/api/import/${path}`,
      request: () => ({ url: `/api/import/${path}`, payload: importRun(fixture()) }),
      expected: {
        ...ANON,
        ...ASSISTANTS,
        nonMember: denied('PROJECT_ACCESS_DENIED'),
        // Another office's file and project do not exist for its owner.
        otherOffice: NOT_THEIRS,
        TS: denied('PERMISSION_DENIED'),
        PO: { status: path === 'jobs' ? 202 : 200 },
        SA: NOT_THEIRS,
      },
    })),
    {
      method: 'GET',
      route: '/api/import/jobs',
      request: () => ({ url: '/api/import/jobs' }),
      expected: {
        ...ANON,
        ...ASSISTANTS,
        nonMember: { status: 200 },
        otherOffice: { status: 200 },
        TS: { status: 200 },
        PO: { status: 200 },
        SA: { status: 200 },
      },
    },
    ...(['', '/failed-rows', '/failed-rows.csv'] as const).map((suffix): ImportRouteCase => ({
      method: 'GET',
      route: `/api/import/jobs/:id${suffix}`,
      request: () => ({ url: `/api/import/jobs/${fixture().jobId}${suffix}` }),
      // A super admin may follow any import (support); other people's imports do not exist for them.
      expected: {
        ...ANON,
        ...ASSISTANTS,
        nonMember: NOT_THEIRS,
        otherOffice: NOT_THEIRS,
        TS: NOT_THEIRS,
        PO: { status: 200 },
        SA: { status: 200 },
      },
    })),
  ];
}
