import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from '../columns';
import { officeIdColumn } from './offices';

/**
 * Security events and decisions (sign-ins, role changes, invitations, archiving...), written by the platform's audit
 * hook for every route that declares `config.audit`. No foreign keys: an event outlives the user or project it names,
 * and the actor's e-mail is copied so the row still reads after the account is gone. `details` never holds a secret.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    officeId: officeIdColumn({ nullable: true }),
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
    index('audit_events_at_idx').on(table.officeId, table.at.desc(), table.id.desc()),
    index('audit_events_action_idx').on(table.officeId, table.action, table.at.desc(), table.id.desc()),
    index('audit_events_actor_idx').on(table.actorUserId, table.at.desc(), table.id.desc()),
    index('audit_events_project_idx').on(table.projectId, table.at.desc(), table.id.desc()),
    check('audit_events_outcome_check', sql`${table.outcome} in ('success', 'failure', 'refused')`),
  ],
);
