import type { Events, SqlExecutor } from '../../platform/events/ports';

/**
 * Tells the project's live channel that a candidate's notes changed (NOTES_UPDATED), inside the change's transaction,
 * so a colleague watching the same candidate or tape refetches a note that exists. The payload names the candidate
 * and the tape only: the refetch applies each reader's visibility.
 */
export async function publishNotesUpdated(
  events: Events | undefined,
  tx: SqlExecutor,
  projectId: string,
  applicantId: string,
  mediaId: string | null,
): Promise<void> {
  if (!events) return;
  await events.publish(projectId, 'NOTES_UPDATED', { applicantId, mediaId }, { tx });
}
