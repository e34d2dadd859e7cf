import { z } from 'zod';
import {
  apiTokenListQuerySchema,
  apiTokenListSchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { officeRequired } from '../../platform/errors';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens';

const TAGS = ['api-tokens'];

/** The office of an owner's request, which the access rule has already found (this only narrows the type). */
function officeIdOf(officeId: string | null | undefined): string {
  if (!officeId) throw officeRequired();
  return officeId;
}

/**
 * The office owner's management of API tokens, in a session only: a token cannot make, list or revoke tokens (these
 * routes declare no token scope). Making and revoking are audited, never with the secret.
 */
export function apiTokenRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/api-tokens',
    {
      config: { access: access.officeOwner() },
      schema: {
        tags: TAGS,
        summary: 'The office’s API tokens, newest first, revoked ones included; never their secrets',
        querystring: apiTokenListQuerySchema,
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => listApiTokens(db, officeIdOf(request.principal?.officeId), request.query),
  );

  app.post(
    '/api-tokens',
    {
      config: {
        access: access.officeOwner(),
        audit: {
          action: 'api-token.create',
          target: { type: 'api-token', from: 'response', key: 'id' },
          fields: ['name', 'scopes'],
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Make an API token for the office; the answer holds its secret, shown this once',
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(db, requirePrincipal(request).userId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api-tokens/:id',
    {
      config: {
        access: access.officeOwner(),
        audit: { action: 'api-token.revoke', target: { type: 'api-token', from: 'params', key: 'id' } },
      },
      schema: {
        tags: TAGS,
        summary: 'Revoke an API token: its next request is refused',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: apiTokenSchema },
      },
    },
    async (request) => revokeApiToken(db, request.params.id),
  );
}
