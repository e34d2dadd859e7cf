import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  clientExportResultSchema,
  clientExportSchema,
  clientLinkListQuerySchema,
  clientLinkListSchema,
  clientLinkReportSchema,
  clientLinkSummarySchema,
  createClientLinkSchema,
  createdClientLinkSchema,
  patchClientLinkSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { permissionDenied } from '../../platform/errors';
import { exportFileUrl, requestExport } from './export';
import { renewClientLinkAddress } from './link-address';
import { createClientLink, linkOfProject, listClientLinks, patchClientLink } from './links';
import { linkReport } from './report';
import { id, TAGS, teamParams } from './route-params';

/**
 * The links and their reports are the casting team's (VIEW_FEEDBACK: SA PO PE TE). A client account also holds
 * VIEW_FEEDBACK, for the team's votes in its review page, but not the names and addresses of other clients.
 */
function teamOnly(request: FastifyRequest) {
  if (requireProjectActor(request) === 'CLIENT') throw permissionDenied('MANAGE_CLIENT_LINKS');
}

/** The team: make, list, read (feedback, tally, view log), edit, revoke, extend, renew the address, export. */
export function teamLinkRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;

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
    '/v2/projects/:id/client-links/:clientLink/address',
    {
      config: {
        access: access.project('MANAGE_CLIENT_LINKS'),
        audit: {
          action: 'client-link.new-address',
          target: { type: 'client-link', from: 'params', key: 'clientLink' },
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Give a link a new address (answered once); the old one stops working, its feedback stays',
        params: teamParams,
        response: { 200: createdClientLinkSchema },
      },
    },
    async (request) => renewClientLinkAddress(db, publicUrl, request.params.id, request.params.clientLink),
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
      config: { access: access.public({ kind: 'client_link_export', from: 'params', key: 'exportId' }) },
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
}
