import type { AccountRouteCase } from '../support/account-rules';

/**
 * The health module's routes (walked by test/account-route-matrix.test.ts): public, for load balancers and uptime checks that
 * hold no account; they answer the same to every caller and tell nothing about any office.
 */
export const HEALTH_ROUTES: AccountRouteCase[] = [
  { route: 'GET /api/health', rule: 'public', ok: 200 },
  { route: 'GET /api/health/ready', rule: 'public', ok: 200 },
];
