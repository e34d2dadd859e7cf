import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PasswordChangeGate } from '../features/profile';
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
 * session-wide overlays that belong to no page: inactivity tracking, the required two-factor set-up and the
 * forced change of a generated password.
 */
export function AppProviders({ auth, queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <HttpClientProvider client={auth.http}>
        <AuthProvider service={auth}>
          {children}
          <SessionTracker />
          <TwoFactorGate />
          <PasswordChangeGate />
          <Toaster />
        </AuthProvider>
      </HttpClientProvider>
    </QueryClientProvider>
  );
}
