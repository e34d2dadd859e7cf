import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { AuthService, SignInCredentials, SignInResult } from './auth-service';
import type { AuthStatus } from './session-store';
import type { User } from './user';

const AuthContext = createContext<AuthService | null>(null);

/** Makes the session available to the tree and restores it from the refresh cookie on mount. */
export function AuthProvider({ service, children }: { service: AuthService; children: ReactNode }) {
  useEffect(() => {
    void service.start();
  }, [service]);
  return <AuthContext value={service}>{children}</AuthContext>;
}

export interface UseAuth {
  status: AuthStatus;
  user: User | null;
  signIn(credentials: SignInCredentials): Promise<SignInResult>;
  confirmSignIn: AuthService['confirmSignIn'];
  signOut(): Promise<void>;
  refreshUser(): Promise<User | null>;
}

export function useAuthService(): AuthService {
  const service = useContext(AuthContext);
  if (!service) throw new Error('useAuth must be used inside <AuthProvider>');
  return service;
}

export function useAuth(): UseAuth {
  const service = useAuthService();
  const state = useSyncExternalStore(service.subscribe, service.getState);
  return {
    status: state.status,
    user: state.user,
    signIn: service.signIn,
    confirmSignIn: service.confirmSignIn,
    signOut: service.signOut,
    refreshUser: service.refreshUser,
  };
}
