import type { AccountRouteCase } from '../support/account-rules';

/** The jobs module's route (walked by test/account-route-matrix.test.ts): the queues' health is the installation operator's. */
export const JOBS_ROUTES: AccountRouteCase[] = [{ route: 'GET /api/admin/jobs', rule: 'operator', ok: 200 }];
