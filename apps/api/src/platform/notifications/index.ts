import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

/** A message for the team's chat (media issue reports go to the SLACK channel). */
export interface ChatNotification {
  channel: 'SLACK';
  title: string;
  text: string;
}

/**
 * The notification port. Embedded default: the outbox (readable at /api/dev/outbox, channel `slack`), as mail is.
 * With SLACK_WEBHOOK_URL set: a POST of `{ text }` to that Slack-compatible incoming webhook. Callers send from a
 * background job so that a slow or failing webhook is retried and never holds up a request.
 */
export interface Notifier {
  readonly kind: 'outbox' | 'webhook';
  notify(message: ChatNotification): Promise<void>;
}

export function createNotifier(
  config: Pick<Config, 'SLACK_WEBHOOK_URL'>,
  db: Db,
  log: FastifyBaseLogger,
): Notifier {
  const webhook = config.SLACK_WEBHOOK_URL;
  if (webhook) {
    return {
      kind: 'webhook',
      async notify(message) {
        const res = await fetch(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: `*${message.title}*\n${message.text}` }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`The chat webhook answered ${res.status}`);
      },
    };
  }
  return {
    kind: 'outbox',
    async notify(message) {
      await db.insert(outboxMessages).values({
        channel: 'slack',
        toAddress: message.channel.toLowerCase(),
        subject: message.title,
        textBody: message.text,
      });
      log.info({ channel: message.channel, title: message.title }, 'chat notification recorded in outbox');
    },
  };
}
