import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';

/** Messages recorded by the embedded mail and text-message adapters (and readable at /api/dev/outbox). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: idColumn(),
    channel: text('channel').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Where replies go, when the message names an address other than the sender's. */
    replyTo: text('reply_to'),
    /** The message's attached files (a calendar event), as sent. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('outbox_messages_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('outbox_messages_to_idx').on(table.toAddress, table.createdAt.desc()),
    check('outbox_messages_channel_check', sql`${table.channel} in ('email', 'sms', 'slack')`),
  ],
);
