import {
  multipartCompleteSchema,
  multipartListPartsResponseSchema,
  multipartListPartsSchema,
  multipartSignedUrlsResponseSchema,
  multipartSignedUrlsSchema,
  multipartStartResponseSchema,
  multipartStartSchema,
  signedUrlRequestSchema,
  signedUrlResponseSchema,
  uploadCompleteSchema,
  uploadFailedSchema,
  uploadResultSchema,
  UPLOAD_GRANT_HEADER,
  MESSAGES,
} from '@casting/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { enterOfficeOf } from '../../platform/db/office-of';
import { AppError } from '../../platform/errors';
import { mediaUploadFailures } from '../../platform/db/schema';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { verifyUploadGrant } from './grant';
import { assertUploadCaller, resolveUploader } from './uploader';
import {
  completeMultipartUpload,
  findOpenUpload,
  finishUpload,
  listUploadedParts,
  signParts,
  signSingleUploads,
  startMultipart,
} from './uploads';

const TAGS = ['media'];

/**
 * Starting uploads is open to apply pages, so it is limited per address: far above what a person choosing files
 * does (each call may sign 20 files), low enough that a script cannot fill the uploads table.
 */
const START_LIMIT = {
  access: access.public(),
  rateLimit: {
    max: 300,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts),
  },
};
const UPLOAD_ACCESS =
  'Access: project staff with CANDIDATE_MEDIA (bearer token), or an apply page with an upload grant in the ' +
  '`x-upload-grant` header or `uploadGrant` field.';

/**
 * Uploads: single signed PUT under 10 MiB, multipart above, with list-parts so an interrupted
 * upload resumes from its last completed part. Declared public (an apply page has no account); `resolveUploader`
 * is the access rule of each call.
 */
export function uploadRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.post(
    '/media-management/get-signed-url',
    {
      config: START_LIMIT,
      schema: {
        tags: TAGS,
        summary: 'Signed PUT URLs for files under 10 MiB (exact size and type signed)',
        description: UPLOAD_ACCESS,
        body: signedUrlRequestSchema,
        response: { 200: signedUrlResponseSchema },
      },
    },
    async (request) => {
      const uploader = await resolveUploader(app, context, request, request.body);
      return signSingleUploads(context, uploader, request.body);
    },
  );

  app.post(
    '/media-management/upload-complete',
    {
      config: { access: access.public({ kind: 'upload', from: 'body', key: 'Key' }) },
      schema: {
        tags: TAGS,
        summary: 'Finish a single PUT upload: the size and the bytes are checked, then the file is attached',
        description: UPLOAD_ACCESS,
        body: uploadCompleteSchema,
        response: { 200: uploadResultSchema },
      },
    },
    async (request) => {
      assertUploadCaller(context, request, request.body);
      const upload = await findOpenUpload(db, request.body.Key, null);
      await resolveUploader(app, context, request, request.body, upload);
      return finishUpload(context, upload);
    },
  );

  app.post(
    '/media-management/multipart/start',
    {
      config: START_LIMIT,
      schema: {
        tags: TAGS,
        summary: 'Start a multipart upload of a declared size (5 MiB parts)',
        description: UPLOAD_ACCESS,
        body: multipartStartSchema,
        response: { 200: multipartStartResponseSchema },
      },
    },
    async (request) => {
      const uploader = await resolveUploader(app, context, request, request.body);
      return startMultipart(context, uploader, request.body);
    },
  );

  app.post(
    '/media-management/multipart/get-signed-urls',
    {
      config: { access: access.public({ kind: 'upload', from: 'body', key: 'Key' }) },
      schema: {
        tags: TAGS,
        summary: 'Signed part URLs (all parts, or the `PartNumbers` a resumed upload still needs)',
        description: UPLOAD_ACCESS,
        body: multipartSignedUrlsSchema,
        response: { 200: multipartSignedUrlsResponseSchema },
      },
    },
    async (request) => {
      const upload = await openMultipart(request);
      return signParts(context, upload, request.body);
    },
  );

  app.post(
    '/media-management/multipart/list-parts',
    {
      config: { access: access.public({ kind: 'upload', from: 'body', key: 'Key' }) },
      schema: {
        tags: TAGS,
        summary: 'The parts already received, so an interrupted upload resumes after the last completed part',
        description: UPLOAD_ACCESS,
        body: multipartListPartsSchema,
        response: { 200: multipartListPartsResponseSchema },
      },
    },
    async (request) => {
      const upload = await openMultipart(request);
      return listUploadedParts(context, upload);
    },
  );

  app.post(
    '/media-management/multipart/complete',
    {
      config: { access: access.public({ kind: 'upload', from: 'body', key: 'Key' }) },
      schema: {
        tags: TAGS,
        summary: 'Join the parts; the size and the bytes are checked, then the file is attached',
        description: UPLOAD_ACCESS,
        body: multipartCompleteSchema,
        response: { 200: uploadResultSchema },
      },
    },
    async (request) => {
      const upload = await openMultipart(request);
      return completeMultipartUpload(context, upload, request.body);
    },
  );

  app.post(
    '/media-management/upload-failed',
    {
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'Record an upload failure the browser saw, for staff to look into',
        description: `${UPLOAD_ACCESS} Without either, the report is refused.`,
        body: uploadFailedSchema,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertUploadCaller(context, request, body);
      let projectId: string | null = null;
      let grantId: string | null = null;
      const token = request.headers[UPLOAD_GRANT_HEADER] ?? body.uploadGrant;
      if (typeof token === 'string') {
        const grant = verifyUploadGrant(context.config, token);
        projectId = grant.projectId;
        grantId = grant.id;
        // An apply page's report belongs to the office of the grant's project.
        await enterOfficeOf(db, 'project', projectId);
      } else if (body.projectId) {
        // A staff member's report is filed under a project only when they work on it.
        const actor = await app.accessControl
          .resolveProjectActor(request.principal!, body.projectId)
          .catch(() => null);
        projectId = actor ? body.projectId : null;
      }
      const [row] = await db
        .insert(mediaUploadFailures)
        .values({
          projectId,
          grantId,
          userId: request.principal?.userId ?? null,
          error: body.error,
          context: body.context ?? {},
        })
        .returning({ id: mediaUploadFailures.id });
      return reply.status(201).send({ id: row!.id });
    },
  );

  async function openMultipart(
    request: FastifyRequest & { body: { Key: string; UploadId: string; uploadGrant?: string | undefined } },
  ) {
    const body = request.body;
    assertUploadCaller(context, request, body);
    const upload = await findOpenUpload(db, body.Key, body.UploadId);
    await resolveUploader(app, context, request, body, upload);
    return upload;
  }
}
