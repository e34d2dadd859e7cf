import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { ImportJob } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { ACTORS, buildCast, buildRole, signedInUser, type ActorName, type Cast } from '../support/projects';
import type { Outcome } from '../projects/route-rules';

let t: TestApp;
let cast: Cast;
let roleId: string;
let fileId: string;
let jobId: string;
let client: Record<string, string>;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  roleId = (await buildRole(cast.project)).id;
  fileId = (await upload(cast.headers('PO'))).json().fileId;
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/import/jobs',
    headers: cast.headers('PO'),
    payload: run(),
  });
  jobId = started.json<ImportJob>().id;
  client = (await signedInUser(t.app, { roleCode: 'CLIENT' })).auth;
});
afterAll(() => t.close());

function upload(headers: Record<string, string>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/import/files?kind=SHEET&name=people.csv',
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: 'First name,Last name\nAda,Lovelace\n',
  });
}
const run = () => ({
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

interface Case {
  method: 'GET' | 'POST' | 'PUT';
  route: string;
  request(): Pick<InjectOptions, 'url' | 'payload' | 'headers'>;
  expected: Record<ActorName, Outcome>;
}

const CASES: Case[] = [
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
    request: () => ({ url: '/api/import/preview', payload: { fileId } }),
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
  ...(['dry-run', 'jobs'] as const).map((path): Case => ({
    method: 'POST',
    route: `/api/import/${path}`,
    request: () => ({ url: `/api/import/${path}`, payload: run() }),
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
  ...(['', '/failed-rows', '/failed-rows.csv'] as const).map((suffix): Case => ({
    method: 'GET',
    route: `/api/import/jobs/:id${suffix}`,
    request: () => ({ url: `/api/import/jobs/${jobId}${suffix}` }),
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

describe('the import route table', () => {
  it('covers every import route, and nothing twice', () => {
    const registered = t.app.routeAccess
      .filter((entry) => entry.method !== 'HEAD' && entry.url.startsWith('/api/import'))
      .map((entry) => `${entry.method} ${entry.url}`)
      .sort();
    expect(CASES.map((c) => `${c.method} ${c.route}`).sort()).toEqual(registered);
  });
});

describe.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))('%s', (_name, c) => {
  it('answers each actor as the rule says', async () => {
    const actual: Record<string, Outcome> = {};
    for (const actor of ACTORS) {
      const request = c.request();
      const res = await t.app.inject({
        method: c.method,
        ...request,
        headers: { ...request.headers, ...cast.headers(actor) },
      });
      const outcome: Outcome = { status: res.statusCode };
      if (res.statusCode >= 400) outcome.code = res.json().code;
      actual[actor] = outcome;
    }
    expect(actual).toEqual(c.expected);
  });
});

describe('a client account', () => {
  // A client account signs in as an admin, yet adds candidates nowhere and may not read the office roster.
  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))('is refused %s', async (_name, c) => {
    const request = c.request();
    const res = await t.app.inject({
      method: c.method,
      ...request,
      headers: { ...request.headers, ...client },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});
