import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { applicants } from './candidates';

/** The private link of a talent who applied without an account: view and update their submission. */
export const applicantAccessTokens = pgTable(
  'applicant_access_tokens',
  {
    id: idColumn(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('applicant_access_tokens_hash_key').on(table.tokenHash),
    index('applicant_access_tokens_applicant_idx').on(table.applicantId),
  ],
);
