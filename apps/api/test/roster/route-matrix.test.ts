import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, signedInUser } from '../support/projects';
import { outcomesByActor, type Fixture, type RouteCase } from '../projects/route-rules';
import { ROSTER_OFFICE_ROUTES } from '../projects/route-table-roster';

// The office roster's routes as every actor (the project roster's are in projects/permission-matrix.test.ts).
let t: TestApp;
let fixture: Fixture;
let client: Record<string, string>;

beforeAll(async () => {
  t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  fixture = { cast, role: await buildRole(cast.project) };
  client = (await signedInUser(t.app, { roleCode: 'CLIENT' })).auth;
});
afterAll(() => t.close());

const key = (route: Pick<RouteCase, 'method' | 'route'>) => `${route.method} ${route.route}`;

describe('the office roster route table', () => {
  it('covers every /api/roster route, and nothing twice', () => {
    const registered = t.app.routeAccess
      .filter((entry) => entry.method !== 'HEAD' && entry.url.startsWith('/api/roster'))
      .map((entry) => `${entry.method} ${entry.url}`)
      .sort();
    const tabled = ROSTER_OFFICE_ROUTES.map(key).sort();
    expect(new Set(tabled).size).toBe(tabled.length);
    expect(tabled).toEqual(registered);
  });
});

describe.each(ROSTER_OFFICE_ROUTES.map((route) => [key(route), route] as const))('%s', (_name, route) => {
  it('answers each actor as the rule says', async () => {
    const { actual, expected } = await outcomesByActor(t.app, fixture, route);
    expect(actual).toEqual(expected);
  });
});

describe('a client account', () => {
  // A client account signs in as an admin, yet the office's database of people is not a client's (decision 0039).
  it.each(ROSTER_OFFICE_ROUTES.map((route) => [key(route), route] as const))(
    'is refused %s, although it signs in as an admin',
    async (_name, route) => {
      const request = await route.request(fixture, fixture.cast.project.id);
      const res = await t.app.inject({ method: route.method, headers: client, ...request });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    },
  );
});
