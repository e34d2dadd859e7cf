import type { AccountRouteCase } from '../support/account-rules';
import { WEB_ORIGIN } from '../support/live-client';

/**
 * The live module's route (walked by test/account-route-matrix.test.ts). A websocket handshake carries no Authorization header, so
 * the route is public to the access layer and admits the caller itself, from the access token in its query: staff
 * accounts only, as `access.staff()` would. Injected requests are plain HTTP, so an admitted caller is answered that
 * the channel is a websocket (400 BAD_REQUEST), which it only gets once admitted.
 */
export const LIVE_ROUTES: AccountRouteCase[] = [
  {
    route: 'GET /api/live',
    rule: 'public',
    ok: { status: 400, code: 'BAD_REQUEST' },
    outcomeFor: {
      anonymous: { status: 401, code: 'UNAUTHENTICATED' },
      talent: { status: 403, code: 'TALENT_NOT_ALLOWED' },
    },
    request: (headers) => {
      const token = headers.authorization?.replace(/^Bearer /, '');
      return {
        method: 'GET',
        url: token ? `/api/live?token=${encodeURIComponent(token)}` : '/api/live',
        headers: { origin: WEB_ORIGIN },
      };
    },
  },
];
