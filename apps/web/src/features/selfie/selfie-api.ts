import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { candidateSelfieSchema, privateSelfieSchema } from '@casting/domain';
import type { CandidateSelfie, PrivateSelfie, Selfie } from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { mediaKeys } from '../media';

export const selfieKeys = {
  candidate: (applicantId: string) => ['selfie', 'candidate', applicantId] as const,
  private: (applicantId: string) => ['selfie', 'private', applicantId] as const,
};

const candidatePath = (projectId: string, applicantId: string) =>
  `/projects/${encodeURIComponent(projectId)}/candidates/${encodeURIComponent(applicantId)}/selfie`;
const privatePath = (applicantId: string) =>
  `/v2/applicants/${encodeURIComponent(applicantId)}/standalone/selfie`;

/** While the photo is being converted, its display version is not there yet. */
export const isProcessing = (selfie: Selfie | null | undefined) =>
  selfie?.status === 'PENDING' || selfie?.status === 'IN_PROGRESS';

/** How often a page without live updates asks again while the selfie is being processed. */
const PROCESSING_POLL_MS = 5_000;

/** The candidate's selfie and the request still waiting for one (the team's view). */
export function candidateSelfieQuery(http: HttpClient, projectId: string, applicantId: string) {
  return queryOptions({
    queryKey: selfieKeys.candidate(applicantId),
    queryFn: ({ signal }) =>
      http.request(candidatePath(projectId, applicantId), candidateSelfieSchema, { signal }),
  });
}

/** Ask for a selfie, or remove it; the preview then shows the answer, which is the new state. */
export function useSelfieAction(projectId: string, applicantId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const onSuccess = (answer: CandidateSelfie) =>
    queryClient.setQueryData(selfieKeys.candidate(applicantId), answer);
  const ask = useMutation({
    mutationFn: () =>
      http.request(`${candidatePath(projectId, applicantId)}/request`, candidateSelfieSchema, {
        method: 'POST',
      }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () =>
      http.request(candidatePath(projectId, applicantId), candidateSelfieSchema, { method: 'DELETE' }),
    onSuccess: (answer: CandidateSelfie) => {
      onSuccess(answer);
      // The media panel lists the selfie among the photos.
      void queryClient.invalidateQueries({ queryKey: mediaKeys.candidate(applicantId) });
    },
  });
  return { ask, remove };
}

/** The talent's private page: their selfie, the team's request and the grant to upload under (no account). */
export function privateSelfieQuery(http: HttpClient, applicantId: string, token: string) {
  return queryOptions({
    queryKey: selfieKeys.private(applicantId),
    queryFn: ({ signal }) =>
      http.request(privatePath(applicantId), privateSelfieSchema, { noAuth: true, signal, query: { token } }),
    refetchInterval: (query) => (isProcessing(query.state.data?.selfie) ? PROCESSING_POLL_MS : false),
    retry: false,
  });
}

/** The talent makes their finished upload their selfie. */
export function setPrivateSelfie(
  http: HttpClient,
  applicantId: string,
  body: { accessToken: string; key: string },
  signal?: AbortSignal,
): Promise<PrivateSelfie> {
  return http.request(privatePath(applicantId), privateSelfieSchema, {
    noAuth: true,
    method: 'PUT',
    body,
    signal,
  });
}

/** A day as the reader's calendar says it. */
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const formatDay = (iso: string) => DAY.format(new Date(iso));
