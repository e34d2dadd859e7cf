import { and, eq, inArray } from 'drizzle-orm';
import { AGENCY_REVIEW_FOLDER_ALIASES, LINK_MESSAGES } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { folderMemberships, folders } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/ports';
import {
  addToFolders,
  emitMembershipChanges,
  publishApplicantsUpdated,
  type FolderMembership,
} from '../candidates';

/** The submitter folders whose candidates wait for the agency to send them on (the domain's list). */
export const AGENCY_REVIEW_ALIASES = AGENCY_REVIEW_FOLDER_ALIASES;

/**
 * Send under review (TS only): submissions waiting with the agency (its New Submissions, For Review or Hold for
 * Later) go on to the casting team,
 * landing in their opportunity's NEW_SUBMISSIONS folder (the folder the team reviews) and leaving the agency's
 * folders. Every id must be in one of those folders of this project (the project's filter and the office's row scope
 * in one query): an id of another project or office, or outside those folders, refuses the whole request, nothing
 * half-moved.
 */
export async function sendUnderReview(
  db: Db,
  projectId: string,
  submissionIds: readonly string[],
  events?: AppContext['events'],
  jobs?: Pick<Jobs, 'send'>,
) {
  const ids = [...new Set(submissionIds)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        submissionId: folderMemberships.submissionId,
        folderId: folderMemberships.folderId,
        roleId: folders.roleId,
      })
      .from(folderMemberships)
      .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
      .where(
        and(
          eq(folderMemberships.projectId, projectId),
          inArray(folders.systemAlias, [...AGENCY_REVIEW_ALIASES]),
          inArray(folderMemberships.submissionId, ids),
        ),
      );
    if (new Set(rows.map((row) => row.submissionId)).size !== ids.length) {
      throw fieldErrors([{ path: 'body.applicantIds', message: LINK_MESSAGES.notUnderReview }]);
    }
    const removed = await tx
      .delete(folderMemberships)
      .where(
        and(
          inArray(folderMemberships.submissionId, ids),
          inArray(
            folderMemberships.folderId,
            rows.map((row) => row.folderId),
          ),
        ),
      )
      .returning({ folderId: folderMemberships.folderId, submissionId: folderMemberships.submissionId });
    const targets = await tx
      .select({ id: folders.id, roleId: folders.roleId })
      .from(folders)
      .where(
        and(
          inArray(folders.roleId, [...new Set(rows.map((row) => row.roleId))]),
          eq(folders.systemAlias, 'NEW_SUBMISSIONS'),
        ),
      );
    const added: FolderMembership[] = [];
    for (const target of targets) {
      const inRole = rows.filter((row) => row.roleId === target.roleId).map((row) => row.submissionId);
      added.push(...(await addToFolders(tx, projectId, [target.id], inRole)));
    }
    await emitMembershipChanges(jobs, tx, projectId, { added, removed });
    await publishApplicantsUpdated(events, tx, projectId, 'MOVE', ids.length);
    return { sent: ids.length };
  });
}
