import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { applicants } from './candidates';
import { officeIdColumn } from './offices';
import { projects } from './projects';

export const CANDIDATE_TRAIT_KINDS = ['UNION', 'ETHNICITY', 'SKILL', 'LANGUAGE', 'HEIGHT'] as const;

/**
 * What the candidates list filters on beyond the submission's own columns, one row per applicant and value: unions and
 * ethnic appearances (lookup ids), skills and languages (folded to lower case), and the height in centimetres parsed
 * from the free-text size (value '' and `amount`). Kept from the applicant's arrays and sizes by the trigger
 * `applicants_traits` (decision 0864), so each filter is a probe of this table's key per walked row, the office key
 * leading, as the tag filter probes `applicant_tags`.
 */
export const candidateTraits = pgTable(
  'candidate_traits',
  {
    officeId: officeIdColumn(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    amount: integer('amount'),
  },
  (table) => [
    primaryKey({ columns: [table.officeId, table.applicantId, table.kind, table.value] }),
    // From a value to its candidates in a project, for plans that start from a rare value.
    index('candidate_traits_project_value_idx').on(
      table.officeId,
      table.projectId,
      table.kind,
      table.value,
      table.applicantId,
    ),
    index('candidate_traits_project_amount_idx')
      .on(table.officeId, table.projectId, table.kind, table.amount, table.applicantId)
      .where(sql`${table.amount} is not null`),
    check(
      'candidate_traits_kind_check',
      sql`${table.kind} in ('UNION', 'ETHNICITY', 'SKILL', 'LANGUAGE', 'HEIGHT')`,
    ),
  ],
);
