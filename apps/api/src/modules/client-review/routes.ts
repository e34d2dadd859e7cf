import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  clientApplicantsQuerySchema,
  clientApplicantsSchema,
  clientCandidateDetailSchema,
  clientDownloadSchema,
  clientExportResultSchema,
  clientExportSchema,
  clientFeedbackSchema,
  clientLinkListQuerySchema,
  clientLinkListSchema,
  clientLinkPortalSchema,
  clientLinkReportSchema,
  clientLinkSummarySchema,
  clientViewResultSchema,
  clientViewSchema,
  createClientLinkSchema,
  createdClientLinkSchema,
  downloadCreatedSchema,
  identifyViewerSchema,
  patchClientLinkSchema,
  projectBreakdownSchema,
  projectSharePatchSchema,
  projectShareStateSchema,
  verifyViewerSchema,
  viewerSessionSchema,
  CLIENT_VOTES,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access, type ClientLinkScope } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { permissionDenied, projectAccessDenied } from '../../platform/errors';
import { exportFileUrl, requestExport } from './export';
import { requestLinkDownload } from './link-download';
import { createClientLink, linkOfProject, listClientLinks, patchClientLink } from './links';
import {
  identifyViewer,
  linkCandidate,
  listLinkCandidates,
  portalOf,
  recordView,
  saveFeedback,
  verifyViewer,
} from './portal';
import { projectBreakdown, setShare, shareState } from './project-share';
import { linkReport } from './report';

const TAGS = ['client-review'];
const id = z.string().max(64);
const secret = z.string().max(64);
/** The team names a link by its id; the portal by its secret (in the path, or the x-client-link header). */
const teamParams = z.object({ id, clientLink: id });
const portalParams = z.object({ id, clientLink: secret });
const inPortal = { clientLink: { from: 'params', key: 'clientLink' } } as const;
const projectInPath = { from: 'params', key: 'id' } as const;

function scopeOf(request: { clientLink: ClientLinkScope | null }): ClientLinkScope {
  if (!request.clientLink) throw projectAccessDenied();
  return request.clientLink;
}

/**
 * The links and their reports are the casting team's (VIEW_FEEDBACK: SA PO PE TE). A client account also holds
 * VIEW_FEEDBACK, for the team's votes in its review page, but not the names and addresses of other clients.
 */
function teamOnly(request: FastifyRequest) {
  if (requireProjectActor(request) === 'CLIENT') throw permissionDenied('MANAGE_CLIENT_LINKS');
}

export function clientReviewRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;

  // The team: make, list, read (feedback, tally, view log), edit, revoke, extend, export.
  app.post(
    '/v2/projects/:id/client-links',
    {
      config: {
        access: access.project('MANAGE_CLIENT_LINKS'),
        audit: {
          action: 'client-link.create',
          target: { type: 'client-link', from: 'response', key: 'id' },
          fields: ['title'],
        },
      },
      schema: {
        tags: TAGS,
        summary:
          'Create a client review link from a selection and/or folders; the only answer with its secret',
        params: z.object({ id }),
        body: createClientLinkSchema,
        response: { 201: createdClientLinkSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createClientLink(
            db,
            publicUrl,
            request.params.id,
            requirePrincipal(request).userId,
            request.body,
          ),
        ),
  );

  app.get(
    '/v2/projects/:id/client-links',
    {
      config: { access: access.project('VIEW_FEEDBACK') },
      schema: {
        tags: TAGS,
        summary: 'The project’s client review links, newest first (keyset paged)',
        params: z.object({ id }),
        querystring: clientLinkListQuerySchema,
        response: { 200: clientLinkListSchema },
      },
    },
    async (request) => {
      teamOnly(request);
      return listClientLinks(db, request.params.id, request.query);
    },
  );

  app.get(
    '/v2/projects/:id/client-links/:clientLink',
    {
      config: { access: access.project('VIEW_FEEDBACK') },
      schema: {
        tags: TAGS,
        summary:
          'One link for the team: each candidate’s votes, comments and tally per viewer, and the view log',
        params: teamParams,
        response: { 200: clientLinkReportSchema },
      },
    },
    async (request) => {
      teamOnly(request);
      return linkReport(db, request.params.id, request.params.clientLink);
    },
  );

  app.patch(
    '/v2/projects/:id/client-links/:clientLink',
    {
      config: {
        access: access.project('MANAGE_CLIENT_LINKS'),
        audit: {
          action: 'client-link.update',
          target: { type: 'client-link', from: 'params', key: 'clientLink' },
          fields: ['revoked', 'expiresAt'],
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Edit a link’s title, message, settings or expiry (extend), or revoke it at once',
        params: teamParams,
        body: patchClientLinkSchema,
        response: { 200: clientLinkSummarySchema },
      },
    },
    async (request) => patchClientLink(db, request.params.id, request.params.clientLink, request.body),
  );

  app.post(
    '/v2/projects/:id/client-links/:clientLink/export',
    {
      config: {
        access: access.project('MANAGE_CLIENT_LINKS'),
        audit: {
          action: 'client-link.export',
          target: { type: 'client-link', from: 'params', key: 'clientLink' },
          fields: ['email'],
        },
      },
      schema: {
        tags: TAGS,
        summary:
          'Export the link’s candidates and feedback (CSV and PDF), built by a job and mailed as links',
        params: teamParams,
        body: clientExportSchema.optional(),
        response: { 202: clientExportResultSchema },
      },
    },
    async (request, reply) => {
      await linkOfProject(db, request.params.id, request.params.clientLink);
      return reply
        .status(202)
        .send(
          await requestExport(
            context,
            request.params.id,
            request.params.clientLink,
            requirePrincipal(request).userId,
            request.body?.email,
          ),
        );
    },
  );

  app.get(
    '/v2/client-link-exports/:exportId/:format',
    {
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'The e-mailed export link: redirects to a short-lived signed URL of the CSV or PDF',
        params: z.object({ exportId: id, format: z.enum(['csv', 'pdf']) }),
        querystring: z.object({ token: z.string().min(1).max(128) }),
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'read');
      const url = await exportFileUrl(
        context,
        request.params.exportId,
        request.params.format,
        request.query.token,
      );
      return reply.redirect(url, 302);
    },
  );

  // The portal (no staff sign-in): the link's secret is the credential.
  app.get(
    '/v2/client-links/:clientLink',
    {
      config: { access: access.public() },
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
      config: { access: access.public() },
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
      config: { access: access.public() },
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
      // The team's send-download-link (spec section 7, with clientLink) in portal mode: the link is the credential.
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

  // The project's public share page: published by the team, read by anyone.
  app.get(
    '/v2/projects/:id/share',
    {
      config: { access: access.project('VIEW_PROJECT') },
      schema: {
        tags: TAGS,
        summary: 'Whether the project’s public page (/project-share/{id}) is published',
        params: z.object({ id }),
        response: { 200: projectShareStateSchema },
      },
    },
    async (request) => shareState(db, request.params.id),
  );

  app.put(
    '/v2/projects/:id/share',
    {
      config: {
        access: access.project('MANAGE_PROJECT'),
        audit: { action: 'project-share.update', fields: ['published'] },
      },
      schema: {
        tags: TAGS,
        summary: 'Publish or unpublish the project’s public read-only page',
        params: z.object({ id }),
        body: projectSharePatchSchema,
        response: { 200: projectShareStateSchema },
      },
    },
    async (request) =>
      setShare(db, request.params.id, requirePrincipal(request).userId, request.body.published),
  );

  app.get(
    '/v2/project-share/:id',
    {
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'A published project’s breakdown: what it shows of itself, its opportunities and open links',
        params: z.object({ id }),
        response: { 200: projectBreakdownSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return projectBreakdown(db, publicUrl, request.params.id);
    },
  );
}
