import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { applicants } from './candidates';
import { projects, roles } from './projects';
import { users } from './users';

/**
 * Submission links, agencies and representation. An agency employs agents; an agent with a linked user
 * makes that user a representative. A share-link group is what the casting team creates in one dialog (title,
 * opportunities, settings); it holds one link per chosen agency or agent (or one plain link), each with its own
 * secret. Applicants name their representation; an agent confirms or denies the claim.
 */

export const agencies = pgTable(
  'agencies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    websiteUrl: text('website_url'),
    avatarUrl: text('avatar_url'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Lower-cased name, for the trigram search of the agency picker. */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('agencies_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('agencies_name_idx').on(table.name, table.id),
  ],
);

export const agents = pgTable(
  'agents',
  {
    id: idColumn(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased; one agent per address. */
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    /** The user this agent record belongs to; such a user is a representative. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    isVerified: boolean('is_verified').notNull().default(false),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('agents_email_key').on(table.email),
    uniqueIndex('agents_user_key')
      .on(table.userId)
      .where(sql`${table.userId} is not null`),
    index('agents_agency_idx').on(table.agencyId),
    index('agents_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('agents_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/** A link's settings: what the apply page shows, how representation is chosen, agency review, who is mailed. */
export interface ShareLinkSettings {
  displayProjectDetails: boolean;
  displayOpportunityDetails: boolean;
  allowChangeRep: boolean;
  allowAddRep: boolean;
  underReview: boolean;
  allowNoRep: boolean;
  includeTalent: boolean;
  excludeAgent: boolean;
}

export const shareLinkGroups = pgTable(
  'share_link_groups',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Trimmed and lower-cased title: unique per project. */
    titleKey: text('title_key').notNull(),
    roleIds: uuid('role_ids').array().notNull(),
    defaultRoleId: uuid('default_role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<ShareLinkSettings>().notNull(),
    /** Whether the chosen representation is agents (true) or agencies (false); kept for cloning. */
    isRepresentative: boolean('is_representative').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('share_link_groups_project_title_key').on(table.projectId, table.titleKey)],
);

export const shareLinks = pgTable(
  'share_links',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => shareLinkGroups.id, { onDelete: 'cascade' }),
    /** The link's secret (144 random bits, base64url): the staff copy it again from the links page. */
    token: text('token').notNull(),
    /** SHA-256 of the token: public calls look links up by digest, so timing says nothing about the secret. */
    tokenHash: text('token_hash').notNull(),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /**
     * The team member a link was generated for (SELECT_LINK_REFERRAL_USERS): submissions
     * through it are theirs to follow. Null for links made in the create dialog.
     */
    referralUserId: uuid('referral_user_id').references(() => users.id, { onDelete: 'set null' }),
    submissionCount: integer('submission_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('share_links_token_hash_key').on(table.tokenHash),
    index('share_links_group_idx').on(table.groupId),
    // The links page: newest first, keyset paged.
    index('share_links_project_newest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const CLAIM_STATUSES = ['PENDING', 'CONFIRMED', 'DENIED'] as const;

/** An applicant's representation in a project, and the claim the named agent answers. */
export const applicantRepresentatives = pgTable(
  'applicant_representatives',
  {
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
