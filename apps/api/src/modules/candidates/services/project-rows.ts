import { and, eq, inArray, sql } from 'drizzle-orm';
import { CANDIDATE_MESSAGES, isSubmitterFolderAlias, type ProjectActor } from '@casting/domain';
import type { Queryable } from '../../../platform/db/ids';
import { folderMemberships, folders, projects, submissions } from '../../../platform/db/schema';
import { candidateRowReach } from '../../../platform/db/candidate-reach';
import { AppError, fieldErrors, notFound } from '../../../platform/errors';

/** What a bulk action needs to know about each row it touches. */
export interface RowInfo {
  id: string;
  applicantId: string;
  roleId: string;
  /** System aliases of the submitter folders the row is in (for the talent submitter's action table). */
  submitterAliases: string[];
}

/**
 * The rows (submissions) of a request, checked in one query to belong to the project and to be within the caller's
 * reach (a talent submitter's are those in the submitter folders). An id of another project, one out of reach or an
 * unknown one is "not found" alike and nothing is written: the whole request is refused, never applied in part.
 *
 * Inside a transaction the rows stay locked until it ends, taken in id order: two bulk actions on overlapping
 * candidates (reviewers voting on the same selection at once) then queue one behind the other instead of locking
 * each other's rows in opposite orders, which PostgreSQL would end by aborting one of them as a deadlock. The lock
 * (FOR NO KEY UPDATE) does not hold back inserts that only reference the rows (votes, folder memberships).
 */
export async function rowsInProject(
  db: Queryable,
  projectId: string,
  ids: readonly string[],
  actor: ProjectActor,
): Promise<RowInfo[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await db
    .select({
      id: submissions.id,
      applicantId: submissions.applicantId,
      roleId: submissions.roleId,
      // The outer column is written out: drizzle leaves columns unqualified in a one-table select, and a bare "id"
      // would resolve to the folder's inside the subquery.
      submitterAliases: sql<string[]>`array(
        select f.system_alias from ${folderMemberships} m join ${folders} f on f.id = m.folder_id
        where m.submission_id = submissions.id and left(f.system_alias, 3) = 'TS_')`,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.projectId, projectId),
        inArray(submissions.id, unique),
        candidateRowReach(actor, sql`submissions.id`),
      ),
    )
    .orderBy(submissions.id)
    .for('no key update', { of: submissions });
  if (rows.length !== unique.length) {
    throw new AppError('NOT_FOUND', CANDIDATE_MESSAGES.notInProject, {
      missing: unique.filter((id) => !rows.some((row) => row.id === id)),
    });
  }
  return rows;
}

export type FolderRow = typeof folders.$inferSelect;

/**
 * A folder of the project, or 404 (a folder of another project is not found, whoever asks). `lock` holds the folder
 * row until the transaction ends, for work that rewrites the whole folder (its manual order): two such runs on one
 * folder then take turns rather than rewriting its rows in different orders and deadlocking.
 */
export async function folderInProject(
  db: Queryable,
  projectId: string,
  folderId: string,
  options: { lock?: boolean } = {},
): Promise<FolderRow> {
  const query = db
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.projectId, projectId)));
  const [row] = options.lock ? await query.for('no key update') : await query;
  if (!row) throw notFound('The folder');
  return row;
}

/** Talent submitters act only in submitter folders, everyone else only outside them (SA looks, never acts). */
export function assertFolderSetFor(actor: ProjectActor, folder: FolderRow, field: string): void {
  const submitter = isSubmitterFolderAlias(folder.systemAlias);
  if (submitter !== (actor === 'TS')) {
    throw fieldErrors([{ path: field, message: CANDIDATE_MESSAGES.folderNotAllowed }]);
  }
}

export async function projectSettings(db: Queryable, projectId: string) {
  const [row] = await db
    .select({ settings: projects.settings })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw notFound('The project');
  return row.settings;
}

/** A list of ids as one array parameter (`$1::uuid[]`), however many there are. */
export function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}
