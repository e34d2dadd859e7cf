import { z } from 'zod';
import { CANDIDATE_MESSAGES } from './candidates';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_MAX,
  CHAT_AUTHOR_KINDS,
  CHAT_DELIVERY_STATUSES,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGE_PAGE_DEFAULT,
  CHAT_MESSAGES,
  CHAT_THREAD_PAGE_DEFAULT,
} from '../chat-messages';
import { cursorQuery, keysetPageFields } from './pagination';

/**
 * Chat with candidates: one thread per candidate per project between the project team and the candidate
 * (and the candidate's agent when represented). Team messages are e-mailed to the candidate and agent with a private
 * reply link; their replies come back into the thread. Decision docs/decisions/0030-chat-threads.md and the records
 * it lists.
 */

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });
/** A project id in a query or body: the access check answers 404 for one that names no project. */
const projectIdField = z.string().max(64);

export const chatMessageTextSchema = z
  .string()
  .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.messageTooLong(CHAT_MESSAGE_MAX))
  .transform((value) => value.replace(/\r\n?/g, '\n').trim());

export const chatThreadListQuerySchema = z.object({
  projectId: projectIdField,
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_THREAD_PAGE_DEFAULT),
  ...cursorQuery,
});
export type ChatThreadListQuery = z.infer<typeof chatThreadListQuerySchema>;

export const chatParticipantSchema = z.object({
  kind: z.enum(['CANDIDATE', 'AGENT']),
  name: z.string(),
  /** Whether the participant receives the team's messages by e-mail (an address, and the link settings allow it). */
  emailed: z.boolean(),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

export const chatThreadSummarySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  applicantId: z.string(),
  candidateName: z.string(),
  lastMessageAt: z.string().nullable(),
  lastMessagePreview: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type ChatThreadSummary = z.infer<typeof chatThreadSummarySchema>;

export const chatThreadListSchema = z.object({
  items: z.array(chatThreadSummarySchema),
  limit: z.number().int(),
  ...keysetPageFields,
});
export type ChatThreadList = z.infer<typeof chatThreadListSchema>;

export const chatThreadDetailSchema = chatThreadSummarySchema.extend({
  participants: z.array(chatParticipantSchema),
});
export type ChatThreadDetail = z.infer<typeof chatThreadDetailSchema>;

export const openThreadRequestSchema = z.object({ projectId: projectIdField, applicantId: id });

export const chatAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** A short-lived signed address to download the file. */
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  authorKind: z.enum(CHAT_AUTHOR_KINDS),
  authorName: z.string(),
  /** Whether the caller wrote it (their own messages can be edited and deleted). */
  mine: z.boolean(),
  /** Plain text; clients render it as text (links made clickable), never as HTML. Empty once deleted. */
  text: z.string(),
  attachments: z.array(chatAttachmentSchema),
  deliveryStatus: z.enum(CHAT_DELIVERY_STATUSES),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_MESSAGE_PAGE_DEFAULT),
  ...cursorQuery,
});

/** Newest first; the client shows them oldest at the top. */
export const chatMessageListSchema = z.object({
  items: z.array(chatMessageSchema),
  limit: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ChatMessageList = z.infer<typeof chatMessageListSchema>;

export const sendChatMessageSchema = z.object({
  text: chatMessageTextSchema.default(''),
  attachmentIds: z
    .array(id)
    .max(CHAT_ATTACHMENTS_MAX, CHAT_MESSAGES.tooManyAttachments(CHAT_ATTACHMENTS_MAX))
    .default([]),
});
export type SendChatMessageInput = z.input<typeof sendChatMessageSchema>;

export const editChatMessageSchema = z.object({
  text: chatMessageTextSchema.refine((value) => value.length > 0, CHAT_MESSAGES.emptyMessage),
});

export const chatAttachmentRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  contentType: z.enum(CHAT_ATTACHMENT_TYPES, { error: CHAT_MESSAGES.attachmentTypeRefused }),
  size: z
    .number()
    .int()
    .min(1)
    .max(
      CHAT_ATTACHMENT_MAX_BYTES,
      CHAT_MESSAGES.attachmentTooLarge(CHAT_ATTACHMENT_MAX_BYTES / 1024 / 1024),
    ),
});
export type ChatAttachmentRequest = z.infer<typeof chatAttachmentRequestSchema>;

export const chatAttachmentGrantSchema = z.object({
  attachmentId: z.string(),
  upload: z.object({ url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()) }),
});
export type ChatAttachmentGrant = z.infer<typeof chatAttachmentGrantSchema>;

export const markReadSchema = z.object({ isRead: z.boolean() });

export const unreadCountQuerySchema = z.object({ projectId: projectIdField });
export const unreadCountSchema = z.object({
  /** Messages of the project's threads written by others since the caller last read each thread. */
  count: z.number().int(),
  threads: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// ----- The public reply page -----

/** The reply link's secret: 24 base64url characters; anything else is refused before a lookup. */
export const chatReplyTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, CHAT_MESSAGES.replyLinkInvalid);

export const chatReplyQuerySchema = z.object({ token: chatReplyTokenSchema });

export const chatReplyMessageSchema = z.object({
  id: z.string(),
  authorKind: z.enum(CHAT_AUTHOR_KINDS),
  authorName: z.string(),
  mine: z.boolean(),
  text: z.string(),
  attachments: z.array(chatAttachmentSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type ChatReplyMessage = z.infer<typeof chatReplyMessageSchema>;

export const chatReplyViewSchema = z.object({
  projectName: z.string(),
  candidateName: z.string(),
  participantName: z.string(),
  expiresAt: z.string(),
  /** Oldest first, the latest CHAT_REPLY_PAGE_MESSAGES. */
  messages: z.array(chatReplyMessageSchema),
});
export type ChatReplyView = z.infer<typeof chatReplyViewSchema>;

/** A reply: text, files uploaded through the same link, or both. */
export const chatReplyRequestSchema = z
  .object({
    token: chatReplyTokenSchema,
    text: chatMessageTextSchema.default(''),
    attachmentIds: z
      .array(id)
      .max(CHAT_ATTACHMENTS_MAX, CHAT_MESSAGES.tooManyAttachments(CHAT_ATTACHMENTS_MAX))
      .default([]),
  })
  .refine((reply) => reply.text.length > 0 || reply.attachmentIds.length > 0, {
    path: ['text'],
    message: CHAT_MESSAGES.emptyMessage,
  });
export type ChatReplyRequest = z.infer<typeof chatReplyRequestSchema>;

/** One attachment of the participant's next reply, asked for with the reply link's secret. */
export const chatReplyAttachmentRequestSchema = chatAttachmentRequestSchema.extend({
  token: chatReplyTokenSchema,
});
