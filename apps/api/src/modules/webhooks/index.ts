import type { ApiModule } from '../../platform/http/module';
import { webhookRoutes } from './routes';

/**
 * Webhooks for other tools: an office's owner registers HTTPS endpoints for events; each event is an outbox row
 * written with the change that caused it and delivered, signed in the Standard Webhooks manner, by a job with retries;
 * every attempt is logged; an endpoint that keeps failing is paused with a notice. Decisions 0770 to 0777.
 */
export const webhooksModule: ApiModule = { name: 'webhooks', register: webhookRoutes };
export { defineWebhookJobs, runDeliveryAttempt, type DeliveryNetwork } from './deliver';
export { emitWebhookEvent, WEBHOOKS_QUEUE, type WebhookJob } from './emit';
