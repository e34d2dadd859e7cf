import { z } from 'zod';
import { downloadCreatedSchema, downloadSchema, downloadZipSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { readDownload, requestDownload } from './downloads';

const TAGS = ['media'];
const inBody = { from: 'body', key: 'projectId' } as const;

/** Zip downloads: asked for by the team (download zip, or the team dialog's send-download-link), read by link. */
export function downloadRoutes(app: App, context: AppContext) {
  for (const [url, summary] of [
    ['/applicants/download-zip', 'Zip the chosen candidates’ media and e-mail a download link (7 days)'],
    [
      '/applicants/send-download-link',
      'The team dialog’s send download link by e-mail: the same zip, mailed to the given address',
    ],
  ] as const) {
    app.post(
      url,
      {
        config: {
          access: access.project('VIEW_PROJECT', inBody),
          audit: { action: 'media.download', fields: ['email', 'folderId'] },
        },
        schema: {
          tags: TAGS,
          summary,
          body: downloadZipSchema,
          response: { 202: downloadCreatedSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await requestDownload(
              context,
              requirePrincipal(request),
              requireProjectActor(request),
              request.body,
            ),
          ),
    );
  }

  app.get(
    '/downloads/:id',
    {
      config: { access: access.public({ kind: 'download', from: 'params', key: 'id' }) },
      schema: {
        tags: TAGS,
        summary: 'A download’s status and, when ready, a short-lived signed URL of its zip',
        description:
          'Access: the e-mailed link’s `token`, or a signed-in recipient or project team member; 404 otherwise.',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(128).optional() }),
        response: { 200: downloadSchema },
      },
    },
    async (request) =>
      readDownload(
        context,
        app.accessControl.resolveProjectActor,
        request.principal,
        request.params.id,
        request.query.token,
      ),
  );
}
