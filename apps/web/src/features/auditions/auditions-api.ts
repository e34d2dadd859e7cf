import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { privateAuditionSchema, type PrivateAuditionAnswer } from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

export const auditionKeys = {
  private: (projectId: string, token: string) => ['auditions', 'private', projectId, token] as const,
};

const privatePath = (projectId: string) => `/auditions/invitations/${encodeURIComponent(projectId)}`;

/** The recipient's invitation (no account: the link's secret is the credential). */
export function privateInvitationQuery(http: HttpClient, projectId: string, token: string) {
  return queryOptions({
    queryKey: auditionKeys.private(projectId, token),
    queryFn: ({ signal }) =>
      http.request(privatePath(projectId), privateAuditionSchema, { query: { token }, signal, noAuth: true }),
    retry: false,
  });
}

/** Confirm, decline, pick or ask for another time; the page then shows the answer, which is the new state. */
export function useAnswerInvitation(projectId: string, token: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: DistributiveOmit<PrivateAuditionAnswer, 'token'>) =>
      http.request(`${privatePath(projectId)}/answer`, privateAuditionSchema, {
        method: 'POST',
        body: { ...answer, token },
        noAuth: true,
      }),
    onSuccess: (view) => queryClient.setQueryData(auditionKeys.private(projectId, token), view),
  });
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The calendar file's address, for a plain download link. */
export const calendarHref = (projectId: string, token: string) =>
  `/api${privatePath(projectId)}/calendar.ics?token=${encodeURIComponent(token)}`;

/** The viewer's own time zone, as the browser knows it. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
