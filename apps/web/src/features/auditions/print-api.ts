import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditionHistorySchema, auditionSchedulePdfSchema } from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

/** The calls of the printed schedule and of a candidate's sessions. */

const pdfPath = (projectId: string, sessionId: string) =>
  `/projects/${encodeURIComponent(projectId)}/auditions/sessions/${encodeURIComponent(sessionId)}/schedule-pdf`;
const pdfKey = (projectId: string, sessionId: string) => ['auditions', 'pdf', projectId, sessionId] as const;

/** The caller's copy of the printed schedule, polled every second while its job waits or runs. */
export function schedulePdfQuery(http: HttpClient, projectId: string, sessionId: string) {
  return queryOptions({
    queryKey: pdfKey(projectId, sessionId),
    queryFn: ({ signal }) =>
      http.request(pdfPath(projectId, sessionId), auditionSchedulePdfSchema, { signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'QUEUED' || query.state.data?.status === 'RUNNING' ? 1000 : false,
  });
}

export function usePrintSchedule(projectId: string, sessionId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.request(pdfPath(projectId, sessionId), auditionSchedulePdfSchema, { method: 'POST' }),
    onSuccess: (status) => queryClient.setQueryData(pdfKey(projectId, sessionId), status),
  });
}

/** The sessions of the project a candidate was invited to. */
export function candidateSessionsQuery(http: HttpClient, projectId: string, applicantId: string) {
  return queryOptions({
    queryKey: ['auditions', 'candidate', projectId, applicantId] as const,
    queryFn: ({ signal }) =>
      http.request(
        `/projects/${encodeURIComponent(projectId)}/auditions/candidates/${encodeURIComponent(applicantId)}/sessions`,
        auditionHistorySchema,
        { signal },
      ),
  });
}
