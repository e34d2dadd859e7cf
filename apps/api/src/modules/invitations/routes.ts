import { z } from 'zod';
import {
  invitationListQuerySchema,
  invitationListSchema,
  invitationParseRequestSchema,
  invitationParseResultSchema,
  invitationSendRequestSchema,
  invitationSendResultSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { allowanceLimits } from '../email';
import { listInvitations, previewInvitees, sendInvitations } from './service';

const TAGS = ['invitations'];
const projectParams = z.object({ id: z.string().max(64) });
/** Inviting people to apply is submitting talent: every team actor, a talent submitter for their agency. */
const INVITE = access.project('SUBMIT_TALENT');

export function invitationRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const caller = (request: Parameters<typeof requirePrincipal>[0]) => ({
    userId: requirePrincipal(request).userId,
    actor: requireProjectActor(request),
  });

  app.post(
    '/v2/projects/:id/candidate-invitations/check',
    {
      config: { access: INVITE },
      schema: {
        tags: TAGS,
        summary:
          'Read a pasted list or a CSV file of people to invite: valid, invalid, repeated, already invited',
        params: projectParams,
        body: invitationParseRequestSchema,
        response: { 200: invitationParseResultSchema },
      },
    },
    async (request) => previewInvitees(db, request.params.id, request.body),
  );

  app.post(
    '/v2/projects/:id/candidate-invitations',
    {
      config: { access: INVITE, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Invite people to apply to an opportunity through a submission link, with a template',
        params: projectParams,
        body: invitationSendRequestSchema,
        response: { 201: invitationSendResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sendInvitations(
            db,
            context.jobs,
            context.events,
            context.config.publicUrl,
            allowanceLimits(context.config),
            request.params.id,
            caller(request),
            request.body,
          ),
        ),
  );

  app.get(
    '/v2/projects/:id/candidate-invitations',
    {
      config: { access: INVITE },
      schema: {
        tags: TAGS,
        summary: 'Invited people and their status (invited, failed, applied), newest first (keyset paged)',
        params: projectParams,
        querystring: invitationListQuerySchema,
        response: { 200: invitationListSchema },
      },
    },
    async (request) => listInvitations(db, request.params.id, caller(request), request.query),
  );
}
