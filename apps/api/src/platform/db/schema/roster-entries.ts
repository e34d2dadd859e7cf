import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { applicants, submissions } from './candidates';
import { users } from './identity';
import { roles } from './opportunities';
import { projects } from './projects';

/**
 * The project roster: one entry per submission (a person on one opportunity) the project is checking, holding or
 * casting, with its current status and dates. Each change appends a `roster_events` row (who, when, what).
 */
export const rosterEntries = pgTable(
  'roster_entries',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** Free text as offices write rates ("$1,200/day", "scale + 10%"). */
    rate: text('rate'),
    /** The part booked as, when it differs from the opportunity's name. */
    bookedAs: text('booked_as'),
    note: text('note'),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('roster_entries_submission_key').on(table.submissionId),
    // The project roster, newest entry first (an immutable key, so paging while others hold neither repeats nor skips),
    // whole or by status.
    index('roster_entries_project_newest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('roster_entries_project_status_idx').on(
      table.projectId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Conflicts: entries of a person (through their applicants) on dates.
    index('roster_entries_applicant_idx').on(table.applicantId, table.startDate),
    check(
      'roster_entries_status_check',
      sql`${table.status} in ('AVAIL_CHECK', 'FIRST_HOLD', 'SECOND_HOLD', 'BOOKED', 'RELEASED')`,
    ),
    check(
      'roster_entries_dates_check',
      sql`${table.startDate} is null or ${table.endDate} is null or ${table.startDate} <= ${table.endDate}`,
    ),
  ],
);

/** The history of a roster entry: every change with who made it and when, and whether the talent was told. */
export const rosterEvents = pgTable(
  'roster_events',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => rosterEntries.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    rate: text('rate'),
    bookedAs: text('booked_as'),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the director asked to notify the talent (and agent); `notifiedAt` once the job sent it. */
    notify: boolean('notify').notNull().default(false),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('roster_events_entry_idx').on(table.entryId, table.createdAt.desc().nullsFirst()),
    check(
      'roster_events_status_check',
      sql`${table.status} in ('AVAIL_CHECK', 'FIRST_HOLD', 'SECOND_HOLD', 'BOOKED', 'RELEASED')`,
    ),
  ],
);

export type RosterEntryRow = typeof rosterEntries.$inferSelect;
