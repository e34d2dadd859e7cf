import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  displayFailedSchema,
  UPLOAD_FAILURE_LIMITS,
  UPLOAD_GRANT_HEADER,
  uploadFailedSchema,
  uploadFailureListQuerySchema,
  uploadFailureListSchema,
  type UploadFailureList,
} from '@casting/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { afterPosition, decodeCursor, keyText, keysetPage } from '../../platform/db/keyset';
import { isUuid } from '../../platform/db/ids';
import { enterOfficeOf } from '../../platform/db/office-of';
import { mediaUploadFailures, projects, users } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { access } from '../../platform/http/access';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { verifyUploadGrant } from './grant';
import { assertUploadCaller } from './uploader';

/**
 * Upload failures: the report a browser sends when an upload fails (`POST /media-management/upload-failed`), and
 * the list of them on the admin scripts page of a project: super admins only, like the page (admin scripts are open
 * to them alone). Newest first, one range of `media_upload_failures_project_newest_idx` per page.
 */
export function uploadFailureRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.post(
    '/media-management/upload-failed',
    {
      // Anyone with an upload grant may report, so a report is small (the error and a little context), counted per
      // address, and kept a limited time (housekeeping purges it after UPLOAD_FAILURE_LIMITS.keepDays; decision 0164).
      bodyLimit: UPLOAD_FAILURE_LIMITS.bodyBytes,
      config: { access: access.public() },
      schema: {
        tags: ['media'],
        summary: 'Record an upload failure the browser saw, for staff to look into',
        description:
          'Access: project staff with CANDIDATE_MEDIA (bearer token), or an apply page with an upload grant in the ' +
          '`x-upload-grant` header or `uploadGrant` field. Without either, the report is refused. The body is at most ' +
          `${UPLOAD_FAILURE_LIMITS.bodyBytes} bytes (413 above); reports are limited per address.`,
        body: uploadFailedSchema,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertUploadCaller(context, request, body);
      await publicQuota(db, request, 'uploadFailure');
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
      // The operator's view: every report is also a log line, with ids and the error (the file's name, which may
      // name a person, is left out of it).
      const fileName = typeof body.context?.fileName === 'string' ? body.context.fileName : null;
      context.log.warn(
        {
          failureId: row!.id,
          projectId,
          fromApplyPage: grantId !== null,
          userId: request.principal?.userId ?? null,
          reported: fileName ? body.error.split(fileName).join('<file>') : body.error,
        },
        'upload failure reported',
      );
      return reply.status(201).send({ id: row!.id });
    },
  );

  app.post(
    '/media-management/display-failed',
    {
      bodyLimit: 1024,
      config: { access: access.public() },
      schema: {
        tags: ['media'],
        summary: 'Report that a browser could not show a media item, for the operator (logged, not stored)',
        description:
          'Public, as review links and apply pages show media without an account; limited per address. The item is ' +
          'named by id only; the answer says nothing about whether it exists.',
        body: displayFailedSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'displayFailure');
      const { mediaId, problem } = request.body;
      context.log.warn(
        { mediaId, problem, userId: request.principal?.userId ?? null },
        problem === 'file' ? 'media could not be shown' : 'display image failed',
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/projects/:id/upload-failures',
    {
      config: { access: access.superAdmin() },
      schema: {
        tags: ['media'],
        summary: 'Upload failures reported for a project, newest first (keyset paged)',
        params: z.object({ id: z.string().max(64) }),
        querystring: uploadFailureListQuerySchema,
        response: { 200: uploadFailureListSchema },
      },
    },
    async (request): Promise<UploadFailureList> => {
      const projectId = request.params.id;
      const [project] = isUuid(projectId)
        ? await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId))
        : [];
      if (!project) throw notFound('The project');
      const { cursor, limit } = request.query;
      const conditions: SQL[] = [eq(mediaUploadFailures.projectId, projectId)];
      if (cursor) {
        conditions.push(
          afterPosition(mediaUploadFailures.createdAt, mediaUploadFailures.id, decodeCursor(cursor)),
        );
      }
      const rows = await db
        .select({
          failure: mediaUploadFailures,
          sortKey: keyText(mediaUploadFailures.createdAt),
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(mediaUploadFailures)
        .leftJoin(users, eq(users.id, mediaUploadFailures.userId))
        .where(and(...conditions))
        .orderBy(desc(mediaUploadFailures.createdAt), desc(mediaUploadFailures.id))
        .limit(limit + 1);
      const page = keysetPage(rows, limit, (row) => ({ key: row.sortKey, id: row.failure.id }));
      return {
        items: page.items.map(({ failure, firstName, lastName, email }) => ({
          id: failure.id,
          createdAt: failure.createdAt.toISOString(),
          error: failure.error,
          context: failure.context,
          // A report with a grant came from an apply page; without one, from a signed-in staff member.
          source: failure.grantId ? 'APPLY_PAGE' : 'STAFF',
          reporter: email ? { name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email } : null,
        })),
        nextCursor: page.nextCursor,
      };
    },
  );
}
