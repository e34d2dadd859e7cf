import { z } from 'zod';

export const OUTBOX_CHANNELS = ['email', 'sms', 'slack'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** A mail, text message or chat notification (media issue reports) kept by the embedded outbox instead of being sent. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part, when the message has one. */
  html: z.string().nullable().optional(),
  replyTo: z.string().nullable().optional(),
  /** Files sent with the message (a calendar event), as sent. */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
    .nullable()
    .optional(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListSchema = z.object({ items: z.array(outboxMessageSchema) });
export type OutboxList = z.infer<typeof outboxListSchema>;
