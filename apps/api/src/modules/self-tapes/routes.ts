import { z } from 'zod';
import {
  selfTapeExtensionAnswerSchema,
  selfTapeRecipientSchema,
  selfTapeReleaseResultSchema,
  selfTapeReleaseSchema,
  selfTapeRequestCreateSchema,
  selfTapeRequestSchema,
  selfTapeTrackingQuerySchema,
  selfTapeTrackingSchema,
  selfTapeWarningsQuerySchema,
  selfTapeWarningsSchema,
  deadlineWarnings,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { createSelfTapeRequest } from './create';
import { officeDeadlineRule } from './office-rule';
import { closeRequest, sendReleaseNotice } from './release';
import { sidesUploadGrant } from './sides';
import { answerExtension, listRequests, requestTracking } from './tracking';

const TAGS = ['self-tapes'];
const projectParams = z.object({ id: z.string().max(64) });
const requestParams = z.object({ id: z.string().max(64), requestId: z.string().max(64) });
const recipientParams = requestParams.extend({ recipientId: z.string().max(64) });
const REQUEST = { type: 'self_tape_request', from: 'params', key: 'requestId' } as const;

/** The office's side of self-tape requests: the project's staff send and answer, its reviewers follow. */
export function selfTapeRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/projects/:id/self-tapes/warnings',
    {
      config: { access: access.project('REQUEST_SELF_TAPES') },
      schema: {
        tags: TAGS,
        summary: 'What a deadline breaks of a notice preset, for the request dialog',
        params: projectParams,
        querystring: selfTapeWarningsQuerySchema,
        response: { 200: selfTapeWarningsSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return {
        warnings: deadlineWarnings({
          preset: query.preset,
          pages: query.pages,
          minors: query.minors,
          sentAt: new Date(),
          deadline: new Date(query.deadline),
          officeRule: await officeDeadlineRule(db),
        }),
      };
    },
  );

  app.post(
    '/projects/:id/self-tapes/sides-upload',
    {
      config: { access: access.project('REQUEST_SELF_TAPES') },
      schema: {
        tags: TAGS,
        summary: 'An upload grant for the sides (PDFs) of a request the dialog is writing',
        params: projectParams,
        response: { 200: z.object({ uploadGrant: z.string() }) },
      },
    },
    async (request) => ({ uploadGrant: sidesUploadGrant(context, request.params.id) }),
  );

  app.post(
    '/projects/:id/self-tapes',
    {
      config: {
        access: access.project('REQUEST_SELF_TAPES'),
        audit: {
          action: 'self-tape.request',
          target: { type: 'self_tape_request', from: 'response', key: 'id' },
        },
      },
      schema: {
        tags: TAGS,
        summary:
          'Request self-tapes from chosen candidates (rows or a folder) of one opportunity: one job sends it; the ' +
          'same idempotency key sends nothing twice. 409 with the warnings when the deadline breaks the preset.',
        params: projectParams,
        body: selfTapeRequestCreateSchema,
        response: { 200: selfTapeRequestSchema, 201: selfTapeRequestSchema },
      },
    },
    async (request, reply) => {
      const result = await createSelfTapeRequest(
        context,
        { userId: requirePrincipal(request).userId },
        request.params.id,
        request.body,
      );
      return reply.status(result.created ? 201 : 200).send(result.request);
    },
  );

  app.get(
    '/projects/:id/self-tapes',
    {
      config: { access: access.project('VIEW_SELF_TAPES') },
      schema: {
        tags: TAGS,
        summary: 'The project’s self-tape requests, newest first (keyset)',
        params: projectParams,
        querystring: selfTapeTrackingQuerySchema,
        response: {
          200: z.object({ items: z.array(selfTapeRequestSchema), nextCursor: z.string().nullable() }),
        },
      },
    },
    async (request) => listRequests(db, request.params.id, request.query.cursor, request.query.limit),
  );

  app.get(
    '/projects/:id/self-tapes/:requestId',
    {
      config: { access: access.project('VIEW_SELF_TAPES') },
      schema: {
        tags: TAGS,
        summary: 'A request’s tracking: totals and its recipients (keyset)',
        params: requestParams,
        querystring: selfTapeTrackingQuerySchema,
        response: { 200: selfTapeTrackingSchema },
      },
    },
    async (request) =>
      requestTracking(context.database, request.params.id, request.params.requestId, request.query),
  );

  app.post(
    '/projects/:id/self-tapes/:requestId/recipients/:recipientId/extension',
    {
      config: {
        access: access.project('REQUEST_SELF_TAPES'),
        audit: { action: 'self-tape.extension', target: REQUEST },
      },
      schema: {
        tags: TAGS,
        summary: 'Grant (with the new deadline) or refuse a recipient’s request for more time',
        params: recipientParams,
        body: selfTapeExtensionAnswerSchema,
        response: { 200: selfTapeRecipientSchema },
      },
    },
    async (request) => {
      const { id, requestId, recipientId } = request.params;
      return answerExtension(context, id, requestId, recipientId, request.body);
    },
  );

  app.post(
    '/projects/:id/self-tapes/:requestId/close',
    {
      config: {
        access: access.project('REQUEST_SELF_TAPES'),
        audit: { action: 'self-tape.close', target: REQUEST },
      },
      schema: {
        tags: TAGS,
        summary: 'Close a request: its private pages take nothing more',
        params: requestParams,
        response: { 200: selfTapeRequestSchema },
      },
    },
    async (request) => closeRequest(context, request.params.id, request.params.requestId),
  );

  app.post(
    '/projects/:id/self-tapes/:requestId/release',
    {
      config: {
        access: access.project('REQUEST_SELF_TAPES'),
        audit: { action: 'self-tape.release', target: REQUEST },
      },
      schema: {
        tags: TAGS,
        summary:
          'Send the release notice of a closed request (once) to its candidates not kept, from the project’s ' +
          'Release template; counted in the mail allowance',
        params: requestParams,
        body: selfTapeReleaseSchema,
        response: { 200: selfTapeReleaseResultSchema },
      },
    },
    async (request) =>
      sendReleaseNotice(
        context,
        { userId: requirePrincipal(request).userId },
        request.params.id,
        request.params.requestId,
        request.body.keepSubmissionIds,
      ),
  );
}
