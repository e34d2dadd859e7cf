import { z } from 'zod';
import { FOLDER_ALIASES, FEEDBACK_VALUES } from '../folders';
import {
  MISSING_DATA_FILTERS,
  MISSING_DATA_FILTERS_ALT,
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

export const APPLICANT_SORTS = ['newest'] as const;
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
    submitterFolders: booleanText.default(false),
    sort: z.enum(APPLICANT_SORTS).default('newest'),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    ...cursorQuery,
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
  votes: z.object({ UP_VOTE: z.number(), DOWN_VOTE: z.number(), MAYBE: z.number() }),
  myVote: z.enum(VOTE_TYPES).nullable(),
  submittedAt: z.string(),
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
