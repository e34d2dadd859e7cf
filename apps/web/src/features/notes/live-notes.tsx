import { useQueryClient } from '@tanstack/react-query';
import { useLiveProject } from '../../lib/live/use-live-project';
import { refreshNotes } from './notes-api';

/**
 * Refetches a candidate's notes when a colleague writes, changes or deletes one (NOTES_UPDATED names the candidate):
 * a note added at 0:07 on a tape shows on every screen watching it. The team's pages only: a client link has no
 * live channel.
 */
export function LiveNotes({ projectId, applicantId }: { projectId: string; applicantId: string }) {
  const queryClient = useQueryClient();
  useLiveProject(projectId, (update) => {
    if (update.event === 'NOTES_UPDATED' && update.payload?.applicantId === applicantId) {
      void refreshNotes(queryClient, applicantId);
    }
  });
  return null;
}
