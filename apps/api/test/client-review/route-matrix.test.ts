import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { addMember, buildCast, buildRole, signedInUser } from '../support/projects';
import { outcomesByActor, type Fixture, type Outcome, type RouteCase } from '../projects/route-rules';
import {
  CLIENT_REVIEW_OTHER_ROUTES,
  CLIENT_REVIEW_PROJECT_ROUTES,
  fixtureClientLink,
} from '../projects/route-table-client-review';

let t: TestApp;
let fixture: Fixture;
/** Client accounts (user role CLIENT): one on the team (invited with an editor's scope, acting as CLIENT), one not. */
let clientOnTeam: Record<string, string>;
let clientElsewhere: Record<string, string>;

beforeAll(async () => {
  t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  fixture = { cast, role: await buildRole(cast.project) };
  const member = await signedInUser(t.app, { roleCode: 'CLIENT' });
  await addMember(cast.project, member.user, 'PROJECT_EDITOR');
  clientOnTeam = member.auth;
  clientElsewhere = (await signedInUser(t.app, { roleCode: 'CLIENT' })).auth;
});
afterAll(() => t.close());

const key = (route: Pick<RouteCase, 'method' | 'route'>) => `${route.method} ${route.route}`;

describe('the client review route table', () => {
  it('covers every route of the client-review module, and nothing twice', () => {
    const registered = t.app.routeAccess
      .filter(
        (entry) =>
          entry.method !== 'HEAD' &&
          (/client-link|project-share|\/projects\/:id\/share$/.test(entry.url) ||
            /^\/api\/projects\/:id\/applicants\/:clientLink/.test(entry.url)),
      )
      .map((entry) => `${entry.method} ${entry.url}`)
      .sort();
    const tabled = [...CLIENT_REVIEW_PROJECT_ROUTES, ...CLIENT_REVIEW_OTHER_ROUTES].map(key).sort();
    expect(new Set(tabled).size).toBe(tabled.length);
    expect(tabled).toEqual(registered);
  });
});

describe.each(CLIENT_REVIEW_OTHER_ROUTES.map((route) => [key(route), route] as const))(
  '%s',
  (_name, route) => {
    it('answers each actor as the rule says', async () => {
      const { actual, expected } = await outcomesByActor(t.app, fixture, route);
      expect(actual).toEqual(expected);
    });
  },
);

describe('the CLIENT actor and callers without the secret', () => {
  const guessed = 'AAAAAAAAAAAAAAAAAAAAAAAA';

  it('a guessed or malformed secret is a 404 for anonymous and signed-in callers alike', async () => {
    const link = await fixtureClientLink(fixture);
    const project = fixture.cast.project.id;
    for (const secret of [guessed, 'short', "' or 1=1 --"]) {
      for (const [method, url] of [
        ['GET', `/api/projects/${project}/applicants/${encodeURIComponent(secret)}`],
        ['GET', `/api/projects/${project}/applicants/${encodeURIComponent(secret)}/${link.submissionId}`],
        ['POST', `/api/projects/${project}/applicants/${encodeURIComponent(secret)}/views`],
        [
          'PUT',
          `/api/projects/${project}/applicants/${encodeURIComponent(secret)}/${link.submissionId}/feedback`,
        ],
        ['POST', `/api/projects/${project}/applicants/${encodeURIComponent(secret)}/download-zip`],
        ['GET', `/api/projects/${project}/folders?clientLink=${encodeURIComponent(secret)}`],
        ['GET', `/api/v2/client-links/${encodeURIComponent(secret)}`],
        ['POST', `/api/v2/client-links/${encodeURIComponent(secret)}/identify`],
      ] as const) {
        for (const actor of ['anonymous', 'PO', 'SA'] as const) {
          const res = await t.app.inject({
            method,
            url,
            headers: fixture.cast.headers(actor),
            payload:
              method === 'POST'
                ? { name: 'A', email: 'a@example.com' }
                : method === 'PUT'
                  ? { comment: 'A guess' }
                  : undefined,
            // An address of its own: the public per-address quotas (30 identifications in 10 minutes) are shared
            // with the other test files this worker runs on the same database, whose viewers identify from 127.0.0.1.
            remoteAddress: '198.51.100.23',
          });
          expect({ secret, url, actor, status: res.statusCode }).toEqual({ secret, url, actor, status: 404 });
        }
      }
    }
  });

  it('the secret grants CLIENT only: team routes stay closed to a holder of the secret', async () => {
    const link = await fixtureClientLink(fixture);
    const project = fixture.cast.project.id;
    const headers = { 'x-client-link': link.clientLink };
    for (const [method, url] of [
      ['GET', `/api/v2/projects/${project}/client-links`],
      ['GET', `/api/v2/projects/${project}/client-links/${link.id}`],
      ['GET', `/api/projects/${project}/applicants`],
      ['GET', `/api/projects/${project}/candidates/${link.submissionId}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
    // Even a super admin following a client link sees only the client view: the same candidates, nothing more.
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project}/applicants/${link.clientLink}`,
      headers: fixture.cast.headers('SA'),
    });
    expect(asAdmin.json().items.map((item: { submissionId: string }) => item.submissionId)).toEqual([
      link.submissionId,
    ]);
  });
});

describe('a client account', () => {
  const refused = { status: 403, code: 'PERMISSION_DENIED' };
  /**
   * On the team it acts as CLIENT: links, their reports (other clients' names and addresses) and exports are the
   * casting team's, and so is publishing the project's page; whether the page is published is what the public sees
   * anyway, so it may read that. Off the team it is a non-member.
   */
  const onTeam: Record<string, Outcome> = {
    'POST /api/v2/projects/:id/client-links': refused,
    'GET /api/v2/projects/:id/client-links': refused,
    'GET /api/v2/projects/:id/client-links/:clientLink': refused,
    'PATCH /api/v2/projects/:id/client-links/:clientLink': refused,
    'POST /api/v2/projects/:id/client-links/:clientLink/export': refused,
    'GET /api/v2/projects/:id/share': { status: 200 },
    'PUT /api/v2/projects/:id/share': refused,
  };
  const teamRoutes = CLIENT_REVIEW_PROJECT_ROUTES.filter((route) => key(route) in onTeam);

  it('the table names every team route of the module', () => {
    expect(teamRoutes.map(key).sort()).toEqual(Object.keys(onTeam).sort());
  });

  it.each(teamRoutes.map((route) => [key(route), route] as const))(
    '%s: refused managing links on a team it is on, and a non-member elsewhere',
    async (name, route) => {
      const asClient = async (headers: Record<string, string>) => {
        const request = await route.request(fixture, fixture.cast.project.id);
        const res = await t.app.inject({ method: route.method, headers, ...request });
        const outcome: Outcome = { status: res.statusCode };
        if (res.statusCode >= 400) outcome.code = res.json().code;
        return outcome;
      };
      expect(await asClient(clientOnTeam)).toEqual(onTeam[name]);
      expect(await asClient(clientElsewhere)).toEqual({ status: 403, code: 'PROJECT_ACCESS_DENIED' });
    },
  );
});
