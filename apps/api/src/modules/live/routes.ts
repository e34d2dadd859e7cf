import { LIVE_MESSAGES } from '@casting/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { access, assertAccountAllowed } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { agentOfUser } from '../agencies';
import { accessTokenExpiry } from '../identity';
import { type Admission, LiveChannel } from './channel';
import { LIVE_ACCOUNT_RULE } from './connection';
import { isAllowedOrigin } from './origin';

const liveQuerySchema = z.object({ token: z.string().max(4096).optional() });

declare module 'fastify' {
  interface FastifyRequest {
    liveAdmission?: Admission;
  }
}

/**
 * GET /api/live: the live project channel. Browsers cannot set headers on a websocket, so the
 * access token comes in the query; the route is therefore declared public and admits the caller itself, before the
 * upgrade, with the same authenticator and account rule as the access-control hook: a foreign Origin is 403, a
 * missing or dead token 401, a talent account or a pending second factor 403. Project access is checked per join.
 */
export function registerLiveRoutes(app: App, context: AppContext): void {
  const { config, events, log } = context;
  const ports = app.accessControl;
  const channel = new LiveChannel({
    ports,
    events,
    log,
    heartbeatMs: config.LIVE_HEARTBEAT_SECONDS * 1000,
    accessCheckMs: config.LIVE_ACCESS_CHECK_SECONDS * 1000,
    agencyOf: async (userId) => (await agentOfUser(context.database.db, userId))?.agencyId ?? null,
  });
  app.addHook('onClose', async () => channel.stop());

  async function admit(request: FastifyRequest<{ Querystring: z.infer<typeof liveQuerySchema> }>) {
    if (!isAllowedOrigin(request.headers.origin, config.publicUrl)) {
      throw new AppError('FORBIDDEN', LIVE_MESSAGES.originRefused);
    }
    const token = request.query.token;
    const principal = token ? await ports.authenticate(token, request) : null;
    if (!token || !principal) throw new AppError('UNAUTHENTICATED', LIVE_MESSAGES.signInRequired);
    assertAccountAllowed(LIVE_ACCOUNT_RULE, principal);
    // The signature was verified by the authenticator; only the expiry is read here.
    request.liveAdmission = { token, principal, expiresAt: accessTokenExpiry(token) ?? Date.now() };
  }

  app.route({
    method: 'GET',
    url: '/live',
    schema: {
      tags: ['live'],
      summary: 'Live project channel (websocket; the access token goes in the token query parameter)',
      querystring: liveQuerySchema,
    },
    config: { access: access.public(), websocket: true },
    preHandler: admit,
    handler: async () => {
      throw new AppError('BAD_REQUEST', LIVE_MESSAGES.websocketOnly);
    },
    wsHandler: (socket, request) => {
      const admission = request.liveAdmission;
      if (!admission) {
        socket.terminate(); // unreachable: the preHandler admitted the request or refused it
        return;
      }
      channel.open(socket, request, admission);
    },
  });
}
