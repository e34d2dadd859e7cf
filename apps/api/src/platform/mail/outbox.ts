import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { Mailer, TextMessenger } from './ports';
import { maskedNumber } from './text-provider';

/**
 * Records e-mail in the database instead of delivering it (the embedded default). The log names the message, never
 * its text: codes and private links are read in the outbox, on the server's own machine.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: 'email',
        toAddress: message.to.toLowerCase(),
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        replyTo: message.replyTo ?? null,
        attachments: message.attachments?.length ? message.attachments : null,
      });
      log.info({ to: message.to, subject: message.subject }, 'mail recorded in outbox');
    },
  };
}

export function createOutboxTextMessenger(db: Db, log: FastifyBaseLogger): TextMessenger {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: 'sms',
        toAddress: message.to,
        subject: 'Text message',
        textBody: message.text,
      });
      log.info({ to: maskedNumber(message.to) }, 'text message recorded in outbox');
    },
  };
}

export interface OutboxQuery {
  to?: string | undefined;
  channel?: 'email' | 'sms' | 'slack' | undefined;
  limit: number;
}

/** Newest first. */
export async function listOutbox(db: Db, query: OutboxQuery) {
  const filters: SQL[] = [];
  if (query.to) filters.push(eq(outboxMessages.toAddress, query.to.toLowerCase()));
  if (query.channel) filters.push(eq(outboxMessages.channel, query.channel));
  return db
    .select()
    .from(outboxMessages)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(query.limit);
}
