import { and, eq, like } from 'drizzle-orm';
import {
  canInSubmitterFolder,
  CANDIDATE_MESSAGES,
  type FolderAlias,
  type ProjectActor,
  type SubmitterFolderAction,
} from '@casting/domain';
import { assertCandidatesReached } from '../../platform/db/candidate-reach';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { folderMemberships, folders, submissions } from '../../platform/db/schema';
import { AppError, permissionDenied } from '../../platform/errors';

/**
 * A talent submitter adds or deletes a candidate's media only where the submitter-folder table allows it for a
 * submitter folder the candidate is in (ADD_MEDIA everywhere but INVITED, DELETE_MEDIA in FOR_REVIEW,
 * HOLD_LATER and HIDDEN): 403 in a submitter folder that does not allow it. A candidate in none of the project's
 * submitter folders (or no candidate of the project at all) is not theirs to know of: 404 with `notFoundMessage`,
 * the same answer as an unknown id. Other actors are governed by the matrix alone.
 */
export async function assertSubmitterMayOnApplicant(
  db: Queryable,
  actor: ProjectActor,
  projectId: string,
  applicantId: string,
  action: Extract<SubmitterFolderAction, 'ADD_MEDIA' | 'DELETE_MEDIA'>,
  notFoundMessage: string,
): Promise<void> {
  if (actor !== 'TS') return;
  if (!isUuid(applicantId)) throw new AppError('NOT_FOUND', notFoundMessage);
  const rows = await db
    .selectDistinct({ alias: folders.systemAlias })
    .from(submissions)
    .innerJoin(folderMemberships, eq(folderMemberships.submissionId, submissions.id))
    .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
    .where(
      and(
        eq(submissions.projectId, projectId),
        eq(submissions.applicantId, applicantId),
        like(folders.systemAlias, 'TS\\_%'),
      ),
    );
  if (rows.length === 0) throw new AppError('NOT_FOUND', notFoundMessage);
  if (rows.some((row) => canInSubmitterFolder('TS', row.alias as FolderAlias, action))) return;
  throw permissionDenied('CANDIDATE_MEDIA', {
    message: CANDIDATE_MESSAGES.submitterActionRefused,
    details: { action, applicantIds: [applicantId] },
  });
}

/**
 * A talent submitter reaches a candidate only through the submitter folders (their review queue), as the candidate
 * detail does: any of `applicantIds` out of reach answers 404 with `message`, the same answer as an unknown id, so
 * the request reveals nothing about candidates outside them. One query for all ids (`assertCandidatesReached`).
 * Other actors are governed by the matrix alone.
 */
export async function assertSubmitterReaches(
  db: Queryable,
  actor: ProjectActor,
  projectId: string,
  applicantIds: readonly string[],
  message: string,
): Promise<void> {
  // Other actors' media calls check the item's project themselves; only the submitter's reach is narrower.
  if (actor !== 'TS') return;
  await assertCandidatesReached(db, actor, projectId, applicantIds, () => new AppError('NOT_FOUND', message));
}
