import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CLIENT_LINK_MAX_CANDIDATES, CLIENT_REVIEW_MESSAGES, type CreateClientLink } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { folderMemberships, folders, roles, submissions } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';

// What a new client link holds: the chosen candidates, folders and whole opportunities, checked against the project.

/**
 * The submissions a new link shares, in order: the chosen candidates first (in the order given), then each chosen
 * folder's candidates in the folder's manual order, then everyone of each chosen opportunity, newest first. Every id
 * must belong to the project (one query each), so an id from another project is refused rather than trusted.
 */
export async function chosenSubmissions(
  tx: Queryable,
  projectId: string,
  input: Pick<CreateClientLink, 'submissionIds' | 'folderIds' | 'roleIds'>,
): Promise<{ submissionId: string; folderId: string | null }[]> {
  const chosen: { submissionId: string; folderId: string | null }[] = [];
  const seen = new Set<string>();
  const add = (submissionId: string, folderId: string | null) => {
    if (seen.has(submissionId)) return;
    seen.add(submissionId);
    chosen.push({ submissionId, folderId });
  };
  const submissionIds = [...new Set(input.submissionIds)];
  if (submissionIds.length > 0) {
    const rows = await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.projectId, projectId), inArray(submissions.id, submissionIds)));
    if (rows.length !== submissionIds.length) {
      throw fieldErrors([
        { path: 'body.submissionIds', message: CLIENT_REVIEW_MESSAGES.candidatesNotInProject },
      ]);
    }
    for (const id of submissionIds) add(id, null);
  }
  const folderIds = [...new Set(input.folderIds)];
  if (folderIds.length > 0) {
    const folderRows = await tx
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.projectId, projectId), inArray(folders.id, folderIds)));
    if (folderRows.length !== folderIds.length) {
      throw fieldErrors([{ path: 'body.folderIds', message: CLIENT_REVIEW_MESSAGES.foldersNotInProject }]);
    }
    for (const folderId of folderIds) {
      const members = await tx
        .select({ submissionId: folderMemberships.submissionId })
        .from(folderMemberships)
        .where(and(eq(folderMemberships.folderId, folderId), eq(folderMemberships.projectId, projectId)))
        .orderBy(asc(folderMemberships.position), asc(folderMemberships.submissionId))
        .limit(CLIENT_LINK_MAX_CANDIDATES + 1);
      for (const member of members) add(member.submissionId, folderId);
    }
  }
  for (const row of await opportunitySubmissions(tx, projectId, input.roleIds)) add(row.id, null);
  if (chosen.length > CLIENT_LINK_MAX_CANDIDATES) {
    throw fieldErrors([
      {
        path: 'body.folderIds',
        message: CLIENT_REVIEW_MESSAGES.tooManyCandidates(CLIENT_LINK_MAX_CANDIDATES),
      },
    ]);
  }
  if (chosen.length === 0) {
    throw fieldErrors([{ path: 'body.folderIds', message: CLIENT_REVIEW_MESSAGES.nobodyToShare }]);
  }
  return chosen;
}

/**
 * Everyone of the chosen opportunities as the team's "Everyone in this opportunity" shows them: in the given order of
 * opportunities, newest first, without hidden candidates and without submissions still held for an agency's review
 * (not the team's yet). The opportunities are checked against the project in one query, the candidates read in
 * another (one range of the opportunity's newest-first index each), stopping one past the link's limit.
 */
async function opportunitySubmissions(
  tx: Queryable,
  projectId: string,
  ids: readonly string[],
): Promise<{ id: string }[]> {
  const roleIds = [...new Set(ids)];
  if (roleIds.length === 0) return [];
  const known = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.projectId, projectId), inArray(roles.id, roleIds)));
  if (known.length !== roleIds.length) {
    throw fieldErrors([{ path: 'body.roleIds', message: CLIENT_REVIEW_MESSAGES.opportunitiesNotInProject }]);
  }
  return tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.projectId, projectId),
        inArray(submissions.roleId, roleIds),
        sql`not ${submissions.reviewHeld}`,
        sql`not ${submissions.hidden}`,
      ),
    )
    .orderBy(
      sql`array_position(${`{${roleIds.join(',')}}`}::uuid[], ${submissions.roleId})`,
      desc(submissions.createdAt),
      desc(submissions.id),
    )
    .limit(CLIENT_LINK_MAX_CANDIDATES + 1);
}
