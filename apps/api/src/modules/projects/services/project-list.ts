import { and, count, desc, eq, exists, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  PROJECT_SEARCH_MIN_CHARS,
  type AccessedProjects,
  type AccessedProjectsQuery,
  type ProjectList,
  type ProjectListQuery,
} from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { isUuid } from '../../../platform/db/ids';
import { accessOfUser } from '../../../platform/db/project-membership';
import { projectAccesses, projects, roles, users } from '../../../platform/db/schema';
import type { Principal } from '../../../platform/http/access';
import { strongestScope } from '../../../platform/http/project-access';
import { fullName } from '../../identity';
import { loadOptions, optionOf } from '../../lookups';

/** Projects the caller may open: every project for a super admin, else those they own or are on the team of. */
function accessible(principal: Principal): SQL | undefined {
  if (principal.accountRole === 'SUPER_ADMIN') return undefined;
  return or(
    eq(projects.ownerId, principal.userId),
    exists(
      sql`(select 1 from ${projectAccesses} where ${projectAccesses.projectId} = ${projects.id} and ${accessOfUser(principal.userId)})`,
    ),
  );
}

/** Name search: below three characters a trigram index cannot help, so shorter terms are ignored. */
function nameMatches(q: string | undefined): SQL | undefined {
  if (!q || q.length < PROJECT_SEARCH_MIN_CHARS) return undefined;
  const escaped = q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`lower(${projects.name}) like ${`%${escaped}%`}`;
}

function archivedFilter(archived: ProjectListQuery['archived']): SQL | undefined {
  if (archived === 'all') return undefined;
  return archived === 'true' ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt);
}

export async function listProjects(
  db: Db,
  principal: Principal,
  query: ProjectListQuery,
): Promise<ProjectList> {
  const where = and(accessible(principal), nameMatches(query.q), archivedFilter(query.archived));
  const [totalRow] = await db.select({ total: count() }).from(projects).where(where);
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      archivedAt: projects.archivedAt,
      projectTypeId: projects.projectTypeId,
      projectStatusId: projects.projectStatusId,
      submissionDeadline: projects.submissionDeadline,
      ownerId: projects.ownerId,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
      scopes: sql<
        string[]
      >`array(select ${projectAccesses.scope} from ${projectAccesses} where ${projectAccesses.projectId} = ${projects.id} and ${accessOfUser(principal.userId)})`,
      opportunityCount: sql<number>`(select count(*)::int from ${roles} where ${roles.projectId} = ${projects.id})`,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(where)
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(query.limit)
    .offset(query.offset);
  const options = await loadOptions(
    db,
    rows.flatMap((row) => [row.projectTypeId, row.projectStatusId]),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      archived: row.archivedAt !== null,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      projectType: optionOf(options, row.projectTypeId),
      projectStatus: optionOf(options, row.projectStatusId),
      submissionDeadline: row.submissionDeadline,
      projectAccessScope: strongestScope(row.scopes),
      opportunityCount: Number(row.opportunityCount),
      owner: {
        id: row.ownerId,
        fullName: fullName({ firstName: row.ownerFirstName, lastName: row.ownerLastName }),
      },
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    })),
    total: totalRow?.total ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}

/** The project switcher: active projects, plus the current one (first) even when it is archived. */
export async function accessedProjects(
  db: Db,
  principal: Principal,
  query: AccessedProjectsQuery,
): Promise<AccessedProjects> {
  const current = query.currentProjectId && isUuid(query.currentProjectId) ? query.currentProjectId : null;
  const visible = current
    ? or(isNull(projects.archivedAt), eq(projects.id, current))
    : isNull(projects.archivedAt);
  const where = and(accessible(principal), nameMatches(query.q), visible);
  const [totalRow] = await db.select({ total: count() }).from(projects).where(where);
  const rows = await db
    .select({ id: projects.id, name: projects.name, archivedAt: projects.archivedAt })
    .from(projects)
    .where(where)
    .orderBy(
      ...(current ? [desc(sql`${projects.id} = ${current}`)] : []),
      desc(projects.updatedAt),
      desc(projects.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((row) => ({ id: row.id, name: row.name, archived: row.archivedAt !== null })),
    total: totalRow?.total ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}
