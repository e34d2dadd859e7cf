import { z } from 'zod';
import { sessionTrackingBodySchema, sessionTrackingResponseSchema } from '@casting/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { access } from '../../../platform/http/access';
import type { App } from '../../../platform/http/types';
import { assertCsrfHeader, clearRefreshCookie, readRefreshCookie } from '../cookies';
import { identityDeps } from '../deps';
import { sessionRateLimit } from '../rate-limit';
import { endTrackedSession, recordActivity, type SessionCaller } from '../services/session-service';

const tags = ['session'];
const params = z.object({ trackingId: z.string().min(1).max(100) });

/** The session is named by the bearer token or by the refresh token (cookie, or body for cookie-less clients). */
function caller(request: FastifyRequest, bodyToken?: string): SessionCaller {
  return {
    principalSessionId: request.principal?.sessionId,
    refreshToken: readRefreshCookie(request) ?? bodyToken,
  };
}

export function sessionTrackingRoutes(app: App, context: AppContext) {
  const deps = identityDeps(context);
  const routeConfig = { access: access.public(), rateLimit: sessionRateLimit(context.config) };
  const response = { 200: sessionTrackingResponseSchema };

  app.patch(
    '/session-tracking/:trackingId',
    {
      config: routeConfig,
      schema: {
        tags,
        summary: 'Start tracking the session; answers the inactivity limit in minutes',
        params,
        body: sessionTrackingBodySchema,
        response,
      },
    },
    async (request) => {
      assertCsrfHeader(request);
      return recordActivity(deps, request.params.trackingId, caller(request, request.body?.refreshToken));
    },
  );

  app.patch(
    '/session-tracking/:trackingId/extend',
    {
      config: routeConfig,
      schema: { tags, summary: 'Record activity, restarting the inactivity countdown', params, response },
    },
    async (request) => {
      assertCsrfHeader(request);
      return recordActivity(deps, request.params.trackingId, caller(request));
    },
  );

  app.delete(
    '/session-tracking/:trackingId',
    {
      config: routeConfig,
      schema: { tags, summary: 'End the tracked session (expiry or sign-out)', params, response },
    },
    async (request, reply) => {
      assertCsrfHeader(request);
      const answer = await endTrackedSession(deps, request.params.trackingId, caller(request));
      clearRefreshCookie(reply, context.config);
      return answer;
    },
  );
}
