/**
 * The CSRF guard the API checks on cookie-authenticated auth calls (refresh, sign-out), on top of
 * the cookie's SameSite=Strict. The response shapes themselves live in @casting/domain.
 */
export const CSRF_HEADERS = { 'X-Requested-With': 'casting-web' } as const;
