import { accessScopeListSchema, inviteResultSchema, teamListSchema, teamMemberSchema } from '@casting/domain';
import type { InviteTeamMembersInput, ProjectScope } from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

export const teamKeys = {
  accessScopes: () => ['team', 'access-scopes'] as const,
  members: (projectId: string) => ['team', 'members', projectId] as const,
};

const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

/** The scope table is fixed for the life of a deployment: read once per session. */
export function accessScopesQuery(http: HttpClient) {
  return queryOptions({
    queryKey: teamKeys.accessScopes(),
    queryFn: ({ signal }) => http.request('/projects/access-scopes', accessScopeListSchema, { signal }),
    staleTime: Infinity,
  });
}

export function teamMembersQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: teamKeys.members(projectId),
    queryFn: ({ signal }) => http.request(`${projectPath(projectId)}/accesses`, teamListSchema, { signal }),
    meta: ERROR_SHOWN_INLINE,
  });
}

/** The team shows in the member list and on the project overview; both follow every change. */
function useRefreshTeam(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.members(projectId) }),
      queryClient.invalidateQueries({ queryKey: ['projects', 'overview', projectId] }),
    ]);
}

export function useInviteMembers(projectId: string) {
  const http = useHttpClient();
  const refresh = useRefreshTeam(projectId);
  return useMutation({
    mutationFn: (input: InviteTeamMembersInput) =>
      http.request(`${projectPath(projectId)}/accesses`, inviteResultSchema, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useChangeMemberScope(projectId: string) {
  const http = useHttpClient();
  const refresh = useRefreshTeam(projectId);
  return useMutation({
    mutationFn: ({ accessId, scope }: { accessId: string; scope: ProjectScope }) =>
      http.request(`${projectPath(projectId)}/access/${encodeURIComponent(accessId)}`, teamMemberSchema, {
        method: 'PATCH',
        body: { scope },
      }),
    onSettled: refresh,
  });
}

export function useRemoveMember(projectId: string) {
  const http = useHttpClient();
  const refresh = useRefreshTeam(projectId);
  return useMutation({
    mutationFn: (accessId: string) =>
      http.send(`${projectPath(projectId)}/access/${encodeURIComponent(accessId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Sends a pending invitation's e-mail again (the invitation itself is unchanged). */
export function useResendInvite(projectId: string) {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (accessId: string) =>
      http.send(`${projectPath(projectId)}/access/${encodeURIComponent(accessId)}/resend`, {
        method: 'POST',
      }),
  });
}
