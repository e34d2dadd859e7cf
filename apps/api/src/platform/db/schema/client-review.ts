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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { submissions } from './candidates';
import { folders } from './folders';
import { users } from './identity';
import { projects } from './projects';

/**
 * Client review links. A link is a snapshot of candidates (submissions) taken when it is made, so a
 * candidate added to a folder later is never shown to someone the team did not choose to show it to. The secret is
 * kept only as its SHA-256 digest. Everything carries its project id: a project's delete cascades, and "is this id
 * in the link" is one indexed query.
 */

export interface ClientLinkSettingsRow {
  showPhotos: boolean;
  showVideos: boolean;
  showDocuments: boolean;
  showContactDetails: boolean;
  showRepresentation: boolean;
  showTeamFeedback: boolean;
  allowDownload: boolean;
  requireIdentification: boolean;
}

export const clientLinks = pgTable(
  'client_links',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tokenDigest: text('token_digest').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    settings: jsonb('settings').$type<ClientLinkSettingsRow>().notNull(),
    /** The folders the link was made from (empty for a selection): what "folders with clientLink" answers. */
    folderIds: uuid('folder_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('client_links_token_digest_key').on(table.tokenDigest),
    index('client_links_project_newest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** The candidates of a link, in the order the review page shows them. */
export const clientLinkItems = pgTable(
  'client_link_items',
  {
    officeId: officeIdColumn(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The folder the candidate was shared from, when the link was made from folders. */
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.linkId, table.submissionId] }),
    index('client_link_items_position_idx').on(table.linkId, table.position),
    index('client_link_items_submission_idx').on(table.submissionId),
  ],
);

/** A named viewer of one link: identified by a code sent to their e-mail, then by a session secret (digest). */
export const clientLinkViewers = pgTable(
  'client_link_viewers',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    codeDigest: text('code_digest'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    sessionDigest: text('session_digest'),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('client_link_viewers_link_email_key').on(table.linkId, table.email),
    uniqueIndex('client_link_viewers_session_key')
      .on(table.sessionDigest)
      .where(sql`${table.sessionDigest} is not null`),
  ],
);

/** One viewer's vote and comment on one candidate of the link. */
export const clientFeedback = pgTable(
  'client_feedback',
  {
    officeId: officeIdColumn(),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => clientLinkViewers.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    vote: text('vote'),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.viewerId, table.submissionId] }),
    index('client_feedback_link_idx').on(table.linkId, table.submissionId),
    // A person's comments on the roster profile: the feedback on their submissions (decision 0156).
    index('client_feedback_submission_idx').on(table.submissionId),
    check(
      'client_feedback_vote_check',
      sql`${table.vote} is null or ${table.vote} in ('YES', 'NO', 'MAYBE')`,
    ),
  ],
);

/** The view log: one row per visit (a page load of the review page), with the candidates it reached. */
export const clientLinkVisits = pgTable(
  'client_link_visits',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id').references(() => clientLinkViewers.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    seenSubmissionIds: uuid('seen_submission_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (table) => [index('client_link_visits_link_idx').on(table.linkId, table.openedAt)],
);

/** An export of a link's feedback (CSV and PDF), built by a job and mailed as a link. */
export const clientLinkExports = pgTable(
  'client_link_exports',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    status: text('status', { enum: ['PENDING', 'READY', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    csvKey: text('csv_key'),
    pdfKey: text('pdf_key'),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('client_link_exports_link_idx').on(table.linkId, table.createdAt)],
);

/**
 * A project's public share page (`/project-share/{id}`): off until a director publishes it. Kept beside the project
 * rather than in it, so publishing never touches the project row other people edit.
 */
export const projectShares = pgTable('project_shares', {
  officeId: officeIdColumn(),
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
