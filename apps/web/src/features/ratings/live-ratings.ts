import { useQueryClient } from '@tanstack/react-query';
import { useLiveProject } from '../../lib/live/use-live-project';

/**
 * Refetches the ratings shown when a colleague rates a candidate or clears their rating (APPLICANTS_UPDATED of kind
 * RATING): the preview's and the compare view's averages follow without a reload. The refetch applies the reader's
 * blind review.
 */
export function useLiveRatings(projectId: string) {
  const queryClient = useQueryClient();
  useLiveProject(projectId, (update) => {
    if (update.event === 'APPLICANTS_UPDATED' && update.payload?.kind === 'RATING') {
      void queryClient.invalidateQueries({ queryKey: ['ratings', projectId] });
    }
  });
}
