import { adminUserListSchema, adminUserSchema, userRoleListSchema } from '@casting/domain';
import type { AdminUserList, AdminUserUpdate } from '@casting/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

/** Rows per page of the user administration. */
export const USERS_PAGE_SIZE = 20;

export const userKeys = {
  all: ['users'] as const,
  list: (q: string, offset: number) => ['users', 'list', { q, offset }] as const,
  roles: ['users', 'lookups', 'roles'] as const,
};

/** A page of users, newest first; `q` is sent only once it is long enough to search by. */
export function usersListQuery(http: HttpClient, q: string, offset: number) {
  return queryOptions({
    queryKey: userKeys.list(q, offset),
    queryFn: ({ signal }) =>
      http.request('/users', adminUserListSchema, {
        query: { q: q || undefined, limit: USERS_PAGE_SIZE, offset },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The user roles with their labels, as the API names them. */
export function userRolesQuery(http: HttpClient) {
  return queryOptions({
    queryKey: userKeys.roles,
    queryFn: ({ signal }) => http.request('/users/lookups/roles', userRoleListSchema, { signal }),
    select: (list) => list.items,
    staleTime: Infinity,
  });
}

export interface UserChange {
  id: string;
  change: AdminUserUpdate;
}

/**
 * Changes a user's role, second-factor requirement or activation. The answer replaces the row at
 * once (no flicker back to the old value), then the lists reload in case the change moved the row.
 */
export function useUpdateUser() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: UserChange) =>
      http.request(`/users/${encodeURIComponent(id)}`, adminUserSchema, { method: 'PATCH', body: change }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<AdminUserList>({ queryKey: ['users', 'list'] }, (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === updated.id ? updated : item)) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
