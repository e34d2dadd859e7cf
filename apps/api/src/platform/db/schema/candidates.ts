import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { folders } from './folders';
import { users } from './identity';
import { lookupValues } from './lookups';
import { roles } from './opportunities';
import { projects, tags } from './projects';
import { people } from './roster';

/**
 * Candidates. An applicant is a person within one project; a submission is that person submitted to one
 * opportunity. Folder memberships, votes and tags hang off them. Everything carries its project id, so "does every
 * id of this request belong to the project" is one indexed query, and a project's delete cascades.
 */

export interface ApplicantAddress {
  addressLineOne?: string | null;
  addressLineTwo?: string | null;
  country?: string | null;
  province?: string | null;
  city?: string | null;
  zip?: string | null;
}

export const applicants = pgTable(
  'applicants',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased; one applicant per e-mail per project (a second application joins the first). */
    email: text('email'),
    /**
     * Set on an application whose address already belonged to a person of the office, until the address's owner
     * confirms it from the mail sent there (decision 0170): the row keeps `email` empty, so it is nobody's record
     * yet, and the team sees it as unconfirmed.
     */
    unconfirmedEmail: text('unconfirmed_email'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth'),
    playingAgeMin: integer('playing_age_min'),
    playingAgeMax: integer('playing_age_max'),
    genderId: uuid('gender_id').references(() => lookupValues.id, { onDelete: 'set null' }),
    ethnicAppearanceIds: uuid('ethnic_appearance_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The size fields (SIZE_FIELDS: waist, shoe, height, weight...), free text as talent writes them. */
    sizes: jsonb('sizes').$type<Record<string, string>>().notNull().default({}),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    unionIds: uuid('union_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    location: text('location'),
    address: jsonb('address').$type<ApplicantAddress>(),
    /**
     * Where the address is (WGS 84 degrees), geocoded from its ZIP code when it is written (decision 0798), for the
     * distance filter. Both or neither: null when the address is outside the United States, has no ZIP, or its ZIP
     * is unknown; such an applicant is never "within" a distance.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Social platforms (SOCIAL_PLATFORMS: INSTAGRAM, TIKTOK...) to profile URLs. */
    socialProfiles: jsonb('social_profiles').$type<Record<string, string>>().notNull().default({}),
    bio: text('bio'),
    resume: text('resume'),
    /**
     * A minor when they applied (younger than the office's age of majority that day, decision 0103): kept once set, so
     * their contact details stay from clients after a birthday too.
     */
    isMinor: boolean('is_minor').notNull().default(false),
    /**
     * Names and e-mail lower-cased and stripped of accents by the API (PGlite has no `unaccent`), so one trigram
     * index serves a case- and accent-insensitive search.
     */
    searchText: text('search_text').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The office-level person this applicant is (decision 0038). Never null in the database (the migration sets NOT
     * NULL after its backfill); typed optional because the trigger `applicants_link_person` fills it on insert when a
     * writer leaves it out (by e-mail, else a new person).
     */
    personId: uuid('person_id').references(() => people.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('applicants_project_email_key')
      .on(table.projectId, table.email)
      .where(sql`${table.email} is not null`),
    index('applicants_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('applicants_project_idx').on(table.projectId),
    index('applicants_person_idx').on(table.personId),
    // The distance filter's bounding box (decision 0865).
    index('applicants_project_coordinates_idx')
      .on(table.officeId, table.projectId, table.latitude, table.longitude)
      .where(sql`${table.latitude} is not null`),
    check('applicants_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check(
      'applicants_coordinates_check',
      sql`(${table.latitude} is null) = (${table.longitude} is null) and (${table.latitude} is null or (${table.latitude} between -90 and 90 and ${table.longitude} between -180 and 180))`,
    ),
    check(
      'applicants_playing_age_check',
      sql`${table.playingAgeMin} is null or ${table.playingAgeMax} is null or ${table.playingAgeMin} <= ${table.playingAgeMax}`,
    ),
  ],
);

export const SUBMISSION_SOURCES = ['SUBMISSION_LINK', 'STANDALONE', 'ADMIN', 'IMPORT', 'COPY'] as const;

/** An applicant submitted to an opportunity; at most one per applicant and opportunity. */
export const submissions = pgTable(
  'submissions',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /**
     * The agent who submitted the talent (the representative named on the apply page). No foreign key: the column
     * came before the agents table; readers treat an id with no agent as no agent.
     */
    referringAgentId: uuid('referring_agent_id'),
    /** The submission link the talent applied through (the list's referral filter); no foreign key, links may go. */
    shareLinkId: uuid('share_link_id'),
    /**
     * The person's last and first names folded for sorting (lower case, Latin accents removed), copied from the
     * applicant by the trigger `submissions_person_fields` (and kept in step when the applicant's names change), so the
     * list sorted by name walks one index of this table like the other sorts.
     */
    sortLastName: text('sort_last_name').notNull().default(''),
    sortFirstName: text('sort_first_name').notNull().default(''),
    /** How many team members voted UP_VOTE, kept by the triggers on `votes`: the key of the list's "votes" sort. */
    upVotes: integer('up_votes').notNull().default(0),
    /**
     * The person's fields the list filters on (search text, gender, date of birth, playing ages), copied from the
     * applicant by the trigger `submissions_person_fields` and kept in step by `applicants_person_fields` whenever
     * the applicant's change (decision 0059): the list's index walk tests each row here, without a join per row.
     */
    searchText: text('search_text').notNull().default(''),
    genderId: uuid('gender_id'),
    dateOfBirth: date('date_of_birth'),
    playingAgeMin: integer('playing_age_min'),
    playingAgeMax: integer('playing_age_max'),
    /**
     * True while the submission is in its opportunity's For Review (TS_FOR_REVIEW) or Invited (TS_INVITED) folder,
     * hidden from the casting team and kept by the triggers on `folder_memberships` (decisions 0050, 0059).
     */
    reviewHeld: boolean('review_held').notNull().default(false),
    /**
     * True while the submission is in its opportunity's Hidden folder (HIDDEN), kept by the triggers on
     * `folder_memberships` like `reviewHeld`: "Everyone in this opportunity" leaves it out as a column of the row it
     * walks (decision 0240).
     */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * The team's ratings of the candidate (decision 0861), kept by the triggers on `ratings` in the writer's
     * transaction: how many, their sum, and the average in thousandths (0 when unrated), the key of the "rating" sort.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingAverage: integer('rating_average').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('submissions_role_applicant_key').on(table.roleId, table.applicantId),
    index('submissions_applicant_idx').on(table.applicantId),
    index('submissions_project_share_link_idx')
      .on(table.projectId, table.shareLinkId)
      .where(sql`${table.shareLinkId} is not null`),
    index('submissions_project_agent_idx')
      .on(table.projectId, table.referringAgentId)
      .where(sql`${table.referringAgentId} is not null`),
    // The list's sort "newest first" in a whole project or in one opportunity, each entered at a keyset cursor.
    index('submissions_project_newest_idx').on(
      table.projectId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('submissions_role_newest_idx').on(
      table.roleId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Sort "name" (last, first, id ascending) and "votes" (most up votes, then newest), per project and opportunity.
    index('submissions_project_name_idx').on(
      table.projectId,
      table.sortLastName,
      table.sortFirstName,
      table.id,
    ),
    index('submissions_role_name_idx').on(table.roleId, table.sortLastName, table.sortFirstName, table.id),
    index('submissions_project_votes_idx').on(
      table.projectId,
      table.upVotes.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The list's name or e-mail search within a project (the person's search text, copied above).
    index('submissions_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('submissions_role_votes_idx').on(
      table.roleId,
      table.upVotes.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Sort "rating" (best average first, then newest) and the minimum-average filter, per project and opportunity.
    index('submissions_project_rating_idx').on(
      table.officeId,
      table.projectId,
      table.ratingAverage.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('submissions_role_rating_idx').on(
      table.officeId,
      table.roleId,
      table.ratingAverage.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check(
      'submissions_source_check',
      sql`${table.source} in ('SUBMISSION_LINK', 'STANDALONE', 'ADMIN', 'IMPORT', 'COPY')`,
    ),
  ],
);

/** A submission in a folder of its opportunity, with its place in the folder's manual order. */
export const folderMemberships = pgTable(
  'folder_memberships',
  {
    officeId: officeIdColumn(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: bigint('position', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.folderId, table.submissionId] }),
    index('folder_memberships_submission_idx').on(table.submissionId),
    index('folder_memberships_folder_position_idx').on(table.folderId, table.position, table.submissionId),
  ],
);

/** One vote per team member per submission (UP_VOTE, DOWN_VOTE, MAYBE); HIDE and UNHIDE act on folders. */
export const votes = pgTable(
  'votes',
  {
    officeId: officeIdColumn(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    vote: text('vote').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.userId] }),
    index('votes_vote_submission_idx').on(table.vote, table.submissionId),
    index('votes_user_idx').on(table.userId),
    check('votes_vote_check', sql`${table.vote} in ('UP_VOTE', 'DOWN_VOTE', 'MAYBE')`),
  ],
);

/** A project tag on an applicant (tags belong to the person within the project, whatever the opportunity). */
export const applicantTags = pgTable(
  'applicant_tags',
  {
    officeId: officeIdColumn(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.applicantId, table.tagId] }),
    index('applicant_tags_tag_idx').on(table.tagId, table.applicantId),
  ],
);

export type ApplicantRow = typeof applicants.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
