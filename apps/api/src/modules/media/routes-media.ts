import { z } from 'zod';
import {
  MEDIA_MESSAGES,
  mediaItemSchema,
  mediaListQuerySchema,
  mediaListSchema,
  mediaProjectBodySchema,
  mediaVisibilitySchema,
  messageResultSchema,
  reportMediaIssueSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { reportMediaIssue } from './issues';
import { assertSubmitterMayOnApplicant, assertSubmitterReaches } from './submitter';
import {
  deleteItem,
  findItem,
  listApplicantMedia,
  presentItem,
  retryItem,
  setPrimaryPhoto,
  setVisibility,
} from './items';

const TAGS = ['media'];
const applicantParams = z.object({ applicantId: z.string().max(64) });
const itemParams = z.object({ applicantId: z.string().max(64), mediaId: z.string().max(64) });
const inQuery = { from: 'query', key: 'projectId' } as const;
const inBody = { from: 'body', key: 'projectId' } as const;

/** The media of an applicant: reading with signed URLs, Delete Content, primary photo, visibility, retry, issues. */
export function mediaRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/applicants/:applicantId/media',
    {
      config: { access: access.project('VIEW_PROJECT', inQuery) },
      schema: {
        tags: TAGS,
        summary:
          'An applicant’s media with short-lived view URLs (originals always; derived files once processed)',
        params: applicantParams,
        querystring: mediaListQuerySchema,
        response: { 200: mediaListSchema },
      },
    },
    async (request) =>
      listApplicantMedia(
        context,
        request.query.projectId,
        request.params.applicantId,
        requireProjectActor(request),
      ),
  );

  app.delete(
    '/applicants/:applicantId/media/:mediaId',
    {
      config: {
        access: access.project('CANDIDATE_MEDIA', inQuery),
        audit: { action: 'media.delete', target: { type: 'media', from: 'params', key: 'mediaId' } },
      },
      schema: {
        tags: TAGS,
        summary: 'Delete Content: the item and its files, permanently',
        params: itemParams,
        querystring: mediaListQuerySchema,
        response: { 200: messageResultSchema },
      },
    },
    async (request) => {
      const { applicantId, mediaId } = request.params;
      const actor = requireProjectActor(request);
      const { projectId } = request.query;
      await findItem(db, projectId, applicantId, mediaId);
      // A talent submitter's candidate outside their submitter folders answers as an unknown item would (404).
      await assertSubmitterMayOnApplicant(
        db,
        actor,
        projectId,
        applicantId,
        'DELETE_MEDIA',
        MEDIA_MESSAGES.mediaNotFound,
      );
      return deleteItem(context, request.query.projectId, applicantId, mediaId);
    },
  );

  app.put(
    '/applicants/:applicantId/media/:mediaId/primary',
    {
      config: { access: access.project('CANDIDATE_MEDIA', inBody) },
      schema: {
        tags: TAGS,
        summary: 'Make a photo the applicant’s primary photo (shown in lists and previews)',
        params: itemParams,
        body: mediaProjectBodySchema,
        response: { 200: mediaItemSchema },
      },
    },
    async (request) => {
      await assertSubmitterReaches(
        db,
        requireProjectActor(request),
        request.body.projectId,
        [request.params.applicantId],
        MEDIA_MESSAGES.mediaNotFound,
      );
      const row = await setPrimaryPhoto(
        db,
        request.body.projectId,
        request.params.applicantId,
        request.params.mediaId,
      );
      return presentItem(context.storage, row);
    },
  );

  app.put(
    '/applicants/:applicantId/media/:mediaId/visibility',
    {
      config: {
        access: access.project('MANAGE_MEDIA_VISIBILITY', inBody),
        audit: {
          action: 'media.visibility',
          target: { type: 'media', from: 'params', key: 'mediaId' },
          fields: ['visibility'],
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Who sees an item: ALL (also client-link viewers) or TEAM (the project team only)',
        params: itemParams,
        body: mediaVisibilitySchema,
        response: { 200: mediaItemSchema },
      },
    },
    async (request) => {
      const row = await setVisibility(
        db,
        request.body.projectId,
        request.params.applicantId,
        request.params.mediaId,
        request.body.visibility,
      );
      return presentItem(context.storage, row);
    },
  );

  app.post(
    '/applicants/:applicantId/media/:mediaId/retry',
    {
      config: { access: access.project('CANDIDATE_MEDIA', inBody) },
      schema: {
        tags: TAGS,
        summary: 'Convert a FAILED item again',
        params: itemParams,
        body: mediaProjectBodySchema,
        response: { 200: mediaItemSchema },
      },
    },
    async (request) => {
      await assertSubmitterReaches(
        db,
        requireProjectActor(request),
        request.body.projectId,
        [request.params.applicantId],
        MEDIA_MESSAGES.mediaNotFound,
      );
      const row = await retryItem(
        context,
        request.body.projectId,
        request.params.applicantId,
        request.params.mediaId,
      );
      return presentItem(context.storage, row);
    },
  );

  app.post(
    '/applicants/admin/report-media-issue',
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'Report a media issue to the team’s chat (channel SLACK)',
        description:
          'Access: staff on the item’s project team (VIEW_PROJECT); the project comes from the item.',
        body: reportMediaIssueSchema,
        response: { 201: messageResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reportMediaIssue(
            context,
            app.accessControl.resolveProjectActor,
            requirePrincipal(request),
            request.body,
          ),
        ),
  );
}
