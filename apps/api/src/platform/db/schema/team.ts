import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { users } from './identity';
import { projects } from './projects';

/** Team access: a member (or an invited e-mail without an account yet) and their project scope. */
export const projectAccesses = pgTable(
  'project_accesses',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    scope: text('scope').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('project_accesses_project_email_key').on(table.projectId, table.email),
    index('project_accesses_user_idx').on(table.userId, table.projectId),
    index('project_accesses_email_idx').on(table.email),
    // Invitations not yet linked to an account, looked up by address: one branch of the access filter's union.
    index('project_accesses_pending_email_idx')
      .on(table.email, table.projectId)
      .where(sql`${table.userId} is null`),
    check(
      'project_accesses_scope_check',
      sql`${table.scope} in ('PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER')`,
    ),
    check('project_accesses_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);
