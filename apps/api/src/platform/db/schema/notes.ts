import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { applicants, submissions } from './candidates';
import { clientLinks, clientLinkViewers } from './client-review';
import { users } from './identity';
import { mediaItems } from './media';
import { officeIdColumn } from './offices';
import { roles } from './opportunities';
import { projects } from './projects';

/**
 * Notes on a candidate for an opportunity (a submission), written by a team member or by a named viewer of a client
 * link. A note with a media item and an offset is time-coded: it marks a moment of that tape. Visibility decides who
 * reads it: ONLY_ME its author, TEAM the project's reviewers, CLIENT_LINKS also the viewers of the project's client
 * links that share the candidate. A viewer's own notes carry their link and are always CLIENT_LINKS.
 */
export const notes = pgTable(
  'notes',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    clientLinkId: uuid('client_link_id').references(() => clientLinks.id, { onDelete: 'cascade' }),
    clientViewerId: uuid('client_viewer_id').references(() => clientLinkViewers.id, { onDelete: 'set null' }),
    /** The author's name when written, so a note keeps its signature after its author's account goes. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    visibility: text('visibility').notNull(),
    mediaId: uuid('media_id').references(() => mediaItems.id, { onDelete: 'cascade' }),
    offsetMs: integer('offset_ms'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A candidate's notes newest first (keyset on created_at, id).
    index('notes_applicant_newest_idx').on(
      table.officeId,
      table.applicantId,
      sql`${table.createdAt} desc`,
      sql`${table.id} desc`,
    ),
    // A tape's time-coded notes newest first.
    index('notes_media_newest_idx')
      .on(table.officeId, table.mediaId, sql`${table.createdAt} desc`, sql`${table.id} desc`)
      .where(sql`${table.mediaId} is not null`),
    // One opportunity's notes on the candidate newest first (a client link's view, a copy).
    index('notes_submission_newest_idx').on(
      table.officeId,
      table.submissionId,
      sql`${table.createdAt} desc`,
      sql`${table.id} desc`,
    ),
    // Search over the body (at least 3 characters, as every trigram search here).
    index('notes_body_trgm_idx').using('gin', sql`lower(${table.body}) gin_trgm_ops`),
    check('notes_visibility_check', sql`${table.visibility} in ('ONLY_ME', 'TEAM', 'CLIENT_LINKS')`),
    check(
      'notes_time_code_check',
      sql`(${table.mediaId} is null and ${table.offsetMs} is null) or (${table.mediaId} is not null and ${table.offsetMs} >= 0)`,
    ),
    check('notes_author_check', sql`${table.clientLinkId} is null or ${table.visibility} = 'CLIENT_LINKS'`),
  ],
);
