import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../../src/platform/storage';
import {
  declaredRules,
  outcomesByCaller,
  signInCallers,
  tabledRules,
  type Caller,
} from '../support/account-rules';
import { buildTestApp, type TestApp } from '../support/app';
import { filesRouteCases } from './files-route-table';

let t: TestApp;
let callers: Record<Caller, Record<string, string>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  callers = await signInCallers(t.app);
});
afterAll(() => t.close());

const FILES_ROUTES = filesRouteCases(() => t.context.storage as LocalStorage);

describe('the files route table', () => {
  it('names every files route with the rule it declares', () => {
    expect(declaredRules(t.app, (url) => url.startsWith('/api/files'))).toEqual(tabledRules(FILES_ROUTES));
  });
});

describe.each(FILES_ROUTES.map((route) => [route.route, route] as const))('%s', (_name, route) => {
  it('answers each caller as its rule says', async () => {
    const { actual, expected } = await outcomesByCaller(t.app, callers, route);
    expect(actual).toEqual(expected);
  });
});
