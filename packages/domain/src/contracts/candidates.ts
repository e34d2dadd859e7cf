import { z } from 'zod';
import { FEEDBACK_VALUES } from '../folders';
import { SIZE_FIELDS, SOCIAL_PLATFORMS, VOTE_TYPES } from '../enums';
import { ALWAYS_CHECK, emailSchema, nameSchema, phoneSchema } from '../validation/fields';
import { countryCodeOf } from '../countries';
import { MESSAGES } from '../messages';
import { normalisePostalCode, postalCodeIssue } from '../validation/postal-codes';
import { ratingSummarySchema } from './ratings';

/**
 * Candidates: adding a candidate by hand and the candidate's detail. The list with its filters is in
 * candidate-list.ts, votes, folders and tags for many rows at once in candidate-bulk.ts.
 *
 * A row of the list is a submission: one person (the applicant) submitted to one opportunity. Its `id` is the
 * submission's; `applicantId` is the person's, shared by their submissions to other opportunities of the project.
 * Bulk requests name rows by these row ids, as `applicantIds` (the product's name for them).
 */

/** Texts of the candidates' rules. */
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

/** An address as the API answers it (stored addresses are answered as they were taken). */
export const applicantAddressViewSchema = z.object({
  addressLineOne: z.string().nullable().optional(),
  addressLineTwo: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  province: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  zip: z.string().nullable().optional(),
});

/**
 * An address as talent and staff enter it, in any country: the country is stored as its ISO 3166-1 code (its English
 * name is taken too; none means the United States, the only country earlier forms offered), and the postal code
 * follows that country's format.
 */
export const applicantAddressSchema = z
  .object({
    addressLineOne: text(200),
    addressLineTwo: text(200),
    country: z
      .string()
      .transform((text, context) => {
        if (!text.trim()) return null;
        const code = countryCodeOf(text);
        if (!code) context.addIssue({ code: 'custom', message: MESSAGES.countryUnknown });
        return code;
      })
      .nullable()
      .optional(),
    province: text(100),
    city: text(100),
    zip: z
      .string()
      .max(20, CANDIDATE_MESSAGES.tooLong(20))
      .transform(normalisePostalCode)
      .nullable()
      .optional(),
  })
  .superRefine((address, context) => {
    if (!address.zip) return;
    const issue = postalCodeIssue(address.country ?? 'US', address.zip);
    if (issue) context.addIssue({ code: 'custom', path: ['zip'], message: issue });
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

export const addApplicantResultSchema = z.object({
  /** The list row (submission) the candidate now has in the opportunity. */
  id: z.string(),
  applicantId: z.string(),
  /** False when the e-mail already belonged to an applicant of the project, who was reused. */
  createdApplicant: z.boolean(),
});
export type AddApplicantResult = z.infer<typeof addApplicantResultSchema>;

/** A tag as list rows and the detail name it. */
export const tagRefSchema = z.object({ id: z.string(), name: z.string() });

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
  /**
   * The client link viewers' votes and comments on the submission, newest first, with the viewer's name and the
   * link's title; with VIEW_FEEDBACK only (a talent submitter and a client get none).
   */
  clientFeedback: z
    .array(
      z.object({
        viewerName: z.string(),
        linkTitle: z.string(),
        vote: z.enum(FEEDBACK_VALUES).nullable(),
        comment: z.string().nullable(),
        updatedAt: z.string(),
      }),
    )
    .optional(),
  /** The team's ratings of the submission as the caller may see them (blind review hides others' until rated). */
  rating: ratingSummarySchema.optional(),
});
export type ApplicantSubmission = z.infer<typeof applicantSubmissionSchema>;

/**
 * What the talent agreed to in their latest application through an apply page: the versions of the office's terms
 * and privacy texts and when, and for a minor their parent's or guardian's consent (contact details: never a client's).
 */
export const applicationConsentSchema = z.object({
  termsVersion: z.number().int(),
  privacyVersion: z.number().int(),
  acceptedAt: z.string(),
  guardian: z.object({ fullName: z.string(), email: z.string(), consentAt: z.string() }).nullable(),
});
export type ApplicationConsent = z.infer<typeof applicationConsentSchema>;

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
  address: applicantAddressViewSchema.nullable(),
  socialProfiles: z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string()),
  bio: z.string().nullable(),
  resume: z.string().nullable(),
  tags: z.array(tagRefSchema),
  submissions: z.array(applicantSubmissionSchema),
  createdAt: z.string(),
  /** Younger than the office's age of majority (on applying, or by date of birth today): no contact details to clients. */
  minor: z.boolean(),
  /** Null for a person who never applied through an apply page (added by hand, imported), and for a client. */
  application: applicationConsentSchema.nullable(),
});
export type ApplicantDetail = z.infer<typeof applicantDetailSchema>;
