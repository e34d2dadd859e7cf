import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../columns';
import { submissions } from './candidates';
import { users } from './identity';
import { officeIdColumn } from './offices';
import { roles } from './opportunities';
import { projects } from './projects';

/**
 * One reviewer's rating of a candidate for an opportunity, 1 to 5 (decision 0860). The candidate for an opportunity
 * is the submission, so one rating per (office, submission, rater); the project and opportunity are copied onto the
 * row so that a project's or opportunity's delete cascades and the reads stay on the office's keys. The triggers of
 * the ratings migration keep the submission's aggregate (`rating_count`, `rating_sum`, `rating_average`) in the same
 * transaction as each write, so the list sorts and filters by the average through an index.
 */
export const ratings = pgTable(
  'ratings',
  {
    officeId: officeIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.officeId, table.submissionId, table.userId] }),
    // A person's ratings in a project (what a member leaving or an erasure touches).
    index('ratings_user_idx').on(table.officeId, table.userId, table.projectId),
    check('ratings_score_check', sql`${table.score} between 1 and 5`),
  ],
);

/**
 * A project's rating settings: blind review hides other people's ratings (and the average) from a reviewer until they
 * have rated that candidate themselves (decision 0862). No row means the defaults (blind review off).
 */
export const ratingSettings = pgTable(
  'rating_settings',
  {
    officeId: officeIdColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    blindReview: boolean('blind_review').notNull().default(false),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.officeId, table.projectId] })],
);
