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
  uploadResultSchema,
  MESSAGES,
} from '@casting/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
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
