import type { AccountRouteCase } from '../support/account-rules';

/**
 * The dev module's route (walked by test/account-route-matrix.test.ts), registered only outside production: public, for people and
 * tests reading the codes the product "sent", and answered only to requests made on the server's own machine, whoever
 * the caller (outbox.test.ts refuses the others). Injected requests come from 127.0.0.1, so every caller here reads it.
 */
export const DEV_ROUTES: AccountRouteCase[] = [
  {
    route: 'GET /api/dev/outbox',
    rule: 'public',
    ok: 200,
    request: (headers) => ({ method: 'GET', url: '/api/dev/outbox?limit=1', headers }),
  },
];
