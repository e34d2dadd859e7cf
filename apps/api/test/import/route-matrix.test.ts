import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { ACTORS, buildCast, buildRole, signedInUser, type Cast } from '../support/projects';
import type { Outcome } from '../projects/route-rules';
import { importRouteCases, importRun } from './route-table';

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
    payload: importRun({ fileId, cast, roleId }),
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

const CASES = importRouteCases(() => ({ cast, roleId, fileId, jobId }));

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
