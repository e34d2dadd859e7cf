import { codeDeliveryResponseSchema, phoneFactorSchema, userSchema } from '@casting/domain';
import type { UpdateProfile } from '@casting/domain';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';

/** Saves name and avatar, then reloads the signed-in user so the shell shows the change. */
export function useUpdateProfile() {
  const http = useHttpClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateProfile) => http.request('/users/me', userSchema, { method: 'PATCH', body }),
    onSuccess: () => refreshUser(),
  });
}

/** Texts a verification code to the number that should receive sign-in codes. */
export function useRequestPhoneChange() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      http.request('/users/me/phone', codeDeliveryResponseSchema, { method: 'PATCH', body: { phoneNumber } }),
  });
}

/** Confirms the texted code; text-message sign-in codes are then on, and the profile shows the number. */
export function useVerifyPhone() {
  const http = useHttpClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (code: string) =>
      http.request('/users/me/phone/verify', phoneFactorSchema, { method: 'POST', body: { code } }),
    onSuccess: () => refreshUser(),
  });
}

/** Turns the authenticator off after the current password; the signed-in user is reloaded to show it. */
export function useRemoveAuthenticator() {
  const http = useHttpClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (password: string) =>
      http.request('/users/authenticator', userSchema, { method: 'DELETE', body: { password } }),
    onSuccess: () => refreshUser(),
  });
}

/** Removes the text-message phone number after the current password. */
export function useRemovePhone() {
  const http = useHttpClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (password: string) =>
      http.request('/users/me/phone', userSchema, { method: 'DELETE', body: { password } }),
    onSuccess: () => refreshUser(),
  });
}
