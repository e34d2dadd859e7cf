import { sql } from 'drizzle-orm';
import {
  doublePrecision,
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
import { submissions } from './candidates';
import { clientLinks } from './client-review';
import { users } from './identity';
import { officeIdColumn } from './offices';
import { roles } from './opportunities';
import { projects } from './projects';

/**
 * A presentation: a curated package of one opportunity's candidates for a client, in the director's order, with the
 * media chosen per candidate and a layout (`cards` or `pages`). Its PDF is made by a job; `pdf_status`, `pdf_progress`
 * and `pdf_key` say how far it got and where the file is.
 */
export const presentations = pgTable(
  'presentations',
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
    layout: text('layout').notNull().default('cards'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    pdfStatus: text('pdf_status'),
    pdfProgress: integer('pdf_progress').notNull().default(0),
    pdfKey: text('pdf_key'),
    pdfRequestedAt: timestamp('pdf_requested_at', { withTimezone: true }),
  },
  (table) => [
    index('presentations_project_newest_idx').on(
      table.officeId,
      table.projectId,
      sql`${table.createdAt} desc`,
      sql`${table.id} desc`,
    ),
  ],
);

/**
 * One candidate of a presentation. `position` is a fraction, so moving a candidate rewrites one row (the midpoint of
 * its new neighbours); `media_ids` null means "not chosen: what the link shares", an array means only those items.
 */
export const presentationItems = pgTable(
  'presentation_items',
  {
    officeId: officeIdColumn(),
    presentationId: uuid('presentation_id')
      .notNull()
      .references(() => presentations.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: doublePrecision('position').notNull(),
    mediaIds: uuid('media_ids').array(),
  },
  (table) => [
    primaryKey({ columns: [table.presentationId, table.submissionId] }),
    index('presentation_items_position_idx').on(table.officeId, table.presentationId, table.position),
    index('presentation_items_submission_idx').on(table.officeId, table.submissionId),
  ],
);

/**
 * A client link made from a presentation: a copy, at share time, of the layout and the media chosen per candidate
 * (the link's items carry the order). The link stays a snapshot: editing the presentation later changes nothing here.
 */
export const presentationLinks = pgTable(
  'presentation_links',
  {
    officeId: officeIdColumn(),
    linkId: uuid('link_id')
      .primaryKey()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    presentationId: uuid('presentation_id').references(() => presentations.id, { onDelete: 'set null' }),
    layout: text('layout').notNull(),
    /** Submission id to the chosen media ids; a candidate missing here shows what the link's settings share. */
    media: jsonb('media').$type<Record<string, string[]>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('presentation_links_presentation_idx').on(table.officeId, table.presentationId)],
);
