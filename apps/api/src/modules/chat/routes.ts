import { z } from 'zod';
import {
  CHAT_MESSAGES,
  chatAttachmentGrantSchema,
  chatAttachmentRequestSchema,
  chatMessageListQuerySchema,
  chatMessageListSchema,
  chatMessageSchema,
  chatReplyAttachmentRequestSchema,
  chatReplyQuerySchema,
  chatReplyRequestSchema,
  chatReplyViewSchema,
  chatThreadDetailSchema,
  chatThreadListQuerySchema,
  chatThreadListSchema,
  editChatMessageSchema,
  markReadSchema,
  openThreadRequestSchema,
  sendChatMessageSchema,
  unreadCountQuerySchema,
  unreadCountSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { assertMayOpen, chatViewer, requireThread } from './access';
import { grantReplyAttachment, postReply, replyView } from './replies';
import { grantAttachmentUpload } from './attachment-upload';
import type { ChatDeps } from './chat-common';
import { changeMessage, threadOfMessage } from './message-changes';
import { listMessages, sendTeamMessage } from './messages';
import { listThreads, openThread, threadDetail } from './threads';
import { markRead, readAll, threadUnread, unreadCount } from './unread';

const TAGS = ['chat'];
const BASE = '/conversation-management';
const threadParams = z.object({ id: z.string().max(64) });
const messageParams = z.object({ messageId: z.string().max(64) });
const projectParams = z.object({ id: z.string().max(64) });
const replyParams = z.object({ threadId: z.string().max(64) });
const inQuery = { from: 'query', key: 'projectId' } as const;
const inBody = { from: 'body', key: 'projectId' } as const;

/**
 * Threads are read through the project's standing (VIEW_PROJECT on the route); the chat rule itself (the matrix's
 * chat actors, a talent submitter for their agency's clients) is applied by `chatViewer` and `requireThread`.
 */
export function chatRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const deps: ChatDeps = { db, jobs: context.jobs, events: context.events, storage: context.storage };

  async function threadForMessage(request: Parameters<typeof requireThread>[1], messageId: string) {
    const threadId = await threadOfMessage(db, messageId);
    if (!threadId) throw new AppError('NOT_FOUND', CHAT_MESSAGES.messageNotFound);
    return requireThread(db, request, threadId);
  }

  app.get(
    `${BASE}/threads`,
    {
      config: { access: access.project('VIEW_PROJECT', inQuery) },
      schema: {
        tags: TAGS,
        summary:
          'A project’s conversations, newest message first (keyset pages), searchable by candidate name',
        querystring: chatThreadListQuerySchema,
        response: { 200: chatThreadListSchema },
      },
    },
    async (request) => listThreads(db, await chatViewer(db, request), request.query),
  );

  app.post(
    `${BASE}/threads`,
    {
      config: { access: access.project('VIEW_PROJECT', inBody) },
      schema: {
        tags: TAGS,
        summary: 'The conversation with a candidate of the project, made on first use',
        body: openThreadRequestSchema,
        response: { 200: chatThreadDetailSchema, 201: chatThreadDetailSchema },
      },
    },
    async (request, reply) => {
      const viewer = await chatViewer(db, request);
      await assertMayOpen(db, viewer, request.body.applicantId);
      const { thread, created } = await openThread(db, viewer, request.body);
      return reply.code(created ? 201 : 200).send(thread);
    },
  );

  app.get(
    `${BASE}/threads/unread-messages-count`,
    {
      config: { access: access.project('VIEW_PROJECT', inQuery) },
      schema: {
        tags: TAGS,
        summary: 'The caller’s unread messages (and threads with some) in a project',
        querystring: unreadCountQuerySchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => unreadCount(db, await chatViewer(db, request), request.query.projectId),
  );

  app.post(
    '/v2/projects/:id/read-notification',
    {
      config: { access: access.project('VIEW_PROJECT') },
      schema: {
        tags: TAGS,
        summary:
          'Marks every conversation of the project read for the caller; answers the unread count (zero)',
        params: projectParams,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => readAll(db, await chatViewer(db, request), request.params.id),
  );

  app.get(
    `${BASE}/threads/:id`,
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'One conversation: the candidate, the participants and the caller’s unread count',
        params: threadParams,
        response: { 200: chatThreadDetailSchema },
      },
    },
    async (request) => {
      const { thread, viewer } = await requireThread(db, request, request.params.id);
      return threadDetail(db, viewer, thread);
    },
  );

  app.get(
    `${BASE}/threads/:id/messages`,
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'A conversation’s messages, newest first (keyset pages)',
        params: threadParams,
        querystring: chatMessageListQuerySchema,
        response: { 200: chatMessageListSchema },
      },
    },
    async (request) => {
      const { thread, viewer } = await requireThread(db, request, request.params.id);
      return listMessages(deps, viewer, thread, request.query);
    },
  );

  app.post(
    `${BASE}/threads/:id/messages`,
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'Writes to the candidate (and agent): recorded, then e-mailed with a private reply link',
        params: threadParams,
        body: sendChatMessageSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const { thread, viewer } = await requireThread(db, request, request.params.id);
      const message = await sendTeamMessage(deps, viewer, thread, request.body);
      return reply.code(201).send(message);
    },
  );

  app.post(
    `${BASE}/threads/:id/attachments`,
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'A signed upload for one attachment of a message about to be sent',
        params: threadParams,
        body: chatAttachmentRequestSchema,
        response: { 201: chatAttachmentGrantSchema },
      },
    },
    async (request, reply) => {
      const { thread, viewer } = await requireThread(db, request, request.params.id);
      return reply
        .code(201)
        .send(await grantAttachmentUpload(deps, { userId: viewer.userId }, thread, request.body));
    },
  );

  app.patch(
    `${BASE}/threads/:id/mark-read`,
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'Marks the conversation read or unread for the caller',
        params: threadParams,
        body: markReadSchema,
        response: {
          200: z.object({ threadId: z.string(), isRead: z.boolean(), unreadCount: z.number().int() }),
        },
      },
    },
    async (request) => {
      const { thread, viewer } = await requireThread(db, request, request.params.id);
      await markRead(db, requirePrincipal(request).userId, thread, request.body.isRead);
      return threadUnread(db, viewer, thread);
    },
  );

  app.patch(
    `${BASE}/messages/:messageId`,
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'Edits one’s own message (the previous text is kept in its history)',
        params: messageParams,
        body: editChatMessageSchema,
        response: { 200: chatMessageSchema },
      },
    },
    async (request) => {
      const { thread, viewer } = await threadForMessage(request, request.params.messageId);
      return changeMessage(deps, viewer, thread, request.params.messageId, {
        kind: 'EDIT',
        text: request.body.text,
      });
    },
  );

  app.delete(
    `${BASE}/messages/:messageId`,
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'Deletes one’s own message: the thread shows it as deleted, its text stays in the history',
        params: messageParams,
        response: { 200: chatMessageSchema },
      },
    },
    async (request) => {
      const { thread, viewer } = await threadForMessage(request, request.params.messageId);
      return changeMessage(deps, viewer, thread, request.params.messageId, { kind: 'DELETE' });
    },
  );

  app.get(
    `${BASE}/replies/:threadId`,
    {
      config: { access: access.public({ kind: 'chat_thread', from: 'params', key: 'threadId' }) },
      schema: {
        tags: TAGS,
        summary: 'The reply page of an e-mailed private link: the recent messages for that participant',
        params: replyParams,
        querystring: chatReplyQuerySchema,
        response: { 200: chatReplyViewSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return replyView(deps, request.params.threadId, request.query.token);
    },
  );

  app.post(
    `${BASE}/replies/:threadId`,
    {
      config: { access: access.public({ kind: 'chat_thread', from: 'params', key: 'threadId' }) },
      schema: {
        tags: TAGS,
        summary: 'A reply through an e-mailed private link; it appears in the team’s conversation',
        params: replyParams,
        body: chatReplyRequestSchema,
        response: { 201: chatReplyViewSchema },
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'submit');
      const view = await postReply(deps, request.params.threadId, request.body);
      return reply.code(201).send(view);
    },
  );

  app.post(
    `${BASE}/replies/:threadId/attachments`,
    {
      config: { access: access.public({ kind: 'chat_thread', from: 'params', key: 'threadId' }) },
      schema: {
        tags: TAGS,
        summary: 'A signed upload for one attachment of a reply sent through an e-mailed private link',
        params: replyParams,
        body: chatReplyAttachmentRequestSchema,
        response: { 201: chatAttachmentGrantSchema },
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'submit');
      const { token, ...file } = request.body;
      return reply.code(201).send(await grantReplyAttachment(deps, request.params.threadId, token, file));
    },
  );
}
