import {
  codeRequestedResponseSchema,
  confirmUserResponseSchema,
  confirmUserSchema,
  registerResponseSchema,
  resendCodeSchema,
  signUpSchema,
} from '@casting/domain';
import type { AppContext } from '../../../platform/context';
import { access } from '../../../platform/http/access';
import { auditInOffices } from '../../../platform/http/audit';
import type { App } from '../../../platform/http/types';
import { identityDeps } from '../deps';
import { clientOf } from './client-info';
import { addressRateLimit } from '../rate-limit';
import { confirmUser, register, resendConfirmation } from '../services/registration-service';

const tags = ['auth'];

export function registrationRoutes(app: App, context: AppContext) {
  const deps = identityDeps(context);
  const limited = { access: access.public(), rateLimit: addressRateLimit(context.config) };

  app.post(
    '/staffs/register',
    {
      config: { ...limited, audit: { action: 'auth.sign-up', attemptedEmail: true }, idempotent: true },
      schema: {
        tags,
        summary: 'Sign up as a casting director; mails a confirmation code',
        body: signUpSchema,
        response: { 201: registerResponseSchema },
      },
    },
    async (request, reply) => {
      const { answer, officeId } = await register(deps, request.body, clientOf(request));
      // The office the account joins or starts keeps the sign-up in its audit log.
      auditInOffices(request, [officeId || null]);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/users/confirm',
    {
      config: { ...limited, audit: { action: 'auth.confirm', attemptedEmail: true } },
      schema: {
        tags,
        summary: 'Confirm a new account with the mailed code',
        body: confirmUserSchema,
        response: { 200: confirmUserResponseSchema },
      },
    },
    async (request) => {
      const { answer, joinedOfficeId } = await confirmUser(deps, request.body, clientOf(request));
      if (joinedOfficeId) auditInOffices(request, [joinedOfficeId]);
      return answer;
    },
  );

  app.post(
    '/users/resend-confirm',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Mail a new confirmation code; the answer is the same whether or not the account exists',
        body: resendCodeSchema,
        response: { 200: codeRequestedResponseSchema },
      },
    },
    async (request) => resendConfirmation(deps, request.body.email, clientOf(request)),
  );
}
