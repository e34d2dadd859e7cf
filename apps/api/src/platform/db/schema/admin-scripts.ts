import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { users } from './identity';
import { projects } from './projects';

/**
 * One run of an admin script on a project (decision 0042): its progress (0 to 100), its result for the page, and the
 * file it made or read (an export's zip, a restore's upload). A restore run names the project it created once done.
 */
export const adminScriptRuns = pgTable(
  'admin_script_runs',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    script: text('script').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('QUEUED'),
    progress: integer('progress').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    fileKey: text('file_key'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('admin_script_runs_project_idx').on(table.projectId, table.createdAt.desc()),
    check('admin_script_runs_status_check', sql`${table.status} in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')`),
    check('admin_script_runs_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
