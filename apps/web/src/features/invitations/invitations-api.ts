import {
  invitationListSchema,
  invitationParseResultSchema,
  invitationSendResultSchema,
  roleOptionListSchema,
  shareLinkListSchema,
} from '@casting/domain';
import type { InvitationSendRequest } from '@casting/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { IDEMPOTENCY_HEADER, useIdempotencyKey } from '../../lib/http/idempotency';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

export type { Invitation, InvitationParseResult } from '@casting/domain';

const projectPath = (projectId: string) => `/v2/projects/${encodeURIComponent(projectId)}`;

export const inviteKeys = {
  project: (projectId: string) => ['invitations', projectId] as const,
  list: (projectId: string) => ['invitations', projectId, 'list'] as const,
  opportunities: (projectId: string) => ['invitations', projectId, 'opportunities'] as const,
};

export function opportunitiesQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: inviteKeys.opportunities(projectId),
    queryFn: ({ signal }) =>
      http.request(`${projectPath(projectId)}/roles/options`, roleOptionListSchema, { signal }),
    meta: ERROR_SHOWN_INLINE,
  });
}

export function useCheckInvitees(projectId: string) {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (request: { text: string; format: 'LIST' | 'CSV'; roleId?: string | undefined }) =>
      http.request(`${projectPath(projectId)}/candidate-invitations/check`, invitationParseResultSchema, {
        method: 'POST',
        body: request,
      }),
  });
}

/** Invites with an Idempotency-Key: a retry whose first answer was lost replays it instead of inviting again. */
export function useSendInvitations(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (request: InvitationSendRequest) =>
      http.request(`${projectPath(projectId)}/candidate-invitations`, invitationSendResultSchema, {
        method: 'POST',
        body: request,
        headers: { [IDEMPOTENCY_HEADER]: key.current() },
      }),
    onSettled: (_data, error) => {
      key.settle(error);
      // Invitations use the e-mail allowance; a refused request may mean someone else used it meanwhile.
      void queryClient.invalidateQueries({ queryKey: ['email', projectId, 'allowance'] });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inviteKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['email', projectId] });
    },
  });
}

/** Invited people, newest first; refreshed every 2 s while an invitation e-mail is still queued. */
export function invitationsQuery(http: HttpClient, projectId: string) {
  return infiniteQueryOptions({
    queryKey: inviteKeys.list(projectId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      http.request(`${projectPath(projectId)}/candidate-invitations`, invitationListSchema, {
        signal,
        query: { cursor: pageParam },
      }),
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.items.some((item) => item.mailStatus === 'QUEUED' || item.mailStatus === 'SENDING'),
      )
        ? 2000
        : false,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** The project's submission links (newest 100) for the choice of the link the invitation carries. */
export function linksQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: ['share-links', projectId, 'invite-choice'] as const,
    queryFn: ({ signal }) =>
      http.request(`${projectPath(projectId)}/share-links`, shareLinkListSchema, {
        signal,
        query: { limit: 100 },
      }),
    meta: ERROR_SHOWN_INLINE,
  });
}
