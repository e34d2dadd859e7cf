import { z } from 'zod';
import { FOLDER_ALIASES, FEEDBACK_VALUES } from '../folders';
import {
  MISSING_DATA_FILTERS,
  MISSING_DATA_FILTERS_ALT,
  ROSTER_STATUSES,
  TAG_CONDITION_TYPES,
  VOTE_TYPES,
  type MissingDataFilter,
} from '../enums';
import { ALWAYS_CHECK } from '../validation/fields';
import { APPLICANT_SEARCH_MIN_CHARS, CANDIDATE_MESSAGES, tagRefSchema } from './candidates';
import { cursorQuery, keysetPageFields } from './pagination';
import { RATING_MAX, RATING_MIN, ratingSummarySchema } from './ratings';
import { CANDIDATE_FILTER_MESSAGES } from '../candidate-filter-texts';

/** The candidates list of a project: its filters and orders, its rows, and how many candidates each folder holds. */

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });
const age = z.coerce.number().int().min(0).max(120);
const height = z.coerce.number().int().min(30).max(275);
const trait = z.string().trim().min(1).max(100);

/** The product sends INCLUDE/EXCLUDE/ONLY and also INCLUDE_MISSING/...; both read as the short form. */
const missingFilter = z
  .enum([...MISSING_DATA_FILTERS, ...MISSING_DATA_FILTERS_ALT])
  .transform((value) => value.replace('_MISSING', '') as MissingDataFilter)
  .default('INCLUDE');

/** A query value that may be repeated (`gender=a&gender=b`) or given once. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item).max(100),
  );

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

/** What agentSearchTerm is matched against. */
export const AGENT_SEARCH_TYPES = ['AGENT_NAME', 'AGENT_EMAIL', 'AGENCY_NAME'] as const;
export type AgentSearchType = (typeof AGENT_SEARCH_TYPES)[number];

/**
 * Orders of the list, each keyset-paged on its own index (docs/decisions/0123-candidate-sort-keys-on-submissions.md):
 * - `newest`: latest submission first (submission time, then id, descending);
 * - `name`: last name, first name, then id, ascending, case- and accent-insensitive;
 * - `votes`: most up votes first, then newest; a vote changes a row's place, so paging on may skip or repeat a row
 *   whose votes change meanwhile (decision 0124);
 * - `manual`: the folder's manual order (applicant-sort); needs `folderId`, else 400 `sortNeedsFolder`;
 * - `rating`: best average rating first, then newest; unrated candidates last. Like votes, a rating moves a row.
 * Sorting by votes or rating needs VIEW_FEEDBACK (a talent submitter may not see the team's feedback).
 */
export const APPLICANT_SORTS = ['newest', 'name', 'votes', 'manual', 'rating'] as const;
export type ApplicantSort = (typeof APPLICANT_SORTS)[number];

export const SELF_TAPE_FILTER_STATES = ['ANY', 'SUBMITTED', 'LATE', 'DECLINED', 'PENDING'] as const;
export type SelfTapeFilterState = (typeof SELF_TAPE_FILTER_STATES)[number];

/**
 * GET /projects/{id}/applicants. Nested filters use bracket keys as the product's query strings write
 * them: `age[min]`, `age[max]`, `tags[in]`, `tags[notIn]`.
 */
export const applicantListQuerySchema = z
  .object({
    /**
     * "Self-tapes received": candidates with a self-tape request (of `selfTapeRequestId` when given) in this state —
     * ANY, SUBMITTED (on time), LATE, DECLINED, or PENDING (asked, nothing submitted or declined yet).
     */
    selfTapes: z.enum(SELF_TAPE_FILTER_STATES).optional(),
    selfTapeRequestId: id.optional(),
    folderId: id.optional(),
    roleId: id.optional(),
    systemAlias: z.enum(FOLDER_ALIASES).optional(),
    isSelected: booleanText.optional(),
    nameOrEmail: z
      .string()
      .trim()
      .max(200)
      .refine(
        (value) => value === '' || value.length >= APPLICANT_SEARCH_MIN_CHARS,
        CANDIDATE_MESSAGES.searchTooShort,
      )
      .optional(),
    feedback: z.enum(FEEDBACK_VALUES).optional(),
    'age[min]': age.optional(),
    'age[max]': age.optional(),
    gender: many(id).optional(),
    missingGender: missingFilter,
    missingAge: missingFilter,
    'tags[in]': many(id).optional(),
    'tags[notIn]': many(id).optional(),
    includeTagConditionType: z.enum(TAG_CONDITION_TYPES).default('OR'),
    excludeTagConditionType: z.enum(TAG_CONDITION_TYPES).default('OR'),
    /**
     * Candidates who received feedback from these team members, named by user id (the web lists the team by name
     * and sends ids: two members may share a name). With `feedback`, the vote of those members must be that feedback.
     * Needs VIEW_FEEDBACK. Unknown or non-member ids are a 400 naming the field.
     */
    feedbackProviderNames: many(id).optional(),
    /** OR (default): feedback from any of them; AND: from every one of them. */
    feedbackProviderQueryType: z.enum(TAG_CONDITION_TYPES).default('OR'),
    /**
     * "Feedback from: Clients": the viewers of the project's client links count as one more provider beside the team
     * members named (same OR/AND), their vote matched against `feedback`; without `feedback`, any vote or comment of a
     * client. Needs VIEW_FEEDBACK.
     */
    feedbackFromClients: booleanText.default(false),
    /** Candidates who applied through these submission links (share-link ids). */
    referral: many(id).optional(),
    /** Candidates these agents submitted or represent (agent ids). */
    agents: many(id).optional(),
    /** Candidates whose representative's name, e-mail or agency contains the term (at least 3 characters). */
    agentSearchType: z.enum(AGENT_SEARCH_TYPES).default('AGENT_NAME'),
    agentSearchTerm: z
      .string()
      .trim()
      .max(200)
      .refine(
        (value) => value === '' || value.length >= APPLICANT_SEARCH_MIN_CHARS,
        CANDIDATE_MESSAGES.searchTooShort,
      )
      .optional(),
    submitterFolders: booleanText.default(false),
    /** Candidates whose average rating is at least this (1 to 5, halves allowed); needs VIEW_FEEDBACK. */
    'rating[min]': z.coerce.number().min(RATING_MIN).max(RATING_MAX).multipleOf(0.5).optional(),
    /** Height range in whole centimetres, read from the size the talent wrote (decision 0864). */
    'height[min]': height.optional(),
    'height[max]': height.optional(),
    /** Members of any of these unions (lookup ids). */
    union: many(id).optional(),
    /** Of any of these ethnic appearances (lookup ids). */
    ethnicAppearance: many(id).optional(),
    /** Having every one of these skills (case-insensitive). */
    skills: many(trait).optional(),
    /** Speaking every one of these languages (case-insensitive). */
    languages: many(trait).optional(),
    /** Living within `near[miles]` of the point (`near[lat]`, `near[lng]`), all three or none (decision 0865). */
    'near[lat]': z.coerce.number().min(-90).max(90).optional(),
    'near[lng]': z.coerce.number().min(-180).max(180).optional(),
    'near[miles]': z.coerce.number().positive().max(500).optional(),
    sort: z.enum(APPLICANT_SORTS).default('newest'),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    ...cursorQuery,
  })
  .refine((value) => value.sort !== 'manual' || value.folderId !== undefined, {
    message: CANDIDATE_MESSAGES.sortNeedsFolder,
    path: ['folderId'],
    ...ALWAYS_CHECK,
  })
  .refine(
    (value) =>
      typeof value['age[min]'] !== 'number' ||
      typeof value['age[max]'] !== 'number' ||
      value['age[min]'] <= value['age[max]'],
    { message: CANDIDATE_MESSAGES.ageMinAboveMax, path: ['age[max]'], ...ALWAYS_CHECK },
  )
  .refine(
    (value) =>
      typeof value['height[min]'] !== 'number' ||
      typeof value['height[max]'] !== 'number' ||
      value['height[min]'] <= value['height[max]'],
    { message: CANDIDATE_FILTER_MESSAGES.heightMinAboveMax, path: ['height[max]'], ...ALWAYS_CHECK },
  )
  .refine(
    (value) =>
      [value['near[lat]'], value['near[lng]'], value['near[miles]']].every((part) => part === undefined) ||
      [value['near[lat]'], value['near[lng]'], value['near[miles]']].every(
        (part) => typeof part === 'number',
      ),
    { message: CANDIDATE_FILTER_MESSAGES.nearIncomplete, path: ['near[miles]'], ...ALWAYS_CHECK },
  );
export type ApplicantListQuery = z.infer<typeof applicantListQuerySchema>;

/** How the clients answered on one row: votes by value and how many left a comment. */
export const clientFeedbackTallySchema = z.object({
  YES: z.number(),
  NO: z.number(),
  MAYBE: z.number(),
  comments: z.number(),
});
export type ClientFeedbackTally = z.infer<typeof clientFeedbackTallySchema>;

export const applicantListItemSchema = z.object({
  id: z.string(),
  applicantId: z.string(),
  projectId: z.string(),
  roleId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  initials: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  age: z.number().nullable(),
  playingAgeMin: z.number().nullable(),
  playingAgeMax: z.number().nullable(),
  genderId: z.string().nullable(),
  source: z.string(),
  folderIds: z.array(z.string()),
  tags: z.array(tagRefSchema),
  /**
   * Vote counts the caller may see: the whole team's with VIEW_FEEDBACK (SA, PO, PE, TE), otherwise (a talent
   * submitter) only the caller's own vote.
   */
  votes: z.object({ UP_VOTE: z.number(), DOWN_VOTE: z.number(), MAYBE: z.number() }),
  myVote: z.enum(VOTE_TYPES).nullable(),
  /**
   * The client link viewers' votes and comments on the row, with VIEW_FEEDBACK (null otherwise): "Clients: 2 yes,
   * 1 no, 1 comment". The comments themselves are in the detail.
   */
  clientFeedback: clientFeedbackTallySchema.nullable().optional(),
  submittedAt: z.string(),
  /** Where the person lives, composed as the detail composes it (applicantLocation): null when unknown. */
  location: z.string().nullable(),
  /**
   * Who represents the candidate on this row: the agent who submitted it, else the first representative named on
   * the person; null when self-submitted and unrepresented.
   */
  representation: z.object({ agencyName: z.string(), agentName: z.string() }).nullable(),
  /**
   * The person's primary photo (its thumbnail, else the original) as a short-lived signed URL, null when none is set
   * or the caller may not see it (a team-only photo for a client-link viewer). Lists show initials instead.
   */
  photoUrl: z.string().nullable(),
  /**
   * The row's standing on the project roster (avail check, first or second hold, booked, released) with its dates;
   * null when not on the roster or when the caller may not read the roster (VIEW_PROJECT_ROSTER: SA PO PE TE).
   */
  roster: z
    .object({
      status: z.enum(ROSTER_STATUSES),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
    })
    .nullable(),
  /** Younger than the office's age of majority (as the detail's `minor`): the row shows a Minor marker. */
  minor: z.boolean(),
  /**
   * Applied with an address that already belonged to a person, and not yet confirmed by the address's owner: the row
   * is apart from that person and shows an Unconfirmed marker (decision 0170).
   */
  emailUnconfirmed: z.boolean(),
  /** The candidate has a selfie (decision 0460): the row shows a small marker beside the photo. */
  hasSelfie: z.boolean(),
  /** The team's ratings of the row as the caller may see them (blind review hides the others' until rated). */
  rating: ratingSummarySchema.optional(),
});
export type ApplicantListItem = z.infer<typeof applicantListItemSchema>;

export const applicantListSchema = z.object({
  items: z.array(applicantListItemSchema),
  limit: z.number(),
  ...keysetPageFields,
});
export type ApplicantList = z.infer<typeof applicantListSchema>;
/** Folder counts stop here: counting further would read a whole large folder for a number nobody needs exactly. */
export const FOLDER_COUNT_CAP = 1000;

/** GET /projects/{id}/applicants/folder-counts?roleId=: how many candidates each folder of the opportunity holds. */
export const folderCountsQuerySchema = z.object({ roleId: id });
export type FolderCountsQuery = z.infer<typeof folderCountsQuerySchema>;

export const folderCountsSchema = z.object({
  counts: z.array(
    z.object({
      folderId: z.string(),
      /** At most FOLDER_COUNT_CAP; `capped` says there are more ("1,000+"). */
      count: z.number(),
      capped: z.boolean(),
    }),
  ),
});
export type FolderCounts = z.infer<typeof folderCountsSchema>;
