import { z } from 'zod';
import { SIZE_FIELDS, SOCIAL_PLATFORMS } from '../enums';
import { MESSAGES } from '../messages';
import { AGENCY_SEARCH_PAGE_SIZE } from '../constants';
import { ALWAYS_CHECK, emailSchema, nameSchema, phoneSchema } from '../validation/fields';
import { linkTitleSchema, opportunitySelectionSchema } from '../validation/links';
import { representativeFormSchema } from '../validation/representative';
import { applicantAddressSchema, CANDIDATE_MESSAGES } from './candidates';
import { optionSchema } from './lookups';
import { cursorQuery, keysetPageFields } from './pagination';

/**
 * Submission links, agencies and representation, and the public apply calls (issue 10).
 *
 * A share-link group is what one "Create New Candidate Submission Link(s)" dialog makes: a title, opportunities and
 * settings. It holds one link per chosen agency or agent (or one plain link); each link has its own secret token,
 * which is the slug of its public apply address.
 */

/** Texts of our own for rules the spec leaves unworded. */
export const LINK_MESSAGES = {
  linkNotFound: MESSAGES.submissionLinkNotFound,
  linkClosed: 'This submission link is closed and no longer accepts submissions.',
  linkExpired: 'This submission link has expired and no longer accepts submissions.',
  opportunityNotInLink: 'Choose one of the opportunities of this link.',
  opportunityNotInProject: 'One or more opportunities are not in this project.',
  agencyUnknown: 'One or more agencies do not exist.',
  agentUnknown: 'One or more agents do not exist.',
  representationNotAllowed: 'This link does not let you add or change the representation.',
  representationRequired: 'This link requires a representative.',
  tsMustUseOwnAgency: 'Talent submitters can share links only with their own agency.',
  tsNotVerifiedAgent: 'Only a verified agent can choose agencies.',
  opportunityNotSharedWithAgency:
    'Talent submitters can use only the opportunities the casting team has shared with their agency.',
  privateLinkInvalid: 'This private link is not valid. Use the link from your confirmation e-mail.',
  claimInvalid: 'This representation claim link is not valid.',
  claimAlreadyConfirmed: 'This representation claim has already been confirmed.',
  claimConfirmed: 'Representation confirmed.',
  claimDenied: 'Representation declined.',
  submissionReceived: MESSAGES.submissionReceived,
  notUnderReview: 'Only submissions waiting for review can be sent on.',
  applicantsInOneProject: 'Choose candidates of one project.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  editLinkDialogTitle: 'Edit submission link',
  linkUpdated: 'Submission link updated',
  linkReopened: (title: string) => `“${title}” is open again`,
  representationFixed: 'The agencies and agents of a link cannot change once it is shared.',
  chooseReferralUser: 'Choose at least one person to generate links for.',
  referralUserNotOnTeam: 'Choose people who are on this project’s team.',
  linksGenerated: (count: number) => `${count} ${count === 1 ? 'link' : 'links'} generated`,
  termsTitle: MESSAGES.termsTitle,
  privacyTitle: MESSAGES.privacyTitle,
  ageOrBirthDate: 'Give either a date of birth or an age, not both.',
  uploadGrantRequired: 'Uploads need the upload grant of this apply page. Reload the page and try again.',
} as const;

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });
const text = (max: number) =>
  z.string().trim().max(max, CANDIDATE_MESSAGES.tooLong(max)).nullable().optional();
/** A link secret: 24 base64url characters (144 random bits); anything else is refused before a lookup. */
export const linkTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, LINK_MESSAGES.linkNotFound);

// ----- Agencies, agents, representatives -----

export const agencySchema = z.object({
  id: z.string(),
  name: z.string(),
  websiteUrl: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isVerified: z.boolean(),
  agents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      isVerified: z.boolean(),
    }),
  ),
});
export type Agency = z.infer<typeof agencySchema>;

export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  agencyId: z.string(),
  agencyName: z.string(),
  userId: z.string().nullable(),
  isVerified: z.boolean(),
});
export type Agent = z.infer<typeof agentSchema>;

/** GET /users/agencies/search: the agency picker (pages of 20). */
export const agencySearchQuerySchema = z.object({
  text: z.string().trim().max(200).optional(),
  projectId: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AGENCY_SEARCH_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  agencyId: id.optional(),
  onlyVerifiedOrAccessProject: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});
export type AgencySearchQuery = z.infer<typeof agencySearchQuerySchema>;
export const agencySearchResultSchema = z.object({
  items: z.array(agencySchema),
  limit: z.number(),
  offset: z.number(),
  hasMore: z.boolean(),
});
export type AgencySearchResult = z.infer<typeof agencySearchResultSchema>;

/**
 * GET /admin/agencies (super admin, ours): every agency with its agents, for verifying them. Sorted by name then id
 * with keyset paging (`cursor` is the previous page's `nextCursor`); `text` searches names (at least 3 characters, so
 * the trigram index serves it).
 */
export const adminAgencyListQuerySchema = z.object({
  text: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AGENCY_SEARCH_PAGE_SIZE),
  ...cursorQuery,
});
export type AdminAgencyListQuery = z.infer<typeof adminAgencyListQuerySchema>;
export const adminAgencyListSchema = z.object({
  items: z.array(agencySchema),
  nextCursor: z.string().nullable(),
});
export type AdminAgencyList = z.infer<typeof adminAgencyListSchema>;
export const AGENCY_ADMIN_MESSAGES = {
  pageTitle: 'Agencies',
  noAgencies: 'No agencies match.',
  noAgents: 'No agents yet.',
  loadMore: 'Show more agencies',
  searchLabel: 'Search agencies',
  searchHint: 'Type at least 3 characters of the agency name.',
  verified: 'Verified',
  notVerified: 'Not verified',
  agencyVerified: (name: string) => `${name} is verified.`,
  agencyUnverified: (name: string) => `${name} is no longer verified.`,
  agentVerified: (name: string) => `${name} is verified.`,
  agentUnverified: (name: string) => `${name} is no longer verified.`,
} as const;

/** PATCH /users/agencies/{id} and /users/agents/{id}: a super admin verifies (or un-verifies). */
export const verifySchema = z.object({ isVerified: z.boolean() });

export const representativeSchema = z.object({
  id: z.string(),
  /** The submission link this representative came from, when any. */
  shortLinkId: z.string().nullable(),
  agent: agentSchema,
  agency: z.object({ agencyId: z.string(), name: z.string(), websiteUrl: z.string().nullable() }),
});
export type Representative = z.infer<typeof representativeSchema>;

/** GET /users/representatives?token=: the representation a link is pre-filled with (no sign-in). */
export const representativesQuerySchema = z.object({ token: linkTokenSchema });
export const representativeListSchema = z.object({ items: z.array(representativeSchema) });

/**
 * POST /users/representatives (no sign-in, link secret): the Add Representation form on an apply page. An agent
 * with the same e-mail is reused (never rewritten by an anonymous caller); otherwise a new, unverified agent is made
 * in the chosen agency, or in a new unverified agency.
 */
export const createRepresentativeSchema = z.intersection(
  representativeFormSchema,
  z.object({ token: linkTokenSchema }),
);
/** PATCH /users/representatives (no sign-in, the applicant's private link): change an applicant's representation. */
export const changeRepresentativeSchema = z.intersection(
  representativeFormSchema,
  z.object({ applicantId: id, accessToken: linkTokenSchema }),
);

export const representativeSearchQuerySchema = z.object({
  text: z.string().trim().max(200).optional(),
  projectId: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AGENCY_SEARCH_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export const representativeSearchResultSchema = z.object({
  items: z.array(agentSchema),
  hasMore: z.boolean(),
});

/** GET /applicants/representatives?applicantIds[]=: each applicant's representation (one project). */
export const applicantRepresentativesQuerySchema = z.object({
  'applicantIds[]': z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(id).min(1).max(500),
  ),
});
export const CLAIM_STATUSES = ['PENDING', 'CONFIRMED', 'DENIED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const applicantRepresentativesSchema = z.object({
  items: z.array(
    z.object({
      applicantId: z.string(),
      representatives: z.array(representativeSchema.extend({ status: z.enum(CLAIM_STATUSES) })),
    }),
  ),
});

/** POST /v2/projects/{id}/claim-representative[/deny]: the agent answers from the e-mailed link (no sign-in). */
export const claimAnswerSchema = z.object({ claimId: id, token: linkTokenSchema });
/** GET /v2/projects/{id}/claim-representative/{claimId}?token=: what the claim page shows before the answer. */
export const claimViewQuerySchema = z.object({ token: linkTokenSchema });
export const claimViewSchema = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  projectName: z.string(),
  talentName: z.string(),
  agentName: z.string(),
  agencyName: z.string(),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

export const claimAnswerResultSchema = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  message: z.string(),
});

// ----- Share links -----

export const shareLinkSettingsSchema = z.object({
  displayProjectDetails: z.boolean().default(true),
  displayOpportunityDetails: z.boolean().default(true),
  allowChangeRep: z.boolean().default(false),
  allowAddRep: z.boolean().default(true),
  underReview: z.boolean().default(false),
  allowNoRep: z.boolean().default(true),
  includeTalent: z.boolean().default(true),
  excludeAgent: z.boolean().default(false),
});
export type ShareLinkSettingsInput = z.input<typeof shareLinkSettingsSchema>;
export type ShareLinkSettings = z.infer<typeof shareLinkSettingsSchema>;
export const SHARE_LINK_SETTING_KEYS = Object.keys(
  shareLinkSettingsSchema.shape,
) as (keyof ShareLinkSettings)[];

/**
 * The settings a talent submitter (an agent outside the casting office) chooses for their links: whether submissions
 * wait for their agency's review, and who gets the e-mails about a submission. What the apply page shows and how
 * representation may be changed stay the casting office's call, so a submitter's other values are not taken.
 */
export const SUBMITTER_LINK_SETTING_KEYS = [
  'underReview',
  'includeTalent',
  'excludeAgent',
] as const satisfies readonly (keyof ShareLinkSettings)[];

/**
 * A talent submitter's settings: the review and communication ones as they asked, every other one as `base` holds it
 * (the stored values of an existing group, the defaults of a new one).
 */
export function submitterLinkSettings(
  base: ShareLinkSettings,
  requested: Partial<ShareLinkSettings>,
): ShareLinkSettings {
  const next = { ...base };
  for (const key of SUBMITTER_LINK_SETTING_KEYS) {
    const value = requested[key];
    if (value !== undefined) next[key] = value;
  }
  return next;
}

/**
 * The toggle dependencies of spec section 4, applied to what is stored: with no agencies chosen changeAgency
 * (allowChangeRep) is off; 'No Agency' needs Change Agency on or no agencies; Exclude Agent needs Include Candidate.
 */
export function normaliseLinkSettings(
  settings: ShareLinkSettings,
  hasRepresentation: boolean,
): ShareLinkSettings {
  const next = { ...settings };
  if (!hasRepresentation) next.allowChangeRep = false;
  if (hasRepresentation && !next.allowChangeRep) next.allowNoRep = false;
  if (!next.includeTalent) next.excludeAgent = false;
  return next;
}

/** POST /v2/projects/{id}/share-links/check-title */
export const checkTitleRequestSchema = z.object({ title: linkTitleSchema, excludeGroupId: id.optional() });
export const checkTitleResultSchema = z.object({ isUnique: z.boolean() });

/** POST /v2/projects/{id}/share-links: create (no `id`) or update the group of link `id`. */
export const shareLinkUpsertSchema = z
  .object({
    id: id.optional(),
    title: linkTitleSchema.max(200, CANDIDATE_MESSAGES.tooLong(200)),
    agencyIds: z.array(id).max(50).default([]),
    agentIds: z.array(id).max(50).default([]),
    roleIds: z.array(id).max(100),
    defaultRoleId: z.string().nullish(),
    isRepresentative: z.boolean().optional(),
    ...shareLinkSettingsSchema.shape,
    projectId: z.string().max(64).optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const result = opportunitySelectionSchema.safeParse({
      roleIds: value.roleIds,
      defaultRoleId: value.defaultRoleId,
    });
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    }
  }, ALWAYS_CHECK);
export type ShareLinkUpsertInput = z.input<typeof shareLinkUpsertSchema>;
export type ShareLinkUpsert = z.infer<typeof shareLinkUpsertSchema>;

export const createdShareLinkSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  groupId: z.string(),
  createdAt: z.string(),
  link: z.string(),
});
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;
export const shareLinkUpsertResultSchema = z.array(createdShareLinkSchema);

/** PATCH /v2/projects/{id}/share-link-groups/{groupId}: rename, settings, close or reopen, expiry. */
/**
 * The link generation form with referral users (spec sections 5 and 6, SELECT_LINK_REFERRAL_USERS): one link per
 * chosen team member, as one group named `name`. With `representation` each link is pre-filled with that person's
 * agent record, so every one of them must belong to a talent agency.
 */
export const referralUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  agencyId: z.string().nullable(),
  agencyName: z.string().nullable(),
});
export type ReferralUser = z.infer<typeof referralUserSchema>;
export const referralUserListSchema = z.object({ items: z.array(referralUserSchema) });

export const linkGenerationRequestSchema = z
  .object({
    name: linkTitleSchema.max(200, CANDIDATE_MESSAGES.tooLong(200)),
    roleIds: z.array(id).min(1, MESSAGES.selectAtLeastOneRole).max(100),
    defaultRoleId: z.string().nullish(),
    representation: z.boolean().default(false),
    referralUserIds: z.array(id).min(1, LINK_MESSAGES.chooseReferralUser).max(50),
  })
  .superRefine((value, ctx) => {
    const result = opportunitySelectionSchema.safeParse({
      roleIds: value.roleIds,
      defaultRoleId: value.defaultRoleId,
    });
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    }
  }, ALWAYS_CHECK);
export type LinkGenerationRequest = z.infer<typeof linkGenerationRequestSchema>;

export const shareLinkGroupPatchSchema = z.object({
  title: linkTitleSchema.max(200, CANDIDATE_MESSAGES.tooLong(200)).optional(),
  closed: z.boolean().optional(),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  settings: shareLinkSettingsSchema.partial().optional(),
});

export const LINK_STATUSES = ['OPEN', 'CLOSED', 'EXPIRED'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

const opportunityRefSchema = z.object({ id: z.string(), name: z.string() });

export const shareLinkListItemSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  projectId: z.string(),
  title: z.string(),
  /** The public apply address's slug (the link secret), shown to the team to copy. */
  token: z.string(),
  link: z.string(),
  opportunities: z.array(opportunityRefSchema),
  defaultRoleId: z.string(),
  agency: z.object({ id: z.string(), name: z.string() }).nullable(),
  agent: z.object({ id: z.string(), name: z.string(), agencyName: z.string() }).nullable(),
  /** The team member the link was generated for (link generation with referral users), or null. */
  referralUser: z.object({ id: z.string(), name: z.string() }).nullable(),
  isRepresentative: z.boolean(),
  settings: shareLinkSettingsSchema,
  submissionCount: z.number(),
  status: z.enum(LINK_STATUSES),
  closedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ShareLinkListItem = z.infer<typeof shareLinkListItemSchema>;

export const shareLinkListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  ...cursorQuery,
});
export const shareLinkListSchema = z.object({
  items: z.array(shareLinkListItemSchema),
  limit: z.number(),
  ...keysetPageFields,
});
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;

/** GET /v2/projects/standalone-url-mapping?url&projectId: the slug of an apply address to its link. */
export const urlMappingQuerySchema = z.object({
  url: z.string().trim().min(1).max(2000),
  projectId: id.optional(),
});
export const urlMappingResultSchema = z.object({
  projectId: z.string(),
  shareLinkId: z.string(),
  token: z.string(),
  status: z.enum(LINK_STATUSES),
});

/** GET /v2/share-links/resolve?token=: what an apply page needs, or only the status when the link is not open. */
export const resolveLinkQuerySchema = z.object({ token: linkTokenSchema });
export const resolvedLinkSchema = z.object({
  status: z.enum(LINK_STATUSES),
  message: z.string().nullable(),
  shareLinkId: z.string(),
  projectId: z.string(),
  title: z.string(),
  project: z.object({ name: z.string(), description: z.string().nullable() }).nullable(),
  opportunities: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable() })),
  defaultRoleId: z.string().nullable(),
  settings: shareLinkSettingsSchema.nullable(),
  representative: representativeSchema.nullable(),
  agency: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Opaque grant for the upload calls of the apply page (media module), when the link is open. */
  uploadGrant: z.string().nullable(),
  /**
   * The choices of the apply form's lookup fields (gender, ethnic appearance), when the link is open: the lookup
   * calls are for signed-in staff, so an apply page learns them here, under the link's secret (decision 0047).
   */
  lookups: z.object({ genders: z.array(optionSchema), ethnicAppearances: z.array(optionSchema) }).nullable(),
});
export type ResolvedLink = z.infer<typeof resolvedLinkSchema>;

// ----- Standalone apply -----

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
export const standaloneUpdateSchema = z
  .object(talentFields)
  .partial()
  .extend({ accessToken: linkTokenSchema });
export type StandaloneUpdate = z.infer<typeof standaloneUpdateSchema>;

export const privateTokenQuerySchema = z.object({ token: linkTokenSchema });
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
  address: applicantAddressSchema.nullable(),
  bio: z.string().nullable(),
  opportunities: z.array(opportunityRefSchema),
  representatives: z.array(representativeSchema.extend({ status: z.enum(CLAIM_STATUSES) })),
});
export type StandaloneView = z.infer<typeof standaloneViewSchema>;

/** GET /v2/applicants/{id}/standalone/resend-email?token=<link token>: a fresh private link to the stored e-mail. */
export const resendQuerySchema = z.object({ token: linkTokenSchema });

/** POST /applicants/{projectId}/check-email-webform: whether this e-mail already applied (mails their link). */
export const checkEmailWebformSchema = z.object({ email: emailSchema, token: linkTokenSchema });
export const checkEmailWebformResultSchema = z.object({ isReturning: z.boolean() });

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
 * The default text of /terms and /privacy (ours: the spec names the pages, not their words). Plain statements of
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

/** POST /v2/projects/{id}/applicants/send-under-review: a TS sends FOR_REVIEW submissions on to the casting team. */
export const sendUnderReviewSchema = z.object({ applicantIds: z.array(id).min(1).max(500) });
export const sendUnderReviewResultSchema = z.object({ sent: z.number() });

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
