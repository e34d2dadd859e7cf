import type { User } from './user';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** Inactivity tracking data the API hands out with each session grant. */
export interface SessionInfo {
  trackingId: string;
  durationMinutes: number;
}

/** What the UI may know about the session. The access token is deliberately not part of it. */
export interface AuthState {
  status: AuthStatus;
  user: User | null;
  session: SessionInfo | null;
}

export interface SessionStore {
  getState(): AuthState;
  setState(next: AuthState): void;
  subscribe(listener: () => void): () => void;
}

export const SIGNED_OUT: AuthState = { status: 'signedOut', user: null, session: null };

/** A minimal external store, shaped for React's useSyncExternalStore (immutable snapshots). */
export function createSessionStore(initial: AuthState = { status: 'loading', user: null, session: null }) {
  let state = initial;
  const listeners = new Set<() => void>();
  const store: SessionStore = {
    getState: () => state,
    setState(next) {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
