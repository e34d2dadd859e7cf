import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers to creating calls sent with an `Idempotency-Key`, kept 24 hours so a client retry after a lost answer gets
 * the first answer again instead of a second row. A key belongs to its owner (user id, or the address for anonymous
 * callers) and to one method and route; `status` is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.owner, table.key, table.route] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);
