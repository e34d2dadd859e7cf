import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@casting/domain';
import type { TestApp } from './support/app';
import { buildIdentityApp, createUser, CSRF, signIn } from './support/identity';

// Every API route, as a signed-in super admin (who passes every access rule), fed malformed input: each answer must
// be a 4xx (or a success) in the one error shape with a catalogue code, never a 5xx.
const PARAM_VALUES = ['not-a-uuid', randomUUID(), '%00', 'x'.repeat(300)];
const BODIES: Array<{ label: string; payload: string }> = [
  { label: 'malformed JSON', payload: '{"broken":' },
  { label: 'an array', payload: '[1,2,3]' },
  {
    label: 'wrong types',
    payload: JSON.stringify({
      email: 42,
      password: [],
      name: { nested: true },
      title: null,
      projectId: 'x',
      roleId: 7,
      invitations: 'everyone',
      code: {},
      scope: 'KING',
      firstName: 'x'.repeat(10_000),
      archived: 'perhaps',
    }),
  },
  { label: 'an empty object', payload: '{}' },
];
const QUERY = '?limit=-1&offset=abc&q=%27%22%25_&archived=maybe&roleId=nope';

let t: TestApp;
let bearer: string;

beforeAll(async () => {
  t = await buildIdentityApp();
  const admin = await createUser({ roleCode: 'SUPER_ADMIN' });
  bearer = (await signIn(t.app, admin)).auth.authorization;
});
afterAll(() => t.close());

function apiRoutes() {
  return t.app.routeAccess.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      !['HEAD', 'OPTIONS'].includes(route.method) &&
      !route.url.includes('sign-out') &&
      !route.url.startsWith('/api/session-tracking'),
  );
}

describe('malformed input never reaches a 5xx', () => {
  it('covers a meaningful number of routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  it('answers every route with a 4xx or success in the error shape', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      for (const value of PARAM_VALUES) {
        const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(value)) + QUERY;
        const variants = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : BODIES;
        for (const body of variants) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              authorization: bearer,
              ...CSRF,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            cookies: { casting_rt: 'not-a-real-token' },
            ...(body ? { payload: body.payload } : {}),
          });
          const where = `${route.method} ${route.url} [${value.slice(0, 12)}] ${body?.label ?? ''}`;
          if (res.statusCode >= 500) {
            failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          if (res.statusCode >= 400) {
            const parsed = res.json();
            if (!isErrorCode(parsed.code) || typeof parsed.message !== 'string' || parsed.message === '') {
              failures.push(`${where}: not the error shape: ${res.body.slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
