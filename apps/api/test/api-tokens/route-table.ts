import type { AccountRouteCase } from '../support/account-rules';

/**
 * The API tokens module's management routes (walked by test/account-route-matrix.test.ts with every kind of caller):
 * the office's owner only, in a session. test/api-tokens/api-tokens.test.ts covers what a token itself may call.
 */
export const API_TOKEN_ROUTES: AccountRouteCase[] = [
  { route: 'GET /api/api-tokens', rule: 'owner', ok: 200 },
  {
    route: 'POST /api/api-tokens',
    rule: 'owner',
    ok: 201,
    request: (headers) => ({
      method: 'POST',
      url: '/api/api-tokens',
      headers,
      payload: { name: 'Matrix', scopes: ['projects:read'] },
    }),
  },
  {
    route: 'DELETE /api/api-tokens/:id',
    rule: 'owner',
    ok: { status: 404, code: 'NOT_FOUND' },
    request: (headers) => ({
      method: 'DELETE',
      url: '/api/api-tokens/0190b2c4-0000-7000-8000-000000000000',
      headers,
    }),
  },
];
