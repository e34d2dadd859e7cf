import {
  confirmSignInSchema,
  codeDeliveryResponseSchema,
  codeRequestedResponseSchema,
  forgotPasswordSchema,
  passwordResetResponseSchema,
  resendSignInCodeSchema,
  resetPasswordSchema,
  changePasswordSchema,
  passwordChangedResponseSchema,
  sessionGrantSchema,
  signedInSchema,
  signInResponseSchema,
  signInSchema,
} from '@casting/domain';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { access } from '../../../platform/http/access';
import { requirePrincipal } from '../../../platform/http/principal';
import type { App } from '../../../platform/http/types';
import { assertCsrfHeader, clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../cookies';
import { identityDeps } from '../deps';
import { clientOf } from './client-info';
import { addressRateLimit, sessionRateLimit } from '../rate-limit';
import { changePassword, forgotPassword, resetPassword } from '../services/password-service';
import { refreshSession, signOut, type IssuedSession } from '../services/session-service';
import { confirmSignIn, resendSignInCode, signIn } from '../services/sign-in-service';

const tags = ['auth'];

export function authRoutes(app: App, context: AppContext) {
  const deps = identityDeps(context);
  const { config } = context;
  const limited = { access: access.public(), rateLimit: addressRateLimit(config) };
  const sessionCall = { access: access.public(), rateLimit: sessionRateLimit(config) };
  const signedIn = (reply: Parameters<typeof setRefreshCookie>[0], issued: IssuedSession) => {
    setRefreshCookie(reply, config, issued.refreshToken, issued.expiresAt);
    return { status: 'SIGNED_IN' as const, ...issued.grant };
  };

  app.post(
    '/auth/sign-in',
    {
      config: { ...limited, audit: { action: 'auth.sign-in', attemptedEmail: true } },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password; may answer a next step instead of a session',
        body: signInSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await signIn(deps, request.body, clientOf(request));
      return outcome.kind === 'nextStep' ? outcome.step : signedIn(reply, outcome.session);
    },
  );

  app.post(
    '/auth/confirm-sign-in',
    {
      config: { ...limited, audit: { action: 'auth.sign-in-code' } },
      schema: {
        tags,
        summary: 'Complete sign-in with the authenticator or text-message code',
        body: confirmSignInSchema,
        response: { 200: signedInSchema },
      },
    },
    async (request, reply) => signedIn(reply, await confirmSignIn(deps, request.body, clientOf(request))),
  );

  app.post(
    '/auth/resend-sign-in-code',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Text a new sign-in code for a pending text-message step',
        body: resendSignInCodeSchema,
        response: { 200: codeDeliveryResponseSchema },
      },
    },
    async (request) => resendSignInCode(deps, request.body.session, clientOf(request)),
  );

  app.post(
    '/auth/refresh',
    {
      config: sessionCall,
      schema: {
        tags,
        summary: 'Rotate the refresh cookie and get a new access token (needs X-Requested-With)',
        response: { 200: sessionGrantSchema },
      },
    },
    async (request, reply) => {
      assertCsrfHeader(request);
      try {
        const issued = await refreshSession(deps, readRefreshCookie(request));
        setRefreshCookie(reply, config, issued.refreshToken, issued.expiresAt);
        return issued.grant;
      } catch (error) {
        if (error instanceof AppError) clearRefreshCookie(reply, config);
        throw error;
      }
    },
  );

  app.post(
    '/auth/sign-out',
    {
      config: { ...sessionCall, audit: { action: 'auth.sign-out' } },
      schema: { tags, summary: 'Revoke the session and clear the refresh cookie (needs X-Requested-With)' },
    },
    async (request, reply) => {
      assertCsrfHeader(request);
      await signOut(deps, {
        principalSessionId: request.principal?.sessionId,
        refreshToken: readRefreshCookie(request),
      });
      clearRefreshCookie(reply, config);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { ...limited, audit: { action: 'auth.password-reset-request', attemptedEmail: true } },
      schema: {
        tags,
        summary: 'Mail a password reset code; the answer is the same whether or not the account exists',
        body: forgotPasswordSchema,
        response: { 200: codeRequestedResponseSchema },
      },
    },
    async (request) => forgotPassword(deps, request.body.email, clientOf(request)),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { ...limited, audit: { action: 'auth.password-reset', attemptedEmail: true } },
      schema: {
        tags,
        summary: 'Set a new password with the mailed code; signs the account out everywhere',
        body: resetPasswordSchema,
        response: { 200: passwordResetResponseSchema },
      },
    },
    async (request) => resetPassword(deps, request.body, clientOf(request)),
  );

  app.put(
    '/users/me/password',
    {
      // The one call open to a generated password that must be replaced (and before a required second factor).
      config: {
        access: access.signedIn({ allowPendingSecondFactor: true, allowPendingPasswordChange: true }),
        rateLimit: addressRateLimit(config),
        audit: { action: 'auth.password-change' },
      },
      schema: {
        tags,
        summary: 'Change the password after the current one; other sessions end, this one stays signed in',
        body: changePasswordSchema,
        response: { 200: passwordChangedResponseSchema },
      },
    },
    async (request) => {
      const { userId, sessionId } = requirePrincipal(request);
      return changePassword(deps, { userId, sessionId }, request.body, clientOf(request));
    },
  );
}
