import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { agents } from './agencies';
import { applicants, submissions } from './candidates';
import { users } from './identity';
import { mediaItems } from './media';
import { officeIdColumn, offices } from './offices';
import { roles } from './opportunities';
import { projects } from './projects';

/** The office's own notice rule for self-tape deadlines (decision 0820): one row per office, absent until set. */
export const selfTapeOfficeRules = pgTable('self_tape_office_rules', {
  officeId: uuid('office_id')
    .primaryKey()
    .default(sql`current_office_id()`)
    .references(() => offices.id, { onDelete: 'cascade' }),
  minHours: integer('min_hours').notNull(),
  perPageHours: integer('per_page_hours').notNull(),
  minorMinHours: integer('minor_min_hours').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request for self-tapes to candidates of one opportunity: what to record, the sides, the deadline in UTC with the
 * zone it was set in, the notice preset, the late policy, the reminder offsets. `selection` is what the director chose
 * (rows or a folder), resolved by the sending job, which counts its progress in `handled` of `total`.
 * `idempotency_key` is unique per office: the same key answers the first request and sends nothing again.
 */
export const selfTapeRequests = pgTable(
  'self_tape_requests',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    /** `[{ key, name, pages }]`: stored files (finished uploads of the project). */
    sides: jsonb('sides').notNull(),
    takes: integer('takes').notNull(),
    acceptedKinds: text('accepted_kinds').array().notNull(),
    maxLengthSeconds: integer('max_length_seconds'),
    slateInstructions: text('slate_instructions').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    preset: text('preset').notNull(),
    latePolicy: text('late_policy').notNull(),
    reminderHours: integer('reminder_hours').array().notNull(),
    sendToTalent: boolean('send_to_talent').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    selection: jsonb('selection').notNull(),
    warnings: jsonb('warnings').notNull(),
    total: integer('total').notNull().default(0),
    handled: integer('handled').notNull().default(0),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * Agency review (decision 0825): a represented talent hands their takes to their agents by `agency_deadline`
     * (earlier than the office's), and the office sees them only once an agent forwards them.
     */
    agencyReview: boolean('agency_review').notNull().default(false),
    agencyDeadline: timestamp('agency_deadline', { withTimezone: true }),
    /** Closed by the office: nothing more is taken, and a release notice may go to those not taken further. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    releaseSentAt: timestamp('release_sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('self_tape_requests_idempotency_key').on(table.officeId, table.idempotencyKey),
    index('self_tape_requests_project_idx').on(
      table.officeId,
      table.projectId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    check('self_tape_requests_late_policy_check', sql`${table.latePolicy} in ('ACCEPT_LATE', 'REFUSE')`),
  ],
);

/**
 * One person a request goes to for one candidate: the talent, or one agent of the candidate's representation (every
 * agent of it gets a row, so co-agents see the request). The private page's secret is kept as its SHA-256 digest.
 * `deadline` is this recipient's own, moved when more time is granted.
 */
export const selfTapeRecipients = pgTable(
  'self_tape_recipients',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => selfTapeRequests.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    secretHash: text('secret_hash').notNull(),
    status: text('status').notNull().default('SENT'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    declineReason: text('decline_reason'),
    extension: text('extension'),
    extensionNote: text('extension_note'),
    /** The last reminder sent, as hours before the deadline, so a reminder job run twice mails once. */
    remindedHours: integer('reminded_hours')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    /**
     * The agency review of a represented talent's takes: null when the request has none for this row; OPEN until the
     * talent hands in, PENDING while an agent looks, RETURNED when sent back, FORWARDED once the office has them.
     */
    review: text('review'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('self_tape_recipients_secret_key').on(table.secretHash),
    uniqueIndex('self_tape_recipients_person_key').on(
      table.officeId,
      table.requestId,
      table.submissionId,
      table.email,
    ),
    index('self_tape_recipients_request_idx').on(table.officeId, table.requestId, table.id),
    index('self_tape_recipients_applicant_idx').on(table.officeId, table.applicantId),
    // The candidates workspace's "self-tapes received" filter probes a row's recipients by request and status.
    index('self_tape_recipients_submission_idx').on(
      table.officeId,
      table.submissionId,
      table.requestId,
      table.status,
    ),
    // The "pending" filter asks which candidates someone was asked and nobody answered yet: a partial index of the
    // unanswered recipients lets the planner start from them (few, as tapes arrive) rather than from the project.
    index('self_tape_recipients_pending_idx')
      .on(table.officeId, table.submissionId)
      .where(sql`${table.status} in ('SENT', 'OPENED')`),
    check(
      'self_tape_recipients_review_check',
      sql`${table.review} is null or ${table.review} in ('OPEN', 'PENDING', 'RETURNED', 'FORWARDED')`,
    ),
    check(
      'self_tape_recipients_status_check',
      sql`${table.status} in ('SENT', 'OPENED', 'SUBMITTED', 'DECLINED')`,
    ),
    check(
      'self_tape_recipients_extension_check',
      sql`${table.extension} is null or ${table.extension} in ('ASKED', 'GRANTED', 'REFUSED')`,
    ),
  ],
);

/** The takes a recipient uploaded (finished uploads), replaced as a whole until submitted; then media items. */
export const selfTapeTakes = pgTable(
  'self_tape_takes',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => selfTapeRecipients.id, { onDelete: 'cascade' }),
    uploadKey: text('upload_key').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    mediaId: uuid('media_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('self_tape_takes_recipient_idx').on(table.officeId, table.recipientId, table.createdAt)],
);

/**
 * A recipient's own copy of one side, with their name and e-mail on every page (decision 0824): the private page
 * downloads this copy only. Deleting the row (a person's erasure, a project's delete) queues its file for purging.
 */
export const selfTapeSideCopies = pgTable(
  'self_tape_side_copies',
  {
    officeId: officeIdColumn(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => selfTapeRecipients.id, { onDelete: 'cascade' }),
    sideIndex: integer('side_index').notNull(),
    objectKey: text('object_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.recipientId, table.sideIndex] })],
);
