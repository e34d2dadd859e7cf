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
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { users } from './identity';
import { roles } from './opportunities';
import { projects } from './projects';

/**
 * One import of people from a sheet (decision 0744). The file stays in storage under `file_key` until the job is
 * purged; `mapping` is the column index per person field. Counters are advanced in the same transaction as each row,
 * so they always agree with `import_rows`.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mediaZipKey: text('media_zip_key'),
    mapping: jsonb('mapping').$type<Record<string, number>>().notNull(),
    status: text('status').notNull().default('QUEUED'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    existing: integer('existing').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('import_jobs_creator_idx').on(table.createdById, table.createdAt.desc(), table.id.desc()),
    check('import_jobs_status_check', sql`${table.status} in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')`),
    check('import_jobs_target_check', sql`${table.target} in ('OPPORTUNITY', 'ROSTER')`),
  ],
);

/**
 * The outcome of one data row of an import, written in the row's own transaction with what the row created: a row
 * present here is finished (imported, joined an existing person, or failed with its reason) and is never run again.
 */
export const importRows = pgTable(
  'import_rows',
  {
    officeId: officeIdColumn(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    outcome: text('outcome').notNull(),
    name: text('name').notNull().default(''),
    reason: text('reason'),
    /** The failed row's cells as read, so the failed rows download as the office sent them. */
    cells: jsonb('cells').$type<string[]>(),
    applicantId: uuid('applicant_id'),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.rowNumber] }),
    check('import_rows_outcome_check', sql`${table.outcome} in ('NEW', 'EXISTING', 'FAILED')`),
  ],
);
