import { z } from 'zod';
import { CONSENT_TEXTS } from '../consent-texts';
import { SIZE_FIELDS, SOCIAL_PLATFORMS } from '../enums';
import { emailSchema, nameSchema, phoneSchema } from '../validation/fields';
import { representativeFormSchema } from '../validation/representation';
import { applicantAddressSchema, applicantAddressViewSchema, CANDIDATE_MESSAGES } from './candidates';
import { linkTokenSchema } from './link-token';
import { opportunityRefSchema } from './links';
import { CLAIM_STATUSES, representativeSchema } from './representation';

/**
 * The public apply calls (no sign-in, under a link's secret): applying through a submission link, the talent's
 * private link to view and update the submission, the legal pages' text and the address look-up.
 */

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });
const text = (max: number) =>
  z.string().trim().max(max, CANDIDATE_MESSAGES.tooLong(max)).nullable().optional();

const sizesSchema = z.partialRecord(z.enum(SIZE_FIELDS), z.string().trim().max(50));
const socialSchema = z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string().trim().max(500));

/** A completed upload named by the apply page (the media module's upload reference). */
export const uploadReferenceSchema = z.object({
  key: z.string().trim().min(1).max(1024),
  name: z.string().trim().max(300).optional(),
  type: z.enum(['PHOTO', 'VIDEO', 'DOCUMENT']).optional(),
});

/** The talent's own details; nothing defaults here so an update changes only what it names. */
const talentFields = {
  firstName: nameSchema.max(100, CANDIDATE_MESSAGES.tooLong(100)),
  lastName: nameSchema.max(100, CANDIDATE_MESSAGES.tooLong(100)),
  phone: phoneSchema.nullable(),
  dateOfBirth: z.iso.date({ error: CANDIDATE_MESSAGES.invalidDate }).nullable(),
  age: z.number().int().min(0).max(120).nullable(),
  genderId: id.nullable(),
  ethnicAppearanceIds: z.array(id).max(20),
  sizes: sizesSchema,
  socialProfiles: socialSchema,
  address: applicantAddressSchema.nullable(),
  bio: text(5000),
  uploads: z.array(uploadReferenceSchema).max(50),
};

/**
 * A parent's or guardian's consent, as the apply page sends it. Its shape only: whether it is required (the talent is
 * a minor by the office's age of majority) and complete is judged by the API, which answers each missing part.
 */
export const guardianConsentSchema = z.object({
  fullName: z.string().trim().max(200, CANDIDATE_MESSAGES.tooLong(200)).default(''),
  email: z.string().trim().max(320, CANDIDATE_MESSAGES.tooLong(320)).default(''),
  consent: z.boolean().default(false),
});
export type GuardianConsent = z.infer<typeof guardianConsentSchema>;

/**
 * What a minor's application still lacks of its guardian's consent, one message per field: a full name, a valid
 * e-mail, the ticked consent. The apply page shows them beside the fields; the API refuses with them.
 */
export function guardianIssues(
  guardian: { fullName?: string; email?: string; consent?: boolean } | null | undefined,
): { field: 'fullName' | 'email' | 'consent'; message: string }[] {
  const issues: { field: 'fullName' | 'email' | 'consent'; message: string }[] = [];
  const fullName = guardian?.fullName?.trim() ?? '';
  const email = guardian?.email?.trim() ?? '';
  if (!fullName) issues.push({ field: 'fullName', message: CONSENT_TEXTS.guardianNameRequired });
  if (!email) issues.push({ field: 'email', message: CONSENT_TEXTS.guardianEmailRequired });
  else {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) issues.push({ field: 'email', message: parsed.error.issues[0]!.message });
  }
  if (guardian?.consent !== true)
    issues.push({ field: 'consent', message: CONSENT_TEXTS.guardianConsentRequired });
  return issues;
}

/**
 * POST /v2/applicants/standalone: a talent (or their agent) applies through a link. `website` is a honeypot the
 * page hides from people; a filled one is answered like a success and stored nowhere.
 */
export const standaloneApplySchema = z.object({
  token: linkTokenSchema,
  roleId: id.optional(),
  email: emailSchema,
  ...talentFields,
  phone: talentFields.phone.optional(),
  dateOfBirth: talentFields.dateOfBirth.optional(),
  age: talentFields.age.optional(),
  genderId: talentFields.genderId.optional(),
  ethnicAppearanceIds: talentFields.ethnicAppearanceIds.default([]),
  sizes: talentFields.sizes.default({}),
  socialProfiles: talentFields.socialProfiles.default({}),
  address: talentFields.address.optional(),
  uploads: talentFields.uploads.default([]),
  /** An existing representative (agent id) or a new one from the Add Representation form. */
  repId: id.nullable().optional(),
  representative: representativeFormSchema.nullable().optional(),
  website: z.string().max(500).optional(),
  /** The talent accepts the office's terms and privacy texts; the application records their versions. */
  acceptTerms: z.literal(true, { error: CONSENT_TEXTS.acceptTermsRequired }),
  /** Required (complete, with consent) when the talent is a minor; ignored otherwise. */
  guardian: guardianConsentSchema.nullable().optional(),
  /** The upload grant of the resolve answer; required when `uploads` names any. */
  uploadGrant: z.string().max(2000).optional(),
});
export type StandaloneApplyInput = z.input<typeof standaloneApplySchema>;
export type StandaloneApply = z.infer<typeof standaloneApplySchema>;

export const standaloneApplyResultSchema = z.object({
  applicantId: z.string(),
  submissionId: z.string(),
  message: z.string(),
});

/** PATCH /v2/applicants/standalone/{id}: the talent updates their details through the private link. */
export const standaloneUpdateSchema = z.object(talentFields).partial().extend({
  accessToken: linkTokenSchema,
  /**
   * Required (complete, with consent) when a changed date of birth or age makes the talent a minor by the office's
   * rule and no guardian's consent is on record yet; ignored otherwise.
   */
  guardian: guardianConsentSchema.nullable().optional(),
});
export type StandaloneUpdate = z.infer<typeof standaloneUpdateSchema>;

export const privateTokenQuerySchema = z.object({ token: linkTokenSchema });

/** How many photos, tapes and documents a talent may keep on their submission (the apply form's own limit). */
export const PRIVATE_MEDIA_MAX = 50;

export const PRIVATE_MEDIA_TEXTS = {
  heading: 'Your photos, tapes and documents',
  intro: 'The casting team sees these with your submission. Add new ones, or remove one to replace it.',
  none: 'You have not sent any files yet.',
  remove: (name: string) => `Remove ${name} from your submission`,
  removeQuestion: 'The casting team will no longer see this file. To replace it, add the new one afterwards.',
  processing: 'Being prepared…',
  removed: (name: string) => `${name} was removed.`,
  added: (count: number) => `${count} ${count === 1 ? 'file was' : 'files were'} added to your submission.`,
  confirmFirst: 'Confirm your application first; then you can change your files.',
  tooMany: (max: number) => `A submission keeps at most ${max} files. Remove one before adding another.`,
  onlyYours: 'Only files you sent yourself can be removed here.',
};

/** One file the talent sent, as their private page shows it (the team's own files and the selfie are not listed). */
export const privateMediaItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'video', 'document']),
  status: z.enum(['PENDING', 'IN_PROGRESS', 'PROCESSED', 'FAILED']),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
});
/** GET /v2/applicants/{id}/standalone/media: the talent's files and the upload grant to send more. */
export const privateMediaSchema = z.object({
  items: z.array(privateMediaItemSchema),
  uploadGrant: z.string(),
});
export type PrivateMedia = z.infer<typeof privateMediaSchema>;
/** POST /v2/applicants/{id}/standalone/media: finished uploads (their `Key`) added to the submission. */
export const privateMediaAddSchema = z.object({
  accessToken: linkTokenSchema,
  keys: z.array(z.string().min(1).max(500)).min(1).max(PRIVATE_MEDIA_MAX),
});
export type PrivateMediaAdd = z.infer<typeof privateMediaAddSchema>;
export const standaloneViewSchema = z.object({
  applicantId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  genderId: z.string().nullable(),
  sizes: z.record(z.string(), z.string()),
  socialProfiles: z.record(z.string(), z.string()),
  address: applicantAddressViewSchema.nullable(),
  bio: z.string().nullable(),
  opportunities: z.array(opportunityRefSchema),
  representatives: z.array(representativeSchema.extend({ status: z.enum(CLAIM_STATUSES) })),
  /** Applied with an address that already belonged to a person: it waits for the address owner's confirmation. */
  unconfirmed: z.boolean(),
});
export type StandaloneView = z.infer<typeof standaloneViewSchema>;

/**
 * POST /v2/applicants/{id}/standalone/confirm: the address's owner confirms an application waiting for it, with the
 * private link mailed to that address; the application then applies to the person the address belongs to.
 */
export const confirmApplicationSchema = z.object({ accessToken: linkTokenSchema });
export const confirmApplicationResultSchema = standaloneApplyResultSchema;

/** GET /v2/applicants/{id}/standalone/resend-email?token=<link token>: a fresh private link to the stored e-mail. */
export const resendQuerySchema = z.object({ token: linkTokenSchema });

/** POST /applicants/{projectId}/check-email-webform: whether this e-mail already applied (mails their link). */
export const checkEmailWebformSchema = z.object({ email: emailSchema, token: linkTokenSchema });
export const checkEmailWebformResultSchema = z.object({ isReturning: z.boolean() });

/** An apply page names its submission link, so the page shows the link's office's own terms and privacy texts. */
export const globalContentQuerySchema = z.object({ token: z.string().max(200).optional() });

export const globalContentSchema = z.object({
  termsUrl: z.string(),
  privacyUrl: z.string(),
  termsTitle: z.string(),
  privacyTitle: z.string(),
  /** The pages' text, a paragraph per entry. */
  terms: z.array(z.string()),
  privacy: z.array(z.string()),
  supportEmail: z.string().nullable(),
});

/**
 * The default text of /terms and /privacy. Plain statements of
 * what the product does with a submission, true of this code base. An office gives its own legal text to the API in
 * files (TERMS_FILE and PRIVACY_FILE, decision 0068), which replace these.
 */
export const PUBLIC_PAGE_TEXT = {
  terms: [
    'These pages let you submit yourself, or a client you represent, to a casting project. You need no account.',
    'Submit only information and media that you have the right to share. The casting team uses your submission to consider you for the project’s opportunities and to contact you about it.',
    'A submission does not promise an audition, a role or payment. The casting team may close a submission link at any time.',
    'You can view and update your submission through the private link in your confirmation e-mail. Keep that link to yourself: anyone who has it can change your submission.',
  ],
  privacy: [
    'We store what you enter in the form (names, contact details, appearance, sizes, address, social profiles and representation) and the photos, videos and documents you upload.',
    'Your submission is seen by the casting team of the project you applied to and, when you name an agent, by that agent’s agency. A casting team may share selected submissions with its clients for review.',
    'We send you e-mail about your submission only: the confirmation with your private link and messages from the casting team. Naming an agent sends them an e-mail asking them to confirm that they represent you.',
    'To have your submission removed, reply to your confirmation e-mail or contact the casting team that published the link.',
  ],
} as const;

// ----- Address look-up -----

export const addressLookupQuerySchema = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/)
    .optional(),
  q: z.string().trim().min(2).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const addressSuggestionSchema = z.object({
  zip: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  label: z.string(),
});
export const addressLookupResultSchema = z.object({ items: z.array(addressSuggestionSchema) });
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
