import type { FastifyRequest } from 'fastify';
import { can, type Permission, type ProjectActor } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/http/access';
import { projectStanding } from './actor-resolver';

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.principal;
}

/** The actor the access preHandler resolved for an `access.project` route. */
export function actorOf(request: FastifyRequest): ProjectActor {
  if (!request.projectActor)
    throw new AppError('PROJECT_ACCESS_DENIED', 'You do not have access to this project.');
  return request.projectActor;
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
  const { actor } = await projectStanding(db, principalOf(request), projectId);
  if (!actor) throw new AppError('PROJECT_ACCESS_DENIED', 'You do not have access to this project.');
  if (!can(actor, permission)) {
    throw new AppError('PERMISSION_DENIED', `Your project role does not allow ${permission}.`, {
      permission,
    });
  }
  request.projectActor = actor;
  return actor;
}
