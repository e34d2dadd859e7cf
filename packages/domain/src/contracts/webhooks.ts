import { z } from 'zod';
import { keysetPageFields, cursorQuery } from './pagination';

/**
 * Webhooks for other tools (decisions 0770 to 0777): an office registers HTTPS endpoints for events; each event is a
 * signed delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`) sent by a job with
 * retries, logged per attempt, sent again by hand, and an endpoint that keeps failing is paused with a notice.
 */

/**
 * The event catalogue: each event is emitted inside the transaction of the change it tells (decision 0771), the
 * self-tape one when a recipient submits their takes, the audition one when a recipient confirms, declines, picks or
 * asks for another slot.
 */
export const WEBHOOK_EVENTS = {
  'submission.received': 'A talent or an agent applies to an opportunity through a submission link.',
  'self_tape.submitted': 'A candidate sends a self-tape for an opportunity.',
  'audition.answered': 'A candidate answers an audition invitation.',
  'vote.changed': 'A team member votes on one or more candidates.',
  'folder.changed': 'Candidates are added to or removed from a folder.',
  'client_feedback.received': 'A client review link’s viewer votes or comments on a candidate.',
  'candidate.erased': 'A person is erased from the office on request.',
  'webhook.test': 'A test event sent by hand from the webhook settings.',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
/** What an endpoint may subscribe to: every event but the test event, which is only sent by hand. */
export const WEBHOOK_SUBSCRIBABLE_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test');

/**
 * When each attempt of a delivery runs, in seconds after the previous one failed: a backoff that grows with every
 * failure and is capped at 10 hours, 8 attempts over about 28 hours (1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
 * Decision 0773.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

export const WEBHOOK_LIMITS = {
  urlMaxLength: 2000,
  descriptionMaxLength: 200,
  endpointsPerOffice: 20,
} as const;

export const WEBHOOK_ENDPOINT_STATES = ['ACTIVE', 'PAUSED'] as const;
/** Why an endpoint is paused: by hand, or because its deliveries kept failing. */
export const WEBHOOK_PAUSE_REASONS = ['MANUAL', 'FAILING'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a full web address starting with https://.',
  urlNotHttps: 'The address must start with https://.',
  urlCredentials: 'The address must not contain a user name or password.',
  urlPrivate: 'This address points to a private or local network, which webhooks may not reach.',
  urlUnresolvable: 'This address’s host name could not be found.',
  eventsRequired: 'Choose at least one event.',
  tooManyEndpoints: `An office may have at most ${WEBHOOK_LIMITS.endpointsPerOffice} webhook endpoints.`,
  endpointNotFound: 'This webhook endpoint does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
  endpointPaused: 'This webhook endpoint is paused. Resume it first.',
  pausedFailingNotice: (url: string) =>
    `Deliveries to ${url} kept failing, so the endpoint is paused. Resume it in the office settings once it works again.`,
  noticeSubject: 'A webhook endpoint of your office is paused',
} as const;

const urlField = z.string().trim().min(1, WEBHOOK_MESSAGES.urlInvalid).max(WEBHOOK_LIMITS.urlMaxLength);
const eventsField = z
  .array(z.enum(WEBHOOK_SUBSCRIBABLE_EVENTS as [WebhookEventType, ...WebhookEventType[]]))
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length);

export const createWebhookEndpointSchema = z.object({
  url: urlField,
  events: eventsField,
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionMaxLength).optional(),
});
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.object({
  url: urlField.optional(),
  events: eventsField.optional(),
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionMaxLength).optional(),
  /** true pauses by hand; false resumes (and forgets the failure streak). */
  paused: z.boolean().optional(),
});
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpointSchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  state: z.enum(WEBHOOK_ENDPOINT_STATES),
  pausedAt: z.string().nullable(),
  pausedReason: z.enum(WEBHOOK_PAUSE_REASONS).nullable(),
  /** Failed attempts in a row since the last success. */
  failureStreak: z.number().int(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Creating an endpoint or rotating its secret answers the secret, once; it is never shown again. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  manual: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The `webhook-id` header: the same for every attempt, so a receiver can drop duplicates. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  ...keysetPageFields,
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const WEBHOOK_DELIVERY_PAGE_LIMIT = 50;
export const webhookDeliveryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(WEBHOOK_DELIVERY_PAGE_LIMIT),
  ...cursorQuery,
});

/** The body of every delivery (Standard Webhooks): ids and the few fields a tool needs, no contact details. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}
