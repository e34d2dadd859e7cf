import { createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** A delivery's `webhook-id`: the same for every attempt of one delivery. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The key that seals endpoint secrets at rest, derived from the installation's one secret for this use only. */
export function webhookSecretKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'casting-webhooks', 'webhook-secret-aes-256-gcm', 32));
}

/**
 * The Standard Webhooks headers of one attempt: the signature is the base64 HMAC-SHA256, keyed by the secret's
 * decoded bytes, of `id.timestamp.body`; `timestamp` is in whole seconds.
 */
export function signedHeaders(secret: string, messageId: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}
