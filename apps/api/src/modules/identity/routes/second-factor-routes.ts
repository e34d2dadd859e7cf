import {
  authenticatorSetupResponseSchema,
  codeDeliveryResponseSchema,
  enableAuthenticatorResponseSchema,
  enableAuthenticatorSchema,
  phoneFactorSchema,
  reauthenticateSchema,
  updatePhoneSchema,
  userSchema,
  verifyPhoneSchema,
} from '@casting/domain';
import type { AppContext } from '../../../platform/context';
import { access } from '../../../platform/http/access';
import { requirePrincipal } from '../../../platform/http/principal';
import type { App } from '../../../platform/http/types';
import { identityDeps } from '../deps';
import { clientOf } from './client-info';
import { addressRateLimit } from '../rate-limit';
import {
  enableAuthenticator,
  removeAuthenticator,
  removePhone,
  requestPhoneChange,
  setUpAuthenticator,
  verifyPhone,
} from '../services/second-factor-service';

const tags = ['two-factor'];

export function secondFactorRoutes(app: App, context: AppContext) {
  const deps = identityDeps(context);
  const rateLimit = addressRateLimit(context.config);
  // A user who must set up an authenticator can reach exactly these two calls.
  const setUp = { access: access.signedIn({ allowPendingSecondFactor: true }), rateLimit };
  const signedIn = { access: access.signedIn(), rateLimit };

  app.post(
    '/users/authenticator',
    {
      config: setUp,
      schema: {
        tags,
        summary: 'Start authenticator set-up: answers the otpauth URL for the QR code',
        response: { 200: authenticatorSetupResponseSchema },
      },
    },
    async (request) => setUpAuthenticator(deps, requirePrincipal(request).userId),
  );

  app.patch(
    '/users/authenticator/enable',
    {
      config: { ...setUp, audit: { action: 'auth.authenticator-enable' } },
      schema: {
        tags,
        summary: 'Enable the authenticator with a code it shows; answers ten recovery codes, shown this once',
        body: enableAuthenticatorSchema,
        response: { 200: enableAuthenticatorResponseSchema },
      },
    },
    async (request) =>
      enableAuthenticator(deps, requirePrincipal(request).userId, request.body.code, clientOf(request)),
  );

  app.patch(
    '/users/me/phone',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Text a verification code to a new phone number for sign-in codes',
        body: updatePhoneSchema,
        response: { 200: codeDeliveryResponseSchema },
      },
    },
    async (request) =>
      requestPhoneChange(deps, requirePrincipal(request).userId, request.body.phoneNumber, clientOf(request)),
  );

  app.post(
    '/users/me/phone/verify',
    {
      config: { ...signedIn, audit: { action: 'auth.phone-enable' } },
      schema: {
        tags,
        summary: 'Verify the texted code; text-message sign-in codes are then on',
        body: verifyPhoneSchema,
        response: { 200: phoneFactorSchema },
      },
    },
    async (request) =>
      verifyPhone(deps, requirePrincipal(request).userId, request.body.code, clientOf(request)),
  );

  app.delete(
    '/users/authenticator',
    {
      config: { ...signedIn, audit: { action: 'auth.authenticator-remove' } },
      schema: {
        tags,
        summary:
          'Turn the authenticator off, after the current password (refused while an administrator requires it)',
        body: reauthenticateSchema,
        response: { 200: userSchema },
      },
    },
    async (request) =>
      removeAuthenticator(deps, requirePrincipal(request).userId, request.body.password, clientOf(request)),
  );

  app.delete(
    '/users/me/phone',
    {
      config: { ...signedIn, audit: { action: 'auth.phone-remove' } },
      schema: {
        tags,
        summary: 'Remove the phone number for text-message codes, after the current password',
        body: reauthenticateSchema,
        response: { 200: userSchema },
      },
    },
    async (request) =>
      removePhone(deps, requirePrincipal(request).userId, request.body.password, clientOf(request)),
  );
}
