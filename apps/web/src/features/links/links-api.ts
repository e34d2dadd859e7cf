import {
  AGENCY_SEARCH_PAGE_SIZE,
  agencySearchResultSchema,
  checkTitleResultSchema,
  roleOptionListSchema,
  referralUserListSchema,
  shareLinkListSchema,
  shareLinkUpsertResultSchema,
} from '@casting/domain';
import type { LinkGenerationRequest, ShareLinkUpsertInput } from '@casting/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

export type { Agency, ShareLinkListItem as ShareLink } from '@casting/domain';

export const linkKeys = {
  project: (projectId: string) => ['share-links', projectId] as const,
  list: (projectId: string) => ['share-links', projectId, 'list'] as const,
  agencies: (projectId: string, text: string) => ['agencies', projectId, text] as const,
  opportunities: (projectId: string) => ['share-links', projectId, 'opportunities'] as const,
  referralUsers: (projectId: string) => ['share-links', projectId, 'referral-users'] as const,
};

const linksPath = (projectId: string) => `/v2/projects/${encodeURIComponent(projectId)}/share-links`;

/** The project's links, newest first, a keyset page at a time. */
export function shareLinksQuery(http: HttpClient, projectId: string) {
  return infiniteQueryOptions({
    queryKey: linkKeys.list(projectId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      http.request(linksPath(projectId), shareLinkListSchema, { signal, query: { cursor: pageParam } }),
    getNextPageParam: (page) => page.nextCursor,
    meta: ERROR_SHOWN_INLINE,
  });
}

/**
 * The opportunities the link dialog offers its user: a talent submitter only those the casting team has shared with
 * their agency (the API refuses any other), everyone else all of the project's.
 */
export function linkOpportunitiesQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: linkKeys.opportunities(projectId),
    queryFn: ({ signal }) =>
      http.request(`${linksPath(projectId)}/opportunities`, roleOptionListSchema, { signal }),
  });
}

/** Agencies (with their agents) matching the typed text, 20 a page. */
export function agencySearchQuery(http: HttpClient, projectId: string, text: string) {
  return infiniteQueryOptions({
    queryKey: linkKeys.agencies(projectId, text),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      http.request('/users/agencies/search', agencySearchResultSchema, {
        signal,
        query: { text, projectId, limit: AGENCY_SEARCH_PAGE_SIZE, offset: pageParam },
      }),
    getNextPageParam: (page, pages) => (page.hasMore ? pages.length * AGENCY_SEARCH_PAGE_SIZE : undefined),
    meta: ERROR_SHOWN_INLINE,
  });
}

/** Whether a title is free in the project; `excludeGroupId` is the group being edited, whose own title is free. */
export function checkTitle(
  http: HttpClient,
  projectId: string,
  title: string,
  signal: AbortSignal,
  excludeGroupId?: string,
) {
  return http
    .request(`${linksPath(projectId)}/check-title`, checkTitleResultSchema, {
      method: 'POST',
      body: { title, excludeGroupId },
      signal,
    })
    .then((answer) => answer.isUnique);
}

export function useCreateLinks(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ShareLinkUpsertInput) =>
      http.request(linksPath(projectId), shareLinkUpsertResultSchema, { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.project(projectId) }),
  });
}

/** Closing a link, or giving it an expiry date, applies to its whole group (what one dialog created). */
export function useUpdateLinkGroup(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      groupId,
      change,
    }: {
      groupId: string;
      change: { closed?: boolean; expiresAt?: string | null };
    }) =>
      http.send(
        `/v2/projects/${encodeURIComponent(projectId)}/share-link-groups/${encodeURIComponent(groupId)}`,
        {
          method: 'PATCH',
          body: change,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.project(projectId) }),
  });
}

/** The team members links may be generated for, with the agency of each representative. */
export function referralUsersQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: linkKeys.referralUsers(projectId),
    queryFn: ({ signal }) =>
      http.request(`${linksPath(projectId)}/referral-users`, referralUserListSchema, { signal }),
  });
}

/** The link generation form: one link per referral user, as one group. */
export function useGenerateLinks(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LinkGenerationRequest) =>
      http.request(`${linksPath(projectId)}/generate`, shareLinkUpsertResultSchema, {
        method: 'POST',
        body: payload,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.project(projectId) }),
  });
}
