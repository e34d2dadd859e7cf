import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { applicants } from './candidates';
import { users } from './identity';
import { officeIdColumn } from './offices';
import { projects } from './projects';

/**
 * A project's audition sessions (auditions, callbacks, chemistry reads, fittings): the day and wall-clock hours as
 * the office wrote them in the session's time zone, and the same range in UTC (`starts_at`, `ends_at`) that the
 * overlap checks and the reminders read. A callback names the session it was filled from.
 */
export const auditionSessions = pgTable(
  'audition_sessions',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The opportunities the session casts (ids of the project's roles). */
    roleIds: uuid('role_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    day: date('day').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    place: text('place'),
    videoLink: text('video_link'),
    slotMinutes: integer('slot_minutes').notNull(),
    /** Wall-clock breaks of the day: `[{ start: 'HH:MM', end: 'HH:MM' }]`. */
    breaks: jsonb('breaks').$type<{ start: string; end: string }[]>().notNull().default([]),
    perSlot: integer('per_slot').notNull().default(1),
    /** The staff and readers in the room, as the office writes them. */
    staff: text('staff'),
    /** What candidates read on their invitation: what to prepare, where to go. */
    notes: text('notes'),
    sourceSessionId: uuid('source_session_id').references((): AnyPgColumn => auditionSessions.id, {
      onDelete: 'set null',
    }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('audition_sessions_project_idx').on(table.officeId, table.projectId, table.startsAt, table.id),
    check(
      'audition_sessions_kind_check',
      sql`${table.kind} in ('AUDITION', 'CALLBACK', 'CHEMISTRY_READ', 'FITTING')`,
    ),
    check('audition_sessions_range_check', sql`${table.startsAt} < ${table.endsAt}`),
    check(
      'audition_sessions_slot_check',
      sql`${table.slotMinutes} between 1 and 480 and ${table.perSlot} between 1 and 50`,
    ),
  ],
);

/** The slots of a session in running order, laid out from its plan (see the domain's `sessionSlots`). */
export const auditionSlots = pgTable(
  'audition_slots',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => auditionSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
  },
  (table) => [
    uniqueIndex('audition_slots_session_position_key').on(table.officeId, table.sessionId, table.position),
  ],
);

/**
 * One candidate invited to one session: the slot they hold (none while waiting or picking), how the slot is chosen,
 * their answer, and the private link's secret, stored as its SHA-256 digest only. `calendar_sequence` is the
 * iCalendar SEQUENCE of the event the invitation's calendar file describes: it rises on every change of time or
 * status, so calendars replace the event instead of adding one.
 */
export const auditionInvitations = pgTable(
  'audition_invitations',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => auditionSessions.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id').references(() => auditionSlots.id, { onDelete: 'set null' }),
    /** On the waitlist: invited but holding no slot until one frees. */
    waitlisted: boolean('waitlisted').notNull().default(false),
    mode: text('mode').notNull(),
    /** TALENT, AGENTS or BOTH: who the invitation was sent to. */
    recipients: text('recipients').notNull(),
    status: text('status').notNull().default('INVITED'),
    declineReason: text('decline_reason'),
    /** The slot asked for instead, and the recipient's words (a change waiting for the office). */
    requestedSlotId: uuid('requested_slot_id').references(() => auditionSlots.id, { onDelete: 'set null' }),
    changeMessage: text('change_message'),
    secretHash: text('secret_hash').notNull(),
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The reminders already sent, by their name (`DAY_BEFORE`, `TWO_HOURS`). */
    remindersSent: text('reminders_sent')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('audition_invitations_secret_key').on(table.officeId, table.secretHash),
    uniqueIndex('audition_invitations_session_applicant_key').on(
      table.officeId,
      table.sessionId,
      table.applicantId,
    ),
    index('audition_invitations_session_idx').on(table.officeId, table.sessionId, table.createdAt, table.id),
    index('audition_invitations_applicant_idx').on(table.officeId, table.applicantId),
    index('audition_invitations_slot_idx').on(table.officeId, table.slotId),
    check('audition_invitations_mode_check', sql`${table.mode} in ('OFFICE_ASSIGNS', 'CANDIDATE_PICKS')`),
    check('audition_invitations_recipients_check', sql`${table.recipients} in ('TALENT', 'AGENTS', 'BOTH')`),
    check(
      'audition_invitations_status_check',
      sql`${table.status} in ('INVITED', 'CONFIRMED', 'DECLINED', 'CHANGE_REQUESTED', 'CANCELLED')`,
    ),
  ],
);

/** The session day for one invitation: arrival, who is in the room, no-shows, and the team's notes and rating. */
export const auditionResults = pgTable(
  'audition_results',
  {
    officeId: officeIdColumn(),
    invitationId: uuid('invitation_id')
      .primaryKey()
      .references(() => auditionInvitations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => auditionSessions.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    attendance: text('attendance'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    notes: text('notes'),
    rating: integer('rating'),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('audition_results_session_idx').on(table.officeId, table.sessionId, table.rating),
    check(
      'audition_results_attendance_check',
      sql`${table.attendance} is null or ${table.attendance} in ('ARRIVED', 'LATE', 'NO_SHOW', 'IN_ROOM', 'SEEN')`,
    ),
    check('audition_results_rating_check', sql`${table.rating} is null or ${table.rating} between 1 and 5`),
  ],
);
