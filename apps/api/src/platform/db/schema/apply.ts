import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { officeIdColumn } from './offices';
import { applicants, submissions } from './candidates';

/** The private link of a talent who applied without an account: view and update their submission. */
export const applicantAccessTokens = pgTable(
  'applicant_access_tokens',
  {
    officeId: officeIdColumn(),
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

/**
 * What each application through an apply page agreed to: the versions of the office's terms and privacy texts the
 * talent accepted and when, and for a minor the parent's or guardian's name, e-mail and the moment of their consent.
 * One row per application, kept with the applicant (an erasure takes it with them).
 */
export const applicationConsents = pgTable(
  'application_consents',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    termsVersion: integer('terms_version').notNull(),
    privacyVersion: integer('privacy_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    minor: boolean('minor').notNull(),
    guardianName: text('guardian_name'),
    guardianEmail: text('guardian_email'),
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
  },
  (table) => [
    // The candidate's latest application first (the office key leads, as on every composite index).
    index('application_consents_applicant_idx').on(
      table.officeId,
      table.applicantId,
      table.acceptedAt.desc(),
    ),
    index('application_consents_submission_idx').on(table.submissionId),
    // A minor's application is never stored without its guardian's consent.
    check(
      'application_consents_guardian_check',
      sql`not ${table.minor} or (${table.guardianName} is not null and ${table.guardianEmail} is not null and ${table.guardianConsentAt} is not null)`,
    ),
  ],
);
