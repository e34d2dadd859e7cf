import { z } from 'zod';
import { FOLDER_ALIASES, FEEDBACK_VALUES } from '../folders';
import {
  MISSING_DATA_FILTERS,
  MISSING_DATA_FILTERS_ALT,
  ROSTER_STATUSES,
  SIZE_FIELDS,
  SOCIAL_PLATFORMS,
  TAG_CONDITION_TYPES,
  VOTE_TYPES,
  type MissingDataFilter,
} from '../enums';
import { ALWAYS_CHECK, emailSchema, nameSchema, phoneSchema, zipSchema } from '../validation/fields';
import { cursorQuery, keysetPageFields } from './pagination';

/**
 * Candidates (issue 9): the applicants list of a project, adding a candidate by hand, votes, folders and tags.
 *
 * A row of the list is a submission: one person (the applicant) submitted to one opportunity. Its `id` is the
 * submission's; `applicantId` is the person's, shared by their submissions to other opportunities of the project.
 * Bulk requests name rows by these row ids, as `applicantIds` (the spec's name for them).
 */

/** Texts of our own for rules the spec leaves unworded. */
export const CANDIDATE_MESSAGES = {
  ageMinAboveMax: 'The maximum age must be at least the minimum age.',
  searchTooShort: 'Type at least 3 characters to search.',
  unknownTag: 'One or more tags are not tags of this project.',
  notInProject: 'One or more candidates are not in this project.',
  folderNotInOpportunity: 'Choose a folder of this opportunity.',
  folderNotAllowed: 'This folder cannot be chosen here.',
  invalidDate: 'Use a date in the form YYYY-MM-DD.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  invalidId: 'Use an id from the list.',
  sortNeedsFolder: 'Manual order needs a folder.',
  onlyOneFolder: 'This project keeps each candidate in one folder only.',
  wrongCopyType: 'This call does not take this type.',
  submitterActionRefused: 'This action is not available for candidates in this folder.',
  notInFolderRole: 'These candidates are not in this folder’s opportunity.',
  notInFolder: 'Every candidate in the new order must be in this folder.',
  unknownFeedbackProvider: 'One or more people are not members of this project’s team.',
  candidateNotFound: 'This candidate is not in this project.',
} as const;

/** Search needs this many characters before it touches the trigram index. */
export const APPLICANT_SEARCH_MIN_CHARS = 3;
export const BULK_MAX = 500;

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });
const text = (max: number) =>
  z.string().trim().max(max, CANDIDATE_MESSAGES.tooLong(max)).nullable().optional();
const age = z.coerce.number().int().min(0).max(120);

/** Case- and accent-insensitive search text: lower-cased, diacritics removed (the API stores names this way). */
export function searchFold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const sizesSchema = z.partialRecord(z.enum(SIZE_FIELDS), z.string().trim().max(50));
const socialSchema = z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string().trim().max(500));

export const applicantAddressSchema = z.object({
  addressLineOne: text(200),
  addressLineTwo: text(200),
  country: text(100),
  province: text(100),
  city: text(100),
  zip: zipSchema.nullable().optional(),
});

/** POST /projects/admin/applicants: staff add a candidate by hand to an opportunity (and optionally folders). */
export const addApplicantSchema = z
  .object({
    projectId: z.string().min(1).max(64),
    roleId: id,
    folderIds: z.array(id).max(50).default([]),
    firstName: nameSchema.max(100, CANDIDATE_MESSAGES.tooLong(100)),
    lastName: nameSchema.max(100, CANDIDATE_MESSAGES.tooLong(100)),
    email: emailSchema.nullable().optional(),
    phone: phoneSchema.nullable().optional(),
    dateOfBirth: z.iso.date({ error: CANDIDATE_MESSAGES.invalidDate }).nullable().optional(),
    playingAgeMin: age.nullable().optional(),
    playingAgeMax: age.nullable().optional(),
    genderId: id.nullable().optional(),
    ethnicAppearanceIds: z.array(id).max(20).default([]),
    sizes: sizesSchema.default({}),
    skills: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    unionIds: z.array(id).max(20).default([]),
    languages: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    location: text(300),
    address: applicantAddressSchema.nullable().optional(),
    socialProfiles: socialSchema.default({}),
    bio: text(5000),
    resume: text(20000),
  })
  .refine(
    (value) =>
      typeof value.playingAgeMin !== 'number' ||
      typeof value.playingAgeMax !== 'number' ||
      value.playingAgeMin <= value.playingAgeMax,
    { message: CANDIDATE_MESSAGES.ageMinAboveMax, path: ['playingAgeMax'], ...ALWAYS_CHECK },
  );
export type AddApplicantInput = z.input<typeof addApplicantSchema>;
export type AddApplicant = z.infer<typeof addApplicantSchema>;

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

/**
 * Orders of the list, each keyset-paged on its own index (docs/decisions/0021-candidates.md):
 * - `newest`: latest submission first (submission time, then id, descending);
 * - `name`: last name, first name, then id, ascending, case- and accent-insensitive;
 * - `votes`: most up votes first, then newest; a vote changes a row's place (see the decision record);
 * - `manual`: the folder's manual order (applicant-sort); needs `folderId`, else 400 `sortNeedsFolder`.
 * Sorting by votes needs VIEW_FEEDBACK (a talent submitter may not see the team's feedback).
 */
/** What agentSearchTerm is matched against (ours: the spec names the parameter, not its values). */
export const AGENT_SEARCH_TYPES = ['AGENT_NAME', 'AGENT_EMAIL', 'AGENCY_NAME'] as const;
export type AgentSearchType = (typeof AGENT_SEARCH_TYPES)[number];

export const APPLICANT_SORTS = ['newest', 'name', 'votes', 'manual'] as const;
export type ApplicantSort = (typeof APPLICANT_SORTS)[number];

/**
 * GET /projects/{id}/applicants. Nested filters of the spec use bracket keys as the product's query strings write
 * them: `age[min]`, `age[max]`, `tags[in]`, `tags[notIn]`.
 */
export const applicantListQuerySchema = z
  .object({
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
  );
export type ApplicantListQuery = z.infer<typeof applicantListQuerySchema>;

const tagRefSchema = z.object({ id: z.string(), name: z.string() });

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
});
export type ApplicantListItem = z.infer<typeof applicantListItemSchema>;

export const applicantListSchema = z.object({
  items: z.array(applicantListItemSchema),
  limit: z.number(),
  ...keysetPageFields,
});
export type ApplicantList = z.infer<typeof applicantListSchema>;

export const addApplicantResultSchema = z.object({
  /** The list row (submission) the candidate now has in the opportunity. */
  id: z.string(),
  applicantId: z.string(),
  /** False when the e-mail already belonged to an applicant of the project, who was reused. */
  createdApplicant: z.boolean(),
});
export type AddApplicantResult = z.infer<typeof addApplicantResultSchema>;

const rowIds = z.array(id).min(1).max(BULK_MAX);

/** POST /projects/{id}/applicants/votes: one vote for one or many rows. */
export const voteRequestSchema = z.object({
  applicantIds: rowIds,
  vote: z.enum(VOTE_TYPES),
});
export type VoteRequest = z.infer<typeof voteRequestSchema>;

/** Add to or remove from one folder, for one or many rows. */
export const folderMembershipRequestSchema = z.object({
  applicantIds: rowIds,
  folderId: id,
});
export type FolderMembershipRequest = z.infer<typeof folderMembershipRequestSchema>;

/** PUT /projects/{id}/folders/{folderId}/applicant-sort: the rows of the folder in their new order. */
export const applicantSortSchema = z.object({
  applicantFolders: z.array(id).min(1).max(5000),
});
export type ApplicantSortRequest = z.infer<typeof applicantSortSchema>;

export const tagApplyRequestSchema = z.object({
  applicantIds: rowIds,
  tagIds: z.array(id).min(1).max(100),
});
export type TagApplyRequest = z.infer<typeof tagApplyRequestSchema>;

export const deleteApplicantsSchema = z.object({ applicantIds: rowIds });
export type DeleteApplicants = z.infer<typeof deleteApplicantsSchema>;

export const bulkResultSchema = z.object({ count: z.number() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** A lookup value as the detail shows it. */
const namedRefSchema = z.object({ id: z.string(), name: z.string() });

/** One team member's vote on a submission, as far as the caller may see feedback. */
export const applicantVoteSchema = z.object({
  userId: z.string(),
  name: z.string(),
  vote: z.enum(VOTE_TYPES),
  /** The vote read as feedback: UP_VOTE is YES, DOWN_VOTE NO, MAYBE MAYBE. */
  feedback: z.enum(FEEDBACK_VALUES),
});
export type ApplicantVote = z.infer<typeof applicantVoteSchema>;

export const applicantSubmissionSchema = z.object({
  /** The list row id (submission). */
  id: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  source: z.string(),
  submittedAt: z.string(),
  /** Folders of the submission the caller may see (a talent submitter: the submitter folders only). */
  folders: z.array(z.object({ id: z.string(), name: z.string(), systemAlias: z.string().nullable() })),
  /** Every team member's vote with VIEW_FEEDBACK; otherwise only the caller's own. */
  votes: z.array(applicantVoteSchema),
  myVote: z.enum(VOTE_TYPES).nullable(),
});
export type ApplicantSubmission = z.infer<typeof applicantSubmissionSchema>;

/**
 * GET /projects/{id}/candidates/{applicantId}: the person's full profile and every submission to the project's
 * opportunities the caller may see, newest first. `applicantId` is the person's id; a list row id (submission) is
 * accepted too and opens the same person.
 */
export const applicantDetailSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  initials: z.string(),
  /** A short-lived address of the primary photo's thumbnail; null shows the initials. */
  photoUrl: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  age: z.number().nullable(),
  playingAgeMin: z.number().nullable(),
  playingAgeMax: z.number().nullable(),
  gender: namedRefSchema.nullable(),
  ethnicAppearances: z.array(namedRefSchema),
  /** From the size fields, shown on their own. */
  height: z.string().nullable(),
  weight: z.string().nullable(),
  sizes: z.partialRecord(z.enum(SIZE_FIELDS), z.string()),
  skills: z.array(z.string()),
  unions: z.array(namedRefSchema),
  languages: z.array(z.string()),
  location: z.string().nullable(),
  address: applicantAddressSchema.nullable(),
  socialProfiles: z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string()),
  bio: z.string().nullable(),
  resume: z.string().nullable(),
  tags: z.array(tagRefSchema),
  submissions: z.array(applicantSubmissionSchema),
  createdAt: z.string(),
});
export type ApplicantDetail = z.infer<typeof applicantDetailSchema>;

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

/**
 * What changed, in the `kind` of an APPLICANTS_UPDATED live event's payload. The payload is small and flat:
 * `{kind, count, roleId?}` (roleId when one opportunity is concerned); the page refetches what it shows.
 */
export const APPLICANTS_UPDATE_KINDS = [
  'ADD',
  'VOTE',
  'FOLDER_ADD',
  'FOLDER_REMOVE',
  'SORT',
  'TAGS_ADD',
  'TAGS_REMOVE',
  'DELETE',
  'COPY',
  'MOVE',
  'IMPORT',
  'CROSS_COPY',
] as const;
export type ApplicantsUpdateKind = (typeof APPLICANTS_UPDATE_KINDS)[number];
