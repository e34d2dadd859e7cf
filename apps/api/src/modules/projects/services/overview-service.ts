import { and, asc, count, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import { SUBMITTER_FOLDER_ALIASES, type ProjectOverview } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { applicants, folders, roles, submissions } from '../../../platform/db/schema';
import type { Principal } from '../../../platform/http/access';
import { loadOptions, optionOf } from '../../lookups';
import { teamMembers } from '../../team';
import { getProject } from './project-service';

const TEAM_ON_OVERVIEW = 200;

/**
 * The overview page in one answer. An opportunity's candidate count is its submissions; the project's count is its
 * people, so someone submitted to two opportunities counts once there.
 */
export async function projectOverview(
  db: Db,
  principal: Principal,
  projectId: string,
): Promise<ProjectOverview> {
  const project = await getProject(db, principal, projectId);
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      roleTypeId: roles.roleTypeId,
      folderCount: count(folders.id),
      candidateCount: sql<number>`(select count(*)::int from ${submissions} s where s.role_id = ${roles.id})`,
    })
    .from(roles)
    // The overview is for the casting team: submitter folders belong to the talent-submitter flow.
    .leftJoin(
      folders,
      and(
        eq(folders.roleId, roles.id),
        or(isNull(folders.systemAlias), notInArray(folders.systemAlias, [...SUBMITTER_FOLDER_ALIASES])),
      ),
    )
    .where(eq(roles.projectId, projectId))
    .groupBy(roles.id)
    .orderBy(asc(roles.position), asc(roles.createdAt));
  const options = await loadOptions(
    db,
    rows.map((row) => row.roleTypeId),
  );
  const team = await teamMembers(db, projectId, { limit: TEAM_ON_OVERVIEW, offset: 0 });
  const [people] = await db
    .select({ candidates: count() })
    .from(applicants)
    .where(eq(applicants.projectId, projectId));
  const opportunities = rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    roleType: optionOf(options, row.roleTypeId),
    folderCount: Number(row.folderCount),
    candidateCount: Number(row.candidateCount),
  }));
  return {
    project,
    opportunities,
    team: team.items,
    counts: {
      opportunities: opportunities.length,
      teamMembers: team.total,
      candidates: Number(people?.candidates ?? 0),
    },
  };
}
