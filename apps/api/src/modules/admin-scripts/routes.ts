import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRestoreQuerySchema,
  adminRunDownloadSchema,
  adminRunListSchema,
  adminRunRequestSchema,
  adminRunSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { exportUrl, getRun, listRuns, runView, startRestore, startRun } from './service';

const TAGS = ['admin-scripts'];
const idParams = z.object({ id: z.string().max(64) });
const runParams = z.object({ runId: z.string().max(64) });

/** Admin scripts: super admins only; every start is audited. */
export async function adminScriptRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/projects/admin-scripts/:id',
    {
      config: { access: access.superAdmin() },
      schema: {
        tags: TAGS,
        summary: 'The latest script runs of a project',
        params: idParams,
        response: { 200: adminRunListSchema },
      },
    },
    async (request) => ({ items: await listRuns(db, request.params.id) }),
  );

  app.post(
    '/projects/admin-scripts/:id/runs',
    {
      config: {
        access: access.superAdmin(),
        audit: {
          action: 'admin-script.run',
          target: { type: 'project', from: 'params', key: 'id' },
          fields: ['script', 'email'],
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Start a script on the project as a background job',
        params: idParams,
        body: adminRunRequestSchema,
        response: { 202: adminRunSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await startRun(context, requirePrincipal(request), request.params.id, request.body)),
  );

  app.get(
    '/projects/admin-scripts/runs/:runId',
    {
      config: { access: access.superAdmin() },
      schema: {
        tags: TAGS,
        summary: 'A run’s progress and result',
        params: runParams,
        response: { 200: adminRunSchema },
      },
    },
    async (request) => runView(await getRun(db, request.params.runId)),
  );

  app.get(
    '/projects/admin-scripts/runs/:runId/download',
    {
      config: { access: access.superAdmin() },
      schema: {
        tags: TAGS,
        summary: 'A short-lived URL of an export’s zip',
        params: runParams,
        response: { 200: adminRunDownloadSchema },
      },
    },
    async (request) => exportUrl(context, request.params.runId),
  );

  // An export zip arrives as the raw body, streamed into storage; the restore then runs as a job.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.put(
      '/projects/admin-scripts/restore',
      {
        config: { access: access.superAdmin(), audit: { action: 'admin-script.restore' } },
        bodyLimit: 512 * 1024 * 1024,
        schema: {
          tags: TAGS,
          summary: 'Restore a project export (the zip as the raw body) as a new project on this instance',
          querystring: adminRestoreQuerySchema,
          response: { 202: adminRunSchema },
        },
      },
      async (request, reply) => {
        const length = Number(request.headers['content-length']);
        const run = await startRestore(context, requirePrincipal(request), {
          length: request.headers['content-length'] && Number.isFinite(length) ? length : null,
          body: request.raw,
          name: request.query.name,
        });
        return reply.status(202).send(run);
      },
    );
  });
}
