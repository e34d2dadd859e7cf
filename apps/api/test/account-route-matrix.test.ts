import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../src/platform/storage';
import { API_TOKEN_ROUTES } from './api-tokens/route-table';
import { AUDIT_ROUTES } from './audit/route-table';
import { DEV_ROUTES } from './dev/route-table';
import { HEALTH_ROUTES } from './health/route-table';
import { JOBS_ROUTES } from './jobs/route-table';
import { LIVE_ROUTES } from './live/route-table';
import { METRICS_ROUTES } from './metrics/route-table';
import { filesRouteCases } from './storage/files-route-table';
import {
  declaredRules,
  outcomesByCaller,
  signInCallers,
  tabledRules,
  type AccountRouteCase,
  type Caller,
} from './support/account-rules';
import { buildTestApp, type TestApp } from './support/app';
import { WEB_ORIGIN } from './support/live-client';

/*
 * The route tables of the modules whose routes name no project (the audit logs, the job queue's view, the health
 * checks, the metrics, the development outbox, the live channel's upgrade, stored files), each walked with every kind of caller on
 * one app: a table names every route of its module with the rule it declares, and each caller gets what that rule
 * says. Each table lives beside its module's other tests; the project-scoped tables have their own matrices.
 */
let t: TestApp;
let callers: Record<Caller, Record<string, string>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: WEB_ORIGIN } });
  callers = await signInCallers(t.app);
});
afterAll(() => t.close());

const TABLES: { module: string; routes: readonly AccountRouteCase[]; owns(url: string): boolean }[] = [
  { module: 'api-tokens', routes: API_TOKEN_ROUTES, owns: (url) => url.startsWith('/api/api-tokens') },
  { module: 'audit', routes: AUDIT_ROUTES, owns: (url) => url.endsWith('/audit-events') },
  { module: 'dev', routes: DEV_ROUTES, owns: (url) => url.startsWith('/api/dev') },
  { module: 'health', routes: HEALTH_ROUTES, owns: (url) => url.startsWith('/api/health') },
  { module: 'jobs', routes: JOBS_ROUTES, owns: (url) => url.startsWith('/api/admin/jobs') },
  { module: 'live', routes: LIVE_ROUTES, owns: (url) => url.startsWith('/api/live') },
  { module: 'metrics', routes: METRICS_ROUTES, owns: (url) => url === '/api/metrics' || url === '/metrics' },
  {
    module: 'files',
    routes: filesRouteCases(() => t.context.storage as LocalStorage),
    owns: (url) => url.startsWith('/api/files'),
  },
];

describe.each(TABLES)('the $module route table', ({ routes, owns }) => {
  it('names every route of the module with the rule it declares', () => {
    expect(declaredRules(t.app, owns)).toEqual(tabledRules(routes));
  });

  it.each(routes.map((route) => [route.route, route] as const))(
    '%s answers each caller as its rule says',
    async (_name, route) => {
      const { actual, expected } = await outcomesByCaller(t.app, callers, route);
      expect(actual).toEqual(expected);
    },
  );
});
