import { z } from 'zod';
import { AGENCY_SEARCH_PAGE_SIZE } from '../constants';
import { CANDIDATE_MESSAGES } from './candidates';
import { cursorQuery } from './pagination';

/** Talent agencies and their agents: the pickers of the link dialog, and the super admin's verification. */

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });

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
