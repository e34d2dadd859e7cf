import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PUBLIC_TEXTS } from '../public-texts';
import { ALWAYS_CHECK } from '../validation/fields';
import { linkTitleSchema, opportunitySelectionSchema } from '../validation/links';
import { CANDIDATE_MESSAGES } from './candidates';
import { linkTokenSchema } from './link-token';
import { optionSchema } from './lookups';
import { opportunityBreakdownSchema } from './opportunities';
import { cursorQuery, keysetPageFields } from './pagination';
import { representativeSchema } from './representation';

/**
 * Submission links: a share-link group is what one "Create New Candidate Submission Link(s)" dialog makes: a title,
 * opportunities and settings. It holds one link per chosen agency or agent (or one plain link); each link has its own
 * secret token, which is the slug of its public apply address. Agencies, representation and the apply calls
 * themselves have their own contract files (agencies.ts, representatives.ts, apply.ts).
 */

/** Texts of the submission links' rules. */
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
  applicationConfirmed: PUBLIC_TEXTS.applicationConfirmed,
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
 * The link dialog's toggle dependencies, applied to what is stored: with no agencies chosen changeAgency
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

/**
 * The link generation form with referral users (for those with SELECT_LINK_REFERRAL_USERS): one link per chosen team
 * member, as one group named `name`, with at least one opportunity. With `representation` each link is pre-filled
 * with that person's agent record, so every one of them must belong to a talent agency.
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

/** PATCH /v2/projects/{id}/share-link-groups/{groupId}: rename, settings, close or reopen, expiry. */
export const shareLinkGroupPatchSchema = z.object({
  title: linkTitleSchema.max(200, CANDIDATE_MESSAGES.tooLong(200)).optional(),
  closed: z.boolean().optional(),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  settings: shareLinkSettingsSchema.partial().optional(),
});

export const LINK_STATUSES = ['OPEN', 'CLOSED', 'EXPIRED'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** An opportunity as a link names it. */
export const opportunityRefSchema = z.object({ id: z.string(), name: z.string() });

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
  /** The project as the apply page describes it, when the link shows project details. */
  project: z
    .object({
      name: z.string(),
      description: z.string().nullable(),
      productionCompany: z.string().nullable(),
      location: z.string().nullable(),
      submissionDeadline: z.string().nullable(),
      auditionDate: z.string().nullable(),
      shootStartDate: z.string().nullable(),
      shootEndDate: z.string().nullable(),
    })
    .nullable(),
  /** The link's opportunities; description and breakdown only when the link shows opportunity details. */
  opportunities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      breakdown: opportunityBreakdownSchema.nullable(),
    }),
  ),
  defaultRoleId: z.string().nullable(),
  settings: shareLinkSettingsSchema.nullable(),
  representative: representativeSchema.nullable(),
  agency: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Opaque grant for the upload calls of the apply page (media module), when the link is open. */
  uploadGrant: z.string().nullable(),
  /**
   * The choices of the apply form's lookup fields (gender, ethnic appearance), when the link is open: the lookup
   * calls are for signed-in staff, so an apply page learns them here, under the link's secret (decision 0134).
   */
  lookups: z.object({ genders: z.array(optionSchema), ethnicAppearances: z.array(optionSchema) }).nullable(),
  /**
   * The link's office's rule for minors, when the link is open: a talent younger than `ageOfMajority` on today's date
   * where the office works (`timeZone`) is asked for a parent's or guardian's consent.
   */
  minorRule: z.object({ ageOfMajority: z.number().int(), timeZone: z.string() }).nullable(),
});
export type ResolvedLink = z.infer<typeof resolvedLinkSchema>;

/** POST /v2/projects/{id}/applicants/send-under-review: a TS sends FOR_REVIEW submissions on to the casting team. */
export const sendUnderReviewSchema = z.object({ applicantIds: z.array(id).min(1).max(500) });
export const sendUnderReviewResultSchema = z.object({ sent: z.number() });

/**
 * GET /v2/projects/{id}/applicants/agency-review-counts: how many candidates wait with the agencies (in the submitter
 * folders For Review and Hold for Later), per agency of their referring agent (null: no agent named); the casting
 * team's view, limited to one opportunity with `roleId`.
 */
export const agencyReviewCountsQuerySchema = z.object({ roleId: id.optional() });
export const agencyReviewCountsSchema = z.object({
  total: z.number(),
  agencies: z.array(
    z.object({ agencyId: z.string().nullable(), agencyName: z.string().nullable(), count: z.number() }),
  ),
});
export type AgencyReviewCounts = z.infer<typeof agencyReviewCountsSchema>;
