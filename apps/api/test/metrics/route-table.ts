import type { AccountRouteCase } from '../support/account-rules';

/**
 * The metrics module's route (walked by test/account-route-matrix.test.ts): its credential is the operator's
 * METRICS_TOKEN, never an account, so with the setting unset (as there) it does not exist for any caller, signed in
 * or not. test/metrics/metrics.test.ts covers the token.
 */
export const METRICS_ROUTES: AccountRouteCase[] = [
  { route: 'GET /api/metrics', rule: 'public', ok: { status: 404, code: 'NOT_FOUND' } },
  { route: 'GET /metrics', rule: 'public', ok: { status: 404, code: 'NOT_FOUND' } },
];
