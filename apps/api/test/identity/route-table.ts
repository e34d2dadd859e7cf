/** `signedInAnyPending`: open before a required second factor is set up and before a generated password is changed. */
export type IdentityRule = 'public' | 'signedIn' | 'signedInPending' | 'signedInAnyPending' | 'superAdmin';

/** Every identity and users route with the access it must declare (walked by authorization.test.ts). */
export const IDENTITY_ROUTES: Record<string, IdentityRule> = {
  'POST /api/auth/sign-in': 'public',
  'POST /api/auth/confirm-sign-in': 'public',
  'POST /api/auth/resend-sign-in-code': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/sign-out': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/staffs/register': 'public',
  'POST /api/users/confirm': 'public',
  'POST /api/users/resend-confirm': 'public',
  'PATCH /api/session-tracking/:trackingId': 'public',
  'PATCH /api/session-tracking/:trackingId/extend': 'public',
  'DELETE /api/session-tracking/:trackingId': 'public',
  'POST /api/users/authenticator': 'signedInPending',
  'PATCH /api/users/authenticator/enable': 'signedInPending',
  'DELETE /api/users/authenticator': 'signedIn',
  'GET /api/users/me': 'signedInAnyPending',
  'PATCH /api/users/me': 'signedIn',
  'PATCH /api/users/me/phone': 'signedIn',
  'POST /api/users/me/phone/verify': 'signedIn',
  'PUT /api/users/me/password': 'signedInAnyPending',
  'GET /api/users/me/sessions': 'signedIn',
  'DELETE /api/users/me/sessions/:id': 'signedIn',
  'DELETE /api/users/me/sessions': 'signedIn',
  'POST /api/users/me/recovery-codes': 'signedIn',
  'DELETE /api/users/me/phone': 'signedIn',
  'GET /api/users': 'superAdmin',
  'PATCH /api/users/:id': 'superAdmin',
};
