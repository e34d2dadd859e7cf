import type { ConfirmSignIn, SessionGrant, SignInNextStep } from '@casting/domain';
import { createHttpClient } from '../http/http-client';
import type { HttpClient, RequestOptions } from '../http/http-client';
import { HttpError } from '../http/http-error';
import type * as AuthContractsModule from './auth-contracts';
import { CSRF_HEADERS } from './auth-contract';
import { createSessionStore, SIGNED_OUT } from './session-store';
import type { AuthState } from './session-store';
import { accountRoleOfUser } from './user';
import { ALWAYS_TRY } from './session-hint';
import type { SessionHint } from './session-hint';
import type { User } from './user';

export interface SignInCredentials {
  email: string;
  password: string;
  /** The secret of a mailed unlock link, for an account locked by attempts from many places. */
  unlock?: string;
}

export type SignInResult =
  | { kind: 'signedIn'; user: User }
  | { kind: 'nextStep'; step: SignInNextStep }
  /** The account is a talent account: it was signed out again and told why. */
  | { kind: 'refused' };

export interface AuthService {
  /** The API client that carries this session's access token. */
  http: HttpClient;
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Restores a session from the refresh cookie once; later calls return the same promise. */
  start(): Promise<void>;
  signIn(credentials: SignInCredentials): Promise<SignInResult>;
  /** Completes a NEXT_STEP with the authenticator or text-message code; a wrong code rejects. */
  confirmSignIn(input: ConfirmSignIn): Promise<SignInResult>;
  signOut(): Promise<void>;
  /** Reloads the signed-in user (after a profile change, for instance). */
  refreshUser(): Promise<User | null>;
}

export interface AuthServiceOptions {
  fetch: typeof fetch;
  baseUrl?: string;
  onTalentRefused?: () => void;
  /** Skips the refresh call on a signed-out start when no session can exist (see session-hint.ts). */
  sessionHint?: SessionHint;
  /** Refresh failures are only logged; tests pass a quiet logger. */
  log?: (message: string, error: unknown) => void;
}

// The refresh cookie is httpOnly, SameSite=Strict and scoped to /api/auth: only these calls carry it.
const COOKIE_CALL: RequestOptions = {
  method: 'POST',
  noAuth: true,
  credentials: 'same-origin',
  headers: CSRF_HEADERS,
};

type AuthContracts = typeof AuthContractsModule;
let contractsLoading: Promise<AuthContracts> | null = null;

/**
 * One answer's contract, loaded with the first call that needs it. The request does not wait for it
 * (see HttpClient.request), and a signed-out start (refresh answers 401) never needs it at all.
 */
function contract<K extends keyof AuthContracts>(name: K): Promise<AuthContracts[K]> {
  contractsLoading ??= import('./auth-contracts').catch((error: unknown) => {
    // A failed fetch (network blip, new deployment) is tried again by the next call.
    contractsLoading = null;
    throw error;
  });
  return contractsLoading.then((contracts) => contracts[name]);
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const store = createSessionStore();
  const hint = options.sessionHint ?? ALWAYS_TRY;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  // In memory only: a reload restores the session through the refresh cookie instead.
  let accessToken: string | null = null;
  // Bumped by every sign-out so a refresh that lands afterwards cannot revive the session.
  let epoch = 0;
  let started: Promise<void> | null = null;

  const http = createHttpClient({
    baseUrl: options.baseUrl ?? '/api',
    fetch: options.fetch,
    getAccessToken: () => accessToken,
    refreshAccessToken: async () => {
      const startedIn = epoch;
      const grant = await requestGrant();
      if (startedIn !== epoch) throw new Error('Signed out during token refresh');
      applyGrant(grant);
      return grant.accessToken;
    },
    onRefreshFailed: (error) => {
      log('Session refresh failed; signing out', error);
      clearSession();
    },
  });

  function requestGrant(): Promise<SessionGrant> {
    return http.request('/auth/refresh', contract('sessionGrantSchema'), COOKIE_CALL);
  }

  function applyGrant(grant: SessionGrant): void {
    accessToken = grant.accessToken;
    hint.remember(true);
    const session = { trackingId: grant.trackingId, durationMinutes: grant.sessionDurationMinutes };
    store.setState({ ...store.getState(), session });
  }

  function clearSession(): void {
    hint.remember(false);
    epoch += 1;
    accessToken = null;
    store.setState(SIGNED_OUT);
  }

  async function revokeOnServer(): Promise<void> {
    try {
      await http.send('/auth/sign-out', COOKIE_CALL);
    } catch (error) {
      log('Sign-out request failed; the local session is cleared anyway', error);
    }
  }

  /** Turns a fresh grant into a signed-in session, unless the account must be refused. */
  async function establish(grant: SessionGrant): Promise<SignInResult> {
    applyGrant(grant);
    let user: User;
    try {
      user = await http.request('/users/me', contract('userSchema'));
    } catch (error) {
      clearSession();
      throw error;
    }
    if (accountRoleOfUser(user) === 'TALENT') {
      await revokeOnServer();
      clearSession();
      options.onTalentRefused?.();
      return { kind: 'refused' };
    }
    store.setState({ ...store.getState(), status: 'signedIn', user });
    return { kind: 'signedIn', user };
  }

  return {
    http,
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      started ??= (async () => {
        if (!hint.mayHaveSession()) {
          clearSession();
          return;
        }
        try {
          await establish(await requestGrant());
        } catch (error) {
          // A 401 here is the ordinary signed-out start (no refresh cookie), not worth a log line.
          if (!(error instanceof HttpError && error.status === 401)) log('Session restore failed', error);
          clearSession();
        }
      })();
      return started;
    },
    async signIn(credentials) {
      const answer = await http.request('/auth/sign-in', contract('signInResponseSchema'), {
        ...COOKIE_CALL,
        body: credentials,
      });
      if (answer.status === 'NEXT_STEP') return { kind: 'nextStep', step: answer };
      return establish(answer);
    },
    async confirmSignIn(input) {
      const grant = await http.request('/auth/confirm-sign-in', contract('signedInSchema'), {
        ...COOKIE_CALL,
        body: input,
      });
      return establish(grant);
    },
    async signOut() {
      await revokeOnServer();
      clearSession();
    },
    async refreshUser() {
      if (store.getState().status !== 'signedIn') return null;
      const user = await http.request('/users/me', contract('userSchema'));
      store.setState({ ...store.getState(), user });
      return user;
    },
  };
}
