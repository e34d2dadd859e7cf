import {
  officeInvitationListSchema,
  officeInvitationSchema,
  officeMemberListSchema,
  officeMemberSchema,
} from '@casting/domain';
import type { CreateOfficeInvitation, OfficeRole } from '@casting/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { officeKeys } from './offices-api';

/** Members per page of the members list. */
export const MEMBERS_PAGE_SIZE = 50;

/** The office's members, one keyset page after another. */
export function membersQuery(http: HttpClient) {
  return infiniteQueryOptions({
    queryKey: officeKeys.members,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request('/offices/current/members', officeMemberListSchema, {
        query: { limit: MEMBERS_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The invitations nobody has answered yet (owners only). */
export function invitationsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: officeKeys.invitations,
    queryFn: ({ signal }) =>
      http.request('/offices/current/invitations', officeInvitationListSchema, { signal }),
    select: (list) => list.items,
  });
}

const memberPath = (userId: string) => `/offices/current/members/${encodeURIComponent(userId)}`;

/** Gives a member another role; the list is read again, as the change may also move the caller's own role. */
export function useChangeMemberRole() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: OfficeRole }) =>
      http.request(memberPath(userId), officeMemberSchema, { method: 'PATCH', body: { role } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: officeKeys.members }),
        queryClient.invalidateQueries({ queryKey: officeKeys.current, exact: true }),
      ]),
  });
}

export function useRemoveMember() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => http.send(memberPath(userId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.members }),
  });
}

export function useInviteMember() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: CreateOfficeInvitation) =>
      http.request('/offices/current/invitations', officeInvitationSchema, {
        method: 'POST',
        body: invitation,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      http.send(`/offices/current/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.invitations }),
  });
}
