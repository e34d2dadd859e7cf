import {
  accessedProjectsSchema,
  archiveResultSchema,
  projectDetailSchema,
  projectListSchema,
  projectOverviewSchema,
} from '@casting/domain';
import type { CreateProject, ProjectDetail, UpdateProject } from '@casting/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

export const PROJECTS_PAGE_SIZE = 20;
export const SWITCHER_PAGE_SIZE = 20;

export type ArchivedFilter = 'false' | 'all';

export interface ProjectListParams {
  q: string;
  archived: ArchivedFilter;
  offset: number;
}

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => ['projects', 'list'] as const,
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
  accessed: (q: string, currentProjectId: string) =>
    ['projects', 'accessed', { q, currentProjectId }] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  overview: (id: string) => ['projects', 'overview', id] as const,
};

const projectPath = (id: string) => `/v2/projects/${encodeURIComponent(id)}`;

export function projectListQuery(http: HttpClient, params: ProjectListParams) {
  return queryOptions({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) =>
      http.request('/projects', projectListSchema, {
        query: {
          q: params.q || undefined,
          archived: params.archived,
          limit: PROJECTS_PAGE_SIZE,
          offset: params.offset,
        },
        signal,
      }),
    // The current page stays on screen while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
    meta: ERROR_SHOWN_INLINE,
  });
}

export function accessedProjectsQuery(http: HttpClient, q: string, currentProjectId: string) {
  return queryOptions({
    queryKey: projectKeys.accessed(q, currentProjectId),
    queryFn: ({ signal }) =>
      http.request('/projects/accessed-projects', accessedProjectsSchema, {
        query: { q: q || undefined, currentProjectId, limit: SWITCHER_PAGE_SIZE, offset: 0 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function projectQuery(http: HttpClient, id: string) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => http.request(projectPath(id), projectDetailSchema, { signal }),
    // Every page that loads a project shows a refusal in place of the page.
    meta: ERROR_SHOWN_INLINE,
  });
}

export function projectOverviewQuery(http: HttpClient, id: string) {
  return queryOptions({
    queryKey: projectKeys.overview(id),
    queryFn: ({ signal }) =>
      http.request(`/projects/${encodeURIComponent(id)}/overview`, projectOverviewSchema, { signal }),
    meta: ERROR_SHOWN_INLINE,
  });
}

export function useCreateProject() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProject) =>
      http.request('/v2/projects', projectDetailSchema, { method: 'POST', body: input }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}

/** Everything that shows a project's fields or its place in a list. */
function refreshProject(queryClient: ReturnType<typeof useQueryClient>, project: Pick<ProjectDetail, 'id'>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: ['projects', 'accessed'] }),
    queryClient.invalidateQueries({ queryKey: projectKeys.overview(project.id) }),
  ]);
}

export function useUpdateProject(id: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProject) =>
      http.request(projectPath(id), projectDetailSchema, { method: 'PATCH', body: input }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      return refreshProject(queryClient, project);
    },
  });
}

export function useArchiveProject() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      http.request(`/projects/archive/${encodeURIComponent(id)}`, archiveResultSchema, {
        method: 'POST',
        query: { archived },
      }),
    onSuccess: (result) =>
      Promise.all([
        refreshProject(queryClient, result),
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(result.id) }),
      ]),
  });
}
