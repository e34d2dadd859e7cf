import {
  accountSessionListSchema,
  passwordChangedResponseSchema,
  recoveryCodesResponseSchema,
  sessionsRevokedResponseSchema,
} from '@casting/domain';
import type { ChangePassword } from '@casting/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';

export const accountSessionsKey = ['account', 'sessions'] as const;

/** Changes the password after the current one; the user is reloaded (a forced change is lifted by it). */
export function useChangePassword() {
  const http = useHttpClient();
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePassword) =>
      http.request('/users/me/password', passwordChangedResponseSchema, { method: 'PUT', body }),
    onSuccess: async () => {
      await refreshUser();
      // The other sessions have just ended.
      await queryClient.invalidateQueries({ queryKey: accountSessionsKey });
    },
  });
}

/** Where the signed-in person is signed in. */
export function useAccountSessions() {
  const http = useHttpClient();
  return useQuery({
    queryKey: accountSessionsKey,
    queryFn: () => http.request('/users/me/sessions', accountSessionListSchema),
  });
}

/** Signs one session out. */
export function useRevokeSession() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.send(`/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

/** Signs every other session out; this one stays. */
export function useRevokeOtherSessions() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.request('/users/me/sessions', sessionsRevokedResponseSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

/** A new set of authenticator recovery codes after the current password; the old set stops working. */
export function useRegenerateRecoveryCodes() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (password: string) =>
      http.request('/users/me/recovery-codes', recoveryCodesResponseSchema, {
        method: 'POST',
        body: { password },
      }),
  });
}
