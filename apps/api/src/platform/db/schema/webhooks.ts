import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { users } from './identity';
import { officeIdColumn } from './offices';

/**
 * An office's webhook endpoints (decision 0770): the URL, the events it subscribes to, and its signing secret sealed
 * with the installation's key (it is needed to sign, so it cannot be a digest). Paused by hand or after failing
 * (decision 0775); `failure_streak` and `failing_since` count failed attempts since the last success.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedReason: text('paused_reason'),
    failureStreak: integer('failure_streak').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true }),
  },
  (table) => [index('webhook_endpoints_office_idx').on(table.officeId, table.createdAt, table.id)],
);

/**
 * The outbox: one row per event per subscribed endpoint, written in the transaction of the change that caused it,
 * so a rolled-back change sends nothing (decision 0772). `message_id` is the `webhook-id` of every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(
      table.officeId,
      table.endpointId,
      sql`${table.createdAt} desc`,
      sql`${table.id} desc`,
    ),
  ],
);

/** The delivery log: one row per attempt, with the answer's status, how long it took and what went wrong. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    manual: boolean('manual').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.officeId, table.deliveryId, table.attempt)],
);
