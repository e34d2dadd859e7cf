import { z } from 'zod';
import {
  createFolderSchema,
  folderListQuerySchema,
  folderListSchema,
  folderSchema,
  renameFolderSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requireProjectActor } from '../../platform/http/principal';
import { requireProjectPermission } from '../../platform/http/project-access';
import type { App } from '../../platform/http/types';
import { createFolder, deleteFolder, listFolders, projectOfFolder, renameFolder } from './service';

const id = z.string().max(64);

/** Folders of a project's opportunities: system folders are fixed, custom folders are created, renamed, deleted. */
export function folderRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  app.get(
    '/projects/:projectId/folders',
    {
      // With `clientLink` (portal mode) a review link's viewer sees only the folders the link was made from.
      config: {
        access: access.project(
          'VIEW_PROJECT',
          { from: 'params', key: 'projectId' },
          { clientLink: { from: 'query', key: 'clientLink' } },
        ),
      },
      schema: {
        tags: ['folders'],
        summary: 'Folders of a project or of one opportunity, with the folder-feedback flag',
        params: z.object({ projectId: id }),
        querystring: folderListQuerySchema,
        response: { 200: folderListSchema },
      },
    },
    async (request) =>
      listFolders(
        db,
        request.params.projectId,
        requireProjectActor(request),
        request.query,
        request.clientLink?.folderIds,
      ),
  );

  app.post(
    '/projects/folders',
    {
      config: {
        access: access.project('CREATE_FOLDER', { from: 'body', key: 'projectId' }),
        idempotent: true,
      },
      schema: {
        tags: ['folders'],
        summary: 'Create a custom folder in an opportunity',
        body: createFolderSchema,
        response: { 201: folderSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createFolder(db, request.body)),
  );

  app.patch(
    '/projects/folders/:folderId',
    {
      // The request names only the folder: its project is looked up, then CREATE_FOLDER is checked on it.
      config: { access: access.staff() },
      preHandler: async (request) => {
        const projectId = await projectOfFolder(db, request.params.folderId);
        await requireProjectPermission(db, request, projectId, 'CREATE_FOLDER');
      },
      schema: {
        tags: ['folders'],
        summary: 'Rename a custom folder (project permission CREATE_FOLDER on the folder’s project)',
        params: z.object({ folderId: id }),
        body: renameFolderSchema,
        response: { 200: folderSchema },
      },
    },
    async (request) => renameFolder(db, request.params.folderId, request.body.name),
  );

  app.delete(
    '/projects/:projectId/folder/:folderId',
    {
      config: { access: access.project('CREATE_FOLDER', { from: 'params', key: 'projectId' }) },
      schema: {
        tags: ['folders'],
        summary: 'Delete a custom folder',
        params: z.object({ projectId: id, folderId: id }),
      },
    },
    async (request, reply) => {
      await deleteFolder(db, request.params.projectId, request.params.folderId);
      return reply.status(204).send();
    },
  );
}
