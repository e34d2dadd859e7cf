import { z } from 'zod';
import {
  createProjectSchema,
  projectDraftListSchema,
  projectDraftSchema,
  updateProjectDraftSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import {
  createDraft,
  discardDraft,
  finishDraft,
  getDraft,
  listDrafts,
  saveDraftStep,
} from './services/draft-service';

const TAGS = ['projects'];
const idParams = z.object({ id: z.string().max(64) });

/**
 * The project wizard's drafts (docs/decisions/0041-project-wizard.md). The steps after the first save through the
 * ordinary opportunity, team and link calls on the draft project; these routes create the draft, remember the step,
 * list the caller's drafts, and finish or discard one.
 */
export function projectDraftRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.post(
    '/projects/drafts',
    {
      // As creating a project: account-level (the draft has no team yet), CREATE_PROJECT on the account's role.
      config: { access: access.staff(), idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Wizard step 1: create the project as a draft owned by the caller',
        body: createProjectSchema,
        response: { 201: projectDraftSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDraft(db, requirePrincipal(request), request.body)),
  );

  app.get(
    '/projects/drafts',
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'The caller’s project drafts',
        response: { 200: projectDraftListSchema },
      },
    },
    async (request) => ({ items: await listDrafts(db, requirePrincipal(request)) }),
  );

  app.get(
    '/projects/drafts/:id',
    {
      config: { access: access.project('MANAGE_PROJECT') },
      schema: {
        tags: TAGS,
        summary: 'A draft and the step the wizard reopens at (409 once finished)',
        params: idParams,
        response: { 200: projectDraftSchema },
      },
    },
    async (request) => getDraft(db, request.params.id),
  );

  app.patch(
    '/projects/drafts/:id',
    {
      config: { access: access.project('MANAGE_PROJECT') },
      schema: {
        tags: TAGS,
        summary: 'Remember the wizard step reached',
        params: idParams,
        body: updateProjectDraftSchema,
        response: { 200: projectDraftSchema },
      },
    },
    async (request) => saveDraftStep(db, request.params.id, request.body.step),
  );

  app.post(
    '/projects/drafts/:id/finish',
    {
      config: { access: access.project('MANAGE_PROJECT') },
      schema: {
        tags: TAGS,
        summary:
          'Finish the wizard: the project leaves the drafts and joins the lists (needs an opportunity)',
        params: idParams,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => finishDraft(db, request.params.id),
  );

  app.delete(
    '/projects/drafts/:id',
    {
      config: {
        access: access.project('MANAGE_PROJECT'),
        audit: { action: 'project.delete', target: { type: 'project', from: 'params', key: 'id' } },
      },
      schema: { tags: TAGS, summary: 'Discard a draft and all it holds', params: idParams },
    },
    async (request, reply) => {
      await discardDraft(db, request.params.id);
      return reply.status(204).send();
    },
  );
}
