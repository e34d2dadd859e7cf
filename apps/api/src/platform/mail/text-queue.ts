import { hkdfSync } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs/ports';
import { open, seal } from '../crypto/secret-box';
import type { TextMessenger } from './ports';
import {
  maskedNumber,
  sendThroughProvider,
  TextProviderError,
  type TextProviderSettings,
} from './text-provider';

/** The queue texts to a provider go through: a request never waits on the provider, and a failure is retried. */
export const TEXT_QUEUE = 'texts';

interface TextJob {
  to: string;
  /** The text sealed with a key of its own: a sign-in code never lies readable in the job table. */
  sealed: string;
}

/** The key that seals queued texts, derived from the installation's one secret for this use only. */
export function textQueueKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'casting-texts', 'text-queue-aes-256-gcm', 32));
}

/**
 * Texts through a provider: `send` queues the text (sealed) and returns; the `texts` queue's worker delivers it. A
 * failed delivery (no answer, a 429 or 5xx, or a refusal) is retried three times within about a minute, since a
 * sign-in code is worth little later, then kept in `texts-dead` and listed among the failures of the operator's
 * queue health. Logs name the provider's answer and the destination's last digits, never the text.
 */
export function createProviderTextMessenger(
  jobs: Jobs,
  settings: TextProviderSettings,
  key: Buffer,
  log: FastifyBaseLogger,
): TextMessenger {
  jobs.define<TextJob>(
    TEXT_QUEUE,
    async (job) => {
      const to = maskedNumber(job.to);
      try {
        const sid = await sendThroughProvider(settings, { to: job.to, text: open(job.sealed, key) });
        log.info({ to, sid }, 'text message sent');
      } catch (error) {
        const detail = error instanceof TextProviderError ? error.message : 'the text could not be sent';
        log.warn({ to, permanent: error instanceof TextProviderError && error.permanent }, detail);
        throw error instanceof TextProviderError ? error : new Error(detail);
      }
    },
    { retryLimit: 3, retryDelaySeconds: 2, retryBackoff: true, deadLetter: true, concurrency: 4 },
  );
  return {
    kind: 'provider',
    async send(message) {
      await jobs.send<TextJob>(TEXT_QUEUE, { to: message.to, sealed: seal(message.text, key) });
    },
  };
}
