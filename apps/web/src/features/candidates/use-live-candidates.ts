import { useQueryClient } from '@tanstack/react-query';
import { useLiveProject } from '../../lib/live/use-live-project';
import { mediaKeys } from '../media';
import { useLiveRatings } from '../ratings';
import { candidateKeys, refreshCandidates } from './candidates-api';

/** Refetches what the project's live events say has changed, whoever made the change. */
export function useLiveCandidates(projectId: string) {
  const queryClient = useQueryClient();
  // A colleague's rating moves the open candidate's rating section too, not only the list's average.
  useLiveRatings(projectId);
  useLiveProject(projectId, (update) => {
    if (update.event === 'APPLICANTS_UPDATED') void refreshCandidates(queryClient, projectId);
    // A hold, booking or release changes the roster pill of a row (sent only to those who may read the roster).
    if (update.event === 'PROJECT_ROSTER_UPDATED') {
      void queryClient.invalidateQueries({ queryKey: candidateKeys.lists(projectId) });
    }
    // A media item of a candidate changed state (converted, failed, stream ready): that candidate's media and
    // profile are refetched, whoever's screen it is on.
    if (
      update.event === 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT' ||
      update.event === 'APPLICANT_STREAM_STATUS_UPDATED_EVENT'
    ) {
      const applicantId = update.payload?.applicantId;
      if (typeof applicantId === 'string') {
        void queryClient.invalidateQueries({ queryKey: mediaKeys.candidate(applicantId) });
        void queryClient.invalidateQueries({ queryKey: candidateKeys.detail(projectId, applicantId) });
      } else {
        void refreshCandidates(queryClient, projectId);
      }
    }
  });
}
