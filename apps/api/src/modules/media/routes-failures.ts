import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  uploadFailureListQuerySchema,
  uploadFailureListSchema,
  type UploadFailureList,
} from '@casting/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { afterPosition, decodeCursor, keyText, keysetPage } from '../../platform/db/keyset';
import { isUuid } from '../../platform/db/ids';
import { mediaUploadFailures, projects, users } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';

/**
 * The upload failures browsers reported (`POST /media-management/upload-failed`), for the admin scripts page of a
 * project: super admins only, like the page (admin scripts are open to them alone). Newest first, one
 * range of `media_upload_failures_project_newest_idx` per page.
 */
export function uploadFailureRoutes(app: App, context: AppContext) {
  const { db } = context.database;

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
