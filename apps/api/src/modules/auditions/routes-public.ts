import { z } from 'zod';
import {
  auditionTokenQuerySchema,
  privateAuditionAnswerSchema,
  privateAuditionSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { answerInvitation, privateCalendar, privateInvitation } from './private-page';

const TAGS = ['auditions'];
const params = z.object({ projectId: z.uuid() });
/** The project the link names decides the office the call works in; the secret decides the invitation. */
const OFFICE = { kind: 'project', from: 'params', key: 'projectId' } as const;
const BODY_LIMIT = 8 * 1024;

/** The recipient's private page, opened with the invitation's secret: no account, per-address quotas. */
export function auditionPublicRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/auditions/invitations/:projectId',
    {
      config: { access: access.public(OFFICE) },
      schema: {
        tags: TAGS,
        summary: 'The invitation’s details, answer and open slots, for its recipient',
        params,
        querystring: auditionTokenQuerySchema,
        response: { 200: privateAuditionSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return privateInvitation(context, request.params.projectId, request.query.token);
    },
  );

  app.post(
    '/auditions/invitations/:projectId/answer',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: access.public(OFFICE) },
      schema: {
        tags: TAGS,
        summary: 'Confirm, decline with a reason, pick an open slot or ask for another time',
        params,
        body: privateAuditionAnswerSchema,
        response: { 200: privateAuditionSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'submit');
      return answerInvitation(context, request.params.projectId, request.body);
    },
  );

  app.get(
    '/auditions/invitations/:projectId/calendar.ics',
    {
      config: { access: access.public(OFFICE) },
      schema: {
        tags: TAGS,
        summary: 'The invitation’s calendar file (iCalendar; a cancellation once cancelled or declined)',
        params,
        querystring: auditionTokenQuerySchema,
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'read');
      const body = await privateCalendar(context, request.params.projectId, request.query.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audition.ics"')
        .send(body);
    },
  );
}
