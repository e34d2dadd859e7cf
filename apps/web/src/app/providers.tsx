import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionTracker } from '../features/session';
import { TwoFactorGate } from '../features/two-factor';
import { AuthProvider } from '../lib/auth/auth-provider';
import type { AuthService } from '../lib/auth/auth-service';
import { HttpClientProvider } from '../lib/http/http-client-context';
import { Toaster } from '../ui/toaster';

export interface AppProvidersProps {
  auth: AuthService;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Server cache, API client, session and the single toast outlet, in dependency order, with the
 * session-wide overlays that belong to no page: inactivity tracking and the required two-factor set-up.
 */
export function AppProviders({ auth, queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <HttpClientProvider client={auth.http}>
        <AuthProvider service={auth}>
          {children}
          <SessionTracker />
          <TwoFactorGate />
          <Toaster />
        </AuthProvider>
      </HttpClientProvider>
    </QueryClientProvider>
  );
}
