import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PROJECT_SCOPES, type ProjectScope, type TeamMember } from '@casting/domain';
import { projectAccesses, projects, users } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/ids';
import { accessUserJoin } from '../../platform/db/project-membership';
import { fullName } from '../identity';

const scopeRank = sql`case ${projectAccesses.scope} when 'PROJECT_OWNER' then 4 when 'PROJECT_EDITOR' then 3 when 'TALENT_EDITOR' then 2 else 1 end`;

function asScope(value: string): ProjectScope {
  const scope = PROJECT_SCOPES.find((candidate) => candidate === value);
  if (!scope) throw new Error(`Unknown scope stored: ${value}`);
  return scope;
}

export interface TeamPage {
  limit: number;
  offset: number;
}

/** Team members of a project, strongest scope first; `only` narrows to some access rows. */
export async function teamMembers(
  db: Queryable,
  projectId: string,
  page: TeamPage,
  only?: SQL,
): Promise<{ items: TeamMember[]; total: number }> {
  const where = and(eq(projectAccesses.projectId, projectId), only);
  const [totalRow] = await db.select({ total: count() }).from(projectAccesses).where(where);
  const rows = await db
    .select({
      id: projectAccesses.id,
      email: projectAccesses.email,
      scope: projectAccesses.scope,
      createdAt: projectAccesses.createdAt,
      ownerId: projects.ownerId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imageUrl: users.imageUrl,
    })
    .from(projectAccesses)
    .innerJoin(projects, eq(projects.id, projectAccesses.projectId))
    .leftJoin(users, accessUserJoin)
    .where(where)
    .orderBy(desc(scopeRank), asc(projectAccesses.createdAt), asc(projectAccesses.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      scope: asScope(row.scope),
      user:
        row.userId !== null
          ? {
              id: row.userId,
              fullName: fullName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '' }),
              imageUrl: row.imageUrl,
            }
          : null,
      status: row.userId !== null ? ('ACTIVE' as const) : ('INVITED' as const),
      isOwner: row.userId !== null && row.userId === row.ownerId,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totalRow?.total ?? 0,
  };
}
