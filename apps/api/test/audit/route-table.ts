import type { AccountRouteCase } from '../support/account-rules';

/**
 * The audit module's routes (walked by test/account-route-matrix.test.ts): an office's log is its owner's to read, the
 * installation's (sign-ins, accounts, the operator's own work) the operator's.
 */
export const AUDIT_ROUTES: AccountRouteCase[] = [
  { route: 'GET /api/offices/current/audit-events', rule: 'owner', ok: 200 },
  { route: 'GET /api/admin/audit-events', rule: 'operator', ok: 200 },
];
