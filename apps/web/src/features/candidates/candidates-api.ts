import {
  agencySearchResultSchema,
  applicantDetailSchema,
  applicantListSchema,
  CACHE_MS,
  folderCountsSchema,
  folderListSchema,
  bulkResultSchema,
  lookupPageSchema,
  optionSchema,
  shareLinkListSchema,
} from '@casting/domain';
import type { ApplicantList, CopyMoveRequestInput, VoteType } from '@casting/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { HttpClient, QueryParams } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

/** Rows per page: the API's default, enough to fill a tall screen twice. */
export const CANDIDATES_PAGE_SIZE = 50;

export const candidateKeys = {
  project: (projectId: string) => ['candidates', projectId] as const,
  lists: (projectId: string) => ['candidates', projectId, 'list'] as const,
  list: (projectId: string, query: QueryParams) => ['candidates', projectId, 'list', query] as const,
  detail: (projectId: string, applicantId: string) =>
    ['candidates', projectId, 'detail', applicantId] as const,
  tags: (projectId: string) => ['candidates', projectId, 'tags'] as const,
  folderCounts: (projectId: string, roleId: string) =>
    ['candidates', projectId, 'folder-counts', roleId] as const,
  referralOptions: (projectId: string) => ['candidates', projectId, 'referral-options'] as const,
  agentOptions: (projectId: string) => ['candidates', projectId, 'agent-options'] as const,
};

/**
 * How many candidates each folder of an opportunity holds (at most 1,000 each, `capped` beyond). Under the
 * project's candidate key, so refreshCandidates (every change, APPLICANTS_UPDATED) refetches it with the list.
 */
export function folderCountsQuery(http: HttpClient, projectId: string, roleId: string) {
  return queryOptions({
    queryKey: candidateKeys.folderCounts(projectId, roleId),
    queryFn: async ({ signal }) =>
      (
        await http.request(`${projectPath(projectId)}/applicants/folder-counts`, folderCountsSchema, {
          signal,
          query: { roleId },
        })
      ).counts,
    placeholderData: keepPreviousData,
  });
}

/** How many links and agencies the filter panel offers; the agent search box reaches the rest. */
const FILTER_OPTIONS_LIMIT = 100;

/** The project's submission links as referral filter choices, newest first (the links page's list, one page). */
export function referralOptionsQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: candidateKeys.referralOptions(projectId),
    queryFn: async ({ signal }) => {
      const page = await http.request(
        `/v2/projects/${encodeURIComponent(projectId)}/share-links`,
        shareLinkListSchema,
        { signal, query: { limit: FILTER_OPTIONS_LIMIT } },
      );
      return page.items.map((link) => ({ value: link.id, label: link.title }));
    },
  });
}

/** Agents of the agencies verified or working with this project, as agent filter choices ("Agent (Agency)"). */
export function agentOptionsQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: candidateKeys.agentOptions(projectId),
    queryFn: async ({ signal }) => {
      const page = await http.request('/users/agencies/search', agencySearchResultSchema, {
        signal,
        query: { projectId, onlyVerifiedOrAccessProject: true, limit: FILTER_OPTIONS_LIMIT, offset: 0 },
      });
      return page.items.flatMap((agency) =>
        agency.agents.map((agent) => ({ value: agent.id, label: `${agent.name} (${agency.name})` })),
      );
    },
  });
}

const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

/** The candidates list, page after page from `nextCursor` (keyset paging: no total, no offset). */
export function candidateListQuery(http: HttpClient, projectId: string, query: QueryParams) {
  return infiniteQueryOptions({
    queryKey: candidateKeys.list(projectId, query),
    queryFn: ({ signal, pageParam }) =>
      http.request(`${projectPath(projectId)}/applicants`, applicantListSchema, {
        query: { ...query, limit: CANDIDATES_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ApplicantList) => page.nextCursor,
    // The list on screen stays while a changed filter's first page loads, so the page does not flash empty.
    placeholderData: keepPreviousData,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** The person behind a row: full profile, tags and every submission to the project the caller may see. */
export function candidateDetailQuery(http: HttpClient, projectId: string, applicantId: string) {
  return queryOptions({
    queryKey: candidateKeys.detail(projectId, applicantId),
    queryFn: ({ signal }) =>
      http.request(
        `${projectPath(projectId)}/candidates/${encodeURIComponent(applicantId)}`,
        applicantDetailSchema,
        { signal },
      ),
    meta: ERROR_SHOWN_INLINE,
  });
}

/**
 * The folders of one opportunity; `submitterFolders` asks for the submitter set (a talent submitter always gets
 * it, a super admin may switch to it). The key extends the folders feature's, so its invalidations reach it.
 */
export function candidateFoldersQuery(
  http: HttpClient,
  projectId: string,
  roleId: string,
  submitterFolders: boolean,
) {
  return queryOptions({
    queryKey: ['folders', projectId, roleId, { submitterFolders }] as const,
    queryFn: ({ signal }) =>
      http.request(`${projectPath(projectId)}/folders`, folderListSchema, {
        query: { roleId, submitterFolders: submitterFolders || undefined },
        signal,
      }),
    staleTime: CACHE_MS.folders,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** The project's tags (first 100 by name), for the filter and the tag dialog. */
export function projectTagsQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: candidateKeys.tags(projectId),
    queryFn: ({ signal }) =>
      http.request('/projects/lookups/tags-lookup', lookupPageSchema, {
        query: { projectId, limit: 100, offset: 0 },
        signal,
      }),
    select: (page) => page.items,
    staleTime: 60_000,
  });
}

/**
 * After any change to candidates: every list of the project, the open candidate and the overview's counts. The
 * mutations start it without waiting: the refetched list may no longer hold the picked rows, which unmounts the
 * bulk actions, and a caller's own callbacks (the success toast) must have run by then.
 */
export function refreshCandidates(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: candidateKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: ['projects', 'overview', projectId] }),
  ]);
}

function useCandidateMutation<I>(projectId: string, send: (http: HttpClient, input: I) => Promise<unknown>) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => send(http, input),
    onSettled: () => void refreshCandidates(queryClient, projectId),
  });
}

const post = (http: HttpClient, path: string, body: unknown) =>
  http.request(path, bulkResultSchema, { method: 'POST', body });

export function useVote(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, vote }: { ids: string[]; vote: VoteType }) =>
      post(http, `${projectPath(projectId)}/applicants/votes`, { applicantIds: ids, vote }),
    // The person's own vote shows at once on the rows; the refresh that follows brings the team's counts.
    onMutate: ({ ids, vote }) => {
      if (vote === 'HIDE' || vote === 'UNHIDE') return;
      const wanted = new Set(ids);
      queryClient.setQueriesData<InfiniteData<ApplicantList>>(
        { queryKey: candidateKeys.lists(projectId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (wanted.has(item.id) ? { ...item, myVote: vote } : item)),
            })),
          },
      );
    },
    onSettled: () => void refreshCandidates(queryClient, projectId),
  });
}

export function useFolderMembership(projectId: string, change: 'add' | 'remove') {
  return useCandidateMutation(projectId, (http, body: { applicantIds: string[]; folderId: string }) =>
    post(http, `${projectPath(projectId)}/applicants/folders/${change}`, body),
  );
}

export function useTagChange(projectId: string, change: 'add' | 'remove') {
  return useCandidateMutation(projectId, (http, body: { applicantIds: string[]; tagIds: string[] }) =>
    post(http, `${projectPath(projectId)}/applicants/tags/${change}`, body),
  );
}

export function useDeleteCandidates(projectId: string) {
  return useCandidateMutation(projectId, (http, applicantIds: string[]) =>
    post(http, `${projectPath(projectId)}/applicants/delete`, { applicantIds }),
  );
}

/**
 * Copy and import go to copy-applicant, a move to move-applicant; a copy to an opportunity of
 * another project goes to cross-copy-applicant.
 */
export function useCopyMove(projectId: string) {
  return useCandidateMutation(projectId, (http, body: CopyMoveRequestInput & { crossProject?: boolean }) => {
    const { crossProject, ...request } = body;
    const path = crossProject
      ? '/applicants/cross-copy-applicant'
      : request.type === 'MOVE'
        ? '/applicants/move-applicant'
        : '/applicants/copy-applicant';
    return post(http, path, request);
  });
}

export function useCreateTag(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      http.request('/projects/lookups/tags-lookup', optionSchema, {
        method: 'POST',
        body: { projectId, name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: candidateKeys.tags(projectId) }),
  });
}

/** The folder's rows in their new order; the list shows the order at once and keeps it if the API agrees. */
export function useSortFolder(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, rowIds }: { folderId: string; rowIds: string[] }) =>
      http.request(
        `${projectPath(projectId)}/folders/${encodeURIComponent(folderId)}/applicant-sort`,
        bulkResultSchema,
        { method: 'PUT', body: { applicantFolders: rowIds } },
      ),
    onSettled: () => void refreshCandidates(queryClient, projectId),
  });
}
