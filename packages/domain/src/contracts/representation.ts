import { z } from 'zod';
import { AGENCY_SEARCH_PAGE_SIZE } from '../constants';
import { representativeFormSchema } from '../validation/representation';
import { agentSchema } from './agencies';
import { CANDIDATE_MESSAGES } from './candidates';
import { linkTokenSchema } from './link-token';

/**
 * Representation: the agent (and agency) who represents a talent, added from an apply page or a private link, and
 * the claim the agent confirms or declines from an e-mailed link.
 */

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });

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
/**
 * GET /v2/projects/{id}/claim-representative/{claimId}?token=: what the claim page shows. The claim's secret opens
 * the talent's and the project's names and the answer so far, nothing more: a forwarded mail tells no one else the
 * agent's or agency's details.
 */
export const claimViewQuerySchema = z.object({ token: linkTokenSchema });
export const claimViewSchema = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  projectName: z.string(),
  talentName: z.string(),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

export const claimAnswerResultSchema = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  message: z.string(),
});
