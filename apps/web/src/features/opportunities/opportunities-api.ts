import { CACHE_MS, roleListSchema, roleOptionListSchema, roleSchema } from '@casting/domain';
import type { CreateRole, UpdateRole } from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

export const roleKeys = {
  project: (projectId: string) => ['roles', projectId] as const,
  list: (projectId: string) => ['roles', projectId, 'list'] as const,
  options: (projectId: string) => ['roles', projectId, 'options'] as const,
};

const rolesPath = (projectId: string) => `/v2/projects/${encodeURIComponent(projectId)}/roles`;

/** Opportunities of a project, cached 15 minutes. */
export function rolesQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: roleKeys.list(projectId),
    queryFn: ({ signal }) => http.request(rolesPath(projectId), roleListSchema, { signal }),
    staleTime: CACHE_MS.roles,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** The same opportunities as selector options {label, description, value}. */
export function roleOptionsQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: roleKeys.options(projectId),
    queryFn: ({ signal }) =>
      http.request(`${rolesPath(projectId)}/options`, roleOptionListSchema, { signal }),
    staleTime: CACHE_MS.roles,
  });
}

/** Opportunities also appear on the overview, and each brings its folders. */
function useRefreshRoles(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.project(projectId) }),
      queryClient.invalidateQueries({ queryKey: ['folders', projectId] }),
      queryClient.invalidateQueries({ queryKey: ['projects', 'overview', projectId] }),
      queryClient.invalidateQueries({ queryKey: ['projects', 'list'] }),
    ]);
}

export function useCreateRole(projectId: string) {
  const http = useHttpClient();
  const refresh = useRefreshRoles(projectId);
  return useMutation({
    mutationFn: (input: CreateRole) =>
      http.request(rolesPath(projectId), roleSchema, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateRole(projectId: string) {
  const http = useHttpClient();
  const refresh = useRefreshRoles(projectId);
  return useMutation({
    mutationFn: ({ roleId, input }: { roleId: string; input: UpdateRole }) =>
      http.request(`${rolesPath(projectId)}/${encodeURIComponent(roleId)}`, roleSchema, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteRole(projectId: string) {
  const http = useHttpClient();
  const refresh = useRefreshRoles(projectId);
  return useMutation({
    mutationFn: (roleId: string) =>
      http.send(`${rolesPath(projectId)}/${encodeURIComponent(roleId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
