import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '@casting/domain';
import { isUuid, type Queryable } from './ids';
import { folderMemberships, folders, submissions } from './schema';

// Which of a project's candidates a caller reaches. Candidates, media, agencies and e-mail all take candidate ids in
// requests, so the rule sits here, below them, and each of them asks it in the query that reads the ids.

/**
 * The condition a row (a submission, named by the SQL `submissionId`) must meet for the caller to reach it. A talent
 * submitter works only with the candidates in the project's submitter folders (their review queue, where the list
 * and the candidate detail show them); other actors are governed by the permission matrix alone, so none is added.
 */
export function candidateRowReach(actor: ProjectActor, submissionId: SQL): SQL | undefined {
  if (actor !== 'TS') return undefined;
  return sql`exists (select 1 from ${folderMemberships} rm join ${folders} rf on rf.id = rm.folder_id
    where rm.submission_id = ${submissionId} and left(rf.system_alias, 3) = 'TS_')`;
}

/**
 * Every one of `applicantIds` is a candidate of the project the caller reaches (see `candidateRowReach`), checked in
 * one query for all of them; otherwise `refuse()` is thrown, the caller's own answer for an unknown id, so a
 * candidate out of reach and one that does not exist cannot be told apart.
 */
export async function assertCandidatesReached(
  db: Queryable,
  actor: ProjectActor,
  projectId: string,
  applicantIds: readonly string[],
  refuse: () => Error,
): Promise<void> {
  const wanted = [...new Set(applicantIds.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return;
  if (!wanted.every(isUuid)) throw refuse();
  const rows = await db
    .selectDistinct({ applicantId: submissions.applicantId })
    .from(submissions)
    .where(
      and(
        eq(submissions.projectId, projectId),
        inArray(submissions.applicantId, wanted),
        // Written out: a bare column would resolve to the folder's id inside the condition's subquery.
        candidateRowReach(actor, sql`submissions.id`),
      ),
    );
  if (rows.length < wanted.length) throw refuse();
}
