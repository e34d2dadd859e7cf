import { and, eq, like } from 'drizzle-orm';
import {
  canInSubmitterFolder,
  CANDIDATE_MESSAGES,
  type FolderAlias,
  type ProjectActor,
  type SubmitterFolderAction,
} from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { folderMemberships, folders, submissions } from '../../platform/db/schema';
import { permissionDenied } from '../../platform/errors';

/**
 * A talent submitter adds or deletes a candidate's media only where the submitter-folder table allows it for a
 * submitter folder the candidate is in (spec section 6: ADD_MEDIA everywhere but INVITED, DELETE_MEDIA in FOR_REVIEW,
 * HOLD_LATER and HIDDEN). Other actors are governed by the matrix alone.
 */
export async function assertSubmitterMayOnApplicant(
  db: Queryable,
  actor: ProjectActor,
  applicantId: string,
  action: Extract<SubmitterFolderAction, 'ADD_MEDIA' | 'DELETE_MEDIA'>,
): Promise<void> {
  if (actor !== 'TS') return;
  const rows = await db
    .selectDistinct({ alias: folders.systemAlias })
    .from(submissions)
    .innerJoin(folderMemberships, eq(folderMemberships.submissionId, submissions.id))
    .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
    .where(and(eq(submissions.applicantId, applicantId), like(folders.systemAlias, 'TS\\_%')));
  if (rows.some((row) => canInSubmitterFolder('TS', row.alias as FolderAlias, action))) return;
  throw permissionDenied('CANDIDATE_MEDIA', {
    message: CANDIDATE_MESSAGES.submitterActionRefused,
    details: { action, applicantIds: [applicantId] },
  });
}
