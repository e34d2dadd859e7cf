import { and, eq, sql } from 'drizzle-orm';
import {
  CANDIDATE_MESSAGES,
  canInSubmitterFolder,
  type FolderAlias,
  type ProjectActor,
} from '@casting/domain';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { applicants, projects } from '../../platform/db/schema';
import { notFound, permissionDenied } from '../../platform/errors';

export interface SelfieCandidate {
  id: string;
  projectId: string;
  projectName: string;
  firstName: string;
  lastName: string;
  /** Null while the application waits for its address's owner (then the address is elsewhere) or without one. */
  email: string | null;
}

/**
 * The candidate a selfie call names, found in the project in one query, so an id of another project or office is
 * unknown (404). A talent submitter reaches a candidate only through the project's submitter folders (404 otherwise,
 * as for an unknown id); to ask for or remove a selfie (`manage`) one of those folders must allow MANAGE_SELFIE
 * (For review, Hold for later, Hidden), else 403. Other actors are governed by the matrix alone.
 */
export async function selfieCandidate(
  db: Queryable,
  actor: ProjectActor,
  projectId: string,
  applicantId: string,
  manage: boolean,
): Promise<SelfieCandidate> {
  const missing = () => notFound('The candidate');
  if (!isUuid(applicantId)) throw missing();
  const [row] = await db
    .select({
      id: applicants.id,
      projectId: applicants.projectId,
      projectName: projects.name,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      email: applicants.email,
      // The submitter folders the candidate is in (read for a talent submitter only).
      aliases:
        actor === 'TS'
          ? sql<string>`coalesce((select string_agg(distinct f.system_alias, ',')
              from submissions s
              join folder_memberships m on m.submission_id = s.id
              join folders f on f.id = m.folder_id
              where s.applicant_id = ${applicants.id} and s.project_id = ${projectId}
                and left(f.system_alias, 3) = 'TS_'), '')`
          : sql<string>`''`,
    })
    .from(applicants)
    .innerJoin(projects, eq(projects.id, applicants.projectId))
    .where(and(eq(applicants.id, applicantId), eq(applicants.projectId, projectId)));
  if (!row) throw missing();
  const { aliases, ...candidate } = row;
  if (actor !== 'TS') return candidate;
  const folders = aliases.split(',').filter(Boolean) as FolderAlias[];
  if (folders.length === 0) throw missing();
  if (manage && !folders.some((alias) => canInSubmitterFolder('TS', alias, 'MANAGE_SELFIE'))) {
    throw permissionDenied('CANDIDATE_SELFIE', {
      message: CANDIDATE_MESSAGES.submitterActionRefused,
      details: { action: 'MANAGE_SELFIE', applicantIds: [applicantId] },
    });
  }
  return candidate;
}
