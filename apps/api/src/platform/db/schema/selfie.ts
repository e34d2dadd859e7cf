import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { applicants } from './candidates';
import { users } from './identity';
import { mediaItems } from './media';
import { officeIdColumn } from './offices';
import { projects } from './projects';

/**
 * Requests for a candidate's selfie: who asked and when (decision 0461). A request stays open until the talent sends
 * a selfie from their private page, which answers it (`answered_at`, `media_id`); at most one is open per applicant.
 * The selfie itself is a media item marked `is_selfie`.
 */
export const selfieRequests = pgTable(
  'selfie_requests',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    mediaId: uuid('media_id').references(() => mediaItems.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('selfie_requests_applicant_idx').on(table.applicantId, table.createdAt),
    uniqueIndex('selfie_requests_open_idx')
      .on(table.applicantId)
      .where(sql`${table.answeredAt} is null`),
  ],
);
