import {
  codeDeliveryResponseSchema,
  codeRequestedResponseSchema,
  confirmUserResponseSchema,
  passwordResetResponseSchema,
  registerResponseSchema,
} from '@casting/domain';
import type { ConfirmUser, ResetPassword, SignUpInput } from '@casting/domain';
import { useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

/*
 * The signed-out identity calls. None carries a bearer token: the visitor has none, and a
 * stale one must not turn a refusal into a refresh attempt.
 */

const PUBLIC = { method: 'POST', noAuth: true } as const;

export function register(http: HttpClient, body: SignUpInput) {
  return http.request('/staffs/register', registerResponseSchema, { ...PUBLIC, body });
}

export function confirmUser(http: HttpClient, body: ConfirmUser) {
  return http.request('/users/confirm', confirmUserResponseSchema, { ...PUBLIC, body });
}

export function resendConfirmation(http: HttpClient, email: string) {
  return http.request('/users/resend-confirm', codeRequestedResponseSchema, { ...PUBLIC, body: { email } });
}

export function forgotPassword(http: HttpClient, email: string) {
  return http.request('/auth/forgot-password', codeRequestedResponseSchema, { ...PUBLIC, body: { email } });
}

export function resetPassword(http: HttpClient, body: ResetPassword) {
  return http.request('/auth/reset-password', passwordResetResponseSchema, { ...PUBLIC, body });
}

/** A new text-message code for the pending sign-in challenge. */
export function resendSignInCode(http: HttpClient, session: string) {
  return http.request('/auth/resend-sign-in-code', codeDeliveryResponseSchema, {
    ...PUBLIC,
    body: { session },
  });
}

export function useRegister() {
  const http = useHttpClient();
  return useMutation({ mutationFn: (body: SignUpInput) => register(http, body) });
}

export function useConfirmUser() {
  const http = useHttpClient();
  return useMutation({ mutationFn: (body: ConfirmUser) => confirmUser(http, body) });
}

export function useResendConfirmation() {
  const http = useHttpClient();
  return useMutation({ mutationFn: (email: string) => resendConfirmation(http, email) });
}

export function useForgotPassword() {
  const http = useHttpClient();
  return useMutation({ mutationFn: (email: string) => forgotPassword(http, email) });
}

export function useResetPassword() {
  const http = useHttpClient();
  return useMutation({ mutationFn: (body: ResetPassword) => resetPassword(http, body) });
}

export function useResendSignInCode() {
  const http = useHttpClient();
  return useMutation({ mutationFn: (session: string) => resendSignInCode(http, session) });
}
