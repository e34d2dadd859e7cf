import {
  createTagSchema,
  lookupPageSchema,
  optionSchema,
  tagNamesSchema,
  tagQuerySchema,
} from '@casting/domain';
import type { AppContext } from '../../../platform/context';
import { access } from '../../../platform/http/access';
import type { App } from '../../../platform/http/types';
import { createTag, listTags, tagNames } from '../services/tag-service';

/** Tags of one project; candidates get them attached by the applicants module. */
export function tagRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const fromQuery = { from: 'query', key: 'projectId' } as const;
  app.get(
    '/projects/lookups/tags-lookup',
    {
      config: { access: access.project('VIEW_PROJECT', fromQuery) },
      schema: {
        tags: ['lookups'],
        summary: 'Tags of a project',
        querystring: tagQuerySchema,
        response: { 200: lookupPageSchema },
      },
    },
    async (request) => listTags(db, request.query),
  );
  app.get(
    '/projects/lookups/tags-lookup/names',
    {
      config: { access: access.project('VIEW_PROJECT', fromQuery) },
      schema: {
        tags: ['lookups'],
        summary: 'Tag names of a project',
        querystring: tagQuerySchema,
        response: { 200: tagNamesSchema },
      },
    },
    async (request) => ({ items: await tagNames(db, request.query) }),
  );
  app.post(
    '/projects/lookups/tags-lookup',
    {
      config: {
        access: access.project('CANDIDATE_EDIT_TAGS', { from: 'body', key: 'projectId' }),
        idempotent: true,
      },
      schema: {
        tags: ['lookups'],
        summary: 'Add a tag to a project (names unique per project, any case)',
        body: createTagSchema,
        response: { 201: optionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTag(db, request.body.projectId, request.body.name)),
  );
}
