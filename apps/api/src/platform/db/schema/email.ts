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
import type { EmailDoc } from '@casting/domain';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { applicants, submissions } from './candidates';
import { users } from './identity';
import { shareLinks } from './links';
import { projects } from './projects';

/**
 * E-mail to candidates: per-project templates, sends (one message to many people) with one row per
 * recipient that is also the recipient's delivery record and idempotency key, addresses that bounced, per-project
 * opt-outs, and invitations to apply. Decisions 0032 to 0034.
 */

export const emailTemplates = pgTable(
  'email_templates',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    /** The editor's document (see `emailDocSchema`), never HTML. */
    body: jsonb('body').$type<EmailDoc>().notNull(),
    /** The starter template this row was made from (INVITATION, SELF_TAPE...), null for the team's own. */
    starterKey: text('starter_key'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('email_templates_project_name_idx').on(table.projectId, table.name, table.id),
    uniqueIndex('email_templates_project_starter_key')
      .on(table.projectId, table.starterKey)
      .where(sql`${table.starterKey} is not null`),
  ],
);

/**
 * Projects whose starter templates were added, and which starters (each once: a starter the team deleted does not
 * come back, and a starter added to the product after a project was made, as the roster notices were, reaches it).
 */
export const emailTemplateSeeds = pgTable('email_template_seeds', {
  officeId: officeIdColumn(),
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  seededAt: createdAt(),
  starterKeys: text('starter_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

export const emailSends = pgTable(
  'email_sends',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    templateId: uuid('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    /** The template's name when sent, so the history reads the same after a rename or delete. */
    templateName: text('template_name'),
    /** The message as sent (a snapshot: editing the template later changes nothing already sent). */
    subject: text('subject').notNull(),
    body: jsonb('body').$type<EmailDoc>().notNull(),
    shareLinkId: uuid('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    /** The link's address when sent ({{submissionLink}}). */
    submissionLink: text('submission_link'),
    senderName: text('sender_name').notNull(),
    /** The sender's address: replies go there (Reply-To). */
    replyTo: text('reply_to').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('email_sends_project_newest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A talent submitter's history is their own sends in the project, newest first (decision 0149): this walks
    // exactly those, however many the rest of the team sent.
    index('email_sends_sender_newest_idx').on(
      table.createdById,
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('email_sends_kind_check', sql`${table.kind} in ('CANDIDATES', 'INVITATION')`),
  ],
);

/**
 * One person of a send. The row is claimed (QUEUED to SENDING) before the message leaves and marked SENT after, so a
 * retried job never sends twice: a row found SENDING was interrupted mid-delivery and is failed, not repeated.
 */
export const emailRecipients = pgTable(
  'email_recipients',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    sendId: uuid('send_id')
      .notNull()
      .references(() => emailSends.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    applicantId: uuid('applicant_id').references(() => applicants.id, { onDelete: 'set null' }),
    /** Lower-cased; null when the candidate has none (the row is SKIPPED with the reason). */
    email: text('email'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    opportunityName: text('opportunity_name'),
    status: text('status').notNull().default('QUEUED'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    /** Whether the message carries an unsubscribe line (people who applied on their own, and invitees). */
    offersOptOut: boolean('offers_opt_out').notNull().default(false),
    /** SHA-256 of the recipient's opt-out secret (144 bits, in the e-mail only), for people who applied themselves. */
    optOutDigest: text('opt_out_digest'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('email_recipients_send_idx').on(table.sendId, table.id),
    // An office's messages still waiting: a new send queues behind them (decision 0162). Rows leave it once claimed.
    index('email_recipients_office_waiting_idx')
      .on(table.officeId)
      .where(sql`${table.status} = 'QUEUED'`),
    // A late bounce finds the last message that left for an address (decision 0058).
    index('email_recipients_email_sent_idx')
      .on(table.email, table.sentAt)
      .where(sql`${table.sentAt} is not null`),
    uniqueIndex('email_recipients_send_email_key')
      .on(table.sendId, table.email)
      .where(sql`${table.email} is not null`),
    uniqueIndex('email_recipients_opt_out_key')
      .on(table.optOutDigest)
      .where(sql`${table.optOutDigest} is not null`),
    check(
      'email_recipients_status_check',
      sql`${table.status} in ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'SKIPPED')`,
    ),
  ],
);

/** Addresses a mail server refused permanently: bulk mail to them stops (any project). */
export const emailBounces = pgTable('email_bounces', {
  email: text('email').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/** People who unsubscribed from one project's bulk mail. */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    officeId: officeIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.email] })],
);
