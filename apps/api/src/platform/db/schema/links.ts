import {
  boolean,
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
import { officeIdColumn } from './offices';
import { agencies, agents } from './agencies';
import { users } from './identity';
import { roles } from './opportunities';
import { projects } from './projects';

/**
 * Submission links, agencies and representation. An agency employs agents; an agent with a linked user
 * makes that user a representative. A share-link group is what the casting team creates in one dialog (title,
 * opportunities, settings); it holds one link per chosen agency or agent (or one plain link), each with its own
 * secret. Applicants name their representation; an agent confirms or denies the claim.
 */

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
    officeId: officeIdColumn(),
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
    officeId: officeIdColumn(),
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
