import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole } from '../support/projects';
import { outcomesByActor, type Fixture, type RouteCase } from './route-rules';
import { ADMIN_SCRIPT_ROUTES } from './route-table-admin-scripts';
import { CANDIDATE_ROUTES, COPY_MOVE_ROUTES } from './route-table-candidates';
import { BOUNCE_WEBHOOK_SECRET, EMAIL_ROUTES } from './route-table-email';
import { CHAT_ROUTES } from './route-table-chat';
import { CLIENT_REVIEW_PROJECT_ROUTES } from './route-table-client-review';
import { LINK_PROJECT_ROUTES } from './route-table-links';
import { LOOKUP_ROUTES } from './route-table-lookups';
import { PROJECT_ROUTES } from './route-table-projects';
import { ROSTER_PROJECT_ROUTES } from './route-table-roster';
import { SELFIE_ROUTES } from './route-table-selfie';
import { SELF_TAPE_ROUTES } from './route-table-self-tapes';
import { AUDITION_ROUTES } from './route-table-auditions';
import { NOTE_ROUTES } from './route-table-notes';
import { RATING_ROUTES } from './route-table-ratings';
import { PRESENTATION_ROUTES } from './route-table-presentations';

const ROUTES = [
  ...PROJECT_ROUTES,
  ...LOOKUP_ROUTES,
  ...CANDIDATE_ROUTES,
  ...LINK_PROJECT_ROUTES,
  ...EMAIL_ROUTES,
  ...CHAT_ROUTES,
  ...ROSTER_PROJECT_ROUTES,
  ...CLIENT_REVIEW_PROJECT_ROUTES,
  ...ADMIN_SCRIPT_ROUTES,
  ...SELFIE_ROUTES,
  ...SELF_TAPE_ROUTES,
  ...AUDITION_ROUTES,
  ...NOTE_ROUTES,
  ...RATING_ROUTES,
  ...PRESENTATION_ROUTES,
];
const ALL_ROUTES = [...ROUTES, ...COPY_MOVE_ROUTES];

let t: TestApp;
let fixture: Fixture;

beforeAll(async () => {
  // The bounce webhook exists only when its secret is configured.
  t = await buildIdentityApp({ MAIL_BOUNCE_WEBHOOK_SECRET: BOUNCE_WEBHOOK_SECRET });
  const cast = await buildCast(t.app);
  fixture = { cast, role: await buildRole(cast.project) };
});
afterAll(() => t.close());

const key = (route: Pick<RouteCase, 'method' | 'route'>) => `${route.method} ${route.route}`;

const MODULE_PREFIXES = [
  '/api/v2/projects',
  '/api/projects',
  '/api/users/lookups',
  '/api/lookup-management',
  '/api/email/',
  '/api/conversation-management',
];

describe('the route table', () => {
  it('covers every route of the projects and lookups modules, and nothing twice', () => {
    const registered = t.app.routeAccess
      .filter(
        (entry) => entry.method !== 'HEAD' && MODULE_PREFIXES.some((prefix) => entry.url.startsWith(prefix)),
      )
      .map((entry) => `${entry.method} ${entry.url}`)
      .sort();
    const tabled = ROUTES.map(key).sort();
    expect(new Set(tabled).size).toBe(tabled.length);
    expect(tabled).toEqual(registered);
  });
});

describe.each(ALL_ROUTES.map((route) => [key(route), route] as const))('%s', (_name, route) => {
  it('answers each actor as the matrix says', async () => {
    const { actual, expected } = await outcomesByActor(t.app, fixture, route);
    expect(actual).toEqual(expected);
  });

  if (route.rule.kind === 'project' && route.rule.projectIn !== 'folder') {
    it('answers 404 for a project that does not exist, or an id that is not a UUID', async () => {
      for (const missing of [randomUUID(), 'not-a-uuid']) {
        const request = await route.request(fixture, missing);
        const res = await t.app.inject({
          method: route.method,
          headers: fixture.cast.headers('SA'),
          ...request,
        });
        expect({ missing, status: res.statusCode, code: res.json().code }).toEqual({
          missing,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
    });
  }
});
