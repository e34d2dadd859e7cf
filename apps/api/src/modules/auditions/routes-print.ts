import { z } from 'zod';
import { auditionHistorySchema, auditionSchedulePdfSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { auditionHistoryOf } from './history';
import { seesContacts } from './running-order';
import { requestSchedulePdf, schedulePdfOf } from './schedule-pdf';

const TAGS = ['auditions'];
const sessionParams = z.object({ id: z.string().max(64), sessionId: z.string().max(64) });
const candidateParams = z.object({ id: z.string().max(64), applicantId: z.string().max(64) });
const SESSION = { type: 'audition_session', from: 'params', key: 'sessionId' } as const;
const READ = access.project('VIEW_PROJECT_ROSTER');
const PDF = '/projects/:id/auditions/sessions/:sessionId/schedule-pdf';

/**
 * The printed schedule and a candidate's sessions. Both are reads of the roster (decision 0838): whoever may read the
 * schedule may print it, and the copy they get carries contact details exactly when the CSV would give them.
 */
export function auditionPrintRoutes(app: App, context: AppContext) {
  const copy = (request: Parameters<typeof seesContacts>[0], projectId: string, sessionId: string) => ({
    projectId,
    sessionId,
    contacts: seesContacts(request),
  });

  app.post(
    PDF,
    {
      config: { access: READ, audit: { action: 'audition.pdf', target: SESSION } },
      schema: {
        tags: TAGS,
        summary:
          'Print the session’s running order as a PDF by a job (the caller’s copy, by their contact rights)',
        params: sessionParams,
        response: { 202: auditionSchedulePdfSchema },
      },
    },
    async (request, reply) => {
      const { id, sessionId } = request.params;
      const status = await requestSchedulePdf(context, copy(request, id, sessionId));
      return reply.status(202).send(status);
    },
  );

  app.get(
    PDF,
    {
      config: { access: READ },
      schema: {
        tags: TAGS,
        summary: 'The caller’s printed schedule: status, progress, and a short-lived address once ready',
        params: sessionParams,
        response: { 200: auditionSchedulePdfSchema },
      },
    },
    async (request) => schedulePdfOf(context, copy(request, request.params.id, request.params.sessionId)),
  );

  app.get(
    '/projects/:id/auditions/candidates/:applicantId/sessions',
    {
      config: { access: READ },
      schema: {
        tags: TAGS,
        summary:
          'The sessions of this project a candidate was invited to, with answer, attendance and rating',
        params: candidateParams,
        response: { 200: auditionHistorySchema },
      },
    },
    async (request) => auditionHistoryOf(context.database.db, request.params.id, request.params.applicantId),
  );
}
