import { AGENCY_SEARCH_PAGE_SIZE } from '@casting/domain';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';
import type { LinkSettings } from './link-form-state';

// PENDING CONTRACTS: replaced by packages/domain/src/contracts/links.ts once wt-lapi lands.
const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  agencyId: z.string().nullable(),
  agencyName: z.string().nullable(),
  isVerified: z.boolean().optional(),
});
const agencySchema = z.object({
  id: z.string(),
  name: z.string(),
  websiteUrl: z.string().nullish(),
  avatarUrl: z.string().nullish(),
  isVerified: z.boolean().optional(),
  agents: z.array(agentSchema).default([]),
});
export type Agency = z.infer<typeof agencySchema>;
const agencyPageSchema = z.object({ items: z.array(agencySchema), hasMore: z.boolean().optional() });

const settingsSchema = z.object({
  displayProjectDetails: z.boolean(),
  displayOpportunityDetails: z.boolean(),
  allowChangeRep: z.boolean(),
  allowAddRep: z.boolean(),
  underReview: z.boolean(),
  allowNoRep: z.boolean(),
  includeTalent: z.boolean(),
  excludeAgent: z.boolean(),
}) satisfies z.ZodType<LinkSettings>;

const shareLinkSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  projectId: z.string(),
  title: z.string(),
  link: z.string(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()).default([]),
  defaultRoleId: z.string().nullable(),
  agency: z.object({ id: z.string(), name: z.string() }).nullable(),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  isRepresentative: z.boolean().default(false),
  settings: settingsSchema,
  submissionCount: z.number(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
const shareLinkPageSchema = z.object({ items: z.array(shareLinkSchema), nextCursor: z.string().nullable() });
const createdLinksSchema = z.array(z.object({ id: z.string(), projectId: z.string(), createdAt: z.string() }));
const titleCheckSchema = z.object({ isUnique: z.boolean() });

export const linkKeys = {
  project: (projectId: string) => ['share-links', projectId] as const,
  list: (projectId: string) => ['share-links', projectId, 'list'] as const,
  agencies: (projectId: string, text: string) => ['agencies', projectId, text] as const,
};

const linksPath = (projectId: string) => `/v2/projects/${encodeURIComponent(projectId)}/share-links`;

/** The project's links, newest first, a keyset page at a time. */
export function shareLinksQuery(http: HttpClient, projectId: string) {
  return infiniteQueryOptions({
    queryKey: linkKeys.list(projectId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      http.request(linksPath(projectId), shareLinkPageSchema, { signal, query: { cursor: pageParam } }),
    getNextPageParam: (page) => page.nextCursor,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** Agencies (with their agents) matching the typed text, 20 a page (spec section 9). */
export function agencySearchQuery(http: HttpClient, projectId: string, text: string) {
  return infiniteQueryOptions({
    queryKey: linkKeys.agencies(projectId, text),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      http.request('/users/agencies/search', agencyPageSchema, {
        signal,
        query: { text, projectId, limit: AGENCY_SEARCH_PAGE_SIZE, offset: pageParam },
      }),
    getNextPageParam: (page, pages) =>
      page.hasMore === false || page.items.length < AGENCY_SEARCH_PAGE_SIZE
        ? undefined
        : pages.length * AGENCY_SEARCH_PAGE_SIZE,
    meta: ERROR_SHOWN_INLINE,
  });
}

export function checkTitle(http: HttpClient, projectId: string, title: string, signal: AbortSignal) {
  return http
    .request(`${linksPath(projectId)}/check-title`, titleCheckSchema, {
      method: 'POST',
      body: { title },
      signal,
    })
    .then((answer) => answer.isUnique);
}

export type CreateLinksPayload = LinkSettings & {
  projectId: string;
  title: string;
  agencyIds: string[];
  agentIds: string[];
  roleIds: string[];
  defaultRoleId: string | null;
};

export function useCreateLinks(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateLinksPayload) =>
      http.request(linksPath(projectId), createdLinksSchema, { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.project(projectId) }),
  });
}

/** Closing a link, or giving it an expiry date, applies to its whole group (what one dialog created). */
export function useUpdateLinkGroup(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, change }: { groupId: string; change: { closed?: boolean; expiresAt?: string | null } }) =>
      http.send(`/v2/projects/${encodeURIComponent(projectId)}/share-link-groups/${encodeURIComponent(groupId)}`, {
        method: 'PATCH',
        body: change,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.project(projectId) }),
  });
}

