import { and, eq } from 'drizzle-orm';
import {
  PROJECT_SCOPES,
  SCOPE_RANK,
  projectActorFor,
  type ProjectActor,
  type ProjectScope,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { projectAccesses, projects } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import type { Principal, ProjectActorResolver } from '../../platform/http/access';
import { isUuid, type Queryable } from './ids';
import { accessOfUser } from './membership';

export interface ProjectStanding {
  actor: ProjectActor | null;
  scope: ProjectScope | null;
  ownerId: string;
}

function isScope(value: string): value is ProjectScope {
  return (PROJECT_SCOPES as readonly string[]).includes(value);
}

/** The strongest of a user's scopes in one project (an old linked row and a newer invitation may both exist). */
export function strongestScope(scopes: readonly string[]): ProjectScope | null {
  const valid = scopes.filter(isScope);
  if (valid.length === 0) return null;
  return valid.reduce((best, scope) => (SCOPE_RANK[scope] > SCOPE_RANK[best] ? scope : best));
}

/** The caller's standing in a project; throws NOT_FOUND for an unknown project or an id that is not a UUID. */
export async function projectStanding(
  db: Queryable,
  principal: Pick<Principal, 'userId' | 'accountRole'>,
  projectId: string,
): Promise<ProjectStanding> {
  if (!isUuid(projectId)) throw notFound('The project');
  const rows = await db
    .select({ ownerId: projects.ownerId, scope: projectAccesses.scope })
    .from(projects)
    .leftJoin(
      projectAccesses,
      and(eq(projectAccesses.projectId, projects.id), accessOfUser(principal.userId)),
    )
    .where(eq(projects.id, projectId));
  const first = rows[0];
  if (!first) throw notFound('The project');
  const scope = strongestScope(rows.flatMap((row) => (row.scope ? [row.scope] : [])));
  const actor = projectActorFor({
    isSuperAdmin: principal.accountRole === 'SUPER_ADMIN',
    scope,
    isOwner: first.ownerId === principal.userId,
  });
  return { actor, scope, ownerId: first.ownerId };
}

/** The access-control port: SA, the member's scope actor, PO for an owner without a scope, null otherwise. */
export function createProjectActorResolver(db: Db): ProjectActorResolver {
  return async (principal, projectId) => (await projectStanding(db, principal, projectId)).actor;
}
