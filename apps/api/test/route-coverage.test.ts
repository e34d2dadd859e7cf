import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app';
import { API_TOKEN_ROUTES } from './api-tokens/route-table';
import { AUDIT_ROUTES } from './audit/route-table';
import { DEV_ROUTES } from './dev/route-table';
import { HEALTH_ROUTES } from './health/route-table';
import { METRICS_ROUTES } from './metrics/route-table';
import { IDENTITY_ROUTES } from './identity/route-table';
import { importRouteCases } from './import/route-table';
import { JOBS_ROUTES } from './jobs/route-table';
import { LIVE_ROUTES } from './live/route-table';
import { mediaRouteCases } from './media/route-table';
import { OFFICE_ROUTES } from './offices/route-table';
import { ADMIN_SCRIPT_ROUTES } from './projects/route-table-admin-scripts';
import { CANDIDATE_ROUTES, COPY_MOVE_ROUTES } from './projects/route-table-candidates';
import { CHAT_ROUTES } from './projects/route-table-chat';
import {
  CLIENT_REVIEW_OTHER_ROUTES,
  CLIENT_REVIEW_PROJECT_ROUTES,
} from './projects/route-table-client-review';
import { BOUNCE_WEBHOOK_SECRET, EMAIL_ROUTES } from './projects/route-table-email';
import {
  LINK_OTHER_ROUTES,
  LINK_PRIVATE_TOKEN_ROUTES,
  LINK_PROJECT_ROUTES,
} from './projects/route-table-links';
import { LOOKUP_ROUTES } from './projects/route-table-lookups';
import { PROJECT_ROUTES } from './projects/route-table-projects';
import { ROSTER_OFFICE_ROUTES, ROSTER_PROJECT_ROUTES } from './projects/route-table-roster';
import { RETENTION_ROUTES } from './retention/route-table';
import { SELFIE_ROUTES } from './projects/route-table-selfie';
import { SELF_TAPE_PRIVATE_ROUTES, SELF_TAPE_ROUTES } from './projects/route-table-self-tapes';
import { AUDITION_PUBLIC_ROUTES, AUDITION_ROUTES } from './projects/route-table-auditions';
import { WEBHOOK_ROUTES } from './webhooks/route-table';
import { filesRouteCases } from './storage/files-route-table';
import { NOTE_ROUTES } from './projects/route-table-notes';
import { RATING_ROUTES } from './projects/route-table-ratings';
import { PRESENTATION_ROUTES } from './projects/route-table-presentations';

/**
 * Every route the API registers must be in at least one authorization table: a table states who may call the route,
 * and its module's matrix test proves each caller gets that answer. A route in no table has an access rule nobody
 * checked. This test does not judge the rules (the matrix tests do); it only finds the routes no table names.
 */

/** A route as tables name it: `METHOD /url`, with path parameters written `:name` (an OpenAPI `{name}` too). */
function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** Rows with a method and a route apart. */
const fromCases = (cases: readonly { method: string; route: string }[]) =>
  cases.map((entry) => routeKey(entry.method, entry.route));
/** Names written `METHOD /url`. */
const fromNames = (names: Iterable<string>) =>
  [...names].map((name) => {
    const [method = '', url = ''] = name.split(' ');
    return routeKey(method, url);
  });
/** Rows whose route is written `METHOD /url`. */
const fromRows = (rows: readonly { route: string }[]) => fromNames(rows.map((row) => row.route));

/**
 * The fixture given to a table built by a function: only its routes are read here and no request is built, so the
 * fixture is never asked for.
 */
const unread = (): never => {
  throw new Error('the route coverage test lists routes only');
};

/** Each table, by the file that holds it, with the routes it names. */
const TABLES: Record<string, () => string[]> = {
  'identity/route-table.ts': () => fromNames(Object.keys(IDENTITY_ROUTES)),
  'offices/route-table.ts': () => fromNames(Object.keys(OFFICE_ROUTES)),
  'retention/route-table.ts': () => fromNames(Object.keys(RETENTION_ROUTES)),
  'webhooks/route-table.ts': () => fromNames(Object.keys(WEBHOOK_ROUTES)),
  'media/route-table.ts': () => fromCases(mediaRouteCases(unread)),
  'import/route-table.ts': () => fromCases(importRouteCases(unread)),
  'projects/route-table-projects.ts': () => fromCases(PROJECT_ROUTES),
  'projects/route-table-lookups.ts': () => fromCases(LOOKUP_ROUTES),
  'projects/route-table-candidates.ts': () => fromCases([...CANDIDATE_ROUTES, ...COPY_MOVE_ROUTES]),
  'projects/route-table-links.ts': () => [
    ...fromCases([...LINK_PROJECT_ROUTES, ...LINK_OTHER_ROUTES]),
    ...fromNames(LINK_PRIVATE_TOKEN_ROUTES),
  ],
  'projects/route-table-email.ts': () => fromCases(EMAIL_ROUTES),
  'projects/route-table-chat.ts': () => fromCases(CHAT_ROUTES),
  'projects/route-table-roster.ts': () => fromCases([...ROSTER_PROJECT_ROUTES, ...ROSTER_OFFICE_ROUTES]),
  'projects/route-table-client-review.ts': () =>
    fromCases([...CLIENT_REVIEW_PROJECT_ROUTES, ...CLIENT_REVIEW_OTHER_ROUTES]),
  'projects/route-table-admin-scripts.ts': () => fromCases(ADMIN_SCRIPT_ROUTES),
  'projects/route-table-selfie.ts': () => fromCases(SELFIE_ROUTES),
  'api-tokens/route-table.ts': () => fromRows(API_TOKEN_ROUTES),
  'audit/route-table.ts': () => fromRows(AUDIT_ROUTES),
  'jobs/route-table.ts': () => fromRows(JOBS_ROUTES),
  'health/route-table.ts': () => fromRows(HEALTH_ROUTES),
  'metrics/route-table.ts': () => fromRows(METRICS_ROUTES),
  'dev/route-table.ts': () => fromRows(DEV_ROUTES),
  'live/route-table.ts': () => fromRows(LIVE_ROUTES),
  'storage/files-route-table.ts': () => fromRows(filesRouteCases(unread)),
  'projects/route-table-self-tapes.ts': () => [
    ...fromCases(SELF_TAPE_ROUTES),
    ...fromNames(SELF_TAPE_PRIVATE_ROUTES),
  ],
  'projects/route-table-auditions.ts': () => [
    ...fromCases(AUDITION_ROUTES),
    ...fromNames(AUDITION_PUBLIC_ROUTES),
  ],
  'projects/route-table-notes.ts': () => fromCases(NOTE_ROUTES),
  'projects/route-table-ratings.ts': () => fromCases(RATING_ROUTES),
  'projects/route-table-presentations.ts': () => fromCases(PRESENTATION_ROUTES),
};

/**
 * Routes a framework plugin adds, in no table on purpose: @fastify/swagger-ui serves the API's documentation page and
 * its assets under /api/docs, all public (stamped so in platform/http/openapi.ts), reading and writing no data.
 */
const FRAMEWORK_ROUTES = [
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
];

let t: TestApp;
beforeAll(async () => {
  // The bounce webhook is registered only when its secret is configured: with it, every route the API can have.
  t = await buildTestApp({ env: { MAIL_BOUNCE_WEBHOOK_SECRET: BOUNCE_WEBHOOK_SECRET } });
});
afterAll(() => t.close());

/**
 * The routes to cover: HEAD is skipped (Fastify answers it with the GET route's handler and rule), and so is anything
 * outside /api (the web app's pages and assets, served public by platform/http/static-web.ts) but the metrics route,
 * which the app also answers at the root path Prometheus scrapes.
 */
function apiRoutes(): string[] {
  const keys = t.app.routeAccess
    .filter((entry) => entry.method !== 'HEAD' && (entry.url.startsWith('/api/') || entry.url === '/metrics'))
    .map((entry) => routeKey(entry.method, entry.url));
  return [...new Set(keys)].sort();
}

describe('route coverage', () => {
  it('finds every registered API route in at least one authorization table', () => {
    const tabled = new Set(Object.values(TABLES).flatMap((routesOf) => routesOf()));
    const uncovered = apiRoutes().filter((route) => !tabled.has(route) && !FRAMEWORK_ROUTES.includes(route));
    expect(
      uncovered,
      `These routes are in no authorization table. Add each to the route table of the module that owns it, with the ` +
        `access rule it must declare, and run that module's matrix test (the tables are listed in ` +
        `test/route-coverage.test.ts):\n${uncovered.join('\n')}\n`,
    ).toEqual([]);
  });

  it('names only registered routes in the tables and the framework list', () => {
    const registered = new Set(apiRoutes());
    const stale = Object.entries(TABLES).flatMap(([table, routesOf]) =>
      routesOf()
        .filter((route) => !registered.has(route))
        .map((route) => `${table}: ${route}`),
    );
    stale.push(
      ...FRAMEWORK_ROUTES.filter((route) => !registered.has(route)).map((route) => `framework: ${route}`),
    );
    expect(stale).toEqual([]);
  });

  it('skips only public framework routes', () => {
    const rules = t.app.routeAccess
      .filter((entry) => FRAMEWORK_ROUTES.includes(routeKey(entry.method, entry.url)))
      .map((entry) => [routeKey(entry.method, entry.url), entry.access?.kind]);
    expect(Object.fromEntries(rules)).toEqual(
      Object.fromEntries(FRAMEWORK_ROUTES.map((route) => [route, 'public'])),
    );
  });
});
