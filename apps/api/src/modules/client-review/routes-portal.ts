import { z } from 'zod';
import {
  clientApplicantsQuerySchema,
  clientApplicantsSchema,
  clientCandidateDetailSchema,
  clientDownloadSchema,
  clientFeedbackSchema,
  clientLinkPortalSchema,
  clientViewResultSchema,
  clientViewSchema,
  downloadCreatedSchema,
  identifyViewerSchema,
  verifyViewerSchema,
  viewerSessionSchema,
  CLIENT_VOTES,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access, type ClientLinkScope } from '../../platform/http/access';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { projectAccessDenied } from '../../platform/errors';
import { requestLinkDownload } from './link-download';
import { linkCandidate, listLinkCandidates } from './portal-candidates';
import { recordView, saveFeedback } from './portal-feedback';
import { identifyViewer, portalOf, verifyViewer } from './portal-viewer';
import { id, inPortal, portalParams, projectInPath, secret, TAGS } from './route-params';

function scopeOf(request: { clientLink: ClientLinkScope | null }): ClientLinkScope {
  if (!request.clientLink) throw projectAccessDenied();
  return request.clientLink;
}

/** The portal (no staff sign-in): the link's secret is the credential. */
export function portalRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/v2/client-links/:clientLink',
    {
      config: { access: access.public({ kind: 'client_link', from: 'params', key: 'clientLink' }) },
      schema: {
        tags: TAGS,
        summary:
          'What the review page shows first: the link’s state, and its title and message while it is live',
        params: z.object({ clientLink: secret }),
        response: { 200: clientLinkPortalSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return portalOf(db, request.params.clientLink, request);
    },
  );

  app.post(
    '/v2/client-links/:clientLink/identify',
    {
      config: { access: access.public({ kind: 'client_link', from: 'params', key: 'clientLink' }) },
      schema: {
        tags: TAGS,
        summary: 'A viewer gives a name and e-mail; a 6-digit code is e-mailed to them',
        params: z.object({ clientLink: secret }),
        body: identifyViewerSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'mail');
      return reply.status(202).send(await identifyViewer(context, request.params.clientLink, request.body));
    },
  );

  app.post(
    '/v2/client-links/:clientLink/verify',
    {
      config: { access: access.public({ kind: 'client_link', from: 'params', key: 'clientLink' }) },
      schema: {
        tags: TAGS,
        summary: 'The e-mailed code for a viewer session (sent back in the x-client-viewer header)',
        params: z.object({ clientLink: secret }),
        body: verifyViewerSchema,
        response: { 200: viewerSessionSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'claim');
      return verifyViewer(db, request.params.clientLink, request.body);
    },
  );

  app.get(
    '/projects/:id/applicants/:clientLink',
    {
      config: { access: access.project('VIEW_PROJECT', projectInPath, inPortal) },
      schema: {
        tags: TAGS,
        summary: 'The candidates a client link shares, in its order, with only the fields its settings show',
        params: portalParams,
        querystring: clientApplicantsQuerySchema,
        response: { 200: clientApplicantsSchema },
      },
    },
    async (request) => listLinkCandidates(context, scopeOf(request), request.query),
  );

  app.get(
    '/projects/:id/applicants/:clientLink/:submissionId',
    {
      config: { access: access.project('VIEW_PROJECT', projectInPath, inPortal) },
      schema: {
        tags: TAGS,
        summary:
          'One candidate of a client link with the media it shares, and the previous and next candidates',
        params: portalParams.extend({ submissionId: id }),
        response: { 200: clientCandidateDetailSchema },
      },
    },
    async (request) => linkCandidate(context, scopeOf(request), request.params.submissionId),
  );

  app.put(
    '/projects/:id/applicants/:clientLink/:submissionId/feedback',
    {
      // A client-link viewer's feedback is what VIEW_FEEDBACK (which includes CLIENT) is about.
      config: { access: access.project('VIEW_FEEDBACK', projectInPath, inPortal) },
      schema: {
        tags: TAGS,
        summary: 'An identified viewer’s vote (yes, no, maybe) and comment on one candidate of the link',
        params: portalParams.extend({ submissionId: id }),
        body: clientFeedbackSchema,
        response: {
          200: z.object({ vote: z.enum(CLIENT_VOTES).nullable(), comment: z.string().nullable() }),
        },
      },
    },
    async (request) => saveFeedback(context, scopeOf(request), request.params.submissionId, request.body),
  );

  app.post(
    '/projects/:id/applicants/:clientLink/views',
    {
      config: { access: access.project('VIEW_PROJECT', projectInPath, inPortal) },
      schema: {
        tags: TAGS,
        summary: 'The view log: open a visit, then report the candidate on screen',
        params: portalParams,
        body: clientViewSchema,
        response: { 200: clientViewResultSchema },
      },
    },
    async (request) => recordView(context, scopeOf(request), request.body),
  );

  app.post(
    '/projects/:id/applicants/:clientLink/download-zip',
    {
      // The send-download-link call, which names a client link, in portal mode: the link is the credential.
      config: {
        access: access.project('VIEW_PROJECT', projectInPath, inPortal),
        // Audited as any media download; never with the link's secret (a path parameter here) as its target.
        audit: { action: 'media.download', fields: ['submissionIds'] },
      },
      schema: {
        tags: TAGS,
        summary:
          'Download applicant videos from a client view: a zip of the link’s candidates (the media it shows), mailed to the identified viewer',
        params: portalParams,
        body: clientDownloadSchema,
        response: { 202: downloadCreatedSchema },
      },
    },
    async (request, reply) => {
      // It sends mail: the same per-address quota as asking for a viewer code.
      await publicQuota(db, request, 'mail');
      return reply.status(202).send(await requestLinkDownload(context, scopeOf(request), request.body));
    },
  );
}
