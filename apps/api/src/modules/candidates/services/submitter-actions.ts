import {
  CANDIDATE_MESSAGES,
  canInSubmitterFolder,
  type ProjectActor,
  type SubmitterFolderAction,
} from '@casting/domain';
import { permissionDenied } from '../../../platform/errors';
import type { RowInfo } from './project-rows';

/**
 * A talent submitter acts on a candidate only as the submitter-folder action table allows for a folder the
 * candidate is in (FOR_REVIEW allows a vote, ALL_SUBMISSIONS only copy, media and e-mail...). The
 * whole request is refused when any row fails, naming the rows. Other actors are governed by the matrix alone.
 */
export function assertSubmitterMay(
  actor: ProjectActor,
  rows: readonly RowInfo[],
  action: SubmitterFolderAction,
): void {
  if (actor !== 'TS') return;
  const refused = rows
    .filter(
      (row) => !row.submitterAliases.some((alias) => canInSubmitterFolder('TS', alias as never, action)),
    )
    .map((row) => row.id);
  if (refused.length > 0) {
    throw permissionDenied('CANDIDATE_FOLDER_ADD_REMOVE', {
      message: CANDIDATE_MESSAGES.submitterActionRefused,
      details: { action, applicantIds: refused },
    });
  }
}
