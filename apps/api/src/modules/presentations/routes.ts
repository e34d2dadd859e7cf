import { z } from 'zod';
import {
  choosePresentationMediaSchema,
  createPresentationSchema,
  movePresentationItemSchema,
  patchPresentationSchema,
  presentationListQuerySchema,
  presentationListSchema,
  presentationPdfFileSchema,
  presentationSchema,
  presentationSummarySchema,
  sharePresentationSchema,
  sharedPresentationSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { pdfFileUrl, requestPdf } from './pdf';
import { listPresentations, presentationDetail, presentationOfProject, summaries } from './queries';
import {
  chooseMedia,
  createPresentation,
  deletePresentation,
  moveItem,
  patchPresentation,
  removeItem,
} from './service';
import { sharePresentation } from './share';

const TAGS = ['presentations'];
const id = z.string().max(64);
const projectParams = z.object({ id });
const presentationParams = z.object({ id, presentation: id });
const itemParams = z.object({ id, presentation: id, submissionId: id });
const PRESENTATION = { type: 'presentation', from: 'params', key: 'presentation' } as const;
/** Presentations are made for clients, so they are managed by whoever manages client links (SA PO PE). */
const MANAGE = access.project('MANAGE_CLIENT_LINKS');

/** The team's presentations: make from a selection, list, open, edit (title, layout, order, media), share, PDF. */
export function presentationRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const detail = async (projectId: string, presentationId: string) =>
    presentationDetail(context, await presentationOfProject(db, projectId, presentationId));

  app.post(
    '/v2/projects/:id/presentations',
    {
      config: {
        access: MANAGE,
        audit: {
          action: 'presentation.create',
          target: { type: 'presentation', from: 'response', key: 'id' },
          fields: ['title', 'layout'],
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Make a presentation from a selection of one opportunity’s candidates, in the order given',
        params: projectParams,
        body: createPresentationSchema,
        response: { 201: presentationSchema },
      },
    },
    async (request, reply) => {
      const row = await createPresentation(
        db,
        request.params.id,
        requirePrincipal(request).userId,
        request.body,
      );
      return reply.status(201).send(await presentationDetail(context, row));
    },
  );

  app.get(
    '/v2/projects/:id/presentations',
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'The project’s presentations, newest first (keyset paged)',
        params: projectParams,
        querystring: presentationListQuerySchema,
        response: { 200: presentationListSchema },
      },
    },
    async (request) => listPresentations(db, request.params.id, request.query),
  );

  app.get(
    '/v2/projects/:id/presentations/:presentation',
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'One presentation: its candidates in order, the media each could show and which are chosen',
        params: presentationParams,
        response: { 200: presentationSchema },
      },
    },
    async (request) => detail(request.params.id, request.params.presentation),
  );

  app.patch(
    '/v2/projects/:id/presentations/:presentation',
    {
      config: {
        access: MANAGE,
        audit: { action: 'presentation.update', target: PRESENTATION, fields: ['title', 'layout'] },
      },
      schema: {
        tags: TAGS,
        summary: 'Rename a presentation or change its layout',
        params: presentationParams,
        body: patchPresentationSchema,
        response: { 200: presentationSchema },
      },
    },
    async (request) =>
      presentationDetail(
        context,
        await patchPresentation(db, request.params.id, request.params.presentation, request.body),
      ),
  );

  app.delete(
    '/v2/projects/:id/presentations/:presentation',
    {
      config: { access: MANAGE, audit: { action: 'presentation.delete', target: PRESENTATION } },
      schema: {
        tags: TAGS,
        summary: 'Delete a presentation (client links made from it keep working)',
        params: presentationParams,
      },
    },
    async (request, reply) => {
      await deletePresentation(db, context.jobs, request.params.id, request.params.presentation);
      return reply.status(204).send();
    },
  );

  app.put(
    '/v2/projects/:id/presentations/:presentation/items/:submissionId/position',
    {
      config: { access: MANAGE, audit: { action: 'presentation.update', target: PRESENTATION } },
      schema: {
        tags: TAGS,
        summary: 'Move one candidate to a position (0 is first); the others keep their order',
        params: itemParams,
        body: movePresentationItemSchema,
        response: { 200: presentationSchema },
      },
    },
    async (request) => {
      const { id: projectId, presentation, submissionId } = request.params;
      await moveItem(db, projectId, presentation, submissionId, request.body.position);
      return detail(projectId, presentation);
    },
  );

  app.put(
    '/v2/projects/:id/presentations/:presentation/items/:submissionId/media',
    {
      config: { access: MANAGE, audit: { action: 'presentation.update', target: PRESENTATION } },
      schema: {
        tags: TAGS,
        summary: 'Choose the media shown of one candidate (null: what the link’s settings share)',
        params: itemParams,
        body: choosePresentationMediaSchema,
        response: { 200: presentationSchema },
      },
    },
    async (request) => {
      const { id: projectId, presentation, submissionId } = request.params;
      await chooseMedia(db, projectId, presentation, submissionId, request.body.mediaIds);
      return detail(projectId, presentation);
    },
  );

  app.delete(
    '/v2/projects/:id/presentations/:presentation/items/:submissionId',
    {
      config: { access: MANAGE, audit: { action: 'presentation.update', target: PRESENTATION } },
      schema: {
        tags: TAGS,
        summary: 'Take one candidate out of the presentation',
        params: itemParams,
        response: { 200: presentationSchema },
      },
    },
    async (request) => {
      const { id: projectId, presentation, submissionId } = request.params;
      await removeItem(db, projectId, presentation, submissionId);
      return detail(projectId, presentation);
    },
  );

  app.post(
    '/v2/projects/:id/presentations/:presentation/share',
    {
      config: {
        access: MANAGE,
        audit: { action: 'presentation.share', target: PRESENTATION, fields: ['title'] },
      },
      schema: {
        tags: TAGS,
        summary:
          'Share as a client link: the candidates in this order with only the chosen media, in this layout; the only answer with its secret',
        params: presentationParams,
        body: sharePresentationSchema,
        response: { 201: sharedPresentationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sharePresentation(
            db,
            context.config.publicUrl,
            request.params.id,
            request.params.presentation,
            requirePrincipal(request).userId,
            request.body,
          ),
        ),
  );

  app.post(
    '/v2/projects/:id/presentations/:presentation/pdf',
    {
      config: { access: MANAGE, audit: { action: 'presentation.pdf', target: PRESENTATION } },
      schema: {
        tags: TAGS,
        summary: 'Make the PDF in the presentation’s layout by a job; its progress shows in the summary',
        params: presentationParams,
        response: { 202: presentationSummarySchema },
      },
    },
    async (request, reply) => {
      const row = await requestPdf(context, request.params.id, request.params.presentation);
      const [summary] = await summaries(db, [row]);
      return reply.status(202).send(summary!);
    },
  );

  app.get(
    '/v2/projects/:id/presentations/:presentation/pdf',
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'A short-lived address of the finished PDF (409 while it is being made)',
        params: presentationParams,
        response: { 200: presentationPdfFileSchema },
      },
    },
    async (request) => ({ url: await pdfFileUrl(context, request.params.id, request.params.presentation) }),
  );
}
