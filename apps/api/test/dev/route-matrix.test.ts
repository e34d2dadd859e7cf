import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declaredRules,
  outcomesByCaller,
  signInCallers,
  tabledRules,
  type Caller,
} from '../support/account-rules';
import { buildTestApp, type TestApp } from '../support/app';
import { DEV_ROUTES } from './route-table';

let t: TestApp;
let callers: Record<Caller, Record<string, string>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  callers = await signInCallers(t.app);
});
afterAll(() => t.close());

describe('the dev route table', () => {
  it('names every dev route with the rule it declares', () => {
    expect(declaredRules(t.app, (url) => url.startsWith('/api/dev'))).toEqual(tabledRules(DEV_ROUTES));
  });
});

describe.each(DEV_ROUTES.map((route) => [route.route, route] as const))('%s', (_name, route) => {
  it('answers each caller as its rule says', async () => {
    const { actual, expected } = await outcomesByCaller(t.app, callers, route);
    expect(actual).toEqual(expected);
  });
});
