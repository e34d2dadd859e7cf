import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider';
import type { AuthService } from '../lib/auth/auth-service';
import { HttpClientProvider } from '../lib/http/http-client-context';
import { lazyComponent } from '../lib/lazy/lazy-component';

export interface AppProvidersProps {
  auth: AuthService;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * The toast outlet brings sonner; toasts raised before it is mounted wait for it (lib/toast/toast.ts).
 * It is mounted after the first paint so the sign-in page's first download leaves it out.
 */
const { Component: Toaster } = lazyComponent(
  () => import('../ui/toaster'),
  (module) => module.Toaster,
);

const { Component: SignedInOverlays } = lazyComponent(
  () => import('./signed-in-overlays'),
  (module) => module.SignedInOverlays,
);

/**
 * Server cache, API client, session and the single toast outlet, in dependency order, with the
 * session-wide overlays that belong to no page: inactivity tracking, the required two-factor set-up and the
 * forced change of a generated password.
 */
export function AppProviders({ auth, queryClient, children }: AppProvidersProps) {
  const signedIn = useSyncExternalStore(auth.subscribe, () => auth.getState().status === 'signedIn');
  const [painted, setPainted] = useState(false);
  // Effects run after the first commit, the timer after the browser has painted it: only then is the
  // outlet's chunk requested, so it never competes with the page's own code.
  useEffect(() => {
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <HttpClientProvider client={auth.http}>
        <AuthProvider service={auth}>
          {children}
          <Suspense fallback={null}>{signedIn ? <SignedInOverlays /> : null}</Suspense>
          <Suspense fallback={null}>{painted ? <Toaster /> : null}</Suspense>
        </AuthProvider>
      </HttpClientProvider>
    </QueryClientProvider>
  );
}
