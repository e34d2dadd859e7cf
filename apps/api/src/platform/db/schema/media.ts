import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { clientLinks } from './client-review';
import { applicants } from './candidates';
import { users } from './identity';
import { projects } from './projects';

/**
 * Media. An upload is one file on its way into storage (signed by the server, keyed by the server); once
 * its bytes are checked it becomes a media item of an applicant, which background jobs turn into what reviewers
 * need (thumbnail, display image, web MP4, poster, document preview). Everything carries its project id, so a
 * project's delete cascades and "is this id in the project" is one indexed query.
 */

export const UPLOAD_STATES = ['OPEN', 'COMPLETED', 'ATTACHED'] as const;

export const mediaUploads = pgTable(
  'media_uploads',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Known for staff uploads; an apply page's uploads get theirs from `attachUploads`. */
    applicantId: uuid('applicant_id').references(() => applicants.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    /** The storage's multipart upload id; null for a single PUT. */
    multipartId: text('multipart_id'),
    fileName: text('file_name').notNull(),
    declaredType: text('declared_type').notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    state: text('state', { enum: UPLOAD_STATES }).notNull().default('OPEN'),
    /** Set on completion from the bytes themselves. */
    sniffedType: text('sniffed_type'),
    kind: text('kind', { enum: ['image', 'video', 'document'] }),
    /** The staff member, or null for an apply page (then `grantId` names the grant). */
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    grantId: text('grant_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('media_uploads_key_idx').on(table.objectKey),
    index('media_uploads_project_idx').on(table.projectId),
    // The clean-up of abandoned uploads walks the oldest open ones.
    index('media_uploads_open_idx')
      .on(table.createdAt)
      .where(sql`${table.state} = 'OPEN'`),
  ],
);

export const mediaItems = pgTable(
  'media_items',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video', 'document'] }).notNull(),
    originalKey: text('original_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['PENDING', 'IN_PROGRESS', 'PROCESSED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    failureReason: text('failure_reason'),
    thumbnailKey: text('thumbnail_key'),
    displayKey: text('display_key'),
    posterKey: text('poster_key'),
    mp4Key: text('mp4_key'),
    previewKey: text('preview_key'),
    durationSeconds: real('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    isPrimaryPhoto: boolean('is_primary_photo').notNull().default(false),
    /** The candidate's current selfie: an unretouched phone photo shown beside the primary photo (decision 0460). */
    isSelfie: boolean('is_selfie').notNull().default(false),
    visibility: text('visibility', { enum: ['ALL', 'TEAM'] })
      .notNull()
      .default('ALL'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('media_items_applicant_idx').on(table.applicantId, table.createdAt),
    index('media_items_project_idx').on(table.projectId),
    // One primary photo per applicant.
    uniqueIndex('media_items_primary_idx')
      .on(table.applicantId)
      .where(sql`${table.isPrimaryPhoto}`),
    // One current selfie per applicant; the candidates list's marker reads it.
    uniqueIndex('media_items_selfie_idx')
      .on(table.applicantId)
      .where(sql`${table.isSelfie}`),
  ],
);

/** Failures a browser reported (`upload-failed`), for staff to look into; never shown to the uploader. */
export const mediaUploadFailures = pgTable(
  'media_upload_failures',
  {
    officeId: officeIdColumn({ nullable: true }),
    id: idColumn(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    grantId: text('grant_id'),
    error: text('error').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('media_upload_failures_created_idx').on(table.createdAt),
    // The admin scripts page lists a project's failures, newest first, keyset paged.
    index('media_upload_failures_project_newest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const mediaIssueReports = pgTable(
  'media_issue_reports',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    description: text('description').notNull(),
    reportedById: uuid('reported_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('media_issue_reports_project_idx').on(table.projectId, table.createdAt)],
);

export const downloadBundles = pgTable(
  'download_bundles',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased; the person the link was mailed to (besides the project team, the only one who may use it). */
    recipientEmail: text('recipient_email').notNull(),
    applicantIds: uuid('applicant_ids').array().notNull(),
    /**
     * The client review link whose viewer asked for the zip, if one did: the zip lasts no longer than the link (its
     * `expires_at` is capped when the link is revoked or its expiry brought forward).
     */
    clientLinkId: uuid('client_link_id').references(() => clientLinks.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'READY', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    objectKey: text('object_key'),
    fileCount: integer('file_count').notNull().default(0),
    size: bigint('size', { mode: 'number' }),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('download_bundles_project_idx').on(table.projectId, table.createdAt),
    index('download_bundles_expires_idx').on(table.expiresAt),
    index('download_bundles_client_link_idx')
      .on(table.clientLinkId)
      .where(sql`${table.clientLinkId} is not null`),
    check('download_bundles_applicants_nonempty', sql`cardinality(${table.applicantIds}) > 0`),
  ],
);

/**
 * Stored objects whose rows are gone, waiting for the storage purge job (platform/storage/purge.ts). Triggers on
 * `media_items`, `media_uploads` and `download_bundles` (hand-written SQL at the end of the migration) add a row for
 * every key of a deleted row, however it was deleted: Delete Content, an applicant's delete, a project's delete
 * cascading to its media. The job deletes the object through the storage port, then the row; it may run any number
 * of times (deleting a missing object is not an error). No foreign key: the project is usually gone already.
 */
export const storagePurges = pgTable('storage_purges', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  objectKey: text('object_key').notNull(),
  /** An open multipart upload to abort before the key is deleted (its parts are not an object yet). */
  multipartId: text('multipart_id'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
});
