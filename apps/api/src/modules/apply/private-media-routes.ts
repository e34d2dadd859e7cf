import { z } from 'zod';
import { privateMediaAddSchema, privateMediaSchema, privateTokenQuerySchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { addPrivateMedia, privateMedia, removePrivateMedia } from './private-media';

const TAGS = ['apply'];
const privateParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), mediaId: z.string().max(64) });
const onApplicant = access.public({ kind: 'applicant', from: 'params', key: 'id' });

/**
 * The talent's own files on their private page: list, add (finished uploads of the page's grant) and remove. The
 * private link's token is the credential, as for the rest of the page; every call is limited per address.
 */
export function privateMediaRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/v2/applicants/:id/standalone/media',
    {
      config: { access: onApplicant },
      schema: {
        tags: TAGS,
        summary: 'The files the talent sent with their submission, and the upload grant to send more',
        params: privateParams,
        querystring: privateTokenQuerySchema,
        response: { 200: privateMediaSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return privateMedia(context, request.params.id, request.query.token);
    },
  );

  app.post(
    '/v2/applicants/:id/standalone/media',
    {
      bodyLimit: 64 * 1024,
      config: { access: onApplicant },
      schema: {
        tags: TAGS,
        summary: 'The talent adds finished uploads to their submission',
        params: privateParams,
        body: privateMediaAddSchema,
        response: { 200: privateMediaSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'submit');
      return addPrivateMedia(context, request.params.id, request.body);
    },
  );

  app.delete(
    '/v2/applicants/:id/standalone/media/:mediaId',
    {
      config: { access: onApplicant },
      schema: {
        tags: TAGS,
        summary: 'The talent removes one of the files they sent (to replace it, they add the new one)',
        params: itemParams,
        querystring: privateTokenQuerySchema,
        response: { 200: privateMediaSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'submit');
      return removePrivateMedia(context, request.params.id, request.params.mediaId, request.query.token);
    },
  );
}
