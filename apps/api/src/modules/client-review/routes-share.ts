import { z } from 'zod';
import { projectBreakdownSchema, projectSharePatchSchema, projectShareStateSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { projectBreakdown, setShare, shareState } from './project-share';
import { id, TAGS } from './route-params';

/** The project's public share page: published by the team, read by anyone. */
export function projectShareRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;

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
      config: { access: access.public({ kind: 'project', from: 'params', key: 'id' }) },
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
