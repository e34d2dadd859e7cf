import { applicantRepresentativesSchema, CACHE_MS, representativeSchema } from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';
import type { RepresentativeFormInput } from '../representation';

const representativesKey = (projectId: string) => ['candidates', projectId, 'representatives'] as const;

/**
 * The representatives of the chosen candidates (GET /applicants/representatives), with agent contact details and
 * claim status; kept 5 minutes and held 10.
 */
export function representativesQuery(http: HttpClient, projectId: string, applicantIds: readonly string[]) {
  return queryOptions({
    queryKey: [...representativesKey(projectId), [...applicantIds].sort()] as const,
    queryFn: ({ signal }) =>
      http.request('/applicants/representatives', applicantRepresentativesSchema, {
        query: { 'applicantIds[]': applicantIds },
        signal,
      }),
    staleTime: CACHE_MS.representatives,
    gcTime: CACHE_MS.representativesGc,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** Add Representation from the candidate preview; the candidate rows and representatives reload after it. */
export function useAddRepresentative(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicantId, form }: { applicantId: string; form: RepresentativeFormInput }) =>
      http.request(
        `/v2/projects/${encodeURIComponent(projectId)}/applicants/${encodeURIComponent(applicantId)}/representatives`,
        representativeSchema,
        { method: 'POST', body: form },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['candidates', projectId] }),
  });
}
