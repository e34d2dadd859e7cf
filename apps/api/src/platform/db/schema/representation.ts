import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { officeIdColumn } from './offices';
import { agencies, agents } from './agencies';
import { applicants } from './candidates';
import { shareLinks } from './links';
import { projects } from './projects';

export const CLAIM_STATUSES = ['PENDING', 'CONFIRMED', 'DENIED'] as const;

/** An applicant's representation in a project, and the claim the named agent answers. */
export const applicantRepresentatives = pgTable(
  'applicant_representatives',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    shareLinkId: uuid('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('PENDING'),
    /** SHA-256 of the secret e-mailed to the agent with the claim link. */
    claimTokenHash: text('claim_token_hash').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('applicant_representatives_applicant_agent_key').on(table.applicantId, table.agentId),
    index('applicant_representatives_project_agent_idx').on(table.projectId, table.agentId),
    index('applicant_representatives_project_agency_idx').on(table.projectId, table.agencyId),
    check(
      'applicant_representatives_status_check',
      sql`${table.status} in ('PENDING', 'CONFIRMED', 'DENIED')`,
    ),
  ],
);
