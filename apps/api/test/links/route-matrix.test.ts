import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole } from '../support/projects';
import { outcomesByActor, type Fixture, type RouteCase } from '../projects/route-rules';
import {
  LINK_OTHER_ROUTES,
  LINK_PRIVATE_TOKEN_ROUTES,
  LINK_PROJECT_ROUTES,
} from '../projects/route-table-links';

let t: TestApp;
let fixture: Fixture;

beforeAll(async () => {
  t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  fixture = { cast, role: await buildRole(cast.project) };
});
afterAll(() => t.close());

const key = (route: Pick<RouteCase, 'method' | 'route'>) => `${route.method} ${route.route}`;

/** Every route the agencies, links, apply and addresses modules register. */
const NEW_ROUTE_PATTERNS = [
  /^\/api\/users\/agencies/,
  /^\/api\/admin\/agencies/,
  /^\/api\/users\/agents/,
  /^\/api\/users\/representatives/,
  /^\/api\/applicants\/representatives/,
  /^\/api\/applicants\/:id\/check-email-webform/,
  /^\/api\/v2\/share-links/,
  /^\/api\/v2\/applicants/,
  /^\/api\/v2\/global-content/,
  /^\/api\/v2\/projects\/(:id\/(share-link|claim-representative|applicants\/(send-under-review|agency-review-counts|:applicantId\/representatives))|standalone-url-mapping)/,
  /^\/api\/users\/lookups\/addresses/,
];

describe('the links route table', () => {
  it('covers every new route, and nothing twice', () => {
    const registered = t.app.routeAccess
      .filter(
        (entry) => entry.method !== 'HEAD' && NEW_ROUTE_PATTERNS.some((pattern) => pattern.test(entry.url)),
      )
      .map((entry) => `${entry.method} ${entry.url}`)
      .sort();
    const tabled = [...LINK_PROJECT_ROUTES, ...LINK_OTHER_ROUTES].map(key).sort();
    expect(new Set(tabled).size).toBe(tabled.length);
    // The standalone PATCH and the private-link reads need a talent's private token: walked below, not here.
    expect([...tabled, ...LINK_PRIVATE_TOKEN_ROUTES].sort()).toEqual(registered);
  });

  it('declares the private-token routes public: the token in the request is their credential', () => {
    const declared = t.app.routeAccess
      .filter((entry) =>
        (LINK_PRIVATE_TOKEN_ROUTES as readonly string[]).includes(`${entry.method} ${entry.url}`),
      )
      .map((entry) => [`${entry.method} ${entry.url}`, entry.access?.kind]);
    expect(Object.fromEntries(declared)).toEqual(
      Object.fromEntries(LINK_PRIVATE_TOKEN_ROUTES.map((route) => [route, 'public'])),
    );
  });
});

describe.each(LINK_OTHER_ROUTES.map((route) => [key(route), route] as const))('%s', (_name, route) => {
  it('answers each actor as the rule says', async () => {
    const { actual, expected } = await outcomesByActor(t.app, fixture, route);
    expect(actual).toEqual(expected);
  });
});

describe('public routes without a valid secret', () => {
  const guessed = 'AAAAAAAAAAAAAAAAAAAAAAAA';
  const unknownId = '0190a000-0000-7000-8000-000000000000';
  const cases: [
    string,
    () => Promise<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: object }>,
  ][] = [
    ['resolve', async () => ({ method: 'GET', url: `/api/v2/share-links/resolve?token=${guessed}` })],
    [
      'url mapping',
      async () => ({ method: 'GET', url: `/api/v2/projects/standalone-url-mapping?url=${guessed}` }),
    ],
    [
      'apply',
      async () => ({
        method: 'POST',
        url: '/api/v2/applicants/standalone',
        payload: { token: guessed, firstName: 'A', lastName: 'B', email: 'a@b.co', acceptTerms: true },
      }),
    ],
    ['representatives', async () => ({ method: 'GET', url: `/api/users/representatives?token=${guessed}` })],
    [
      'add representative',
      async () => ({
        method: 'POST',
        url: '/api/users/representatives',
        payload: {
          token: guessed,
          agency: { name: 'Nope' },
          agent: { firstName: 'An', lastName: 'On', email: 'x@y.co' },
        },
      }),
    ],
    [
      'check e-mail',
      async () => ({
        method: 'POST',
        url: `/api/applicants/${fixture.cast.project.id}/check-email-webform`,
        payload: { email: 'a@b.co', token: guessed },
      }),
    ],
    [
      'private view',
      async () => ({
        method: 'GET',
        url: `/api/v2/applicants/${unknownId}/standalone/token?token=${guessed}`,
      }),
    ],
    [
      'private update',
      async () => ({
        method: 'PATCH',
        url: `/api/v2/applicants/standalone/${unknownId}`,
        payload: { accessToken: guessed },
      }),
    ],
    [
      'confirm an application',
      async () => ({
        method: 'POST',
        url: `/api/v2/applicants/${unknownId}/standalone/confirm`,
        payload: { accessToken: guessed },
      }),
    ],
    [
      'private selfie',
      async () => ({
        method: 'GET',
        url: `/api/v2/applicants/${unknownId}/standalone/selfie?token=${guessed}`,
      }),
    ],
    [
      'send a selfie',
      async () => ({
        method: 'PUT',
        url: `/api/v2/applicants/${unknownId}/standalone/selfie`,
        payload: { accessToken: guessed, key: 'PM/RoleSideDocuments/x/y' },
      }),
    ],
    [
      'list my files',
      async () => ({
        method: 'GET',
        url: `/api/v2/applicants/${unknownId}/standalone/media?token=${guessed}`,
      }),
    ],
    [
      'add my files',
      async () => ({
        method: 'POST',
        url: `/api/v2/applicants/${unknownId}/standalone/media`,
        payload: { accessToken: guessed, keys: ['PM/RoleSideDocuments/x/y'] },
      }),
    ],
    [
      'remove my file',
      async () => ({
        method: 'DELETE',
        url: `/api/v2/applicants/${unknownId}/standalone/media/${unknownId}?token=${guessed}`,
      }),
    ],
    [
      'change representative',
      async () => ({
        method: 'PATCH',
        url: '/api/users/representatives',
        payload: {
          applicantId: unknownId,
          accessToken: guessed,
          agency: { name: 'Nope' },
          agent: { firstName: 'An', lastName: 'On', email: 'x@y.co' },
        },
      }),
    ],
    [
      'resend',
      async () => ({
        method: 'GET',
        url: `/api/v2/applicants/${unknownId}/standalone/resend-email?token=${guessed}`,
      }),
    ],
    [
      'claim',
      async () => ({
        method: 'POST',
        url: `/api/v2/projects/${fixture.cast.project.id}/claim-representative`,
        payload: { claimId: unknownId, token: guessed },
      }),
    ],
  ];

  it.each(cases)(
    '%s: a guessed secret is 404 for anonymous and signed-in callers alike',
    async (_name, build) => {
      for (const actor of ['anonymous', 'PO', 'SA'] as const) {
        const request = await build();
        const res = await t.app.inject({ ...request, headers: fixture.cast.headers(actor) });
        expect({ actor, status: res.statusCode }).toEqual({ actor, status: 404 });
      }
    },
  );

  it('a missing or malformed secret is a 400, never a 500', async () => {
    for (const url of [
      '/api/v2/share-links/resolve',
      "/api/v2/share-links/resolve?token=' or 1=1 --",
      '/api/users/representatives?token=short',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    }
  });
});

describe('per-address limits on public calls', () => {
  it('answers 429 with the limit message once an address used its mail allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/applicants/0190a000-0000-7000-8000-000000000000/standalone/resend-email?token=AAAAAAAAAAAAAAAAAAAAAAAA`,
        remoteAddress: '203.0.113.9',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({
          code: 'RATE_LIMITED',
          message: 'Too many requests. Please wait a moment and try again.',
        });
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 404)).toHaveLength(30);
  });
});
