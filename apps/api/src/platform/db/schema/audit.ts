import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn } from '../columns';

/**
 * Security events and decisions (sign-ins, role changes, invitations, archiving...), written by the platform's audit
 * hook for every route that declares `config.audit`. No foreign keys: an event outlives the user or project it names,
 * and the actor's e-mail is copied so the row still reads after the account is gone. `details` never holds a secret.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: idColumn(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    projectId: uuid('project_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    // Newest first, keyset on (at, id); each filter has an index leading with it.
    index('audit_events_at_idx').on(table.at.desc(), table.id.desc()),
    index('audit_events_action_idx').on(table.action, table.at.desc(), table.id.desc()),
    index('audit_events_actor_idx').on(table.actorUserId, table.at.desc(), table.id.desc()),
    index('audit_events_project_idx').on(table.projectId, table.at.desc(), table.id.desc()),
    check('audit_events_outcome_check', sql`${table.outcome} in ('success', 'failure', 'refused')`),
  ],
);

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
