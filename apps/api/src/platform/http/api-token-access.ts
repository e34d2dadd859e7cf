import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, MESSAGES, type ApiTokenScope } from '@casting/domain';
import { AppError } from '../errors';

/**
 * Why an API token may not call a route (decision 0767): the route declares no `tokenScope`, or one the token lacks
 * (403, the message naming the scope). Undefined when the token holds the route's scope.
 */
export function tokenRefusal(
  scopes: readonly ApiTokenScope[],
  needed: ApiTokenScope | undefined,
): AppError | undefined {
  if (!needed) return new AppError('API_TOKEN_SCOPE_MISSING', API_TOKEN_MESSAGES.tokensNotAccepted);
  if (!scopes.includes(needed)) {
    return new AppError('API_TOKEN_SCOPE_MISSING', API_TOKEN_MESSAGES.scopeMissing(needed), {
      requiredScope: needed,
    });
  }
  return undefined;
}

/** The 401 for a bearer credential that names no caller: an API token's own words, or a session's. */
export function unknownCredential(token: string): AppError {
  const message = token.startsWith(API_TOKEN_PREFIX)
    ? API_TOKEN_MESSAGES.invalidToken
    : MESSAGES.sessionEndedSignInAgain;
  return new AppError('UNAUTHENTICATED', message);
}

/**
 * An authenticator that takes sessions only, for a route that reads its credentials elsewhere (the live websocket):
 * an API token states its scope per route, and such a route has none.
 */
export function sessionsOnly<Args extends unknown[], P extends { apiToken?: unknown }>(
  authenticate: (...args: Args) => Promise<P | null>,
): (...args: Args) => Promise<P | null> {
  return async (...args) => {
    const principal = await authenticate(...args);
    return principal?.apiToken ? null : principal;
  };
}
