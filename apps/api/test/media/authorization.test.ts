import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_MOVE_ROUTES } from '../projects/route-table-candidates';
import { LINK_OTHER_ROUTES, LINK_PROJECT_ROUTES } from '../projects/route-table-links';
import { ACTORS, type ActorName } from '../support/projects';
import { type MediaApp } from './support';
import { accessCalls, buildAccessFixture } from './access-fixture';
import { mediaRouteCases, type MediaRouteCase, type Outcome } from './route-table';

/**
 * Every media route as every actor, as its table (route-table.ts) says. Upload calls also admit an apply page's grant
 * (uploads.test.ts).
 */
let t: MediaApp;
let applicantId: string;
let projectId: string;
const fixture = () => ({ t, applicantId, projectId });
const { api } = accessCalls(fixture);
const CASES = mediaRouteCases(fixture);

beforeAll(async () => {
  ({ t, applicantId, projectId } = await buildAccessFixture());
}, 60_000);
afterAll(() => t.close());

function expected(route: MediaRouteCase, actor: ActorName): Outcome {
  if (actor === 'anonymous') return route.anonymous ?? { status: 401, code: 'UNAUTHENTICATED' };
  if (actor === 'talent') return route.talent ?? { status: 403, code: 'TALENT_NOT_ALLOWED' };
  if (actor === 'nonMember') return route.nonMember ?? { status: 403, code: 'PROJECT_ACCESS_DENIED' };
  if (actor === 'otherOffice') return route.otherOffice ?? { status: 404, code: 'NOT_FOUND' };
  return route.allowed.includes(actor) ? { status: route.ok } : { status: 403, code: 'PERMISSION_DENIED' };
}

const PREFIXES = ['/api/media-management', '/api/applicants/', '/api/downloads'];
// Routes of other modules under the same prefixes are walked by the permission matrix with their own tables.
const OTHER_MODULES = new Set(
  [...COPY_MOVE_ROUTES, ...LINK_PROJECT_ROUTES, ...LINK_OTHER_ROUTES].map(
    (route) => `${route.method} ${route.route}`,
  ),
);

describe('media routes', () => {
  it('are all in the table', () => {
    const registered = t.app.routeAccess
      .filter((entry) => entry.method !== 'HEAD' && PREFIXES.some((prefix) => entry.url.startsWith(prefix)))
      .map((entry) => `${entry.method} ${entry.url}`)
      .filter((name) => !OTHER_MODULES.has(name))
      .sort();
    expect(CASES.map((route) => `${route.method} ${route.route}`).sort()).toEqual(registered);
  });

  it.each(CASES.map((route) => [`${route.method} ${route.route}`, route] as const))(
    '%s answers each actor as the permission table says',
    async (_name, route) => {
      const actual: Record<string, Outcome> = {};
      const wanted: Record<string, Outcome> = {};
      for (const actor of ACTORS) {
        const request = await route.request(actor);
        const res = await api(route.method, request.url, t.cast.headers(actor), request.payload);
        const outcome: Outcome = { status: res.statusCode };
        const want = expected(route, actor);
        if (res.statusCode >= 400 && want.code) outcome.code = res.json().code;
        actual[actor] = outcome;
        wanted[actor] = want;
      }
      expect(actual).toEqual(wanted);
    },
  );
});
