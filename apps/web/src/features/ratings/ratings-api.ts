import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ratingSettingsSchema, ratingSummarySchema } from '@casting/domain';
import type { RatingSettings, RatingSummary } from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

export const ratingKeys = {
  candidate: (projectId: string, submissionId: string) => ['ratings', projectId, submissionId] as const,
  settings: (projectId: string) => ['ratings', projectId, 'settings'] as const,
};

/**
 * The candidates workspace's queries live under ['candidates', projectId] (the candidates feature's keys); a rating
 * moves a row's average and its place in the rating order, so they are refetched after one.
 */
const candidatesKey = (projectId: string) => ['candidates', projectId] as const;

const project = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;
const candidatePath = (projectId: string, submissionId: string) =>
  `${project(projectId)}/applicants/${encodeURIComponent(submissionId)}`;

/** A candidate's ratings for the opportunity as the caller may see them. */
export function candidateRatingsQuery(http: HttpClient, projectId: string, submissionId: string) {
  return queryOptions({
    queryKey: ratingKeys.candidate(projectId, submissionId),
    queryFn: ({ signal }) =>
      http.request(`${candidatePath(projectId, submissionId)}/ratings`, ratingSummarySchema, { signal }),
  });
}

/** Rate (1 to 5) or clear my rating; the answer is the new summary. */
export function useRate(projectId: string, submissionId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (score: number | null) =>
      http.request(`${candidatePath(projectId, submissionId)}/rating`, ratingSummarySchema, {
        method: score === null ? 'DELETE' : 'PUT',
        ...(score === null ? {} : { body: { score } }),
      }),
    onSuccess: (summary: RatingSummary) => {
      queryClient.setQueryData(ratingKeys.candidate(projectId, submissionId), summary);
      void queryClient.invalidateQueries({ queryKey: candidatesKey(projectId) });
    },
  });
}

export function ratingSettingsQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: ratingKeys.settings(projectId),
    queryFn: ({ signal }) =>
      http.request(`${project(projectId)}/rating-settings`, ratingSettingsSchema, { signal }),
  });
}

/** Turn blind review on or off (owners and directors). */
export function useBlindReview(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RatingSettings) =>
      http.request(`${project(projectId)}/rating-settings`, ratingSettingsSchema, {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: (settings: RatingSettings) => {
      queryClient.setQueryData(ratingKeys.settings(projectId), settings);
      // What each reviewer may see of the ratings changed with it.
      void queryClient.invalidateQueries({ queryKey: ['ratings', projectId] });
      void queryClient.invalidateQueries({ queryKey: candidatesKey(projectId) });
    },
  });
}
