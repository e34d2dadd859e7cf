import path from 'node:path';
import { LOOKUP_NAMES, PROJECT_LOOKUPS } from '@casting/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app';
import { extractWebCalls, type WebCall, type WebCalls, webSources } from './support/web-calls';

/**
 * Every call the web app makes is a route of the API: same method, same path shape. The web's own tests mock the API,
 * so a call to an address the API never had passes all of them and fails only in the browser. The calls are read
 * from the web's source (support/web-calls.ts), never listed by hand; the routes are the real app's, as its OpenAPI
 * document publishes them. A call whose path cannot be read from its source fails too, unless it is allowed below
 * with its reason, so no call escapes the check by being written differently.
 */

const REPO = path.resolve(import.meta.dirname, '../../..');
const WEB_SRC = path.join(REPO, 'apps/web/src');

/**
 * Calls whose path or method the extractor cannot read, each allowed by its file and the first line of its code, with
 * the reason it is right without the check. Empty: every call of the web app is read. An entry that no longer
 * matches a call fails the test, so the list never keeps an exception nobody needs.
 */
const ALLOWED_UNREAD: readonly { file: string; code: string; reason: string }[] = [];

/**
 * Interpolated values that are words of the API's paths rather than ids, with the words they can be: a call with one
 * is checked once per word, since a placeholder otherwise fills a route parameter only (see `reaches`). An entry
 * that no longer matches a call fails the test.
 */
const WORDS: readonly { file: string; path: string; words: readonly string[]; reason: string }[] = [
  {
    file: 'apps/web/src/features/lookups/lookups-api.ts',
    path: '/api/projects/lookups/{lookup}',
    words: PROJECT_LOOKUPS,
    reason: 'lookupPath() reads a lookup of PROJECT_LOOKUPS here by its name; the API has a route per name',
  },
  {
    file: 'apps/web/src/features/lookups/lookups-api.ts',
    path: '/api/lookup-management/{lookup}',
    words: LOOKUP_NAMES.filter((name) => name !== 'ethnicities' && !PROJECT_LOOKUPS.some((p) => p === name)),
    reason: 'lookupPath() reads the other lookups here by name, ethnicities aside (skills, appearances)',
  },
];

/** The talent's private page saves here (apps/web/src/features/apply/apply-api.ts); the extractor must find it. */
const KNOWN_CALL = { method: 'PATCH', path: '/api/v2/applicants/standalone/{applicantId}' };
const KNOWN_CALL_FILE = 'apps/web/src/features/apply/apply-api.ts';
/** Fewer calls than this means the extractor lost track of how the web app calls the API (it finds 244 today). */
const AT_LEAST_CALLS = 200;

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

interface Route {
  method: string;
  path: string;
}

/** A `{name}`: an interpolated value in a web path, a parameter in a route's. */
const PLACEHOLDERS = /\{[^}]*\}/g;
const HAS_PLACEHOLDER = /\{[^}]*\}/;
const PARAMETER = /^\{[^}]*\}$/;
const WILDCARD = '{*}';

/** The routes of the document, HEAD left out (Fastify adds one to every GET; the web never sends it). */
function documentedRoutes(doc: OpenApiDocument): Route[] {
  return Object.entries(doc.paths).flatMap(([routePath, operations]) =>
    Object.keys(operations)
      .map((method) => method.toUpperCase())
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, path: routePath })),
  );
}

/**
 * Whether a segment the web writes reaches a route's segment. A route parameter takes any one segment. An
 * interpolated value fills a parameter only: it is an id or the like, and if it stood for one of the route's literal
 * words, `/applicants/${id}/standalone` would pass for `/applicants/standalone/{id}`, the very mistake to catch (a
 * value that is such a word is written so the extractor reads it: a literal, a const, a literal-typed parameter).
 */
function reaches(written: string, segment: string): boolean {
  if (PARAMETER.test(segment)) return true;
  if (HAS_PLACEHOLDER.test(written))
    return written.replace(PLACEHOLDERS, '{}') === segment.replace(PLACEHOLDERS, '{}');
  const parts = segment.split(PLACEHOLDERS).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`).test(written);
}

/** Whether a web path reaches a route path; a route's trailing `{*}` (a Fastify wildcard) takes the rest. */
function samePathShape(webPath: string, routePath: string): boolean {
  const web = webPath.split('/');
  const route = routePath.split('/');
  const wildcard = route.at(-1) === WILDCARD;
  if (wildcard ? web.length < route.length : web.length !== route.length) return false;
  return route.every(
    (segment, index) => (wildcard && index === route.length - 1) || reaches(web[index]!, segment),
  );
}

/** The calls with each word-placeholder of WORDS replaced by each of its words. */
function withWords(calls: readonly WebCall[]): WebCall[] {
  return calls.flatMap((call) => {
    const entry = WORDS.find((words) => words.file === call.file && words.path === call.path);
    if (!entry) return [call];
    const placeholder = /\{[^}]*\}$/.exec(entry.path)?.[0] ?? '';
    return entry.words.map((word) => ({ ...call, path: call.path.replace(placeholder, word) }));
  });
}

/** One line per web call without a route, saying what the API has at that path instead, if anything. */
function callsWithoutRoute(calls: readonly WebCall[], routes: readonly Route[]): string[] {
  return calls.flatMap((call) => {
    const atPath = routes.filter((route) => samePathShape(call.path, route.path));
    if (atPath.some((route) => route.method === call.method)) return [];
    const others = atPath.map((route) => route.method);
    const there = others.length > 0 ? ` (the API answers ${[...new Set(others)].join(', ')} there)` : '';
    return [`${call.file}:${call.line} ${call.method} ${call.path}${there}`];
  });
}

/** One line per call that cannot be read and is not allowed, and per allowance that matches no call. */
function unreadCalls(web: WebCalls, allowed: typeof ALLOWED_UNREAD): string[] {
  const isAllowed = (file: string, code: string) =>
    allowed.some((entry) => entry.file === file && entry.code === code);
  const unread = web.unresolved
    .filter((call) => !isAllowed(call.file, call.code))
    .map((call) => `${call.file}:${call.line} \`${call.code}\`: ${call.reason}`);
  const stale = allowed
    .filter((entry) => !web.unresolved.some((call) => call.file === entry.file && call.code === entry.code))
    .map(
      (entry) =>
        `${entry.file} \`${entry.code}\`: allowed, but no such unread call is left; remove the entry`,
    );
  return [...unread, ...stale];
}

const NO_ROUTE = [
  'These calls of the web app have no route in the API with that method and path shape',
  '(a placeholder is an interpolated value). Correct the web call to the route the API has',
  '(apps/api/src/modules/*/routes.ts, or /api/docs of a running API); if the web is right,',
  'add the route to the API.',
].join(' ');
const UNREAD = [
  'The paths or methods of these calls cannot be read from the source, so they cannot be checked.',
  'Write the path as a literal or template, or as a const or function of the same file that gives one,',
  'and the method as a literal; or, if the call must stay so, allow it in ALLOWED_UNREAD',
  '(apps/api/test/web-contract.test.ts) with the reason.',
].join(' ');

describe('the web app calls only routes the API has', () => {
  let t: TestApp;
  let routes: Route[];
  let web: WebCalls;

  beforeAll(async () => {
    web = extractWebCalls(webSources(REPO, WEB_SRC));
    t = await buildTestApp();
    routes = documentedRoutes((t.app as unknown as { swagger(): OpenApiDocument }).swagger());
  });
  afterAll(() => t.close());

  it('reads the calls from the web source', () => {
    expect(web.calls.length).toBeGreaterThanOrEqual(AT_LEAST_CALLS);
    expect(web.calls).toContainEqual({ file: KNOWN_CALL_FILE, line: expect.any(Number), ...KNOWN_CALL });
  });

  it('checks against every route the web could call', () => {
    // The OpenAPI document is the API's published contract, so the web is held to it; a route left out of it would
    // make a right call fail here, so every route of the app under /api must be in it (HEAD and the document's own
    // pages at /api/docs aside).
    const documented = new Set(
      routes.map((route) => `${route.method} ${route.path.replace(PLACEHOLDERS, '{}')}`),
    );
    const undocumented = t.app.routeAccess
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:[^/]+/g, '{}').replace(/\*$/, '{}')}`)
      .filter((route) => !documented.has(route));
    expect(undocumented, 'Routes of the app missing from its OpenAPI document').toEqual([]);
  });

  it('has a route for every call', () => {
    expect(callsWithoutRoute(withWords(web.calls), routes), NO_ROUTE).toEqual([]);
    const stale = WORDS.filter(
      (entry) => !web.calls.some((c) => c.file === entry.file && c.path === entry.path),
    );
    expect(stale, 'WORDS entries that match no call any more: remove them').toEqual([]);
  });

  it('reads every call, or allows it with a reason', () => {
    expect(unreadCalls(web, ALLOWED_UNREAD), UNREAD).toEqual([]);
  });

  it('reports a call to an address the API does not have, and a call it cannot read', () => {
    // The talent's private page once saved to PATCH /v2/applicants/{id}/standalone; the API's route is
    // /v2/applicants/standalone/{id}. A path handed in from elsewhere cannot be read, and a path sent through an
    // object the file does not declare as an HttpClient is reported rather than passed over.
    const text = [
      "import type { HttpClient } from '../../lib/http/http-client';",
      'export function save(http: HttpClient, applicantId: string, body: unknown) {',
      '  return http.send(',
      '    `/v2/applicants/${encodeURIComponent(applicantId)}/standalone?source=page`,',
      "    { method: 'PATCH', body },",
      '  );',
      '}',
      'export const load = (client: HttpClient, address: string) => client.request(address, schema);',
      "export const ping = (api: { send(path: string): Promise<void> }) => api.send('/v2/ping');",
    ].join('\n');
    const wrong = extractWebCalls([{ file: 'inline/private-page.ts', text }]);
    expect(wrong.calls).toEqual([
      {
        file: 'inline/private-page.ts',
        line: 3,
        method: 'PATCH',
        path: '/api/v2/applicants/{applicantId}/standalone',
      },
    ]);
    expect(callsWithoutRoute(wrong.calls, routes)).toEqual([
      'inline/private-page.ts:3 PATCH /api/v2/applicants/{applicantId}/standalone',
    ]);
    expect(unreadCalls(wrong, ALLOWED_UNREAD)).toEqual([
      'inline/private-page.ts:8 `client.request(address, schema)`: its path `address` is neither a literal nor a const of its file',
      "inline/private-page.ts:9 `api.send('/v2/ping')`: `api` is not declared as an HttpClient in its file",
    ]);
  });
});
