import { z } from 'zod';
import {
  SELF_TAPE_MAX_SIDES,
  selfTapeDeclineSchema,
  selfTapeExtensionAskSchema,
  selfTapePrivatePageSchema,
  selfTapeReviewAnswerSchema,
  selfTapeSecretBodySchema,
  selfTapeSecretQuerySchema,
  selfTapeTakesSetSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import {
  answerReview,
  askForTime,
  declineRequest,
  enterSelfTapeOffice,
  openPrivatePage,
  setTakes,
  sideDownload,
  submitTakes,
} from './private-page';

const TAGS = ['self-tapes'];
/** The page's calls carry a secret, keys and short texts, never a file. */
const BODY_LIMIT = 16 * 1024;

/**
 * The recipient's private page: no account, the secret (at least 128 random bits, kept as its digest) is the
 * credential and names the office the call works in. Each call is counted in the per-address public quotas.
 */
export function selfTapePrivateRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const opened = async (
    secret: string,
    kind: 'read' | 'submit',
    request: Parameters<typeof publicQuota>[1],
  ) => {
    await publicQuota(db, request, kind);
    await enterSelfTapeOffice(db, secret);
  };

  app.get(
    '/self-tape-page',
    {
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'The recipient’s page: instructions, deadline, sides, takes uploaded, the upload grant',
        querystring: selfTapeSecretQuerySchema,
        response: { 200: selfTapePrivatePageSchema },
      },
    },
    async (request) => {
      await opened(request.query.token, 'read', request);
      return openPrivatePage(context, request.query.token);
    },
  );

  app.get(
    '/self-tape-page/sides/:index',
    {
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'Redirects to the recipient’s own copy of a side, with their name and e-mail on every page',
        params: z.object({
          index: z.coerce
            .number()
            .int()
            .min(0)
            .max(SELF_TAPE_MAX_SIDES - 1),
        }),
        querystring: selfTapeSecretQuerySchema,
      },
    },
    async (request, reply) => {
      await opened(request.query.token, 'read', request);
      return reply.redirect(await sideDownload(context, request.query.token, request.params.index), 302);
    },
  );

  app.put(
    '/self-tape-page/takes',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'The takes are now these finished uploads (they replace the earlier ones until submitted)',
        body: selfTapeTakesSetSchema,
        response: { 200: selfTapePrivatePageSchema },
      },
    },
    async (request) => {
      await opened(request.body.token, 'submit', request);
      return setTakes(context, request.body.token, request.body.keys);
    },
  );

  app.post(
    '/self-tape-page/submit',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'Submit the takes (marked late, or refused, past the deadline as the request says)',
        body: selfTapeSecretBodySchema,
        response: { 200: selfTapePrivatePageSchema },
      },
    },
    async (request) => {
      await opened(request.body.token, 'submit', request);
      return submitTakes(context, request.body.token);
    },
  );

  app.post(
    '/self-tape-page/decline',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'Decline the request with a reason',
        body: selfTapeDeclineSchema,
        response: { 200: selfTapePrivatePageSchema },
      },
    },
    async (request) => {
      await opened(request.body.token, 'submit', request);
      return declineRequest(context, request.body.token, request.body.reason);
    },
  );

  app.post(
    '/self-tape-page/extension',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'Ask the office for more time',
        body: selfTapeExtensionAskSchema,
        response: { 200: selfTapePrivatePageSchema },
      },
    },
    async (request) => {
      await opened(request.body.token, 'submit', request);
      return askForTime(context, request.body.token, request.body.note);
    },
  );

  app.post(
    '/self-tape-page/review',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'An agent forwards their talent’s takes to the office, or sends them back to the talent',
        body: selfTapeReviewAnswerSchema,
        response: { 200: selfTapePrivatePageSchema },
      },
    },
    async (request) => {
      await opened(request.body.token, 'submit', request);
      return answerReview(context, request.body.token, request.body.forward);
    },
  );
}
