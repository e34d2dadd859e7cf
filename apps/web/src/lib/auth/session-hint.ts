/**
 * Whether this browser may hold a refresh cookie. The cookie itself is httpOnly, so the page cannot
 * see it; without a hint every signed-out page load would ask the API to refresh and log a failed
 * request (401) in the console. The hint is only an optimisation: the cookie stays the authority,
 * and a missing hint merely means "start signed out" (signing in sets it again).
 */
export interface SessionHint {
  mayHaveSession(): boolean;
  remember(signedIn: boolean): void;
}

const KEY = 'casting.session';

/** The hint kept in localStorage, shared by the tabs of one browser like the cookie is. */
export function localSessionHint(storage: Storage = window.localStorage): SessionHint {
  return {
    mayHaveSession: () => {
      try {
        return storage.getItem(KEY) === '1';
      } catch {
        return true;
      }
    },
    remember: (signedIn) => {
      try {
        if (signedIn) storage.setItem(KEY, '1');
        else storage.removeItem(KEY);
      } catch {
        // Storage may be unavailable (private mode quotas): the app then simply always tries the cookie.
      }
    },
  };
}

/** No hint: always try the cookie (tests and embedders that have no storage). */
export const ALWAYS_TRY: SessionHint = { mayHaveSession: () => true, remember: () => undefined };
