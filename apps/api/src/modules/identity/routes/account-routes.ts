import {
  accountSessionListSchema,
  reauthenticateSchema,
  recoveryCodesResponseSchema,
  sessionIdParamsSchema,
  sessionsRevokedResponseSchema,
} from '@casting/domain';
import type { AppContext } from '../../../platform/context';
import { access } from '../../../platform/http/access';
import { requirePrincipal } from '../../../platform/http/principal';
import type { App } from '../../../platform/http/types';
import { identityDeps } from '../deps';
import { addressRateLimit } from '../rate-limit';
import {
  listAccountSessions,
  revokeAccountSession,
  revokeOtherAccountSessions,
} from '../services/account-session-service';
import { regenerateRecoveryCodes } from '../services/recovery-code-service';
import { clientOf } from './client-info';

const tags = ['account'];

/** The signed-in person's own security controls: where they are signed in, and authenticator recovery codes. */
export function accountRoutes(app: App, context: AppContext) {
  const deps = identityDeps(context);
  const signedIn = { access: access.signedIn() };

  app.get(
    '/users/me/sessions',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'The live sessions of the signed-in user: created, last activity, device, address, current one',
        response: { 200: accountSessionListSchema },
      },
    },
    async (request) => listAccountSessions(deps, requirePrincipal(request)),
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Sign one of the own sessions out (another user’s session is not found)',
        params: sessionIdParamsSchema,
      },
    },
    async (request, reply) => {
      await revokeAccountSession(deps, requirePrincipal(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/users/me/sessions',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Sign out every other session of the signed-in user; this one stays',
        response: { 200: sessionsRevokedResponseSchema },
      },
    },
    async (request) => revokeOtherAccountSessions(deps, requirePrincipal(request)),
  );

  app.post(
    '/users/me/recovery-codes',
    {
      config: { ...signedIn, rateLimit: addressRateLimit(context.config) },
      schema: {
        tags,
        summary:
          'Replace the authenticator recovery codes after the current password; the new ones are shown once',
        body: reauthenticateSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) =>
      regenerateRecoveryCodes(
        deps,
        requirePrincipal(request).userId,
        request.body.password,
        clientOf(request),
      ),
  );
}
