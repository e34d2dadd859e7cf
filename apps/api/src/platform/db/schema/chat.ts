import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { officeIdColumn } from './offices';
import { agents } from './agencies';
import { applicants } from './candidates';
import { users } from './identity';
import { projects } from './projects';

/**
 * Chat (decision 0030). One thread per applicant (an applicant already belongs to one project), messages
 * from the team, the candidate or their agent, the edit history, attachments, the per-recipient mail deliveries
 * and the hashed reply links those mails carry. Every row carries its project id, so a project's delete cascades
 * and "is this id in the project" is one indexed query.
 */

export const chatThreads = pgTable(
  'chat_threads',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    /** Null until the first message: the list shows only threads with messages. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chat_threads_applicant_key').on(table.applicantId),
    // The thread list: a project's threads, newest message first, keyset paged.
    index('chat_threads_project_recent_idx')
      .on(table.projectId, table.lastMessageAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.lastMessageAt} is not null`),
  ],
);

export const CHAT_AUTHOR_KIND_VALUES = ['TEAM', 'CANDIDATE', 'AGENT'] as const;

export const chatMessages = pgTable(
  'chat_messages',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind').notNull(),
    /** The team member who wrote it; null for candidate and agent replies (and once the account is deleted). */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown, kept as it was when written. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** SENT, EMAILED or FAILED: kept by the mail job from the message's deliveries. */
    deliveryStatus: text('delivery_status').notNull().default('SENT'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** For a candidate's or agent's reply: the reply link it came through (who exactly wrote it). */
    replyLinkId: uuid('reply_link_id').references((): AnyPgColumn => chatReplyLinks.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    // A thread's messages newest first (the thread view's keyset pages and the unread counts).
    index('chat_messages_thread_recent_idx').on(
      table.threadId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('chat_messages_project_idx').on(table.projectId),
    check('chat_messages_author_kind_check', sql`${table.authorKind} in ('TEAM', 'CANDIDATE', 'AGENT')`),
    check(
      'chat_messages_delivery_status_check',
      sql`${table.deliveryStatus} in ('SENT', 'EMAILED', 'FAILED')`,
    ),
  ],
);

/** The text a message had before each edit or deletion: nothing written is ever lost. */
export const chatMessageRevisions = pgTable(
  'chat_message_revisions',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    change: text('change').notNull(),
    previousBody: text('previous_body').notNull(),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_message_revisions_message_idx').on(table.messageId, table.createdAt),
    check('chat_message_revisions_change_check', sql`${table.change} in ('EDIT', 'DELETE')`),
  ],
);

/** A file attached to a message; uploaded first (message null), then attached when the message is sent. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Uploaded through a reply link (by the candidate or agent it was sent to), not by a team member. */
    replyLinkId: uuid('reply_link_id').references((): AnyPgColumn => chatReplyLinks.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_attachments_message_idx')
      .on(table.messageId)
      .where(sql`${table.messageId} is not null`),
    index('chat_attachments_thread_idx').on(table.threadId),
  ],
);

/** Where each team member stopped reading a thread: messages of others after it are unread. */
export const chatThreadReads = pgTable(
  'chat_thread_reads',
  {
    officeId: officeIdColumn(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.threadId, table.userId] }),
    index('chat_thread_reads_user_project_idx').on(table.userId, table.projectId),
  ],
);

export const CHAT_DELIVERY_STATES = ['QUEUED', 'SENDING', 'EMAILED', 'FAILED'] as const;

/**
 * One e-mail of one team message to one participant. The mail job claims the row (QUEUED or FAILED to SENDING)
 * before sending and marks it EMAILED after, so a retried or doubled job never sends the same mail twice.
 */
export const chatDeliveries = pgTable(
  'chat_deliveries',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    recipientKind: text('recipient_kind').notNull(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    recipientName: text('recipient_name').notNull(),
    state: text('state').notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chat_deliveries_message_email_key').on(table.messageId, table.email),
    check('chat_deliveries_kind_check', sql`${table.recipientKind} in ('CANDIDATE', 'AGENT')`),
    check('chat_deliveries_state_check', sql`${table.state} in ('QUEUED', 'SENDING', 'EMAILED', 'FAILED')`),
  ],
);

/**
 * The private reply link a delivery carries: only the SHA-256 of its 144-bit secret is kept. It names its thread
 * and participant and stops working at `expires_at`.
 */
export const chatReplyLinks = pgTable(
  'chat_reply_links',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id').references(() => chatDeliveries.id, { onDelete: 'set null' }),
    participantKind: text('participant_kind').notNull(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    participantName: text('participant_name').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chat_reply_links_token_hash_key').on(table.tokenHash),
    index('chat_reply_links_thread_idx').on(table.threadId),
    check('chat_reply_links_kind_check', sql`${table.participantKind} in ('CANDIDATE', 'AGENT')`),
  ],
);

export type ChatThreadRow = typeof chatThreads.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
