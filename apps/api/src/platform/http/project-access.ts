import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  PROJECT_SCOPES,
  SCOPE_RANK,
  projectActorFor,
  type Permission,
  type ProjectActor,
  type ProjectScope,
} from '@casting/domain';
import type { Db } from '../db/client';
import { isUuid, type Queryable } from '../db/ids';
import { accessOfUser } from '../db/project-membership';
import { projectAccesses, projects } from '../db/schema';
import { notFound } from '../errors';
import { assertProjectPermission, type Principal, type ProjectActorResolver } from './access';
import { officeRoleHere, requirePrincipal } from './principal';

/**
 * Who the caller is in one project. Every project-scoped module (projects, opportunities, folders, team, lookups'
 * tags) relies on this, so it sits in the platform layer rather than in one of them.
 */
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

/**
 * The caller's standing in a project: a super admin is SA everywhere; a team member acts with their strongest scope;
 * the owner without a scope row is PO; anyone else has no actor. Throws NOT_FOUND for an unknown project or an id
 * that is not a UUID, so ids never reveal more than "no such project".
 */
export async function projectStanding(
  db: Queryable,
  principal: Pick<Principal, 'userId' | 'officeId' | 'officeRole'> & Partial<Pick<Principal, 'roleCode'>>,
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
    isSuperAdmin: officeRoleHere(principal) === 'OWNER',
    scope,
    isOwner: first.ownerId === principal.userId,
    isClientAccount: officeRoleHere(principal) === 'CLIENT' || principal.roleCode === 'CLIENT',
  });
  return { actor, scope, ownerId: first.ownerId };
}

/** The access-control port: SA, the member's scope actor, PO for an owner without a scope, null otherwise. */
export function createProjectActorResolver(db: Db): ProjectActorResolver {
  return async (principal, projectId) => (await projectStanding(db, principal, projectId)).actor;
}

/**
 * The project check of `access.project`, for routes whose request names a record (a folder) rather than its project:
 * the route looks the project up first, then the same matrix applies with the same answers.
 */
export async function requireProjectPermission(
  db: Db,
  request: FastifyRequest,
  projectId: string,
  permission: Permission,
): Promise<ProjectActor> {
  const { actor } = await projectStanding(db, requirePrincipal(request), projectId);
  assertProjectPermission(actor, permission);
  request.projectActor = actor;
  return actor;
}
