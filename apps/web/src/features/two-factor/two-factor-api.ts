import {
  authenticatorSetupResponseSchema,
  enableAuthenticatorResponseSchema,
  enableAuthenticatorSchema,
} from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';

/** Starts authenticator set-up: a new secret waits beside any active one until a code from it is verified. */
export function startAuthenticatorSetup(http: HttpClient) {
  return http.request('/users/authenticator', authenticatorSetupResponseSchema, { method: 'POST' });
}

/** Turns the pending authenticator on with a code it shows; answers the updated user and new recovery codes. */
export function enableAuthenticator(http: HttpClient, code: string) {
  const body = enableAuthenticatorSchema.parse({ code });
  return http.request('/users/authenticator/enable', enableAuthenticatorResponseSchema, {
    method: 'PATCH',
    body,
  });
}

export const authenticatorSetupKey = (attempt: number) =>
  ['two-factor', 'authenticator-setup', attempt] as const;
