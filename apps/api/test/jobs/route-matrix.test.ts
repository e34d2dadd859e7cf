import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declaredRules,
  outcomesByCaller,
  signInCallers,
  tabledRules,
  type Caller,
} from '../support/account-rules';
import { buildTestApp, type TestApp } from '../support/app';
import { JOBS_ROUTES } from './route-table';

let t: TestApp;
let callers: Record<Caller, Record<string, string>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  callers = await signInCallers(t.app);
});
afterAll(() => t.close());

describe('the jobs route table', () => {
  it('names every jobs route with the rule it declares', () => {
    expect(declaredRules(t.app, (url) => url.startsWith('/api/admin/jobs'))).toEqual(
      tabledRules(JOBS_ROUTES),
    );
  });
});

describe.each(JOBS_ROUTES.map((route) => [route.route, route] as const))('%s', (_name, route) => {
  it('answers each caller as its rule says', async () => {
    const { actual, expected } = await outcomesByCaller(t.app, callers, route);
    expect(actual).toEqual(expected);
  });
});
